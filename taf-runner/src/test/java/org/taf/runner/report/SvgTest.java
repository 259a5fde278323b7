package org.taf.runner.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Coordinates print as "%.2f" without trailing zeros, whatever the value: the charts' bytes depend on it. */
class SvgTest {
    /** What {@link Svg#num} printed before it did its digits by hand. */
    private static String byFormat(double v) {
        long hundredths = Math.round(v * 100);
        if (hundredths == 0) {
            return "0";
        }
        String s = String.format(Locale.ROOT, "%.2f", hundredths / 100.0).replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    @Test
    void aCoordinateIsPrintedAsTheFormatPrintsIt() {
        assertThat(Svg.num(0)).isEqualTo("0");
        assertThat(Svg.num(-0.004)).isEqualTo("0");
        assertThat(Svg.num(12.5)).isEqualTo("12.5");
        assertThat(Svg.num(-0.05)).isEqualTo("-0.05");
        assertThat(Svg.num(720)).isEqualTo("720");
        assertThat(Svg.num(1.005)).isEqualTo(byFormat(1.005));
        long seed = 35;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 200_000; i++) {
            double v = (rnd.nextDouble() - 0.5) * Math.pow(10, rnd.nextInt(8));
            assertThat(Svg.num(v)).as("seed %d, value %s", seed, v).isEqualTo(byFormat(v));
        }
        assertThatThrownBy(() -> Svg.num(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }
}
