package org.taf.runner.config;

import java.util.List;
import org.taf.runner.stats.Metric;

import static org.taf.runner.config.Checks.percent;

/**
 * The verdict's thresholds, in percent, and the metrics it is decided on ({@code verdict.*}).
 *
 * @param warningPct the smallest change a decided verdict calls (default 3)
 * @param failPct    the drop the plan is sized to catch; the classic verdict's FAIL (default 5), >= warningPct
 * @param gainPct    the classic verdict's GAIN (default 5)
 * @param metrics    metrics that may decide the verdict (default TPS and CPU per transaction)
 * @param counterMarginPct how far a counter per transaction must move to be listed beside the verdict (default 10)
 */
public record VerdictSettings(double warningPct, double failPct, double gainPct, List<Metric> metrics,
                              double counterMarginPct) {
    public VerdictSettings {
        percent("verdict.warning_pct", warningPct);
        percent("verdict.fail_pct", failPct);
        percent("verdict.gain_pct", gainPct);
        metrics = List.copyOf(metrics);
        if (failPct < warningPct) {
            throw new IllegalArgumentException("verdict.fail_pct (" + failPct + ") must be >= verdict.warning_pct ("
                    + warningPct + ")");
        }
    }
}
