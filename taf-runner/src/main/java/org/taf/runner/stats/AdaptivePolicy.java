package org.taf.runner.stats;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The adaptive loop's decision between pairs, as a pure function (Pinpoint's idea: keep measuring
 * while the answer is "unknown"). A cell stops when its verdict is final (DECIDED) or at
 * {@code maxPairs} measured pairs (MAX_PAIRS). The other cells are candidates; they are served most
 * urgent first (no p-value yet, then the smallest BH-adjusted p of a gating metric: likely changes first) as far as
 * the remaining budget pays {@code perPairCost} each; when it pays for none they stop with
 * BUDGET_SPENT. A candidate whose pairs spread too widely for any answer within the pairs the budget reaches stops
 * with TOO_NOISY ({@link Futility}, with {@code stats.futility}). Without progress (no adaptive loop) they stop with
 * PLANNED_ONLY.
 */
public final class AdaptivePolicy {
    private static final Comparator<CellVerdict> URGENCY = Comparator
            .comparing((CellVerdict v) -> v.gatingP() == null ? -1.0 : v.gatingP())
            .thenComparing(CellVerdict::cell);

    private AdaptivePolicy() {}

    /**
     * Decides whether to add another A/B pair, and to which cells.
     *
     * @param cells    the current verdicts of every cell of the run (stop reasons in them are ignored)
     * @param progress time spent on extra pairs and the cost of one; null when no adaptive loop runs
     * @param o        options: {@code maxPairs} and {@code budget}
     */
    public static AdaptiveDecision next(List<CellVerdict> cells, AdaptiveProgress progress, StatsOptions o) {
        Map<CellKey, StopReason> stops = new LinkedHashMap<>();
        Map<CellKey, Futility.Reach> tooNoisy = new LinkedHashMap<>();
        List<CellVerdict> candidates = new ArrayList<>();
        long affordable = 0;
        if (progress != null) {
            Duration remaining = o.budget().minus(progress.extraElapsed());
            affordable = remaining.isNegative() ? 0 : remaining.toNanos() / progress.perPairCost().toNanos();
        }
        for (CellVerdict v : cells) {
            StopReason r = ownStop(v, o);
            if (r == StopReason.PENDING && progress != null && o.futility()) {
                // The most pairs this cell could reach were the whole remaining budget its own.
                int reachable = (int) Math.min(o.maxPairs(), v.measuredPairs() + affordable);
                Futility.Reach reach = Futility.of(v, reachable, o, true);
                if (reach.futile()) {
                    r = StopReason.TOO_NOISY;
                    tooNoisy.put(v.cell(), reach);
                }
            }
            if (stops.put(v.cell(), r) != null) {
                throw new IllegalArgumentException("cell " + v.cell() + " appears twice");
            }
            if (r == StopReason.PENDING) {
                candidates.add(v);
            }
        }
        candidates.sort(URGENCY);
        List<CellKey> add = new ArrayList<>();
        for (CellVerdict v : candidates) {
            if (add.size() < affordable) {
                add.add(v.cell());
            } else if (affordable == 0) {
                stops.put(v.cell(), progress == null ? StopReason.PLANNED_ONLY : StopReason.BUDGET_SPENT);
            }
        }
        StopReason run = add.isEmpty() ? runStop(stops) : StopReason.PENDING;
        return AdaptiveDecision.of(add, stops, tooNoisy, run, why(add, stops, run, progress, o));
    }

    /** The cell's own reason to stop, or PENDING when it still needs pairs. */
    static StopReason ownStop(CellVerdict v, StatsOptions o) {
        if (v.verdict().isFinal()) {
            return StopReason.DECIDED;
        }
        if (v.measuredPairs() >= o.maxPairs()) {
            return StopReason.MAX_PAIRS;
        }
        return StopReason.PENDING;
    }

    private static StopReason runStop(Map<CellKey, StopReason> stops) {
        for (StopReason r : List.of(StopReason.TOO_NOISY, StopReason.BUDGET_SPENT, StopReason.PLANNED_ONLY,
                StopReason.MAX_PAIRS, StopReason.BETWEEN_THRESHOLDS)) {
            if (stops.containsValue(r)) {
                return r;
            }
        }
        return StopReason.DECIDED;
    }

    private static String why(List<CellKey> add, Map<CellKey, StopReason> stops, StopReason run,
            AdaptiveProgress progress, StatsOptions o) {
        Map<StopReason, Long> counts = stops.values().stream()
                .collect(Collectors.groupingBy(r -> r, () -> new EnumMap<>(StopReason.class), Collectors.counting()));
        String tally = counts.entrySet().stream()
                .map(e -> e.getValue() + " " + e.getKey().name().toLowerCase(Locale.ROOT).replace('_', ' '))
                .collect(Collectors.joining(", "));
        String budget = progress == null ? "no adaptive loop"
                : String.format(Locale.ROOT, "budget %ds, %ds spent, a pair costs %ds", o.budget().toSeconds(),
                        progress.extraElapsed().toSeconds(), progress.perPairCost().toSeconds());
        if (!add.isEmpty()) {
            return String.format(Locale.ROOT, "adding a pair to %d cell(s) (%s); cells: %s", add.size(), budget,
                    tally);
        }
        String head = switch (run) {
            case DECIDED -> "stopped: every cell is decided";
            case TOO_NOISY -> "stopped: the host is too noisy now for the undecided cells";
            case BUDGET_SPENT -> "stopped: budget spent";
            case MAX_PAIRS -> "stopped: undecided cells reached " + o.maxPairs() + " pairs";
            case BETWEEN_THRESHOLDS -> "stopped: the undecided cells lie between thresholds";
            case PLANNED_ONLY -> "stopped: planned pairs only";
            case PENDING -> throw new IllegalStateException("pending without pairs to add");
        };
        return head + " (" + budget + "); cells: " + tally;
    }
}
