package org.taf.runner.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicCacheDirTest {
    @TempDir
    Path tmp;

    @Test
    void fillsOnceThenReportsAHit() throws Exception {
        Path entry = tmp.resolve("cache/entry");
        AtomicInteger fills = new AtomicInteger();
        AtomicCacheDir.Filler filler = dir -> {
            fills.incrementAndGet();
            Files.writeString(dir.resolve("a.txt"), "A");
        };

        assertThat(AtomicCacheDir.createOnce(entry, filler)).isFalse();
        assertThat(AtomicCacheDir.createOnce(entry, filler)).isTrue();

        assertThat(fills).hasValue(1);
        assertThat(entry.resolve("a.txt")).hasContent("A");
    }

    @Test
    void aFailingFillerLeavesNoEntryAndNoTemporaryDirectory() throws Exception {
        Path entry = tmp.resolve("cache/entry");
        assertThatThrownBy(() -> AtomicCacheDir.createOnce(entry, dir -> {
            Files.writeString(dir.resolve("half.txt"), "half");
            throw new IOException("disk on fire");
        })).isInstanceOf(IOException.class).hasMessage("disk on fire");

        assertThat(entry).doesNotExist();
        try (Stream<Path> left = Files.list(entry.getParent())) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly(".entry.lock");
        }
        assertThat(AtomicCacheDir.createOnce(entry, dir -> Files.writeString(dir.resolve("ok"), ""))).isFalse();
        assertThat(entry.resolve("ok")).exists();
        assertThat(entry.resolve("half.txt")).doesNotExist();
    }

    @Test
    void uncheckedExceptionsOfTheFillerAlsoCleanUp() throws Exception {
        Path entry = tmp.resolve("entry");
        assertThatThrownBy(() -> AtomicCacheDir.createOnce(entry, dir -> {
            throw new CheckoutException("bad diff");
        })).isInstanceOf(CheckoutException.class);
        try (Stream<Path> left = Files.list(tmp)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly(".entry.lock");
        }
    }

    @Test
    void deleteRecursivelyRemovesLinksNotTheirTargets() throws Exception {
        Path outside = Files.writeString(tmp.resolve("precious.txt"), "keep");
        Path dir = Files.createDirectories(tmp.resolve("doomed/sub"));
        Files.createSymbolicLink(dir.resolve("link-file"), outside);
        Files.createSymbolicLink(dir.resolve("link-dir"), tmp);

        AtomicCacheDir.deleteRecursively(tmp.resolve("doomed"));

        assertThat(tmp.resolve("doomed")).doesNotExist();
        assertThat(outside).hasContent("keep");
    }
}
