package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class NoiseEstimateTest {
    private static final Instant AT = Instant.parse("2026-01-02T03:04:05Z");

    @Test
    void measuredFromAaIterations() {
        List<IterationSummary> its = List.of(IterationSummary.of(IterationSample.of(0, 100, 104, 96)),
                IterationSummary.of(IterationSample.of(1, 110, 110, 110, 110)));
        NoiseEstimate n = NoiseEstimate.measure("vm", Simulation.CELL, its, AT);
        // ln 100 and ln 110: sample SD = |ln 1.1| / sqrt 2.
        assertThat(n.cvBetweenIterations()).isCloseTo(Math.log(1.1) / Math.sqrt(2), within(1e-12));
        assertThat(n.cvWithinIteration()).isCloseTo((4.0 / 100) / 2, within(1e-12)); // CVs 0.04 and 0
        assertThat(n.secondsPerIteration()).isEqualTo(3);
        assertThat(n.iterations()).isEqualTo(2);
        assertThat(n.workload()).isEqualTo("POINT_SELECT");
        assertThat(n.threads()).isEqualTo(2);
    }

    @Test
    void sigmaRescalesOnlyTheWithinIterationPart() {
        NoiseEstimate n = new NoiseEstimate("vm", "X", 1, 0.05, 0.1, 10, 8, AT);
        double medianVar = Math.PI / 2 * 0.01; // 0.0157 / 10 s = 0.00157 of the measured 0.0025
        assertThat(n.sigmaFor(10)).isCloseTo(0.05, within(1e-12));
        assertThat(n.sigmaFor(40)).isCloseTo(Math.sqrt(0.0025 - medianVar / 10 + medianVar / 40), within(1e-12));
        // Within-iteration noise that would exceed the measured total is capped at it.
        NoiseEstimate capped = new NoiseEstimate("vm", "X", 1, 0.01, 0.5, 10, 8, AT);
        assertThat(capped.sigmaFor(10)).isCloseTo(0.01, within(1e-12));
        assertThat(capped.sigmaFor(1000)).isCloseTo(0.01 * Math.sqrt(10.0 / 1000), within(1e-12));
    }

    @Test
    void badValuesAreNamed() {
        assertThatThrownBy(() -> new NoiseEstimate("vm", "X", 1, 1.5, 0.1, 10, 8, AT))
                .hasMessage("noise cvBetweenIterations (1.5) must be in [0, 1)");
        assertThatThrownBy(() -> new NoiseEstimate("vm", "X", 1, 0.05, 0.1, 10, 1, AT))
                .hasMessage("noise iterations (1) must be >= 2");
        assertThatThrownBy(() -> NoiseEstimate.measure("vm", Simulation.CELL, List.of(), AT))
                .hasMessage("POINT_SELECT x 2 threads: noise needs at least 2 iterations, got 0");
    }
}
