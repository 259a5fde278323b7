package org.taf.runner.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.taf.runner.config.MeasureOrder;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.stats.Role;
import org.taf.runner.workload.Workload;

/**
 * The measurements of a run in the order they are made: per comparison, workload, thread count
 * and iteration, an A/B pair of parent and patch, interleaved so that drift of the host hits both
 * sides alike. With {@code measure.order = random} each pair's order is a seeded coin flip.
 *
 * @param definition the test definition
 * @param steps      the measurements, in order: pairs of two consecutive steps (parent and patch)
 */
public record Plan(TestDefinition definition, List<Step> steps) {
    public Plan {
        steps = List.copyOf(steps);
        if (steps.size() % 2 != 0) {
            throw new IllegalArgumentException("a plan is A/B pairs: " + steps.size() + " steps");
        }
    }

    /**
     * One A/B pair: an engine start of each side of one cell, in the order they are measured.
     *
     * @param first  measured (or, in alternate mode, started) first
     * @param second the other side
     */
    public record Pair(Step first, Step second) {
        public Pair {
            if (first.role() == second.role() || first.iteration() != second.iteration()
                    || first.comparison() != second.comparison()) {
                throw new IllegalArgumentException("not an A/B pair: " + first + ", " + second);
            }
        }
    }

    /** The planned pairs, in order. */
    public List<Pair> pairs() {
        List<Pair> out = new ArrayList<>();
        for (int i = 0; i < steps.size(); i += 2) {
            out.add(new Pair(steps.get(i), steps.get(i + 1)));
        }
        return out;
    }

    public static Plan of(TestDefinition def) {
        List<Step> steps = new ArrayList<>();
        Random coin = new Random(def.measure().orderSeed());
        boolean random = def.measure().order() == MeasureOrder.RANDOM;
        boolean balanced = def.measure().order() == MeasureOrder.BALANCED;
        for (int c = 0; c < def.comparisons().size(); c++) {
            for (Workload w : def.tests()) {
                for (int threads : def.threads()) {
                    for (int i = 0; i < def.measure().iterations(); i++) {
                        boolean patchFirst = random ? coin.nextBoolean() : balanced && i % 2 == 1;
                        Role first = patchFirst ? Role.PATCH : Role.PARENT;
                        Role second = patchFirst ? Role.PARENT : Role.PATCH;
                        steps.add(new Step(c, first, w, threads, i, steps.size()));
                        steps.add(new Step(c, second, w, threads, i, steps.size()));
                    }
                }
            }
        }
        return new Plan(def, steps);
    }

    /**
     * The two steps of one more A/B pair of a cell, after the planned ones (the adaptive loop): parent
     * then patch (interleaved), the patch first in every other pair of the cell (balanced: by the pair's
     * number), or, with {@code measure.order = random}, in an order from a coin seeded by
     * {@code measure.order_seed} and the pair's position, so a rerun measures in the same order.
     *
     * @param comparison     index of the comparison
     * @param workload       TAF's test name of the cell, one of {@code workload.tests}
     * @param threads        the cell's client threads
     * @param parentIteration the parent's next iteration number (its iterations so far)
     * @param patchIteration  the patch's next iteration number
     * @param sequence       position of the pair's first step in the run's order
     */
    public static Pair extraPair(TestDefinition def, int comparison, String workload, int threads,
                                 int parentIteration, int patchIteration, int sequence) {
        Workload w = def.tests().stream().filter(t -> t.tafName().equals(workload)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("workload " + workload + " is not in workload.tests"));
        boolean patchFirst = switch (def.measure().order()) {
            case RANDOM -> new java.util.SplittableRandom(def.measure().orderSeed() * 31 + sequence).nextBoolean();
            case BALANCED -> Math.min(parentIteration, patchIteration) % 2 == 1;
            case INTERLEAVED -> false;
        };
        Step parent = new Step(comparison, Role.PARENT, w, threads, parentIteration, sequence + (patchFirst ? 1 : 0));
        Step patch = new Step(comparison, Role.PATCH, w, threads, patchIteration, sequence + (patchFirst ? 0 : 1));
        return patchFirst ? new Pair(patch, parent) : new Pair(parent, patch);
    }

}
