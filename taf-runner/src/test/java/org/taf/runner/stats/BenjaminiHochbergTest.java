package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * Against the example of Benjamini &amp; Hochberg (1995, section 4): 15 p-values from a study of
 * myocardial infarction treatment. At q = 0.05 the procedure rejects the four smallest (Bonferroni only
 * three). Adjusted values by hand, p(i) * 15 / i, then the running minimum from the largest:
 * <pre>
 *  i  p(i)    p*15/i     adjusted
 *  1  0.0001  0.0015     0.0015
 *  2  0.0004  0.003      0.003
 *  3  0.0019  0.0095     0.0095
 *  4  0.0095  0.035625   0.035625
 *  5  0.0201  0.0603     0.0603
 *  6  0.0278  0.0695     0.063857   (min with i=7)
 *  7  0.0298  0.063857   0.063857
 *  8  0.0344  0.0645     0.0645
 *  9  0.0459  0.0765     0.0765
 * 10  0.3240  0.486      0.486
 * 11  0.4262  0.581182   0.581182
 * 12  0.5719  0.714875   0.714875
 * 13  0.6528  0.753231   0.753231
 * 14  0.7590  0.813214   0.813214
 * 15  1.0000  1.0        1.0
 * </pre>
 */
class BenjaminiHochbergTest {
    private static final double[] PAPER = {0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459,
        0.3240, 0.4262, 0.5719, 0.6528, 0.7590, 1.0000};
    private static final double[] ADJUSTED = {0.0015, 0.003, 0.0095, 0.035625, 0.0603, 0.0298 * 15 / 7,
        0.0298 * 15 / 7, 0.0645, 0.0765, 0.486, 0.4262 * 15 / 11, 0.714875, 0.6528 * 15 / 13, 0.759 * 15 / 14, 1.0};

    @Test
    void paperExample() {
        double[] adj = BenjaminiHochberg.adjust(PAPER);
        for (int i = 0; i < PAPER.length; i++) {
            assertThat(adj[i]).as("p(%d)", i + 1).isCloseTo(ADJUSTED[i], within(1e-12));
        }
        long rejected = java.util.Arrays.stream(adj).filter(p -> p <= 0.05).count();
        assertThat(rejected).isEqualTo(4);
    }

    @Test
    void keepsTheInputOrder() {
        double[] shuffled = {PAPER[9], PAPER[0], PAPER[14], PAPER[3], PAPER[5]};
        double[] adj = BenjaminiHochberg.adjust(shuffled);
        // m = 5: sorted 0.0001 0.0095 0.0278 0.324 1 -> *5/i: 0.0005 0.02375 0.04633 0.405 1.
        assertThat(adj).containsExactly(new double[] {0.405, 0.0005, 1.0, 0.02375, 0.0278 * 5 / 3}, within(1e-12));
    }

    @Test
    void edgeCases() {
        assertThat(BenjaminiHochberg.adjust(new double[0])).isEmpty();
        assertThat(BenjaminiHochberg.adjust(new double[] {0.03})).containsExactly(0.03);
        assertThat(BenjaminiHochberg.adjust(new double[] {0.01, 0.01})).containsExactly(0.01, 0.01);
        assertThatThrownBy(() -> BenjaminiHochberg.adjust(new double[] {0.1, Double.NaN}))
                .hasMessage("p-value 1 (NaN) must be in [0, 1]");
    }
}
