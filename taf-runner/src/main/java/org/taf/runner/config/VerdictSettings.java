package org.taf.runner.config;

import static org.taf.runner.config.Checks.percent;

/**
 * TAF's thresholds on the median-TPS ratio of patch to parent ({@code verdict.*}), in percent.
 *
 * @param warningPct a drop of at least this is a warning (default 3)
 * @param failPct    a drop of at least this is a regression (default 5), >= warningPct
 * @param gainPct    a rise of at least this is an improvement (default 5)
 */
public record VerdictSettings(double warningPct, double failPct, double gainPct) {
    public VerdictSettings {
        percent("verdict.warning_pct", warningPct);
        percent("verdict.fail_pct", failPct);
        percent("verdict.gain_pct", gainPct);
        if (failPct < warningPct) {
            throw new IllegalArgumentException("verdict.fail_pct (" + failPct + ") must be >= verdict.warning_pct ("
                    + warningPct + ")");
        }
    }
}
