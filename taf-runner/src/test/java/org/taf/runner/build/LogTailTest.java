package org.taf.runner.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogTailTest {
    @TempDir
    Path tmp;

    @Test
    void lastLinesWithoutColourCodes() throws Exception {
        Path log = Files.writeString(tmp.resolve("a.log"), "one\n\u001B[1;31m[ERROR]\u001B[m two\r\nthree\n");
        assertThat(LogTail.lines(log, 2)).containsExactly("[ERROR] two", "three");
        assertThat(LogTail.lines(log, 10)).containsExactly("one", "[ERROR] two", "three");
    }

    @Test
    void aHugeLogIsReadOnlyAtItsEndAndNoCutLineIsShown() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 200_000; i++) {
            text.append("line ").append(i).append('\n');
        }
        Path log = Files.writeString(tmp.resolve("big.log"), text);
        assertThat(LogTail.lines(log, 3)).containsExactly("line 199997", "line 199998", "line 199999");
        assertThat(LogTail.lines(log, 100_000)).allMatch(l -> l.matches("line \\d+")).hasSizeLessThan(10_000);
    }

    @Test
    void readFromAnOffsetAndFromAMissingLog() throws Exception {
        Path log = Files.writeString(tmp.resolve("b.log"), "header\nattempt output\n");
        assertThat(LogTail.readFrom(log, 7)).isEqualTo("attempt output\n");
        assertThat(LogTail.readFrom(tmp.resolve("missing.log"), 0)).isEmpty();
        assertThat(LogTail.lines(tmp.resolve("missing.log"), 5)).isEmpty();
    }
}
