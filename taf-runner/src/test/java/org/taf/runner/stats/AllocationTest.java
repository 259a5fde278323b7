package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AllocationTest {
    /** Noisy windows, costly starts: k* = sqrt(90 * 0.03^2 / (10 * 0.02^2)) = 4.5. */
    private static final Allocation NOISY_WINDOWS = new Allocation(0.02 * 0.02, 0.03 * 0.03, 90, 10, 20);

    /** k* against a brute-force minimisation of V(k) C(k) over 1..maxWindows, on 2000 seeded random designs. */
    @Test
    void windowsPerStartMinimiseVarianceTimesCost() {
        long seed = 6001;
        SplittableRandom rng = new SplittableRandom(seed);
        for (int i = 0; i < 2000; i++) {
            double b = Math.pow(10, -6 + 4 * rng.nextDouble());
            double w = Math.pow(10, -6 + 4 * rng.nextDouble());
            double start = 5 + 300 * rng.nextDouble();
            double window = 1 + 60 * rng.nextDouble();
            int max = 1 + rng.nextInt(30);
            Allocation a = new Allocation(b, w, start, window, max);
            int best = 1;
            for (int k = 2; k <= max; k++) {
                if ((b + w / k) * (start + k * window) < (b + w / best) * (start + best * window)) {
                    best = k;
                }
            }
            int chosen = a.windowsPerStart();
            double ratio = (b + w / chosen) * (start + chosen * window) / ((b + w / best) * (start + best * window));
            assertThat(ratio).as("seed %d, case %d: %s chose %d, brute force %d", seed, i, a, chosen, best)
                    .isCloseTo(1.0, within(1e-12));
        }
    }

    @Test
    void formulas() {
        assertThat(NOISY_WINDOWS.optimalWindows()).isCloseTo(4.5, within(1e-12));
        // 4.5^2 = 20.25 > 4 * 5: ceil wins although 4.5 would round either way.
        assertThat(NOISY_WINDOWS.windowsPerStart()).isEqualTo(5);
        assertThat(NOISY_WINDOWS.pairVariance(5)).isCloseTo(2 * (4e-4 + 9e-4 / 5), within(1e-15));
        assertThat(NOISY_WINDOWS.pairSeconds(5)).isEqualTo(2 * (90 + 50));
        assertThat(new Allocation(0, 1e-4, 60, 10, 12).windowsPerStart()).isEqualTo(12);
        assertThat(new Allocation(1e-4, 0, 60, 10, 12).windowsPerStart()).isEqualTo(1);
        assertThat(new Allocation(1e-6, 1e-4, 600, 1, 12).windowsPerStart()).isEqualTo(12);
    }

    @Test
    void validatesWithNameValueAndRule() {
        assertThatThrownBy(() -> new Allocation(-1e-4, 0, 60, 10, 5))
                .hasMessage("betweenVariance (-1.0E-4) must be finite and >= 0");
        assertThatThrownBy(() -> new Allocation(0, Double.NaN, 60, 10, 5))
                .hasMessage("withinVariance (NaN) must be finite and >= 0");
        assertThatThrownBy(() -> new Allocation(0, 0, 0, 10, 5))
                .hasMessage("startSeconds (0.0) must be finite and > 0");
        assertThatThrownBy(() -> new Allocation(0, 0, 60, -1, 5))
                .hasMessage("windowSeconds (-1.0) must be finite and > 0");
        assertThatThrownBy(() -> new Allocation(0, 0, 60, 10, 0)).hasMessage("maxWindows (0) must be >= 1");
        assertThatThrownBy(() -> NOISY_WINDOWS.pairVariance(0)).hasMessage("windows per start (0) must be >= 1");
    }

    /** ln of one side's start: its level (between-start noise) plus the mean of k windows' noise. */
    static double sideMean(SplittableRandom rng, double sigmaB, double sigmaW, int k) {
        double s = 0;
        for (int i = 0; i < k; i++) {
            s += sigmaW * rng.nextGaussian();
        }
        return sigmaB * rng.nextGaussian() + s / k;
    }
}
