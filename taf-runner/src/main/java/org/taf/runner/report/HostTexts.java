package org.taf.runner.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.IterationRecord.IterationFlag;
import org.taf.runner.results.ProbeRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.StopReason;

/**
 * What the host probe saw over a run, in one sentence shared by the text summary (its {@code host:} line, which CI
 * reads: {@code host: too noisy} marks a run that stopped because the host could not answer now), the Markdown
 * summary, the JUnit XML and the post: quiet throughout, noisy spells (how long the run waited, which pairs were
 * measured in one and what the verdict did with them), or too noisy to answer. From the record alone.
 */
public final class HostTexts {
    private HostTexts() {}

    /** The sentence after "host: ", or null when the run did not probe the host (older runs, host.probe = 0s). */
    public static String of(RunRecord run, Messages m) {
        List<ProbeRecord> probes = run.probes();
        if (probes.isEmpty()) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        for (ComparisonRecord c : run.comparisons()) {
            for (CellRecord cell : c.cells()) {
                var v = cell.verdict();
                if (v != null && v.stopReason() == StopReason.TOO_NOISY) {
                    // The verdict's reason opens with the futility sentence ("the host is too noisy now: ...").
                    String why = v.reason().split("; ", 2)[0].replaceFirst("^the host is too noisy now: ", "");
                    parts.add(m.get("host.stopped", m.get("ref.cell", SummaryRow.labelOf(c), cell.workload(),
                            cell.threads()), why, v.measuredPairs()));
                }
            }
        }
        boolean tooNoisy = !parts.isEmpty();
        if (run.waitedSeconds() >= 0.5) {
            parts.add(m.get("host.waited", duration(run.waitedSeconds())));
        }
        int pairs = 0;
        int spell = 0;
        boolean leftOut = false;
        for (ComparisonRecord c : run.comparisons()) {
            for (CellRecord cell : c.cells()) {
                for (IterationRecord it : cell.parent()) {
                    pairs++;
                    if (it.flags().contains(IterationFlag.NOISY_SPELL)) {
                        spell++;
                        leftOut |= cell.verdict() != null && cell.verdict().excludedPairs().contains(it.index());
                    }
                }
            }
        }
        if (spell > 0) {
            parts.add(m.get("host.spell_pairs", spell, pairs, leftOut ? m.get("host.spell_pairs_left_out")
                    : m.get("host.spell_pairs_kept")));
        }
        if (tooNoisy) {
            return m.get("host.too_noisy", String.join(" ", parts));
        }
        if (!parts.isEmpty()) {
            return m.get("host.spells", String.join(" ", parts));
        }
        double lo = probes.stream().mapToDouble(ProbeRecord::cvPct).min().orElse(0);
        double hi = probes.stream().mapToDouble(ProbeRecord::cvPct).max().orElse(0);
        String cv = Math.round(lo) == Math.round(hi) ? Math.round(hi) + "%"
                : Math.round(lo) + "-" + Math.round(hi) + "%";
        return m.get("host.quiet", probes.size(), cv);
    }

    /** 4m0s, 1m20s, 45s. */
    static String duration(double seconds) {
        long s = Math.round(seconds);
        return s >= 60 ? String.format(Locale.ROOT, "%dm%ds", s / 60, s % 60) : s + "s";
    }
}
