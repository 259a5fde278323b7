package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Known slowdowns at a quiet day's noise (1.3% between engine starts) and at the power study's (5%).
 * REGRESSED needs the interval below 1 at the look's level, the estimate at least the warning threshold
 * (3%) down and the adjusted p below the level. Rates measured with these seeds are in the comments.
 */
class DetectionSimulationTest {
    private static final int RUNS = 400;

    /** Quiet day, adaptive 5..12 pairs: 5% is REGRESSED in at least 90% (the issue's target). */
    @Test
    void fivePercentOnAQuietDayIsFound() {
        StatsOptions o = Simulation.options().toBuilder().firstLook(5).maxPairs(12).budget(Duration.ofHours(1)).build();
        Simulation.Counts c = Simulation.adaptive(Synthetic.quietNoise(3005), 0.95, 5, RUNS, o);
        System.out.println("adaptive 5%, 1.3% noise: " + c);
        assertThat(c.rate(Verdict.REGRESSED)).as(c.toString()).isGreaterThanOrEqualTo(0.9);
        assertThat(c.rate(Verdict.IMPROVED)).as(c.toString()).isZero();
    }

    /** Quiet day, 12 fixed pairs: 2% is below the 3% warning threshold, so it is rarely called. */
    @Test
    void twoPercentIsBelowTheWarningThreshold() {
        Simulation.Counts c = Simulation.fixedPairs(Synthetic.quietNoise(3002), 0.98, 12, RUNS, Simulation.options());
        System.out.println("2% at 12 pairs, 1.3% noise: " + c);
        assertThat(c.rate(Verdict.REGRESSED)).as(c.toString()).isLessThan(0.25);
        assertThat(c.rate(Verdict.IMPROVED)).as(c.toString()).isZero();
    }

    /** Quiet day, 12 fixed pairs, thresholds 1/2%: a 2% slowdown is then called in most runs. */
    @Test
    void twoPercentWithASensitiveGate() {
        StatsOptions o = Simulation.options().toBuilder().warningPct(1).failPct(2).gainPct(2).build();
        Simulation.Counts c = Simulation.fixedPairs(Synthetic.quietNoise(3012), 0.98, 12, RUNS, o);
        System.out.println("2% at 12 pairs, thresholds 1/2, 1.3% noise: " + c);
        assertThat(c.rate(Verdict.REGRESSED)).as(c.toString()).isGreaterThanOrEqualTo(0.6);
    }

    /** 5% noise, 10 fixed pairs: 10% is REGRESSED in most runs. */
    @Test
    void tenPercentAtTheStudysNoise() {
        Simulation.Counts c = Simulation.fixedPairs(Synthetic.issueNoise(3010), 0.90, 10, RUNS, Simulation.options());
        System.out.println("10% at 10 pairs, 5% noise: " + c);
        assertThat(c.rate(Verdict.REGRESSED)).as(c.toString()).isGreaterThanOrEqualTo(0.80);
    }

    /** 5% noise, adaptive 5..12 pairs: 10% is found, most often before the last look. */
    @Test
    void adaptiveLoopFindsTenPercent() {
        StatsOptions o = Simulation.options().toBuilder().firstLook(5).maxPairs(12).budget(Duration.ofHours(1)).build();
        Simulation.Counts c = Simulation.adaptive(Synthetic.issueNoise(4010), 0.90, 5, 200, o);
        System.out.println("adaptive 10%, 5% noise: " + c);
        assertThat(c.rate(Verdict.REGRESSED)).as(c.toString()).isGreaterThanOrEqualTo(0.80);
        assertThat(c.meanPairs()).as(c.toString()).isLessThan(10);
    }
}
