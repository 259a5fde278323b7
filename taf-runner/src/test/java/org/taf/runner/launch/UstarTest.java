package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The root file system tar: GNU tar reads it back (checksums, types, links, modes), and it is reproducible. */
class UstarTest {
    @TempDir
    Path tmp;

    @Test
    void gnuTarListsTheDirectoriesAndLinks() throws Exception {
        Path file = tmp.resolve("rootfs.tar");
        Files.write(file, RootfsImage.rootfs());
        Process tar = new ProcessBuilder("tar", "-tvf", file.toString()).redirectErrorStream(true).start();
        List<String> lines = new String(tar.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines()
                .map(l -> l.replaceAll("\\s+", " ")).toList();
        assertThat(tar.waitFor()).as("tar: %s", lines).isZero();
        assertThat(lines).anyMatch(l -> l.startsWith("lrwxrwxrwx root/root 0 ") && l.endsWith(" bin -> usr/bin"))
                .anyMatch(l -> l.endsWith(" lib64 -> usr/lib64"))
                .anyMatch(l -> l.startsWith("drwxr-xr-x root/root 0 ") && l.endsWith(" usr/"))
                .anyMatch(l -> l.startsWith("drwxrwxrwt ") && l.endsWith(" tmp/"))
                .hasSize(12);
    }

    @Test
    void theSameEntriesGiveTheSameBytesAndImageName() {
        assertThat(RootfsImage.rootfs()).isEqualTo(RootfsImage.rootfs());
        assertThat(RootfsImage.rootfs().length % 512).isZero();
        assertThat(RootfsImage.name()).matches("taf-runner/rootfs:[0-9a-f]{12}").isEqualTo(RootfsImage.name());
        assertThat(RootfsImage.dockerfile())
                .startsWith("FROM scratch\nADD rootfs.tar /\n")
                .contains("LABEL org.taf.runner=rootfs");
    }

    @Test
    void aNameTooLongForTheHeaderIsRefused() {
        assertThatThrownBy(() -> new Ustar().directory("x".repeat(100), 0755))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("too long");
    }
}
