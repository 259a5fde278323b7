package org.taf.runner.report;

import java.util.List;
import java.util.Optional;
import org.taf.runner.results.DefinitionRecord;
import org.taf.runner.results.DefinitionRecord.SettingRecord;

/**
 * The effective settings of a run's definition, looked up by key. A blank value counts as unset,
 * because optional keys ({@code post.title}, {@code post.commit_url}) are recorded with "".
 */
final class DefinitionSettings {
    private final List<SettingRecord> settings;

    DefinitionSettings(DefinitionRecord definition) {
        this.settings = definition == null ? List.of() : definition.settings();
    }

    Optional<String> get(String key) {
        return settings.stream().filter(s -> s.key().equals(key)).map(SettingRecord::value)
                .filter(v -> v != null && !v.isBlank()).findFirst();
    }

    /** A percentage setting such as {@code verdict.warning_pct}, or {@code fallback} when unset or unreadable. */
    double percent(String key, double fallback) {
        return get(key).map(v -> v.trim().replace("%", "")).map(v -> {
            try {
                return Double.parseDouble(v);
            } catch (NumberFormatException e) {
                return fallback;
            }
        }).orElse(fallback);
    }

    /** Settings whose key starts with one of {@code prefixes}, in recorded order. */
    List<SettingRecord> withPrefix(String... prefixes) {
        return settings.stream().filter(s -> {
            for (String p : prefixes) {
                if (s.key().startsWith(p)) {
                    return true;
                }
            }
            return false;
        }).toList();
    }

    List<SettingRecord> all() {
        return settings;
    }

    /** The commit link for {@code sha}, when {@code post.commit_url} is an http(s) template. */
    Optional<String> commitLink(String sha) {
        return get("post.commit_url").filter(u -> u.startsWith("https://") || u.startsWith("http://"))
                .filter(u -> sha != null && !sha.isBlank()).map(u -> u.replace("{sha}", sha));
    }
}
