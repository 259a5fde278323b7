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
    void fewerThanTenValuesAreAPlainMean() {
        assertThat(TrimmedMean.of(new double[] {1, 2, 6})).isCloseTo(3, within(1e-12));
        assertThat(TrimmedMean.of(new double[] {4})).isEqualTo(4);
        assertThat(TrimmedMean.of(new double[0])).isNaN();
    }
}
