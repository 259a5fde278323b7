package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.config.Key;
import org.taf.runner.config.Keys;
import org.taf.runner.config.ValueContext;

class StatsOptionsTest {

    private static <T> T dflt(Key<T> key) throws Exception {
        return key.type().parse(key.defaultValue(), new ValueContext(Path.of("."), Path.of(".")));
    }

    /** One set of default thresholds: the options' are the key registry's. */
    @Test
    void defaultsAreTheRegistrys() throws Exception {
        StatsOptions o = StatsOptions.defaults();
        assertThat(o.confidence()).isEqualTo(dflt(Keys.STATS_CONFIDENCE));
        assertThat(o.warningPct()).isEqualTo(dflt(Keys.VERDICT_WARNING_PCT));
        assertThat(o.failPct()).isEqualTo(dflt(Keys.VERDICT_FAIL_PCT));
        assertThat(o.gainPct()).isEqualTo(dflt(Keys.VERDICT_GAIN_PCT));
        assertThat(o.fdr()).isEqualTo(dflt(Keys.STATS_FDR));
        assertThat(o.power()).isEqualTo(dflt(Keys.STATS_POWER));
        assertThat(o.firstLook()).isEqualTo(dflt(Keys.MEASURE_ITERATIONS));
        assertThat(o.maxPairs()).isEqualTo(dflt(Keys.STATS_MAX_PAIRS));
        assertThat(o.budget()).isEqualTo(dflt(Keys.STATS_BUDGET));
        assertThat(o.metrics()).isEqualTo(dflt(Keys.VERDICT_METRICS));
        assertThat(o.exclusion()).isEqualTo(ExclusionRule.DEFAULT);
    }

    @Test
    void theLookLevelIsTheFdrOrItsPerLookShare() {
        StatsOptions o = StatsOptions.defaults().toBuilder().firstLook(5).maxPairs(12).budget(Duration.ofMinutes(5))
                .build();
        assertThat(o.level(false)).isEqualTo(0.05);
        assertThat(o.level(true)).isEqualTo(PairedLevel.perLook(0.05, 5, 12));
        assertThat(o.confidenceAt(true)).isEqualTo(1 - PairedLevel.perLook(0.05, 5, 12));
        assertThat(o.toBuilder().firstLook(12).maxPairs(12).budget(Duration.ZERO).build().level(true)).as("one look")
                .isEqualTo(0.05);
        assertThat(o.toBuilder().firstLook(1).maxPairs(12).budget(Duration.ZERO).build().firstLook()).as("at least 3")
                .isEqualTo(3);
    }

    @Test
    void theEquivalenceLevelIsTwiceTheOneSidedLevelSpentOverTheLooks() {
        StatsOptions o = StatsOptions.defaults().toBuilder().firstLook(5).maxPairs(20).budget(Duration.ofMinutes(5))
                .build();
        assertThat(o.equivalenceLevel(false)).as("TOST at 5%: the 90% interval").isCloseTo(0.10, within(1e-12));
        assertThat(o.equivalenceLevel(true)).isEqualTo(PairedLevel.perLook(0.10, 5, 20));
        assertThat(o.equivalenceLevel(true)).as("wider than the shown interval's level, so a narrower interval")
                .isGreaterThan(o.level(true));
        assertThat(o.toBuilder().firstLook(20).maxPairs(20).budget(Duration.ZERO).build().equivalenceLevel(true))
                .as("one look")
                .isCloseTo(0.10, within(1e-12));
    }

    @Test
    void violationsNameKeyValueAndRule() {
        StatsOptions d = StatsOptions.defaults();
        assertThatThrownBy(() -> new StatsOptions(1.5, 3, 5, 5, 0.05, 0.8, 1, d.exclusion(), 3, 20, d.budget(),
                d.metrics(), 10, Questions.EQUIVALENCE, true)).hasMessage("stats.confidence (1.5) must be in (0, 1)");
        assertThatThrownBy(() -> d.toBuilder().warningPct(6).failPct(5).gainPct(5).build())
                .hasMessage("verdict.fail_pct (5.0) must be >= verdict.warning_pct (6.0)");
        assertThatThrownBy(() -> d.toBuilder().firstLook(3).maxPairs(2).budget(Duration.ZERO).build())
                .hasMessage("stats.max_pairs (2) must be >= 3");
        assertThatThrownBy(() -> d.toBuilder().firstLook(3).maxPairs(5).budget(Duration.ofSeconds(-1)).build())
                .hasMessage("stats.budget (PT-1S) must not be negative");
        assertThatThrownBy(() -> d.toBuilder().metrics(List.of()).build())
                .hasMessage("verdict.metrics must name at least one metric");
    }

    @Test
    void exclusionRuleIsSortedAndDescribed() {
        ExclusionRule r = new ExclusionRule(List.of("NOT_SETTLED", "ERRORS", "ERRORS"), 2);
        assertThat(r.flags()).containsExactly("ERRORS", "NOT_SETTLED");
        assertThat(r.describe()).isEqualTo("iterations flagged ERRORS or NOT_SETTLED are left out of the verdict when"
                + " at least 2 unflagged iterations remain on that side");
        assertThat(new ExclusionRule(List.of(), 1).describe()).isEqualTo("no iteration is excluded");
        assertThat(r.matches(new IterationSample(0, new double[] {1}, null, List.of("HOST_NOISE", "ERRORS")))).isTrue();
        assertThat(r.matches(new IterationSample(0, new double[] {1}, null, List.of("HOST_NOISE")))).isFalse();
    }
}
