package org.taf.runner.results;

import java.util.List;

/**
 * The test definition behind a run.
 *
 * @param file       the definition file as the user named it
 * @param sourceText its text, verbatim
 * @param settings   every effective key with its value and origin (as {@code taf explain} prints)
 * @param command    the command line that reproduces the run
 */
public record DefinitionRecord(String file, String sourceText, List<SettingRecord> settings, String command) {
    public DefinitionRecord {
        settings = List.copyOf(settings);
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
