package org.taf.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.taf.runner.workload.sample.Counts;
import org.taf.runner.workload.sample.IntervalSample;
import org.taf.runner.workload.sample.LatencySummary;

class LiveLineTest {
    @Test
    void looksExactlyLikeSysbenchs() {
        IntervalSample s = new IntervalSample(10, 1.0, 8, new Counts(1234, 17284, 4938, 2469, 0, 0, 0),
                new LatencySummary(1, 8.13, 9, 10), false);
        assertThat(LiveLine.format(s)).isEqualTo("[ 10s ] thds: 8 tps: 1234.00 qps: 24691.00 "
                + "(r/w/o: 17284.00/4938.00/2469.00) lat (ms,95%): 8.13 err/s: 0.00 reconn/s: 0.00");
    }

    @Test
    void ratesUseTheMeasuredIntervalAndTwoDecimals() {
        IntervalSample s = new IntervalSample(2, 3.0, 2, new Counts(10, 140, 1, 20, 1, 2, 0),
                new LatencySummary(0.1, 0.456, 1, 2), false);
        assertThat(LiveLine.format(s)).isEqualTo("[ 2s ] thds: 2 tps: 3.33 qps: 53.67 (r/w/o: 46.67/0.33/6.67) "
                + "lat (ms,95%): 0.46 err/s: 0.33 reconn/s: 0.67");
    }

    @Test
    void ignoresTheDefaultLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            IntervalSample s =
                    new IntervalSample(1, 1.0, 1, new Counts(1, 1, 0, 0, 0, 0,
                            0), new LatencySummary(1.5, 1.5, 1.5, 1.5), false);
            assertThat(LiveLine.format(s)).contains("tps: 1.00").contains("lat (ms,95%): 1.50");
        } finally {
            Locale.setDefault(saved);
        }
    }
}
