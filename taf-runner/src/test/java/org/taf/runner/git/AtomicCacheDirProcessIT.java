package org.taf.runner.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two runner processes create the same cache entry: the second waits for the first (an OS file lock) and
 * then sees the entry as cached instead of writing it again. Without the lock the second would not see
 * the entry (the first has not renamed it yet) and would fill its own.
 */
class AtomicCacheDirProcessIT {
    private static final Duration BOUND = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    @Test
    void aSecondProcessWaitsForTheFirstAndGetsAHit() throws Exception {
        Path entry = tmp.resolve("cache/trees/entry");
        Path filling = tmp.resolve("child-is-filling");
        Path release = tmp.resolve("release-child");
        Process child = ChildJvm.start(Child.class, Map.of(), tmp.resolve("child.out"),
                entry.toString(), filling.toString(), release.toString());
        try {
            awaitFile(filling, child);

            AtomicBoolean ourFillerRan = new AtomicBoolean();
            CompletableFuture<Boolean> ours = CompletableFuture.supplyAsync(() -> {
                try {
                    return AtomicCacheDir.createOnce(entry, dir -> ourFillerRan.set(true));
                } catch (java.io.IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            Files.writeString(release, "go");

            assertThat(ours.get(BOUND.toSeconds(), TimeUnit.SECONDS)).as("cached").isTrue();
            assertThat(ourFillerRan).isFalse();
            assertThat(child.waitFor(BOUND.toSeconds(), TimeUnit.SECONDS)).isTrue();
            assertThat(child.exitValue()).as(Files.readString(tmp.resolve("child.out"))).isZero();
            assertThat(entry.resolve("from-child.txt")).hasContent("child");
        } finally {
            child.destroyForcibly();
        }
    }

    private static void awaitFile(Path file, Process child) throws Exception {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (!Files.exists(file)) {
            assertThat(child.isAlive()).as("child alive while we wait for it").isTrue();
            assertThat(System.nanoTime()).as("child started filling in time").isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    /** Fills the entry slowly: announces it is filling, then waits for the release file. */
    public static final class Child {
        public static void main(String[] args) throws Exception {
            Path entry = Path.of(args[0]);
            Path filling = Path.of(args[1]);
            Path release = Path.of(args[2]);
            boolean cached = AtomicCacheDir.createOnce(entry, dir -> {
                Files.writeString(filling, "yes");
                long deadline = System.nanoTime() + BOUND.toNanos();
                while (!Files.exists(release) && System.nanoTime() < deadline) {
                    try {
                        Thread.sleep(20);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                }
                Files.writeString(dir.resolve("from-child.txt"), "child");
            });
            System.exit(cached ? 1 : 0);
        }
    }
}
