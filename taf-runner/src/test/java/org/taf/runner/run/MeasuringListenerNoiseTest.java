package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.results.CpuPointRecord;
import org.taf.runner.results.HostNoise;
import org.taf.runner.results.NoiseThresholds;
import org.taf.runner.sys.HostCpu;
import org.taf.runner.workload.sample.Counts;
import org.taf.runner.workload.sample.IntervalSample;
import org.taf.runner.workload.sample.LatencySummary;
import org.taf.runner.workload.sample.SampleListener.Action;

/**
 * Per-second host noise of a measurement from injected /proc/stat text and injected engine and
 * runner CPU counters: what is recorded per interval and what the iteration's mean flags.
 */
class MeasuringListenerNoiseTest {
    @TempDir
    Path dir;

    private final AtomicReference<Double> engine = new AtomicReference<>(0.0);
    private final AtomicReference<Double> runner = new AtomicReference<>(0.0);

    /** 2 CPUs; user system idle iowait steal in ticks (100 per second). */
    private void stat(Path file, long user, long system, long idle, long steal) throws IOException {
        Files.writeString(file, "cpu  " + user + " 0 " + system + " " + idle + " 0 0 0 " + steal + " 0 0\n"
                + "cpu0 0 0 0 0 0 0 0 0 0 0\ncpu1 0 0 0 0 0 0 0 0 0 0\n");
    }

    private static IntervalSample sample(long second) {
        return new IntervalSample(second, 1.0, 2, new Counts(100, 1400, 0, 200, 0, 0, 0), LatencySummary.EMPTY, false);
    }

    @Test
    void eachIntervalRecordsOthersWithoutEngineAndRunnerAndStealAndTheMeanFlagsTheIteration() throws IOException {
        Path procStat = dir.resolve("stat");
        stat(procStat, 1000, 1000, 1000, 0);
        MeasuringListener m = new MeasuringListener(engine::get, runner::get, new HostCpu(procStat, 100));
        m.measure(2);

        // Second 1: 140 ticks busy + 10 steal + 50 idle; engine 0.8 s, runner 0.3 s -> others 0.3 s.
        stat(procStat, 1000 + 120, 1000 + 20, 1000 + 50, 10);
        engine.set(0.8);
        runner.set(0.3);
        assertThat(m.onSample(sample(1))).isEqualTo(Action.CONTINUE);
        // Second 2: only the engine (0.9 s) and the runner (0.1 s) ran.
        stat(procStat, 1120 + 100, 1020, 1050 + 100, 10);
        engine.set(1.7);
        runner.set(0.4);
        assertThat(m.onSample(sample(2))).isEqualTo(Action.STOP);

        assertThat(m.cpu()).hasSize(2);
        CpuPointRecord first = m.cpu().get(0);
        assertThat(first.enginePct()).isCloseTo(80, within(1e-9));
        assertThat(first.hostOtherPct()).isCloseTo(30, within(1e-9));
        assertThat(first.stealPct()).isCloseTo(10, within(1e-9));
        assertThat(m.cpu().get(1).hostOtherPct()).isCloseTo(0, within(1e-9));
        assertThat(m.cpu().get(1).stealPct()).isCloseTo(0, within(1e-9));

        HostNoise iteration = HostNoise.of(m.cpu());
        assertThat(iteration.otherPct()).isCloseTo(15, within(1e-9));
        assertThat(iteration.stealPct()).isCloseTo(5, within(1e-9));
        assertThat(NoiseThresholds.DEFAULT.exceededBy(iteration)).isTrue(); // others 15% > 10%
        assertThat(new NoiseThresholds(20, 5).exceededBy(iteration)).isFalse(); // steal 5% is not above 5%
    }
}
