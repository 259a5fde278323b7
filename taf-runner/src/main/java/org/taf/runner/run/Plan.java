package org.taf.runner.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.taf.runner.config.MeasureOrder;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.workload.Workload;

/**
 * The measurements of a run in the order they are made: per comparison, workload, thread count
 * and iteration, an A/B pair of parent and patch, interleaved so that drift of the host hits both
 * sides alike. With {@code measure.order = random} each pair's order is a seeded coin flip.
 *
 * @param definition the test definition
 * @param steps      the measurements, in order
 */
public record Plan(TestDefinition definition, List<Step> steps) {
    public Plan {
        steps = List.copyOf(steps);
    }

    public static Plan of(TestDefinition def) {
        List<Step> steps = new ArrayList<>();
        Random coin = new Random(def.measure().orderSeed());
        boolean random = def.measure().order() == MeasureOrder.RANDOM;
        for (int c = 0; c < def.comparisons().size(); c++) {
            for (Workload w : def.workload().tests()) {
                for (int threads : def.workload().threads()) {
                    for (int i = 0; i < def.measure().iterations(); i++) {
                        boolean patchFirst = random && coin.nextBoolean();
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
     * A rough length of one measurement, for the progress bar: startup and rest, the warm-up's
     * midpoint between its minimum and maximum, and the measured duration.
     */
    public Duration estimatePerStep() {
        var w = definition.warmup();
        Duration warm = w.enabled() ? w.min().plus(w.max()).dividedBy(2) : Duration.ZERO;
        return Duration.ofSeconds(8).plus(warm).plus(definition.measure().duration());
    }
}
