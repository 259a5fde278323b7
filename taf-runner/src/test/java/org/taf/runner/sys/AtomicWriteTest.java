package org.taf.runner.sys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicWriteTest {
    @TempDir
    Path dir;

    @Test
    void aFailedWriteLeavesTheOldFileWholeAndNoTemporaryFile() throws Exception {
        Path file = dir.resolve("page.html");
        AtomicWrite.writeString(file, "old page");
        Path blocker = dir.resolve("sub");
        Files.writeString(blocker, "a file where a directory should be");
        assertThatThrownBy(() -> AtomicWrite.writeString(blocker.resolve("x.html"), "new"))
                .isInstanceOf(SysException.class).hasMessageContaining("sub/x.html");
        AtomicWrite.writeString(file, "new page");
        assertThat(Files.readString(file)).isEqualTo("new page");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("page.html", "sub");
        }
    }

    @Test
    void createsTheDirectory() {
        AtomicWrite.writeString(dir.resolve("a/b/c.txt"), "x");
        assertThat(dir.resolve("a/b/c.txt")).hasContent("x");
    }
}
