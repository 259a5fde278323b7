package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class IterationSummaryTest {

    /** Hand-checked: sorted 98 99 100 100 101 102 150. */
    @Test
    void medianMadIqrMeanAndCv() {
        IterationSummary s = IterationSummary.of(
                new IterationSample(3, new double[] {100, 102, 98, 101, 99, 150, 100}, null, List.of("HOST_NOISE")));
        assertThat(s.index()).isEqualTo(3);
        assertThat(s.seconds()).isEqualTo(7);
        assertThat(s.medianTps()).isEqualTo(100); // the 150 TPS spike does not move it
        assertThat(s.madTps()).isEqualTo(1); // |x - 100| sorted: 0 0 1 1 2 2 50
        assertThat(s.iqrTps()).isCloseTo(2.0, within(1e-12)); // Q1 = 99.5, Q3 = 101.5
        double mean = 750.0 / 7;
        assertThat(s.meanTps()).isCloseTo(mean, within(1e-9));
        double ss = 0;
        for (double x : new double[] {100, 102, 98, 101, 99, 150, 100}) {
            ss += (x - mean) * (x - mean);
        }
        assertThat(s.cv()).isCloseTo(Math.sqrt(ss / 6) / mean, within(1e-12));
        assertThat(s.flags()).containsExactly("HOST_NOISE");
    }

    @Test
    void evenCountsAverageTheMiddleTwoAndOneSecondHasNoSpread() {
        assertThat(IterationSummary.of(IterationSample.of(0, 4, 1, 3, 2)).medianTps()).isEqualTo(2.5);
        IterationSummary one = IterationSummary.of(IterationSample.of(0, 42));
        assertThat(one.medianTps()).isEqualTo(42);
        assertThat(one.cv()).isZero();
        assertThat(one.madTps()).isZero();
    }

    @Test
    void badSamplesAreRejectedWithTheirPosition() {
        assertThatThrownBy(() -> IterationSample.of(2, 100, 101, Double.NaN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("iteration 2 sample 2: TPS (NaN) must be finite and >= 0");
        assertThatThrownBy(() -> IterationSample.of(1, 100, -1))
                .hasMessage("iteration 1 sample 1: TPS (-1.0) must be finite and >= 0");
        assertThatThrownBy(() -> IterationSample.of(4)).hasMessageStartingWith("iteration 4 has no TPS samples");
        assertThatThrownBy(() -> IterationSample.of(-1, 1)).hasMessage("iteration index (-1) must be >= 0");
        assertThatThrownBy(() -> new IterationSample(0, new double[] {1}, null, List.of(" ")))
                .hasMessage("iteration 0: a flag must not be blank");
    }

    @Test
    void samplesAreCopiedInAndOut() {
        double[] raw = {1, 2, 3};
        IterationSample s = IterationSample.of(0, raw);
        raw[0] = 99;
        s.tps()[1] = 99;
        assertThat(s.tps()).containsExactly(1, 2, 3);
        assertThat(s).isEqualTo(IterationSample.of(0, 1, 2, 3)).hasSameHashCodeAs(IterationSample.of(0, 1, 2, 3));
    }
}
