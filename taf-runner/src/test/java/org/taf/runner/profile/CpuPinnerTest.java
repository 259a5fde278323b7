package org.taf.runner.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Governor, frequency, boost and SMT pinning against fake sysfs trees: apply, restore, crash, failures. */
class CpuPinnerTest {
    private static final String CPU = "/sys/devices/system/cpu/";

    @TempDir
    Path root;
    @TempDir
    Path stateDir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private CpuPinner pinner(FakeCpuTree t) {
        return new CpuPinner(t.sysfs(), t.probe(), new PinStateFile(stateFile()), new PrintStream(err, true,
                StandardCharsets.UTF_8));
    }

    private Path stateFile() {
        return stateDir.resolve(CpuPinner.STATE_FILE);
    }

    private static CpuPinRequest fixed2100(List<Integer> cpus, boolean strict) {
        return new CpuPinRequest("fixed", cpus, Optional.of("performance"), OptionalLong.of(2_100_000),
                OptionalLong.of(2_100_000), CpuToggle.OFF, CpuToggle.UNCHANGED, strict);
    }

    @Test
    void appliesToTheProfileCpusOnlyReadsBackAndRestoresEverything() throws IOException {
        FakeCpuTree t = FakeCpuTree.withCpufreq(root, 4, "powersave", 800_000, 3_000_000);
        Map<String, String> before = t.snapshot();
        Pinning p = pinner(t).apply(fixed2100(List.of(0, 1), false));

        PinOutcome o = p.outcome();
        assertThat(o.pinned()).isTrue();
        assertThat(o.note()).isEqualTo("pinned: governor performance, min 2100000 kHz, max 2100000 kHz, boost off");
        assertThat(o.cpus()).containsExactly(new PinnedCpu(0, "performance", 2_100_000, 2_100_000, "off", "pinned"),
                new PinnedCpu(1, "performance", 2_100_000, 2_100_000, "off", "pinned"));
        assertThat(t.get(CPU + "cpufreq/boost")).isEqualTo("0");
        assertThat(t.freq(2, "scaling_governor")).isEqualTo("powersave"); // not a profile CPU
        assertThat(Files.readString(stateFile())).contains(CPU + "cpu1/cpufreq/scaling_max_freq\t3000000",
                CPU + "cpufreq/boost\t1");

        assertThat(p.restore()).isEmpty();
        assertThat(t.snapshot()).isEqualTo(before);
        assertThat(stateFile()).doesNotExist();
        assertThat(p.restore()).isEmpty(); // a second restore (finally after the shutdown hook) does nothing
        assertThat(t.snapshot()).isEqualTo(before);
    }

    @Test
    void raisingTheMinimumAboveTheCurrentMaximumWritesTheMaximumFirstBothWays() throws IOException {
        // The fake refuses any write that puts min above max, as the kernel does.
        FakeCpuTree up = FakeCpuTree.withCpufreq(root.resolve("up"), 1, "performance", 800_000, 1_500_000);
        Map<String, String> before = up.snapshot();
        Pinning p = pinner(up).apply(fixed2100(List.of(0), false));
        assertThat(p.outcome().pinned()).as(p.outcome().note()).isTrue();
        assertThat(up.freq(0, "scaling_min_freq")).isEqualTo("2100000");
        p.restore();
        assertThat(up.snapshot()).isEqualTo(before);

        FakeCpuTree down = FakeCpuTree.withCpufreq(root.resolve("down"), 1, "performance", 3_000_000, 3_500_000);
        before = down.snapshot();
        p = pinner(down).apply(fixed2100(List.of(0), false));
        assertThat(p.outcome().pinned()).as(p.outcome().note()).isTrue();
        assertThat(down.freq(0, "scaling_max_freq")).isEqualTo("2100000");
        p.restore();
        assertThat(down.snapshot()).isEqualTo(before);
    }

    @Test
    void aStateFileLeftByAKilledRunIsRestoredAndDeletedAtTheNextStart() throws IOException {
        FakeCpuTree t = FakeCpuTree.withCpufreq(root, 2, "powersave", 800_000, 3_000_000);
        Map<String, String> before = t.snapshot();
        pinner(t).apply(fixed2100(List.of(0, 1), false)); // the runner dies here: no restore
        assertThat(t.freq(0, "scaling_governor")).isEqualTo("performance");
        assertThat(stateFile()).exists();

        CpuPinner next = pinner(t);
        assertThat(next.recover()).isEqualTo(7); // boost + 2 x (governor, min, max)
        assertThat(t.snapshot()).isEqualTo(before);
        assertThat(stateFile()).doesNotExist();
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("was left by a run that did not finish",
                "restoring 7 CPU setting(s)", "deleted " + stateFile());
        assertThat(next.recover()).isZero();
    }

