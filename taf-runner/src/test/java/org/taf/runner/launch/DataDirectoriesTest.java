package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataDirectoriesTest {
    private static final FileTime OLD = FileTime.from(Instant.parse("2024-01-02T03:04:05Z"));

    @TempDir
    Path tmp;
    Path template;

    @BeforeEach
    void makeTemplate() throws Exception {
        template = Files.createDirectories(tmp.resolve("template"));
        Files.write(template.resolve("ibdata1"), new byte[] {1, 2, 3, 4});
        Path mysql = Files.createDirectories(template.resolve("mysql"));
        Files.writeString(mysql.resolve("db.frm"), "frm");
        Files.setPosixFilePermissions(mysql.resolve("db.frm"), PosixFilePermissions.fromString("rw-r-----"));
        Files.setLastModifiedTime(mysql.resolve("db.frm"), OLD);
        Files.createSymbolicLink(template.resolve("link"), Path.of("ibdata1"));
        Files.setPosixFilePermissions(mysql, PosixFilePermissions.fromString("rwx------"));
        Files.setLastModifiedTime(mysql, OLD);
    }

    @Test
    void copiesContentTimesModesAndLinks() throws Exception {
        Path copy = DataDirectories.copyTemplate(template, tmp.resolve("iter-1/data"));
        assertThat(copy.resolve("ibdata1")).hasBinaryContent(new byte[] {1, 2, 3, 4});
        assertThat(copy.resolve("mysql/db.frm")).hasContent("frm");
        assertThat(Files.getLastModifiedTime(copy.resolve("mysql/db.frm"))).isEqualTo(OLD);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(copy.resolve("mysql/db.frm"))))
                .isEqualTo("rw-r-----");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(copy.resolve("mysql"))))
                .isEqualTo("rwx------");
        assertThat(Files.getLastModifiedTime(copy.resolve("mysql"))).isEqualTo(OLD);
        assertThat(Files.isSymbolicLink(copy.resolve("link"))).isTrue();
        assertThat(Files.readSymbolicLink(copy.resolve("link"))).isEqualTo(Path.of("ibdata1"));
        // nothing half-made beside it
        try (var siblings = Files.list(copy.getParent())) {
            assertThat(siblings).containsExactly(copy);
        }
    }

    @Test
    void anEmptyTargetDirectoryIsAccepted() throws Exception {
        Path target = Files.createDirectories(tmp.resolve("empty"));
        DataDirectories.copyTemplate(template, target);
        assertThat(target.resolve("ibdata1")).exists();
    }

    @Test
    void aNonEmptyTargetIsRefusedAndLeftAlone() throws Exception {
        Path target = Files.createDirectories(tmp.resolve("used"));
        Files.writeString(target.resolve("keep"), "x");
        assertThatThrownBy(() -> DataDirectories.copyTemplate(template, target))
                .isInstanceOf(LaunchException.class)
                .hasMessage("cannot copy the datadir template into " + target
                        + ": it exists and is not an empty directory");
        try (var entries = Files.list(target)) {
            assertThat(entries).containsExactly(target.resolve("keep"));
        }
    }

    @Test
    void aMissingTemplateIsNamed() {
        assertThatThrownBy(() -> DataDirectories.copyTemplate(tmp.resolve("nope"), tmp.resolve("x")))
                .hasMessage("the datadir template " + tmp.resolve("nope") + " is not a directory");
    }

    @Test
    void aFailedCopyLeavesNothingBehind() throws Exception {
        // a deep file whose path fits under PATH_MAX (4096) in the template but not under the longer
        // target name: the copy fails half-way, deterministically, even for root
        int room = 4000 - template.toAbsolutePath().toString().length(); // the source file's path: 4000 bytes
        Path deep = template;
        while (room > 256) { // leaves a last name of at most 255 bytes
            deep = deep.resolve("d".repeat(250));
            room -= 251;
        }
        Files.createDirectories(deep);
        Files.writeString(deep.resolve("f".repeat(room - 1)), "x");
        assertThat(deep.resolve("f".repeat(room - 1)).toAbsolutePath().toString()).hasSize(4000);
        Path target = tmp.resolve("t".repeat(200));
        assertThatThrownBy(() -> DataDirectories.copyTemplate(template, target)).isInstanceOf(LaunchException.class)
                .hasMessageContaining("cannot copy the datadir template " + template + " to " + target);
        try (var left = Files.list(tmp)) {
            assertThat(left).containsExactly(template); // neither the target nor a partial copy
        }
    }

    @Test
    void deleteRemovesTheTreeButNotWhatLinksPointTo() throws Exception {
        Path outside = Files.writeString(tmp.resolve("outside.txt"), "keep me");
        Path copy = DataDirectories.copyTemplate(template, tmp.resolve("run/data"));
        Files.createSymbolicLink(copy.resolve("out"), outside);
        DataDirectories.delete(copy);
        assertThat(copy).doesNotExist();
        assertThat(outside).hasContent("keep me");
        DataDirectories.delete(copy); // absent: nothing to do
    }

    @Test
    void deleteRefusesPathsNearTheRoot() {
        assertThatThrownBy(() -> DataDirectories.delete(Path.of("/"))).hasMessageContaining("refusing to delete /");
        assertThatThrownBy(() -> DataDirectories.delete(Path.of("/tmp")))
                .hasMessageContaining("refusing to delete /tmp");
    }

    @Test
    void keepLogMovesTheLogIntoTheResults() throws Exception {
        Path log = Files.writeString(tmp.resolve("engine.log"), "ready for connections");
        Path kept = DataDirectories.keepLog(log, tmp.resolve("results/iter-1"), "engine-parent.log");
        assertThat(kept).isEqualTo(tmp.resolve("results/iter-1/engine-parent.log")).hasContent("ready for connections");
        assertThat(log).doesNotExist();
        Path again = Files.writeString(tmp.resolve("engine.log"), "second");
        assertThatThrownBy(() -> DataDirectories.keepLog(again, tmp.resolve("results/iter-1"), "engine-parent.log"))
                .hasMessageContaining("already exists");
        assertThat(kept).hasContent("ready for connections");
        assertThat(Files.exists(again, LinkOption.NOFOLLOW_LINKS)).isTrue();
    }
}
