package org.taf.runner.report.output;

import java.util.List;
import org.taf.runner.report.Warnings;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Role;

/**
 * Which engine starts a cell's TPS verdict counted, read from the record as the stats stage left it: the
 * A/B pairs with both sides measured, less the pairs the exclusion rule left out
 * ({@link CellVerdict#excludedPairs()}). So the exports can show every start and say why one did not
 * count; the number counted per side is the verdict's {@code pairs}.
 */
final class CountedIterations {
    private CountedIterations() {}

    /** Why {@code it} (of {@code side} in {@code cell}) does not count in the TPS verdict, or null when it does. */
    static String whyNot(CellRecord cell, Role side, IterationRecord it) {
        if (!it.succeeded()) {
            return "failed: " + Warnings.firstLine(it.failure());
        }
        if (it.samples().isEmpty()) {
            return "no samples measured";
        }
        CellVerdict v = cell.verdict();
        if (v == null) {
            return "not judged";
        }
        if (v.tps() == null) {
            return "no TPS comparison (" + v.verdict().name() + ")";
        }
        Role other = side == Role.PARENT ? Role.PATCH : Role.PARENT;
        List<IterationRecord> others = cell.iterations(other);
        IterationRecord pair = others.stream().filter(o -> o.index() == it.index()).findFirst().orElse(null);
        if (pair == null || !pair.succeeded() || pair.samples().isEmpty()) {
            return "no measured " + other.label() + " iteration " + (it.index() + 1) + " to pair with";
        }
        if (v.excludedPairs().contains(it.index())) {
            List<String> flags = java.util.stream.Stream.concat(it.flags().stream(), pair.flags().stream())
                    .map(Enum::name).distinct().toList();
            return "excluded: pair flagged " + String.join(", ", flags);
        }
        return null;
    }

    /** The starts of {@code side} the TPS verdict counted, in index order. */
    static List<IterationRecord> counted(CellRecord cell, Role side) {
        List<IterationRecord> its = cell.iterations(side);
        return its.stream().filter(it -> whyNot(cell, side, it) == null)
                .sorted(java.util.Comparator.comparingInt(IterationRecord::index)).toList();
    }
}
