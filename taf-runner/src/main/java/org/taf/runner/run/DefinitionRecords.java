package org.taf.runner.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.taf.runner.config.ConfigException;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.results.DefinitionRecord;
import org.taf.runner.results.PostRecord;

/** The definition as a run records it: the file verbatim, every effective setting with its origin, the post's. */
final class DefinitionRecords {
    private DefinitionRecords() {}

    /** The record of {@code def}, run by {@code command}. */
    static DefinitionRecord of(TestDefinition def, String command) {
        List<DefinitionRecord.SettingRecord> settings = def.config().values().stream()
                .map(v -> new DefinitionRecord.SettingRecord(v.key(), v.displayValue(), v.origin().toString()))
                .toList();
        return new DefinitionRecord(def.config().fileDisplay(), def.sourceText(), settings, command, post(def));
    }

    /**
     * The post's settings as recorded with the run, the narrative's text included: a story whose
     * narrative cannot be read is refused here, before anything is built, naming the file.
     *
     * @throws ConfigException when {@code post.narrative} names a file that cannot be read
     */
    static PostRecord post(TestDefinition def) {
        var p = def.post();
        String narrative = null;
        if (p.narrative().isPresent()) {
            Path file = p.narrative().get();
            try {
                narrative = Files.readString(file);
            } catch (IOException | UncheckedIOException e) {
                throw new ConfigException(def.config().fileDisplay() + ": post.narrative = " + file
                        + ": cannot read the narrative (" + e.getMessage() + ")");
            }
        }
        return new PostRecord(p.title().orElse(null), p.summary().orElse(null), p.story().orElse(null),
                p.narrative().map(Path::toString).orElse(null), narrative, p.commitUrl().orElse(null),
                p.keyCounters());
    }
}
