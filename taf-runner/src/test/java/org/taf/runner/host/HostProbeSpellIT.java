package org.taf.runner.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.results.ProbeRecord;
import org.taf.runner.sys.QuotaSpell;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.Ticker;

/**
 * The host probe on this host, in a reproduced noisy spell: the probing thread in a CPU cgroup whose quota switches
 * between a tenth of a CPU and no limit every 0.3 to 1.2 s. A spell must read as one (capacity down or the slices
 * spread), and clearly apart from the same host outside it.
 */
class HostProbeSpellIT {
    private static final PrintStream NOWHERE = new PrintStream(OutputStream.nullOutputStream());

    @Test
    void aReproducedSpellReadsNoisy() {
        assertThat(QuotaSpell.available()).as("a writable CPU cgroup (root, as CI runs)").isTrue();
        QuietWait quiet = new QuietWait(HostOptions.DEFAULTS, HostProbe.system(Clock.systemUTC()), List.of(),
                Sleeper.system(), Ticker.system(), NOWHERE);
        List<ProbeRecord> outside = new ArrayList<>();
        for (int i = 0; i < QuietWait.MIN_HISTORY; i++) {
            outside.add(quiet.read(-1)); // also the history the spell's capacity is judged against
        }
        List<ProbeRecord> inside = new ArrayList<>();
        try (QuotaSpell spell = QuotaSpell.start("taf-probe-spell-" + ProcessHandle.current().pid(), 0.1,
                Duration.ofMillis(300), Duration.ofMillis(1200), 44)) {
            spell.addThisThread();
            try {
                for (int i = 0; i < 8; i++) {
                    inside.add(quiet.read(-1));
                }
            } finally {
                spell.removeThisThread();
            }
        }
        String seen = "outside " + outside.stream().map(ProbeRecord::describe).toList() + ", inside "
                + inside.stream().map(ProbeRecord::describe).toList();
        System.out.println("HostProbeSpellIT: " + seen);
        // Stated bounds: at least 7 of 8 readings in the spell are noisy; in them the slices spread at least 20%
        // (half the time at a tenth of a CPU), or the rate is at most 70% of the best.
        assertThat(inside.stream().filter(r -> !r.quiet()).count()).as(seen).isGreaterThanOrEqualTo(7);
        assertThat(inside).as(seen).allSatisfy(r -> assertThat(r.cvPct() >= 20
                || r.capacityPct() != null && r.capacityPct() <= 70).isTrue());
        // Outside the spell the same host reads steadier: whatever this host's own noise, a tenth of a CPU is more.
        assertThat(median(outside)).as(seen).isLessThan(median(inside) / 2);
    }

    private static double median(List<ProbeRecord> readings) {
        List<Double> cv = readings.stream().map(ProbeRecord::cvPct).sorted().toList();
        return cv.get(cv.size() / 2);
    }
}
