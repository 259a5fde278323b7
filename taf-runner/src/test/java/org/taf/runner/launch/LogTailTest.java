package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogTailTest {
    @TempDir
    Path dir;

    @Test
    void lastLinesOfAShortFile() throws Exception {
        Path log = Files.writeString(dir.resolve("e.log"), "one\ntwo\nthree\n");
        assertThat(LogTail.lastLines(log, 2)).containsExactly("two", "three");
        assertThat(LogTail.lastLines(log, 30)).containsExactly("one", "two", "three");
        assertThat(LogTail.describe(log, 2)).isEqualTo("last 2 lines of " + log + ":\n    two\n    three");
    }

    @Test
    void readsOnlyTheEndOfAHugeLog() throws Exception {
        String body = IntStream.range(0, 200_000).mapToObj(i -> "line " + i).collect(Collectors.joining("\n"));
        Path log = Files.writeString(dir.resolve("big.log"), body);
        assertThat(LogTail.lastLines(log, 3)).containsExactly("line 199997", "line 199998", "line 199999");
    }

    @Test
    void missingAndEmptyLogsAreSaidSo() throws Exception {
        assertThat(LogTail.describe(dir.resolve("none.log"), 30)).isEqualTo("no log was written at " + dir.resolve("none.log"));
        Path empty = Files.createFile(dir.resolve("empty.log"));
        assertThat(LogTail.describe(empty, 30)).isEqualTo("the log " + empty + " is empty");
    }
}
