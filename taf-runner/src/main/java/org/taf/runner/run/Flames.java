package org.taf.runner.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.taf.runner.jfr.CollapsedStacks;
import org.taf.runner.jfr.FlameException;
import org.taf.runner.jfr.FlameKind;
import org.taf.runner.jfr.JfrFolder;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.FlameRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.JfrRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.Role;

/**
 * Folds the JFR recordings of a run (key {@code jfr}) into each cell's {@link FlameRecord}s: per
 * side and kind, the stacks of every successful engine start's measured windows, summed, with the
 * transactions of those windows to compare the sides per transaction. Lock waits are folded from the
 * connection threads only: the engine's background threads park while idle, and those waits say
 * nothing about the load. The results then hold all a post needs; the {@code .jfr} files stay beside
 * them for a closer look (JDK Mission Control, {@code jfr print}).
 */
final class Flames {
    /** Stacks kept per side and kind; the rest are summed into one, so that results stay small. */
    static final int MAX_STACKS = 1000;
    /** The engine's connection threads, whose waits are the load's. */
    static final String CONNECTION_THREADS = "engine-connection-";

    private Flames() {}

    /** {@code run} with every cell's recordings folded; unchanged when no iteration has a recording. */
    static RunRecord fold(RunRecord run, Path runDir) {
        boolean any = run.comparisons().stream().flatMap(c -> c.cells().stream())
                .flatMap(c -> java.util.stream.Stream.concat(c.parent().stream(), c.patch().stream()))
                .anyMatch(it -> it.jfr() != null && it.jfr().recording() != null);
        if (!any) {
            return run;
        }
        List<ComparisonRecord> comparisons = new ArrayList<>();
        for (ComparisonRecord c : run.comparisons()) {
            List<CellRecord> cells = new ArrayList<>();
            for (CellRecord cell : c.cells()) {
                List<FlameRecord> flames = new ArrayList<>();
                for (FlameKind kind : FlameKind.values()) {
                    for (Role role : Role.values()) {
                        side(role, kind, cell.iterations(role), runDir, flames);
                    }
                }
                cells.add(cell.withFlames(flames));
            }
            comparisons.add(new ComparisonRecord(c.name(), c.label(), c.parent(), c.patch(), cells));
        }
        return run.withComparisons(comparisons);
    }

    private static void side(Role role, FlameKind kind, List<IterationRecord> its, Path runDir,
                             List<FlameRecord> out) {
        CollapsedStacks all = CollapsedStacks.EMPTY;
        long transactions = 0;
        long events = 0;
        int recordings = 0;
        for (IterationRecord it : its) {
            JfrRecord p = it.jfr();
            if (!it.succeeded() || p == null || p.recording() == null || p.windows().isEmpty()) {
                continue;
            }
            Path file = runDir.resolve(p.recording());
            if (!Files.isRegularFile(file)) {
                continue;
            }
            // One pass over the file: from the first window's start to the last one's end (in alternate
            // mode the engine is idle between its windows, so little falls in the gaps).
            Instant from = p.windows().get(0).from();
            Instant to = p.windows().get(p.windows().size() - 1).to();
            if (!from.isBefore(to)) {
                continue;
            }
            JfrFolder folder = JfrFolder.of(kind).withWindow(from, to);
            if (kind == FlameKind.LOCKS) {
                folder = folder.withThreadPrefix(CONNECTION_THREADS);
            }
            try {
                JfrFolder.Folded f = folder.fold(file);
                all = all.merge(f.stacks());
                events += f.events();
                transactions += it.transactions();
                recordings++;
            } catch (FlameException e) {
                // a recording cut short (the engine was killed): the others still make the graph
            }
        }
        if (recordings == 0 || transactions <= 0) {
            return;
        }
        Map<String, Double> kept = new TreeMap<>();
        List<Map.Entry<String, Double>> heaviest = new ArrayList<>(all.stacks().entrySet());
        heaviest.sort(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder())
                .thenComparing(Map.Entry.comparingByKey()));
        double other = 0;
        for (int i = 0; i < heaviest.size(); i++) {
            if (i < MAX_STACKS) {
                kept.put(heaviest.get(i).getKey(), heaviest.get(i).getValue());
            } else {
                other += heaviest.get(i).getValue();
            }
        }
        int dropped = Math.max(0, heaviest.size() - MAX_STACKS);
        if (dropped > 0) {
            kept.merge(FlameRecord.OTHER, other, Double::sum);
        }
        out.add(new FlameRecord(role, kind.name(), transactions, events, recordings, dropped, kept));
    }
}
