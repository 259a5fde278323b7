package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.taf.runner.sys.CpuSampler;
import org.taf.runner.sys.HostCpu;
import org.taf.runner.workload.sample.Counts;
import org.taf.runner.workload.sample.IntervalSample;
import org.taf.runner.workload.sample.LatencySummary;
import org.taf.runner.workload.sample.SampleListener;

/** The engine's CPU seconds are summed over exactly the measured intervals, not the warm-up. */
class MeasuringListenerTest {
    /** A sampler whose reading grows by 1.5 s per call, like an engine using one and a half cores. */
    private static final class Steps implements CpuSampler {
        double now;

        @Override
        public double cpuSeconds() {
            now += 1.5;
            return now;
        }

        @Override
        public String source() {
            return "fixture";
        }
    }

    private static IntervalSample sample(long second) {
        return new IntervalSample(second, 1.0, 2, new Counts(1000, 1000, 0, 0, 0, 0,
                0), new LatencySummary(1, 1, 1, 1), false);
    }

    @Test
    void cpuOverTheMeasuredWindowOnly() {
        Steps engine = new Steps();
        MeasuringListener m = new MeasuringListener(engine, () -> 0.0, HostCpu.system());
        for (int s = 1; s <= 3; s++) {
            assertThat(m.onSample(sample(s))).isEqualTo(SampleListener.Action.CONTINUE);
        }
        assertThat(m.measuredEngineCpuSeconds()).as("warm-up is not measured").isZero();
        m.measure(4);
        SampleListener.Action last = null;
        for (int s = 4; s <= 7; s++) {
            last = m.onSample(sample(s));
        }
        assertThat(last).isEqualTo(SampleListener.Action.STOP);
        assertThat(m.samples()).hasSize(4);
        assertThat(m.measuredEngineCpuSeconds()).isCloseTo(6.0, within(1e-9));
        assertThat(m.engineCpuSource()).isEqualTo("fixture");
    }
}
