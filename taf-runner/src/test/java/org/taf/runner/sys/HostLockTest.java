package org.taf.runner.sys;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lock within one process: the holder is written down, a second take counts, the last close lets go. */
class HostLockTest {
    @TempDir
    Path dir;

    @Test
    void theHolderIsWrittenAndASecondTakeInTheSameProcessIsCounted() throws Exception {
        Path file = dir.resolve("run/taf/measure.lock");
        HostLock.Holder me = new HostLock.Holder(42, "taf bisect", "properties/quick.properties",
                Instant.parse("2026-12-05T16:30:00Z"));
        try (HostLock.Held outer = HostLock.acquire(file, "the measuring lock", me, false, who -> {
            throw new AssertionError("nobody else holds it: " + who);
        })) {
            assertThat(HostLock.Holder.parse(Files.readString(file))).isEqualTo(me);
            assertThat(me.describe())
                    .isEqualTo("pid 42 (taf bisect properties/quick.properties, since 2026-12-05T16:30:00Z)");
            try (HostLock.Held step = HostLock.acquire(file, "the measuring lock", HostLock.Holder.self("taf run", "x"),
                    false, w -> { })) {
                assertThat(step).isSameAs(outer);
            }
            assertThat(HostLock.heldHere(file)).as("a step's close leaves the bisect's hold").isTrue();
        }
        assertThat(HostLock.heldHere(file)).isFalse();
        assertThat(Files.readString(file)).as("no holder named once it is free").isEmpty();
    }

    @Test
    void aFileThatNamesNoHolderParsesAsNone() {
        assertThat(HostLock.Holder.parse("")).isNull();
        assertThat(HostLock.Holder.parse("pid=x\n")).isNull();
    }
}
