package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** TAF's classic verdict: median of iteration medians, ratio, warn 3 / fail 5 / gain 5 %. */
class ClassicVerdictTest {
    private static final StatsOptions O = StatsOptions.defaults();

    @Test
    void thresholds() {
        assertThat(classic(1000, 960).outcome()).isEqualTo(ClassicOutcome.WARNING); // -4%
        assertThat(classic(1000, 950).outcome()).isEqualTo(ClassicOutcome.FAIL); // -5% exactly
        assertThat(classic(1000, 971).outcome()).isEqualTo(ClassicOutcome.PASS); // -2.9%
        assertThat(classic(1000, 1049).outcome()).isEqualTo(ClassicOutcome.PASS); // +4.9%
        assertThat(classic(1000, 1050).outcome()).isEqualTo(ClassicOutcome.GAIN);
    }

    @Test
    void usesTheMedianOfTheIterationMedians() {
        // Parent medians 17,925 / 18,100 / 12,000 (one bad run): the median ignores the outlier.
        ClassicVerdict v = ClassicVerdict.of(summaries(17_925, 18_100, 12_000), summaries(66_653, 66_000, 67_000), O);
        assertThat(v.parentMedianTps()).isEqualTo(17_925);
        assertThat(v.patchMedianTps()).isEqualTo(66_653);
        assertThat(v.ratio()).isCloseTo(66_653.0 / 17_925, within(1e-12));
        assertThat(v.changePct()).isCloseTo((66_653.0 / 17_925 - 1) * 100, within(1e-9));
        assertThat(v.outcome()).isEqualTo(ClassicOutcome.GAIN);
    }

    private static ClassicVerdict classic(double parent, double patch) {
        return ClassicVerdict.of(summaries(parent), summaries(patch), O);
    }

    private static List<IterationSummary> summaries(double... medians) {
        return IntStream.range(0, medians.length)
                .mapToObj(i -> IterationSummary.of(IterationSample.of(i, medians[i]))).toList();
    }
}
