package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The trimmed mean a start's TPS is: a tenth left out at each end, whole values, the rest averaged. */
class TrimmedMeanTest {
    @Test
    void leavesOutATenthAtEachEnd() {
        // 20 values: 2 left out at each end, whatever their order
        double[] x = {5, 100, 3, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 35, 0, 1};
        assertThat(TrimmedMean.of(x)).isCloseTo((5 + 7 + 9 + 11 + 13 + 15 + 17 + 19 + 21 + 23 + 25 + 27 + 29 + 31
                + 33 + 3) / 16.0, within(1e-12));
        assertThat(x[1]).as("the input is not reordered").isEqualTo(100);
    }

    @Test
    void aStalledSampleAmongFortyDoesNotCount() {
        double[] x = new double[40];
        java.util.Arrays.fill(x, 150_000);
        x[7] = 0; // a 250 ms stall
        x[30] = 400_000; // and a spike
        assertThat(TrimmedMean.of(x)).isEqualTo(150_000);
    }

    @Test
    void fromThreeValuesOnOneIsLeftOutAtEachEnd() {
        // 3 values: the middle one, as the median; a stalled first second does not pull it down
        assertThat(TrimmedMean.of(new double[] {6, 1, 2})).isEqualTo(2);
        assertThat(TrimmedMean.of(new double[] {30_000, 150_000, 152_000})).isEqualTo(150_000);
        // 9 values: 1 at each end (a tenth of 9 rounds down to 0)
        assertThat(TrimmedMean.of(new double[] {0, 10, 10, 10, 10, 10, 10, 10, 99})).isEqualTo(10);
        // fewer than 3: a plain mean
        assertThat(TrimmedMean.of(new double[] {1, 3})).isCloseTo(2, within(1e-12));
        assertThat(TrimmedMean.of(new double[] {4})).isEqualTo(4);
        assertThat(TrimmedMean.of(new double[0])).isNaN();
    }
}
