package org.taf.runner.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.results.EnvironmentRecord.CpuState;

/** The per-CPU pinning status is optional: results written before it existed still read. */
class CpuStateJsonTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/results-v7.json");
    private static final String NO_CPUS = "\"cpus\" : [ ]";

    @TempDir
    Path dir;

    private RunRecord readWithCpus(String cpusJson) throws IOException {
        String golden = Files.readString(GOLDEN, StandardCharsets.UTF_8);
        assertThat(golden).contains(NO_CPUS);
        Path file = dir.resolve("run.json");
        Files.writeString(file, golden.replace(NO_CPUS, "\"cpus\" : " + cpusJson), StandardCharsets.UTF_8);
        return ResultsStore.read(file);
    }

    @Test
    void aCpuWithoutStatusReadsAsNullAndOneWithStatusKeepsIt() throws IOException {
        RunRecord old = readWithCpus("[ { \"cpu\" : 0, \"governor\" : \"performance\", \"min_khz\" : 2100000,"
                + " \"max_khz\" : 2100000, \"boost\" : \"off\" } ]");
        assertThat(old.environment().cpufreq().cpus())
                .containsExactly(new CpuState(0, "performance", 2_100_000, 2_100_000, "off", null));

        RunRecord now = readWithCpus("[ { \"cpu\" : 1, \"governor\" : \"none\", \"min_khz\" : 0, \"max_khz\" : 0,"
                + " \"boost\" : \"unknown\", \"status\" : \"not pinned: no cpufreq\" } ]");
        assertThat(now.environment().cpufreq().cpus())
                .containsExactly(new CpuState(1, "none", 0, 0, "unknown", "not pinned: no cpufreq"));
        Path again = ResultsStore.write(dir.resolve("again"), now);
        assertThat(Files.readString(again, StandardCharsets.UTF_8)).contains("\"status\" : \"not pinned: no cpufreq\"");
        assertThat(ResultsStore.read(again)).isEqualTo(now);
    }
}
