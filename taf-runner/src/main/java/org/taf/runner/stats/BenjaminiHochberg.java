package org.taf.runner.stats;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Benjamini-Hochberg step-up adjustment (Benjamini &amp; Hochberg 1995), which keeps the expected share
 * of false discoveries among the cells declared changed at or below the FDR. Commons Math has no
 * multiple-testing procedure, so this is the textbook formula: with the m p-values sorted ascending,
 * {@code adjusted(i) = min over j >= i of min(1, p(j) * m / j)}; a hypothesis is rejected at FDR q
 * exactly when its adjusted p is {@code <= q} (the same numbers as R's {@code p.adjust(p, "BH")}).
 */
public final class BenjaminiHochberg {
    private BenjaminiHochberg() {}

    /**
     * Adjusted p-values, in the order of the input.
     *
     * @param p raw p-values, each in [0, 1]; may be empty
     * @return BH-adjusted p-values, each in [0, 1] and {@code >=} its raw value
     */
    public static double[] adjust(double[] p) {
        int m = p.length;
        for (int i = 0; i < m; i++) {
            if (!(p[i] >= 0 && p[i] <= 1)) {
                throw new IllegalArgumentException("p-value " + i + " (" + p[i] + ") must be in [0, 1]");
            }
        }
        Integer[] order = IntStream.range(0, m).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble(i -> p[i])); // stable: ties keep input order
        double[] adjusted = new double[m];
        double running = 1.0;
        for (int rank = m; rank >= 1; rank--) {
            int i = order[rank - 1];
            running = Math.min(running, p[i] * m / rank);
            adjusted[i] = running;
        }
        return adjusted;
    }
}
