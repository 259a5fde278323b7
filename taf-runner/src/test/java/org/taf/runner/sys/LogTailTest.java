package org.taf.runner.sys;

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
        assertThat(LogTail.lines(log, 2)).containsExactly("two", "three");
        assertThat(LogTail.lines(log, 30)).containsExactly("one", "two", "three");
        assertThat(LogTail.describe(log, 2)).isEqualTo("last 2 lines of " + log + ":\n    two\n    three");
    }

    @Test
    void readsOnlyTheEndOfAHugeLog() throws Exception {
        String body = IntStream.range(0, 200_000).mapToObj(i -> "line " + i).collect(Collectors.joining("\n"));
        Path log = Files.writeString(dir.resolve("big.log"), body);
        assertThat(LogTail.lines(log, 3)).containsExactly("line 199997", "line 199998", "line 199999");
    }

    @Test
    void missingAndEmptyLogsAreSaidSo() throws Exception {
        assertThat(LogTail.describe(dir.resolve("none.log"), 30))
                .isEqualTo("no log was written at " + dir.resolve("none.log"));
        Path empty = Files.createFile(dir.resolve("empty.log"));
        assertThat(LogTail.describe(empty, 30)).isEqualTo("the log " + empty + " is empty");
    }

    @Test
    void lastLinesWithoutColourCodes() throws Exception {
        Path log = Files.writeString(dir.resolve("a.log"), "one\n\u001B[1;31m[ERROR]\u001B[m two\r\nthree\n");
        assertThat(LogTail.lines(log, 2)).containsExactly("[ERROR] two", "three");
        assertThat(LogTail.lines(log, 10)).containsExactly("one", "[ERROR] two", "three");
    }

    @Test
    void aHugeLogIsReadOnlyAtItsEndAndNoCutLineIsShown() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 200_000; i++) {
            text.append("line ").append(i).append('\n');
        }
        Path log = Files.writeString(dir.resolve("big.log"), text);
        assertThat(LogTail.lines(log, 3)).containsExactly("line 199997", "line 199998", "line 199999");
        assertThat(LogTail.lines(log, 100_000)).allMatch(l -> l.matches("line \\d+")).hasSizeLessThan(10_000);
    }

    @Test
    void readFromAnOffsetAndFromAMissingLog() throws Exception {
        Path log = Files.writeString(dir.resolve("b.log"), "header\nattempt output\n");
        assertThat(LogTail.readFrom(log, 7)).isEqualTo("attempt output\n");
        assertThat(LogTail.readFrom(dir.resolve("missing.log"), 0)).isEmpty();
        assertThat(LogTail.lines(dir.resolve("missing.log"), 5)).isEmpty();
    }
}