    @Test
    void applyRecoversALeftoverStateBeforeReadingTheOriginals() throws IOException {
        FakeCpuTree t = FakeCpuTree.withCpufreq(root, 1, "powersave", 800_000, 3_000_000);
        Map<String, String> before = t.snapshot();
        pinner(t).apply(fixed2100(List.of(0), false)); // crashed
        // Without recovering first, the next run would save the pinned values as "originals".
        Pinning p = pinner(t).apply(fixed2100(List.of(0), false));
        p.restore();
        assertThat(t.snapshot()).isEqualTo(before);
    }

    @Test
    void aRejectedWriteRollsBackWhatWasWrittenAndNamesTheFileAndValue() throws IOException {
        FakeCpuTree t = FakeCpuTree.withCpufreq(root, 2, "powersave", 800_000, 3_000_000);
        Map<String, String> before = t.snapshot();
        t.reject(CPU + "cpu1/cpufreq/scaling_max_freq", "2100000");
        Pinning p = pinner(t).apply(fixed2100(List.of(0, 1), false));

        PinOutcome o = p.outcome();
        assertThat(o.pinned()).isFalse();
        String failure = "failed: " + CPU + "cpu1/cpufreq/scaling_max_freq: cannot set profile.cpu.max_freq=2100000kHz:"
                + " the write of '2100000' was refused: Invalid argument";
        assertThat(o.note()).isEqualTo(failure);
        assertThat(o.cpus().get(1).status()).isEqualTo(failure);
        assertThat(o.cpus().get(0).status()).isEqualTo(failure); // rolled back too: no half-pinned run
        assertThat(o.cpus().get(0).governor()).isEqualTo("powersave"); // read back, not assumed
        assertThat(t.writes).isGreaterThan(0);
        assertThat(t.snapshot()).isEqualTo(before);
        assertThat(stateFile()).doesNotExist();
    }

    @Test
    void strictTurnsAFailedWriteIntoAnErrorWithNothingLeftChanged() throws IOException {
        FakeCpuTree t = FakeCpuTree.withCpufreq(root, 2, "powersave", 800_000, 3_000_000);
        Map<String, String> before = t.snapshot();
        t.reject(CPU + "cpu1/cpufreq/scaling_governor", "performance");
        assertThatThrownBy(() -> pinner(t).apply(fixed2100(List.of(0, 1), true)))
                .isInstanceOf(CpuPinException.class)
                .hasMessageContaining("profile.cpu.strict=true")
                .hasMessageContaining(CPU
                        + "cpu1/cpufreq/scaling_governor: cannot set profile.cpu.governor=performance")
                .hasMessageContaining("nothing was changed");
        assertThat(t.snapshot()).isEqualTo(before);
        assertThat(stateFile()).doesNotExist();
    }

    @Test
    void aValueTheKernelClampsIsAFailureNotAPin() throws IOException {
        FakeCpuTree t = FakeCpuTree.withCpufreq(root, 1, "powersave", 800_000, 3_000_000);
        Map<String, String> before = t.snapshot();
        t.clamp(CPU + "cpu0/cpufreq/scaling_max_freq", v -> "2000000");
        t.reject(CPU + "cpu0/cpufreq/scaling_min_freq", "2100000"); // above the clamped max
        PinOutcome o = pinner(t).apply(fixed2100(List.of(0), false)).outcome();
        assertThat(o.pinned()).isFalse();
        assertThat(o.note()).startsWith("failed: " + CPU + "cpu0/cpufreq/scaling_min_freq");
        assertThat(t.snapshot()).isEqualTo(before);

        FakeCpuTree u = FakeCpuTree.withCpufreq(root.resolve("u"), 1, "powersave", 800_000, 3_000_000);
        u.clamp(CPU + "cpu0/cpufreq/scaling_max_freq", v -> v.equals("3300000") ? "3400000" : v);
        PinOutcome lowerOnly = pinner(u).apply(new CpuPinRequest("p", List.of(0), Optional.empty(),
                OptionalLong.empty(), OptionalLong.of(3_300_000), CpuToggle.UNCHANGED, CpuToggle.UNCHANGED, false))
                .outcome();
        assertThat(lowerOnly.note()).contains("reads '3400000' after writing '3300000'");
        assertThat(u.freq(0, "scaling_max_freq")).isEqualTo("3000000");
    }

