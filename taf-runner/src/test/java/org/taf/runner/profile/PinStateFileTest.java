package org.taf.runner.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The state file round-trips in order, is written atomically and refuses what it did not write. */
class PinStateFileTest {
    @TempDir
    Path dir;

    @Test
    void roundTripsInOrderAndLeavesNoTemporaryFile() throws Exception {
        PinStateFile f = new PinStateFile(dir.resolve("state/cpu-pinning.state"));
        assertThat(f.load()).isEmpty();
        List<SysfsValue> values = List.of(new SysfsValue("/sys/devices/system/cpu/cpufreq/boost", "1"),
                new SysfsValue("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "powersave"));
        f.save(values);
        assertThat(f.load()).contains(values);
        try (var s = Files.list(dir.resolve("state"))) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("cpu-pinning.state");
        }
        f.delete();
        assertThat(f.load()).isEmpty();
    }

    @Test
    void aForeignOrDamagedFileIsAnErrorNamingTheLine() throws Exception {
        Path p = dir.resolve("cpu-pinning.state");
        Files.writeString(p, "hello\n");
        assertThatThrownBy(() -> new PinStateFile(p).load()).isInstanceOf(CpuPinException.class)
                .hasMessageContaining(p + ":1: not a TAF CPU pinning state file");
        Files.writeString(p, PinStateFile.HEADER + "\n/sys/devices/system/cpu/cpufreq/boost 1\n");
        assertThatThrownBy(() -> new PinStateFile(p).load()).hasMessageContaining(p + ":2: expected path<TAB>value");
        Files.writeString(p, PinStateFile.HEADER + "\n/etc/passwd\tx\n");
        assertThatThrownBy(() -> new PinStateFile(p).load()).hasMessageContaining(p + ":2: not a sysfs path");
    }
}
