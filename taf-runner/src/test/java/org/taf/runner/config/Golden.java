package org.taf.runner.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden-file assertions. Run with {@code -Dtaf.golden.update=true} to rewrite the files from the
 * current output (then review the diff before committing).
 */
public final class Golden {
    public static final String UPDATE_FLAG = "taf.golden.update";

    private Golden() {}

    /** A golden file under {@code src/test/resources/golden/} of this module. */
    public static Path file(String name) {
        return Path.of("src/test/resources/golden").resolve(name);
    }

    /** Asserts that {@code golden} holds exactly {@code actual}, or rewrites it when updating. */
    public static void assertMatches(Path golden, String actual, String regenerate) throws IOException {
        if (Boolean.getBoolean(UPDATE_FLAG)) {
            Files.createDirectories(golden.toAbsolutePath().getParent());
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
            return;
        }
        assertThat(golden).as("%s is missing; regenerate with: %s", golden, regenerate).exists();
        String expected = Files.readString(golden, StandardCharsets.UTF_8);
        assertThat(actual).as("%s is stale; if the change is intended, regenerate with: %s", golden, regenerate)
                .isEqualTo(expected);
    }
}