    @Test
    void validationFailuresWriteNothing() throws IOException {
        FakeCpuTree t = FakeCpuTree.withCpufreq(root, 2, "powersave", 800_000, 3_000_000);
        Map<String, String> before = t.snapshot();
        PinOutcome o = pinner(t).apply(new CpuPinRequest("p", List.of(0, 1), Optional.of("schedutil"),
                OptionalLong.empty(), OptionalLong.of(4_000_000), CpuToggle.UNCHANGED, CpuToggle.UNCHANGED, false))
                .outcome();
        assertThat(o.pinned()).isFalse();
        assertThat(o.problems()).extracting(PinProblem::message).contains(
                CPU + "cpu0/cpufreq/scaling_governor: cannot set profile.cpu.governor=schedutil: not one of the"
                        + " available governors: performance powersave",
                CPU + "cpu1/cpufreq/scaling_max_freq: cannot set profile.cpu.max_freq=4000000kHz: outside what the"
                        + " CPU can do: cpuinfo_min_freq 800000 to cpuinfo_max_freq 3500000 kHz");
        assertThat(t.writes).isZero();
        assertThat(t.snapshot()).isEqualTo(before);
        assertThat(stateFile()).doesNotExist();

        assertThatThrownBy(() -> pinner(t).apply(new CpuPinRequest("p", List.of(5), Optional.of("performance"),
                OptionalLong.empty(), OptionalLong.empty(), CpuToggle.UNCHANGED, CpuToggle.UNCHANGED, true)))
                .hasMessageContaining("CPU 5 is not online");
    }

    @Test
    void withoutCpufreqEveryCpuSaysNotPinnedNoCpufreqAndStrictNamesTheMissingDirectory() throws IOException {
        FakeCpuTree t = FakeCpuTree.withoutCpufreq(root, 2);
        Map<String, String> before = t.snapshot();
        PinOutcome o = pinner(t).apply(fixed2100(List.of(0, 1), false)).outcome();
        assertThat(o.pinned()).isFalse();
        assertThat(o.note()).isEqualTo("not pinned: no cpufreq");
        assertThat(o.cpus()).containsExactly(new PinnedCpu(0, "none", 0, 0, "unknown", "not pinned: no cpufreq"),
                new PinnedCpu(1, "none", 0, 0, "unknown", "not pinned: no cpufreq"));
        assertThat(o.smt()).isEqualTo("notsupported");
        assertThat(t.snapshot()).isEqualTo(before);

        assertThatThrownBy(() -> pinner(t).apply(fixed2100(List.of(0, 1), true)))
                .isInstanceOf(CpuPinException.class)
                .hasMessageContaining(CPU
                        + "cpufreq/boost: cannot set profile.cpu.boost=off: does not exist (no cpufreq")
                .hasMessageContaining("and 2 more")
                .hasMessageContaining("nothing was changed");
        assertThat(stateFile()).doesNotExist();
    }

    @Test
    void intelPstateNoTurboIsBoostInverted() throws IOException {
        FakeCpuTree t = FakeCpuTree.withCpufreq(root, 1, "powersave", 800_000, 3_000_000);
        t.remove(CPU + "cpufreq/boost");
        t.put(CPU + "intel_pstate/no_turbo", "0");
        Pinning p = pinner(t).apply(new CpuPinRequest("p", List.of(0), Optional.empty(), OptionalLong.empty(),
                OptionalLong.empty(), CpuToggle.OFF, CpuToggle.UNCHANGED, false));
        assertThat(t.get(CPU + "intel_pstate/no_turbo")).isEqualTo("1");
        assertThat(p.outcome().cpus().get(0).boost()).isEqualTo("off");
        p.restore();
        assertThat(t.get(CPU + "intel_pstate/no_turbo")).isEqualTo("0");
    }

    @Test
    void smtIsSwitchedAndRestoredAndAHostWithoutSmtAlreadyHasItOff() throws IOException {
        FakeCpuTree t = FakeCpuTree.withCpufreq(root, 2, "powersave", 800_000, 3_000_000);
        CpuPinRequest off = new CpuPinRequest("p", List.of(0, 1), Optional.empty(), OptionalLong.empty(),
                OptionalLong.empty(), CpuToggle.UNCHANGED, CpuToggle.OFF, true);
        Pinning p = pinner(t).apply(off);
        assertThat(t.get(CPU + "smt/control")).isEqualTo("off");
        assertThat(p.outcome().smt()).isEqualTo("off");
        p.restore();
        assertThat(t.get(CPU + "smt/control")).isEqualTo("on");

        t.put(CPU + "smt/control", "notsupported");
        assertThat(pinner(t).apply(off).outcome().pinned()).isTrue();
        assertThatThrownBy(() -> pinner(t).apply(new CpuPinRequest("p", List.of(0), Optional.empty(),
                OptionalLong.empty(), OptionalLong.empty(), CpuToggle.UNCHANGED, CpuToggle.ON, true)))
                .hasMessageContaining(CPU
                        + "smt/control: cannot set profile.cpu.smt=on: SMT control is 'notsupported'");
    }

