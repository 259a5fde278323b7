package org.taf.runner.results;

import java.util.List;

/**
 * The test definition behind a run.
 *
 * @param file       the definition file as the user named it
 * @param sourceText its text, verbatim
 * @param settings   every effective key with its value and origin (as {@code taf explain} prints)
 * @param command    the command line that reproduces the run
 * @param post       what the post says besides the numbers
 */
public record DefinitionRecord(String file, String sourceText, List<SettingRecord> settings, String command,
                               PostRecord post) {
    public DefinitionRecord {
        settings = List.copyOf(settings);
        post = post == null ? PostRecord.NONE : post;
    }

    /** A definition whose post settings are read from {@code settings} ({@code post.*}). */
    public DefinitionRecord(String file, String sourceText, List<SettingRecord> settings, String command) {
        this(file, sourceText, settings, command, PostRecord.fromSettings(settings));
    }

    /** The setting's value, or empty when it is unset or blank (optional keys are recorded as ""). */
    public java.util.Optional<String> setting(String key) {
        return settings.stream().filter(s -> s.key().equals(key)).map(SettingRecord::value)
                .filter(v -> v != null && !v.isBlank()).findFirst();
    }

    /**
     * One effective setting.
     *
     * @param key    the canonical key
     * @param value  its value as text (secrets masked)
     * @param origin where it came from: default, file:line, -D, env ...
     */
    public record SettingRecord(String key, String value, String origin) {
    }
}
