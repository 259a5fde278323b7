package org.taf.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Golden files under src/test/resources/workload/golden. Run with {@code -Dtaf.golden.update=true} to
 * rewrite them from the current output (then review the diff before committing).
 */
final class Golden {
    private static final Path DIR = Path.of("src/test/resources/workload/golden");

    private Golden() {}

    static void assertMatches(String name, String actual) throws IOException {
        Path file = DIR.resolve(name);
        if (Boolean.getBoolean("taf.golden.update")) {
            Files.createDirectories(DIR);
            Path tmp = Files.createTempFile(DIR, name, ".tmp");
            Files.writeString(tmp, actual, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        assertThat(file).as("golden file %s (regenerate with -Dtaf.golden.update=true)", file).exists();
        assertThat(actual).as("output against golden file %s", file)
                .isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
    }
}
