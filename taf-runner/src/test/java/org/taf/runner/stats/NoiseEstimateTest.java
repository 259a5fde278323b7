package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class NoiseEstimateTest {
    private static final Instant AT = Instant.parse("2026-01-02T03:04:05Z");

    @Test
    void pairVarianceAndAllocation() {
        NoiseEstimate n = new NoiseEstimate("vm", "X", 1, 0.013, 0.01, 1, 10, 8, 6, AT);
        assertThat(n.pairVariance(10)).isCloseTo(2 * (0.013 * 0.013 + 0.0001 / 10), within(1e-15));
        Allocation a = n.allocation(5, 10);
        assertThat(a.windowSeconds()).isEqualTo(5);
        assertThat(a.withinVariance()).isCloseTo(0.0001 / 5, within(1e-15));
        assertThat(a.startSeconds()).isEqualTo(6);
    }

    @Test
    void badValuesAreNamed() {
        assertThatThrownBy(() -> new NoiseEstimate("vm", "X", 1, 1.5, 0.1, 1, 10, 8, 6, AT))
                .hasMessage("noise betweenSd (1.5) must be in [0, 1)");
        assertThatThrownBy(() -> new NoiseEstimate("vm", "X", 1, 0.05, 0.1, 1, 10, 1, 6, AT))
                .hasMessage("noise starts (1) must be >= 2");
        assertThatThrownBy(() -> new NoiseEstimate("vm", "X", 1, 0.05, 0.1, 0, 10, 8, 6, AT))
                .hasMessage("noise sampleSeconds (0.0) must be > 0");
    }
}
