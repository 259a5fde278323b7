package org.taf.runner.run;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.CountersRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.MeasureMode;
import org.taf.runner.results.SampleRecord;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.CellSamples;
import org.taf.runner.stats.CounterSample;
import org.taf.runner.stats.IterationSample;
import org.taf.runner.stats.Role;

/**
 * One cell's input to the stats stage, grown by one iteration as each is measured: every look of the
 * adaptive loop reads it as it stands instead of rebuilding it from the records. A stored cell is read the
 * same way, iteration by iteration ({@link #of}), so a run judged live and judged from its file agree.
 */
final class LiveSamples {
    private final CellKey cell;
    private final boolean alternating;
    private final List<IterationSample> parent = new ArrayList<>();
    private final List<IterationSample> patch = new ArrayList<>();
    private final List<String> parentFailures = new ArrayList<>();
    private final List<String> patchFailures = new ArrayList<>();
    private final Map<Integer, Integer> parentSequence = new HashMap<>();
    private final Map<Integer, Integer> patchSequence = new HashMap<>();
    private final Set<Integer> patchFirst = new HashSet<>();

    /** An empty cell measured in {@code mode}. */
    LiveSamples(CellKey cell, MeasureMode mode) {
        this.cell = cell;
        this.alternating = mode == MeasureMode.ALTERNATE;
    }

    /** A stored cell's samples, its parent's iterations then its patch's, each in measurement order. */
    static LiveSamples of(CellRecord c) {
        LiveSamples s = new LiveSamples(c.key(), c.mode());
        c.parent().forEach(it -> s.add(Role.PARENT, it));
        c.patch().forEach(it -> s.add(Role.PATCH, it));
        return s;
    }

    /** Adds one measured iteration of {@code role}: its samples, or its failure, which is never a number. */
    void add(Role role, IterationRecord it) {
        boolean isParent = role == Role.PARENT;
        (isParent ? parentSequence : patchSequence).putIfAbsent(it.index(), it.sequence());
        // Pair i is patch-first when the patch's start i ran before the parent's, whichever side came in last.
        Integer parentSeq = parentSequence.get(it.index());
        Integer patchSeq = patchSequence.get(it.index());
        if (parentSeq != null && patchSeq != null && patchSeq < parentSeq) {
            patchFirst.add(it.index());
        }
        if (it.failure() != null || it.samples().isEmpty()) {
            (isParent ? parentFailures : patchFailures).add("iteration " + (it.index() + 1) + ": "
                    + (it.failure() != null ? it.failure() : "no samples measured"));
            return;
        }
        // TPS, or TPROC-C's NOPM: the stats stage compares whichever rate the samples carry.
        double[] tps = it.samples().stream().mapToDouble(SampleRecord::rate).toArray();
        (isParent ? parent : patch).add(new IterationSample(it.index(), tps, it.cpuUsPerTx(), csPerTx(it),
                counters(it), it.flags().stream().map(Enum::name).toList()));
    }

    /** The cell as measured so far. */
    CellSamples samples() {
        return new CellSamples(cell, parent, patch, parentFailures, patchFailures, patchFirst, alternating);
    }

    /** The engine's context switches per transaction of a measured iteration, or null without counters. */
    private static Double csPerTx(IterationRecord it) {
        CountersRecord c = it.counters();
        return c == null || c.transactions() <= 0 || c.contextSwitches() == null ? null
                : (double) c.contextSwitches() / c.transactions();
    }

    /** Every counter of an iteration, engine and process alike, for the comparison per transaction. */
    private static CounterSample counters(IterationRecord it) {
        CountersRecord c = it.counters();
        if (c == null || c.transactions() <= 0) {
            return null;
        }
        Map<String, Long> all = new TreeMap<>(c.engine());
        all.putAll(c.process());
        return new CounterSample(c.transactions(), all);
    }
}
