package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.config.StatsSettings;
import org.taf.runner.config.VerdictSettings;

class StatsOptionsTest {

    @Test
    void defaultsAreTafs() {
        StatsOptions o = StatsOptions.defaults();
        assertThat(o.confidence()).isEqualTo(0.95);
        assertThat(List.of(o.warningPct(), o.failPct(), o.gainPct())).containsExactly(3.0, 5.0, 5.0);
        assertThat(o.fdr()).isEqualTo(0.05);
        assertThat(o.power()).isEqualTo(0.8);
        assertThat(o.bootstrapResamples()).isEqualTo(2000);
        assertThat(o.blockSeconds()).isEqualTo(5);
        assertThat(o.exclusion()).isEqualTo(ExclusionRule.DEFAULT);
        assertThat(o.maxPairs()).isEqualTo(20);
        assertThat(o.budget()).isEqualTo(Duration.ofMinutes(10));
    }

    @Test
    void fromTheConfiguration() {
        StatsOptions o = StatsOptions.from(new StatsSettings(0.9, 0.1, 0.9, Duration.ofMinutes(3), 20),
                new VerdictSettings(2, 4, 6));
        assertThat(List.of(o.confidence(), o.fdr(), o.power())).containsExactly(0.9, 0.1, 0.9);
        assertThat(List.of(o.warningPct(), o.failPct(), o.gainPct())).containsExactly(2.0, 4.0, 6.0);
        assertThat(o.budget()).isEqualTo(Duration.ofMinutes(3));
        assertThat(o.bootstrapResamples()).isEqualTo(StatsOptions.DEFAULT_RESAMPLES);
    }

    @Test
    void violationsNameKeyValueAndRule() {
        StatsOptions d = StatsOptions.defaults();
        assertThatThrownBy(() -> new StatsOptions(1.5, 3, 5, 5, 0.05, 0.8, 2000, 5, 1, d.exclusion(), 20, d.budget()))
                .hasMessage("stats.confidence (1.5) must be in (0, 1)");
        assertThatThrownBy(() -> new StatsOptions(0.95, 6, 5, 5, 0.05, 0.8, 2000, 5, 1, d.exclusion(), 20, d.budget()))
                .hasMessage("verdict.fail_pct (5.0) must be >= verdict.warning_pct (6.0)");
        assertThatThrownBy(() -> d.withResamples(50)).hasMessage("stats.bootstrap_resamples (50) must be >= 200");
        assertThatThrownBy(() -> d.withAdaptive(2, Duration.ZERO)).hasMessage("stats.max_pairs (2) must be >= 3");
        assertThatThrownBy(() -> d.withAdaptive(5, Duration.ofSeconds(-1)))
                .hasMessage("stats.budget (PT-1S) must not be negative");
        assertThatThrownBy(() -> new StatsOptions(0.95, 3, 5, 5, 0.05, 0.8, 2000, 0, 1, d.exclusion(), 20, d.budget()))
                .hasMessage("stats.block_seconds (0) must be >= 1");
    }

    @Test
    void exclusionRuleIsSortedAndDescribed() {
        ExclusionRule r = new ExclusionRule(List.of("NOT_SETTLED", "ERRORS", "ERRORS"), 2);
        assertThat(r.flags()).containsExactly("ERRORS", "NOT_SETTLED");
        assertThat(r.describe()).isEqualTo("iterations flagged ERRORS or NOT_SETTLED are left out of the verdict when"
                + " at least 2 unflagged iterations remain on that side");
        assertThat(new ExclusionRule(List.of(), 1).describe()).isEqualTo("no iteration is excluded");
        assertThat(r.matches(new IterationSample(0, new double[] {1}, List.of("HOST_NOISE", "ERRORS")))).isTrue();
        assertThat(r.matches(new IterationSample(0, new double[] {1}, List.of("HOST_NOISE")))).isFalse();
    }
}
