package org.taf.runner.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Wilson score interval at 95% on fixed counts. The expected bounds were computed apart from the code, from
 * Wilson's formula (center (p + z²/2n) / (1 + z²/n), half-width z / (1 + z²/n) · sqrt(p(1-p)/n + z²/4n²), z the
 * normal 97.5% quantile) in Python.
 */
class ProportionTest {
    @ParameterizedTest(name = "{0} of {1}: [{2}, {3}]")
    @CsvSource({
        "28, 30, 0.786765, 0.981523",
        "27, 29, 0.780354, 0.980879",
        "1, 30, 0.005909, 0.166704",
        "0, 30, 0.000000, 0.113513",
        "30, 30, 0.886487, 1.000000",
        "0, 1, 0.000000, 0.793451",
        "2, 5, 0.117621, 0.769276",
        "19, 30, 0.455136, 0.781261",
        "20, 30, 0.487801, 0.807695",
        "4, 30, 0.053097, 0.296813"})
    void theWilsonIntervalMatchesItsFormula(int hits, int trials, double low, double high) {
        Proportion.Interval i = new Proportion(hits, trials).interval(0.95);
        assertThat(i.low()).isCloseTo(low, within(1e-6));
        assertThat(i.high()).isCloseTo(high, within(1e-6));
        assertThat(new Proportion(hits, trials).rate()).isEqualTo((double) hits / trials);
    }

    @ParameterizedTest(name = "{0} of {1}")
    @CsvSource({"-1, 3", "4, 3", "0, -1"})
    void impossibleCountsAreRefused(int hits, int trials) {
        assertThatThrownBy(() -> new Proportion(hits, trials)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("need 0 <= hits <= trials");
    }

    @org.junit.jupiter.api.Test
    void noTrialsSayNothing() {
        assertThat(new Proportion(0, 0).interval(0.95)).isEqualTo(new Proportion.Interval(0, 1));
        assertThat(new Proportion(0, 0).rate()).isNaN();
    }
}
