package org.taf.runner.warmup;

import java.util.List;
import org.taf.runner.results.WarmupMode;

/**
 * How a {@link LoadSettle} rule ends, kept once for both rules: whether it is over, settled or not, where
 * the warm-up was cut and why. A rule calls {@link #end} once; later samples are then ignored.
 */
abstract class AbstractLoadSettle implements LoadSettle {
    private boolean over;
    private boolean settled;
    private double cutAt;
    private String reason = "not over";

    /** Ends the warm-up at {@code at} seconds, settled or not, for {@code why}; returns true (over). */
    protected final boolean end(boolean ok, double at, String why) {
        over = true;
        settled = ok;
        cutAt = at;
        reason = why;
        return true;
    }

    /** Whether the warm-up is over. */
    public final boolean over() {
        return over;
    }

    /** Whether the warm-up ended settled (false while not over, or at {@code warmup.max}). */
    public final boolean settled() {
        return settled;
    }

    /** Seconds from the start of the load to the end of the warm-up (0 while not over). */
    public final double cutAtSeconds() {
        return cutAt;
    }

    /** One line: why it ended, with the numbers. */
    public final String reason() {
        return reason;
    }

    /** Which warm-up this rule decides. */
    abstract WarmupMode mode();

    /** How the warm-up ended, or where it stands when the load ended before it did. */
    final WarmupTrace trace() {
        return new WarmupTrace(mode(), settled, cutAt, reason, List.of());
    }

    /** A limit as the definition wrote it: 5 for 5.0, 2.5 for 2.5. */
    static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
