package org.taf.runner.report.post;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.CountersRecord;
import org.taf.runner.results.IterationRecord;

/**
 * The engine counters that only one side's engine has: a patch that adds a counter along with the
 * code it counts (a parent commit that predates it reports nothing). The stats stage compares a
 * counter only where both sides have it, so these would be missing from "what else changed", and
 * they are often the clearest sign of what the patch does (an rw-latch created per page read: 0.63
 * per transaction, new in the patch). Nothing is compared: the level is the side's count per
 * transaction, pooled over its measured starts.
 */
final class OneSidedCounters {
    private OneSidedCounters() {}

    /**
     * One counter of one side only.
     *
     * @param name    its SHOW STATUS name
     * @param inPatch true when only the patch has it, false when only the parent has it
     * @param perTx   that side's count per transaction
     */
    record Counter(String name, boolean inPatch, double perTx) {}

    /**
     * The counters every measured start of one side reported, that no start of the other side did,
     * and that moved on the side that has them: the patch's first, each side's most frequent first. Empty unless both
     * sides
     * have counters.
     */
    static List<Counter> of(CellRecord cell) {
        List<CountersRecord> parent = counted(cell.parent());
        List<CountersRecord> patch = counted(cell.patch());
        if (parent.isEmpty() || patch.isEmpty()) {
            return List.of();
        }
        List<Counter> out = new ArrayList<>(only(patch, parent, true));
        out.addAll(only(parent, patch, false));
        return out;
    }

    private static List<CountersRecord> counted(List<IterationRecord> side) {
        return side.stream().filter(IterationRecord::succeeded).map(IterationRecord::counters)
                .filter(c -> c != null && c.transactions() > 0).toList();
    }

    private static List<Counter> only(List<CountersRecord> has, List<CountersRecord> lacks, boolean inPatch) {
        Map<String, Long> sums = new TreeMap<>(has.get(0).engine());
        for (CountersRecord c : has.subList(1, has.size())) {
            sums.keySet().retainAll(c.engine().keySet());
            sums.replaceAll((k, v) -> v + c.engine().get(k));
        }
        lacks.forEach(c -> sums.keySet().removeAll(c.engine().keySet()));
        long transactions = has.stream().mapToLong(CountersRecord::transactions).sum();
        List<Counter> out = new ArrayList<>();
        sums.forEach((name, count) -> {
            if (count > 0) {
                out.add(new Counter(name, inPatch, (double) count / transactions));
            }
        });
        out.sort(Comparator.comparingDouble(Counter::perTx).reversed());
        return out;
    }
}
