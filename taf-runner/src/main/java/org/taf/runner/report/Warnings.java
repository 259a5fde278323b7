package org.taf.runner.report;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.IterationRecord.IterationFlag;
import org.taf.runner.results.MeasureMode;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SideRecord;
import org.taf.runner.stats.Role;

/**
 * What a reader must know before trusting a run, computed from its records: a run that did not
 * complete, failed builds, builds reused from the cache, iterations that failed, never rested,
 * never settled, ran on a noisy host or counted errors, sides whose iterations disagree by more
 * than the warning threshold, cells too noisy to see a change of the fail threshold, cells whose
 * CPU time per transaction and TPS verdict disagree, and a CPU
 * frequency that was not pinned. Warnings the run recorded itself are added when they say
 * something else. Same record, same list, in plan order.
 */
public final class Warnings {
    private static final int LISTED = 6; // iterations named per warning; the rest are counted
    private final RunRecord run;
    private final Messages m;
    private final Formats f;

    private Warnings(RunRecord run, Messages m) {
        this.run = run;
        this.m = m;
        this.f = new Formats(m.numberLocale());
    }

    /** The warnings of {@code run} in the words of {@code messages}. */
    public static List<String> of(RunRecord run, Messages messages) {
        Warnings w = new Warnings(run, messages);
        List<String> out = w.compute();
        List<String> computedEnglish = messages.edition().equals("en") ? out
                : new Warnings(run, Messages.english()).compute();
        Set<String> all = new LinkedHashSet<>(out);
        run.warnings().stream().filter(r -> !computedEnglish.contains(r)).forEach(all::add);
        return List.copyOf(all);
    }

    /**
     * As {@link #of}, without what is true of the host rather than of this run: a CPU frequency that
     * TAF did not try to pin (no cpufreq on a VM, or a profile that leaves the CPU as it is) is the
     * same on every run there, and a post shows it in its environment section. A pinning that
     * failed stays a warning.
     */
    public static List<String> aboutRun(RunRecord run, Messages messages) {
        List<String> all = of(run, messages);
        if (!constantCpufreq(run)) {
            return all;
        }
        String note = run.environment().cpufreq().note();
        Set<String> hostFacts = new java.util.HashSet<>(List.of(messages.get("warning.cpufreq", note),
                Messages.english().get("warning.cpufreq", note)));
        return all.stream().filter(w -> !hostFacts.contains(w)).toList();
    }

    private static boolean constantCpufreq(RunRecord run) {
        return run.environment() != null && run.environment().cpufreq() != null
                && !run.environment().cpufreq().pinned() && run.environment().cpufreq().note() != null
                && run.environment().cpufreq().note().startsWith("not pinned:");
    }

