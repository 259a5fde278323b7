package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.TafException;
import org.taf.runner.config.ConfigLoader;
import org.taf.runner.config.LoadContext;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.launch.ProcessRuntime;
import org.taf.runner.profile.CpuPinException;
import org.taf.runner.profile.CpuPinner;
import org.taf.runner.profile.HostFacts;
import org.taf.runner.profile.PinStateFile;
import org.taf.runner.profile.Sysfs;
import org.taf.runner.results.EnvironmentRecord.CpuState;
import org.taf.runner.results.RunRecord;

/**
 * The runner pins the profile's CPUs before anything starts, records what was achieved, and puts
 * everything back however the run ends; strict pinning on a host without cpufreq stops the run
 * before it begins. Against a fake sysfs tree: this host is never touched.
 */
class RunnerPinningTest {
    private static final String CPU = "/sys/devices/system/cpu/";

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private TestDefinition definition(String... overrides) throws IOException {
        Files.createDirectories(dir.resolve("not-a-repo")); // a directory, but no git repository: the run fails
        Files.writeString(dir.resolve("t.properties"), String.join("\n", "repository = not-a-repo",
                "cache.dir = cache", "output.results_dir = results", "output.publish = false",
                "profile.engine_cpuset = 1", "profile.client_cpuset = 0", ""));
        Map<String, String> o = new TreeMap<>();
        for (String kv : overrides) {
            o.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
        }
        LoadContext ctx = new LoadContext(dir, Map.of(), Path.of(System.getProperty("java.home")), dir);
        return new ConfigLoader(ctx).load(dir.resolve("t.properties"), o);
    }

    private Runner runner(TestDefinition def, Path sys) {
        Sysfs sysfs = new Sysfs(sys);
        return new Runner(def, new ProcessRuntime(dir.resolve("state")),
                Clock.fixed(Instant.parse("2026-01-02T03:04:05Z"), ZoneOffset.UTC),
                new PrintStream(out, true, StandardCharsets.UTF_8), "test", "./taf run t.properties")
                .withCpuPinner(new CpuPinner(sysfs, new HostFacts(sys), new PinStateFile(dir.resolve("state/pin")),
                        new PrintStream(out, true, StandardCharsets.UTF_8)));
    }

    private static void put(Path root, String path, String value) throws IOException {
        Path p = root.resolve(path.substring(1));
        Files.createDirectories(p.getParent());
        Files.writeString(p, value + "\n");
    }

    private static Map<String, String> snapshot(Path root) throws IOException {
        Map<String, String> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                m.put(root.relativize(p).toString(), Files.readString(p));
            }
        }
        return m;
    }

    @Test
    void pinsBeforeStartingRecordsWhatWasAchievedAndRestoresWhenTheRunFails() throws IOException {
        Path sys = dir.resolve("sys-root");
        put(sys, CPU + "online", "0-1");
        for (int c = 0; c < 2; c++) {
            String d = CPU + "cpu" + c + "/cpufreq/";
            put(sys, d + "scaling_governor", "powersave");
            put(sys, d + "scaling_available_governors", "performance powersave");
            put(sys, d + "scaling_min_freq", "800000");
            put(sys, d + "scaling_max_freq", "3000000");
            put(sys, d + "cpuinfo_min_freq", "800000");
            put(sys, d + "cpuinfo_max_freq", "3500000");
        }
        put(sys, CPU + "cpufreq/boost", "1");
        Map<String, String> before = snapshot(sys);
        Runner r = runner(definition("profile.cpu.governor=performance", "profile.cpu.min_freq=2100MHz",
                "profile.cpu.max_freq=2100MHz", "profile.cpu.boost=off"), sys);

        assertThatThrownBy(r::run).isInstanceOf(TafException.class).hasMessageContaining("not-a-repo");

        RunRecord rec = r.lastRecord();
        assertThat(rec.status()).isEqualTo(RunRecord.RunStatus.FAILED);
        assertThat(rec.environment().cpufreq().pinned()).isTrue();
        assertThat(rec.environment().cpufreq().cpus()).containsExactly(
                new CpuState(0, "performance", 2_100_000, 2_100_000, "off", "pinned"),
                new CpuState(1, "performance", 2_100_000, 2_100_000, "off", "pinned"));
        assertThat(snapshot(sys)).as("restored in finally").isEqualTo(before);
        assertThat(dir.resolve("state/pin")).doesNotExist();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("taf: CPU settings of profile default: pinned:");
    }

    @Test
    void withoutCpufreqTheResultsSayNotPinnedAndStrictStopsBeforeAnythingRuns() throws IOException {
        Path sys = dir.resolve("vm-root");
        put(sys, CPU + "online", "0-1");
        Runner r = runner(definition("profile.cpu.governor=performance"), sys);
        assertThatThrownBy(r::run).hasMessageContaining("not-a-repo");
        assertThat(r.lastRecord().environment().cpufreq().note()).isEqualTo("not pinned: no cpufreq");
        assertThat(r.lastRecord().environment().cpufreq().cpus()).extracting(CpuState::status)
                .containsExactly("not pinned: no cpufreq", "not pinned: no cpufreq");

        Runner strict = runner(definition("profile.cpu.governor=performance", "profile.cpu.strict=true"), sys);
        assertThatThrownBy(strict::run)
                .isInstanceOf(CpuPinException.class)
                .hasMessageContaining(
                        CPU + "cpu0/cpufreq: cannot set governor performance: does not exist (no cpufreq");
        assertThat(strict.lastRecord()).isNull();
    }

    @Test
    void theShutdownHookPathRestoresToo() throws IOException {
        Path sys = dir.resolve("hook-root");
        put(sys, CPU + "online", "0-1");
        put(sys, CPU + "smt/control", "on");
        Runner r = runner(definition("profile.cpu.smt=off"), sys);
        assertThatThrownBy(r::run).hasMessageContaining("not-a-repo");
        assertThat(snapshot(sys).get("sys/devices/system/cpu/smt/control")).isEqualTo("on\n");
        assertThat(r.lastRecord().environment().cpufreq().note()).isEqualTo("pinned: smt off");
        r.interrupted(); // after the run restored: nothing left to do, no error
        assertThat(snapshot(sys).get("sys/devices/system/cpu/smt/control")).isEqualTo("on\n");
    }
}
