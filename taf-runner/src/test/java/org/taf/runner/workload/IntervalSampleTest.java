package org.taf.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.taf.runner.workload.sample.Counts;
import org.taf.runner.workload.sample.IntervalSample;
import org.taf.runner.workload.sample.LatencySummary;

class IntervalSampleTest {
    private static final LatencySummary LAT = new LatencySummary(1, 2, 3, 4);

    @Test
    void ratesAreCountsOverTheMeasuredInterval() {
        IntervalSample s = new IntervalSample(10, 2.0, 8, new Counts(2469, 34567, 9876, 4938, 3, 1, 0), LAT, false);
        assertThat(s.tps()).isEqualTo(1234.5);
        assertThat(s.qps()).isEqualTo((34567 + 9876 + 4938) / 2.0);
        assertThat(s.readsPerSecond()).isEqualTo(17283.5);
        assertThat(s.writesPerSecond()).isEqualTo(4938);
        assertThat(s.otherPerSecond()).isEqualTo(2469);
        assertThat(s.errorsPerSecond()).isEqualTo(1.5);
        assertThat(s.reconnectsPerSecond()).isEqualTo(0.5);
        assertThat(s.events()).isEqualTo(2469);
        assertThat(s.reads() + s.writes() + s.other()).isEqualTo(s.counts().queries());
        assertThat(s.errors()).isEqualTo(3);
        assertThat(s.reconnects()).isEqualTo(1);
    }

    @Test
    void countsAddAndSubtract() {
        Counts a = new Counts(1, 2, 3, 4, 5, 6, 0);
        Counts b = new Counts(10, 20, 30, 40, 50, 60, 0);
        assertThat(a.plus(b)).isEqualTo(new Counts(11, 22, 33, 44, 55, 66, 0));
        assertThat(b.minus(a)).isEqualTo(new Counts(9, 18, 27, 36, 45, 54, 0));
        assertThat(b.queries()).isEqualTo(90);
        assertThatThrownBy(() -> a.minus(b)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must not be negative");
    }

    @Test
    void rejectsImpossibleSamples() {
        Counts c = Counts.ZERO;
        assertThatThrownBy(() -> new IntervalSample(1, 0, 1, c, LAT,
                false)).hasMessageContaining("intervalSeconds (0.0)");
        assertThatThrownBy(() -> new IntervalSample(1, 1, 0, c, LAT, false)).hasMessageContaining("threads (0)");
        assertThatThrownBy(() -> new IntervalSample(-1, 1, 1, c, LAT, false)).hasMessageContaining("second (-1)");
        assertThatThrownBy(() -> new LatencySummary(2, 1, 3, 4)).hasMessageContaining("ordered");
        assertThatThrownBy(() -> new LatencySummary(-1, 1, 3, 4)).hasMessageContaining("non-negative");
    }

    @Test
    void latencyPercentilesComeFromTheHistogramInMilliseconds() {
        Histogram h = new Histogram(3);
        for (int i = 1; i <= 100; i++) {
            h.recordValue(i * 1_000_000L); // 1 ms .. 100 ms
        }
        LatencySummary l = LatencySummary.of(h);
        assertThat(l.p50Ms()).isCloseTo(50, within(0.1));
        assertThat(l.p95Ms()).isCloseTo(95, within(0.1));
        assertThat(l.p99Ms()).isCloseTo(99, within(0.1));
        assertThat(l.maxMs()).isCloseTo(100, within(0.1));
        assertThat(LatencySummary.of(new Histogram(3))).isEqualTo(LatencySummary.EMPTY);
    }

    @Test
    void resultDerivesRatesOverTheWholeRun() {
        WorkloadResult r = new WorkloadResult(Workload.OLTP_RO, 2, 4.0, new Counts(100, 1400, 0, 200, 0, 0, 0), LAT,
                List.of(), WorkloadResult.End.DURATION);
        assertThat(r.tps()).isEqualTo(25);
        assertThat(r.qps()).isEqualTo(400);
        assertThatThrownBy(() -> new WorkloadResult(Workload.OLTP_RO, 0, 4.0, Counts.ZERO, LAT, List.of(),
                WorkloadResult.End.DURATION)).hasMessageContaining("threads (0)");
        assertThatThrownBy(() -> new WorkloadResult(Workload.OLTP_RO, 1, 0, Counts.ZERO, LAT, List.of(),
                WorkloadResult.End.DURATION)).hasMessageContaining("elapsedSeconds (0.0)");
    }
}