    @Test
    void aValueThatCannotBeRestoredStaysInTheStateFileForTheNextStart() throws IOException {
        FakeCpuTree t = FakeCpuTree.withCpufreq(root, 1, "powersave", 800_000, 3_000_000);
        Pinning p = pinner(t).apply(fixed2100(List.of(0), false));
        t.reject(CPU + "cpu0/cpufreq/scaling_governor", "powersave");
        assertThat(p.restore()).containsExactly(CPU + "cpu0/cpufreq/scaling_governor: cannot write back 'powersave':"
                + " Invalid argument");
        assertThat(t.freq(0, "scaling_max_freq")).isEqualTo("3000000"); // the others are back
        assertThat(Files.readAllLines(stateFile())).containsExactly(PinStateFile.HEADER,
                CPU + "cpu0/cpufreq/scaling_governor\tpowersave");

        assertThatThrownBy(() -> pinner(t).recover()).isInstanceOf(CpuPinException.class)
                .hasMessageContaining("cannot restore the CPU settings saved in " + stateFile());
        FakeCpuTree healed = new FakeCpuTree(root); // the kernel accepts it again
        CpuPinner next = new CpuPinner(healed.sysfs(), healed.probe(), new PinStateFile(stateFile()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(next.recover()).isEqualTo(1);
        assertThat(t.freq(0, "scaling_governor")).isEqualTo("powersave");
    }

    @Test
    void nothingAskedChangesNothingAndRecordsWhatIsThere() throws IOException {
        FakeCpuTree t = FakeCpuTree.withCpufreq(root, 2, "powersave", 800_000, 3_000_000);
        Map<String, String> before = t.snapshot();
        PinOutcome o = pinner(t).apply(new CpuPinRequest("default", List.of(0, 1), Optional.empty(),
                OptionalLong.empty(), OptionalLong.empty(), CpuToggle.UNCHANGED, CpuToggle.UNCHANGED, true)).outcome();
        assertThat(o.pinned()).isFalse();
        assertThat(o.note()).isEqualTo(PinOutcome.LEFT_AS_FOUND);
        assertThat(o.cpus().get(0)).isEqualTo(new PinnedCpu(0, "powersave", 800_000, 3_000_000, "on",
                PinOutcome.LEFT_AS_FOUND));
        assertThat(t.snapshot()).isEqualTo(before);
        assertThat(stateFile()).doesNotExist();

        FakeCpuTree vm = FakeCpuTree.withoutCpufreq(root.resolve("vm"), 2);
        assertThat(pinner(vm).apply(new CpuPinRequest("default", List.of(0, 1), Optional.empty(),
                OptionalLong.empty(), OptionalLong.empty(), CpuToggle.UNCHANGED, CpuToggle.UNCHANGED, false)).outcome()
                .note()).isEqualTo(PinOutcome.NO_CPUFREQ);
    }

    @Test
    void aStateFileThatCannotBeWrittenPinsNothing() throws IOException {
        FakeCpuTree t = FakeCpuTree.withCpufreq(root, 1, "powersave", 800_000, 3_000_000);
        Map<String, String> before = t.snapshot();
        Path blocked = stateDir.resolve("not-a-dir");
        Files.writeString(blocked, "a file where the state directory should be");
        PinStateFile state = new PinStateFile(blocked.resolve(CpuPinner.STATE_FILE));
        CpuPinner p = new CpuPinner(t.sysfs(), t.probe(), state, new PrintStream(err, true, StandardCharsets.UTF_8));
        PinOutcome o = p.apply(fixed2100(List.of(0), false)).outcome();
        assertThat(o.pinned()).isFalse();
        assertThat(o.note()).startsWith("failed: " + state.file()).contains("cannot be saved there first");
        assertThat(t.writes).isZero();
        assertThat(t.snapshot()).isEqualTo(before);
        assertThatThrownBy(() -> p.apply(fixed2100(List.of(0), true))).isInstanceOf(CpuPinException.class)
                .hasMessageContaining(state.file().toString());
    }

    @Test
    void settingsAlreadyInPlaceAreNotWrittenNorRestored() throws IOException {
        FakeCpuTree t = FakeCpuTree.withCpufreq(root, 1, "performance", 2_100_000, 2_100_000);
        t.put(CPU + "cpufreq/boost", "0");
        Pinning p = pinner(t).apply(fixed2100(List.of(0), true));
        assertThat(p.outcome().pinned()).isTrue();
        assertThat(t.writes).isZero();
        assertThat(stateFile()).doesNotExist();
        assertThat(p.restore()).isEmpty();
    }
}
