package org.taf.runner.workload;

import java.util.Locale;

/**
 * A one-line progress bar for a whole plan: {@code [####......] 42% 3m12s left}. Pure: the caller supplies
 * the planned total and the time elapsed, in seconds.
 */
public final class ProgressBar {
    /** Cells of the bar. */
    public static final int WIDTH = 10;

    private ProgressBar() {}

    /**
     * @param totalSeconds planned length of the plan, &gt; 0
     * @param elapsedSeconds time spent so far, &gt;= 0; values past the total show a full bar and 0s left
     */
    public static String render(long totalSeconds, long elapsedSeconds) {
        if (totalSeconds <= 0) {
            throw new IllegalArgumentException("totalSeconds (" + totalSeconds + ") must be positive");
        }
        if (elapsedSeconds < 0) {
            throw new IllegalArgumentException("elapsedSeconds (" + elapsedSeconds + ") must not be negative");
        }
        long done = Math.min(elapsedSeconds, totalSeconds);
        int filled = (int) (WIDTH * done / totalSeconds); // floor: the bar fills only when a cell is complete
        int percent = (int) (100 * done / totalSeconds);
        return "[" + "#".repeat(filled) + ".".repeat(WIDTH - filled) + "] " + percent + "% "
                + duration(totalSeconds - done) + " left";
    }

    /** 45s, 3m12s, 1h02m05s. */
    public static String duration(long seconds) {
        long h = seconds / 3600;
        long m = seconds % 3600 / 60;
        long s = seconds % 60;
        if (h > 0) {
            return String.format(Locale.ROOT, "%dh%02dm%02ds", h, m, s);
        }
        if (m > 0) {
            return m + "m" + String.format(Locale.ROOT, "%02ds", s);
        }
        return s + "s";
    }
}
