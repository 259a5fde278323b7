package org.taf.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.workload.sample.Counts;
import org.taf.runner.workload.sample.IntervalSample;
import org.taf.runner.workload.sample.LatencySummary;

/** The sample arithmetic with an explicit clock: deltas per interval, rounding of the second, latencies. */
class IntervalAggregatorTest {
    private static final long S = 1_000_000_000L;

    @Test
    void eachSampleHoldsOnlyItsOwnInterval() {
        Counters a = new Counters();
        Counters b = new Counters();
        long start = 5 * S; // any origin: only differences matter
        IntervalAggregator agg = new IntervalAggregator(List.of(a, b), start, false);

        for (int i = 0; i < 3; i++) {
            a.read();
            a.event(2_000_000); // 2 ms
        }
        b.write();
        b.other();
        b.event(8_000_000);
        IntervalSample first = agg.sample(start + S);
        assertThat(first.second()).isEqualTo(1);
        assertThat(first.intervalSeconds()).isEqualTo(1.0);
        assertThat(first.threads()).isEqualTo(2);
        assertThat(first.counts()).isEqualTo(new Counts(4, 3, 1, 1, 0, 0, 0));
        assertThat(first.latency().maxMs()).isCloseTo(8, within(0.01));
        assertThat(first.latency().p50Ms()).isCloseTo(2, within(0.01));

        a.error();
        b.reconnect();
        b.event(1_000_000);
        IntervalSample second = agg.sample(start + 2 * S + S / 2); // a late wake-up: 1.5 s interval
        assertThat(second.second()).isEqualTo(3); // 2.5 s rounds up, as sysbench's %.0f does
        assertThat(second.intervalSeconds()).isEqualTo(1.5);
        assertThat(second.counts()).isEqualTo(new Counts(1, 0, 0, 0, 1, 1, 0));
        assertThat(second.tps()).isCloseTo(1 / 1.5, within(1e-12));
        assertThat(second.latency().maxMs()).isCloseTo(1, within(0.01));

        IntervalSample empty = agg.sample(start + 3 * S);
        assertThat(empty.counts()).isEqualTo(Counts.ZERO);
        assertThat(empty.latency()).isEqualTo(LatencySummary.EMPTY);

        a.event(100_000_000);
        assertThat(agg.totals()).isEqualTo(new Counts(6, 3, 1, 1, 1, 1, 0));
        assertThat(agg.wholeRun().maxMs()).as("includes events after the last sample").isCloseTo(100, within(0.1));
    }

    @Test
    void refusesAnIntervalThatDoesNotMoveForward() {
        IntervalAggregator agg = new IntervalAggregator(List.of(new Counters()), 0, false);
        assertThatThrownBy(() -> agg.sample(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