    private List<String> compute() {
        List<String> out = new ArrayList<>();
        if (run.status() == RunRecord.RunStatus.INTERRUPTED || run.status() == RunRecord.RunStatus.FAILED
                || run.status() == RunRecord.RunStatus.RUNNING) {
            out.add(m.get("warning.run_status", m.get("status." + run.status()),
                    run.failure() == null || run.failure().isBlank() ? "" : ": " + firstLine(run.failure())));
        }
        Set<String> cached = new LinkedHashSet<>();
        Map<IterationFlag, List<String>> flagged = new EnumMap<>(IterationFlag.class);
        List<String> failed = new ArrayList<>();
        List<String> spread = new ArrayList<>();
        List<String> lowPower = new ArrayList<>();
        List<String> cpuDisagrees = new ArrayList<>();
        int iterations = 0;
        double warnPct = run.judgement().warningPct();
        double failPct = run.judgement().failPct();
        for (ComparisonRecord c : run.comparisons()) {
            String label = SummaryRow.labelOf(c);
            for (SideRecord side : new SideRecord[] {c.parent(), c.patch()}) {
                if (SummaryRow.buildFailed(side)) {
                    out.add(m.get("warning.build_failed", label, m.get("role." + side.role().label()),
                            SummaryRow.shortSha(side), firstLine(side.build().failure())));
                } else if (side != null && side.build() != null && side.build().cached()) {
                    cached.add(SummaryRow.shortSha(side));
                }
            }
            for (CellRecord cell : c.cells()) {
                String cellRef = m.get("ref.cell", label, cell.workload(), cell.threads());
                for (Role role : Role.values()) {
                    List<IterationRecord> its = cell.iterations(role);
                    for (IterationRecord it : its) {
                        iterations++;
                        String ref = m.get("ref.iteration", cellRef, m.get("role." + role.label()), it.index() + 1);
                        if (!it.succeeded()) {
                            failed.add(ref + " (" + firstLine(it.failure()) + ")");
                        }
                        for (IterationFlag flag : it.flags()) {
                            flagged.computeIfAbsent(flag, k -> new ArrayList<>())
                                    .add(flag == IterationFlag.HOST_NOISE ? ref + " (" + noise(it) + ")" : ref);
                        }
                    }
                    // In alternate mode a pair's two engines share the level the hour gives: the spread of one side's
                    // starts is not the noise of the comparison, and warning of it would mislead.
                    OptionalDouble s = cell.mode() == MeasureMode.ALTERNATE
                            ? OptionalDouble.empty() : IterationNumbers.spreadPct(its);
                    if (s.isPresent() && s.getAsDouble() > warnPct) {
                        spread.add(m.get("ref.spread", cellRef, m.get("role." + role.label()),
                                f.percent(s.getAsDouble(), 1)));
                    }
                }
                if (cell.verdict() != null && cell.verdict().mdePct() != null && cell.verdict().mdePct() > failPct) {
                    lowPower.add(m.get("ref.mde", cellRef, f.percent(cell.verdict().mdePct(), 1)));
                }
                if (cell.verdict() != null) {
                    cell.verdict().findings()
                            .forEach(x -> cpuDisagrees.add(m.get("warning.cpu_disagrees", cellRef, x)));
                }
            }
        }
        if (!failed.isEmpty()) {
            out.add(m.get("warning.iterations_failed", failed.size(), iterations, list(failed)));
        }
        for (Map.Entry<IterationFlag, List<String>> e : flagged.entrySet()) {
            out.add(m.get("warning.flag." + e.getKey(), e.getValue().size(), iterations, list(e.getValue()),
                    f.percent(run.judgement().hostNoise().maxOtherPct(), 1),
                    f.percent(run.judgement().hostNoise().maxStealPct(), 1)));
        }
        if (!spread.isEmpty()) {
            out.add(m.get("warning.spread", f.percent(warnPct, 1), list(spread)));
        }
        if (!lowPower.isEmpty()) {
            out.add(m.get("warning.low_power", f.percent(failPct, 1), list(lowPower)));
        }
        out.addAll(cpuDisagrees);
        List<String> plannedLow = run.plannedMde().stream().filter(p -> p.mdePct() != null && p.mdePct() > failPct)
                .map(p -> m.get("ref.planned_mde", p.workload() + "@" + p.threads(), f.percent(p.mdePct(), 1),
                        p.pairs())).toList();
        if (!plannedLow.isEmpty()) {
            out.add(m.get("warning.planned_mde", f.percent(failPct, 1), list(plannedLow)));
        }
        if (!cached.isEmpty()) {
            out.add(m.get("warning.builds_cached", String.join(", ", cached)));
        }
        if (run.environment() != null && run.environment().cpufreq() != null && !run.environment().cpufreq().pinned()) {
            out.add(m.get("warning.cpufreq", run.environment().cpufreq().note()));
        }
        if (run.environment() != null && run.environment().cpuIdle() != null
                && run.environment().cpuIdle().startsWith("failed")) {
            // asked to poll and could not: the run measured halting CPUs (and joins their history series)
            out.add(m.get("warning.cpu_idle", run.environment().cpuIdle()));
        }
        return out;
    }

    /** An iteration's mean host noise. */
    private String noise(IterationRecord it) {
        return m.get("ref.noise", f.percent(it.hostNoise().otherPct(), 1), f.percent(it.hostNoise().stealPct(), 1));
    }

    private String list(List<String> refs) {
        if (refs.size() <= LISTED) {
            return String.join("; ", refs);
        }
        return String.join("; ", refs.subList(0, LISTED)) + "; " + m.get("list.more", refs.size() - LISTED);
    }

    public static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).strip();
    }
}
