package org.taf.runner.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Every effective key of a test definition after layering, with its value and origin, in registry
 * order; plus the verbatim text of the file (a post shows it) and the warnings of the load.
 */
public final class ResolvedConfig {
    /**
     * A key of a TAF (perl) definition that was read and dropped: it has no effect here.
     *
     * @param written the name as written, e.g. {@code taf.action} or {@code [mysqld] bind-address}
     * @param value   the value as written
     * @param origin  where it was written
     * @param reason  why it has no effect, e.g. "TAF here always builds, starts, measures and stops ..."
     */
    public record Dropped(String written, String value, Origin origin, String reason) {}

    private final Path file;
    private final String fileDisplay;
    private final String sourceText;
    private final Optional<Path> profileFile;
    private final Map<String, Setting> settings;
    private final List<String> warnings;
    private final List<Dropped> dropped;
    private final KeyRegistry registry;

    ResolvedConfig(Path file, String fileDisplay, String sourceText, Optional<Path> profileFile,
            Map<String, Setting> settings, KeyRegistry registry, List<String> warnings, List<Dropped> dropped) {
        this.file = Objects.requireNonNull(file);
        this.fileDisplay = Objects.requireNonNull(fileDisplay);
        this.sourceText = Objects.requireNonNull(sourceText);
        this.profileFile = Objects.requireNonNull(profileFile);
        List<Setting> ordered = new ArrayList<>(settings.values());
        ordered.sort(Comparator.comparingInt((Setting s) -> registry.rank(s.key()))
                .thenComparing(s -> registry.comparisonName(s.key()))
                .thenComparingInt(s -> registry.order(s.key()))
                .thenComparing(Setting::key));
        Map<String, Setting> byKey = new LinkedHashMap<>();
        ordered.forEach(s -> byKey.put(s.key(), s));
        this.settings = java.util.Collections.unmodifiableMap(byKey);
        this.warnings = List.copyOf(warnings);
        this.dropped = List.copyOf(dropped);
        this.registry = registry;
    }

    /** The test definition file, absolute. */
    public Path file() {
        return file;
    }

    /** The file as shown in messages (relative to the working directory when under it). */
    public String fileDisplay() {
        return fileDisplay;
    }

    /** The file's text, verbatim. */
    public String sourceText() {
        return sourceText;
    }

    /** The profile file that was layered in, if one was found. */
    public Optional<Path> profileFile() {
        return profileFile;
    }

    /** Non-fatal findings, e.g. an unknown {@code TAF_*} environment variable. */
    public List<String> warnings() {
        return warnings;
    }

    /** The keys read and dropped because they have no effect here, in the order read (each is also a warning). */
    public List<Dropped> dropped() {
        return dropped;
    }

    /** Every effective key in registry order (dynamic keys sorted within their pattern). */
    public List<ResolvedValue> values() {
        return settings.values().stream().map(this::toValue).toList();
    }

    /** One effective key, if set or defaulted. */
    public Optional<ResolvedValue> find(String key) {
        return Optional.ofNullable(settings.get(key)).map(this::toValue);
    }

    /** The typed value of a fixed key (always present: every fixed key has a default). */
    public <T> T get(Key<T> key) {
        Setting s = settings.get(key.name());
        if (s == null) {
            throw new IllegalStateException("no value for " + key.name());
        }
        @SuppressWarnings("unchecked")
        T value = (T) s.value();
        return value;
    }

    /** This configuration with {@code more} warnings appended. */
    ResolvedConfig withWarnings(List<String> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<String> all = new ArrayList<>(warnings);
        all.addAll(more);
        return new ResolvedConfig(file, fileDisplay, sourceText, profileFile, settings, registry, all, dropped);
    }

    /** The keys set that match {@code pattern}, in key order: {@code verdict.question.POINT_SELECT.cpu_per_tx}. */
    public List<String> keys(KeyPattern pattern) {
        return matching(pattern).stream().map(Setting::key).toList();
    }

    /** The settings whose keys match {@code pattern}, in key order. */
    List<Setting> matching(KeyPattern pattern) {
        return settings.values().stream().filter(s -> pattern.matches(s.key())).toList();
    }

    /** The setting of a key, for cross-key checks that quote origins. */
    Optional<Setting> setting(String key) {
        return Optional.ofNullable(settings.get(key));
    }

    private ResolvedValue toValue(Setting s) {
        boolean secret = registry.key(s.key()).map(Key::secret).orElse(false);
        return new ResolvedValue(s.key(), s.raw(), s.origin(), secret);
    }
}
