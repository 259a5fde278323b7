package org.taf.runner.workload;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * sysbench's {@code --rand-type} distributions, computed exactly as sysbench's {@code sb_rand.c} does
 * (sysbench 1.0.20 for uniform, special, gaussian and pareto; 1.1 for zipfian, which 1.0.20 lacks), with
 * sysbench's default parameters fixed: rand-spec-iter 12, rand-spec-pct 1, rand-spec-res 75,
 * rand-pareto-h 0.2, rand-zipfian-exp 0.8. Every draw returns a value in [a, b] (a, b non-negative).
 */
public enum RandType {
    /** Every value in [a, b] equally likely. */
    UNIFORM {
        @Override
        long next(RandomSource r, long a, long b) {
            return r.uniform(a, b);
        }
    },
    /**
     * sysbench 1.0.20's default: 75% of draws uniform in the central 1% of [a, b], the rest the mean of 12
     * uniform draws over the whole range.
     */
    SPECIAL {
        @Override
        long next(RandomSource r, long a, long b) {
            double t = b - a;
            double rnd = r.nextDouble();
            if (rnd * (t * SPEC_RES_MULT) < t) {
                double sum = 0;
                for (int i = 0; i < SPEC_ITER; i++) {
                    sum += r.nextDouble();
                }
                return (long) (a + sum * t * (1.0 / SPEC_ITER));
            }
            double d = t * (SPEC_PCT / 100.0);
            // Same operation order as sb_rand_special, so results match bit for bit.
            double res = rnd * (d + 1) + (t / 2 - t * (SPEC_PCT / 200.0));
            return a + (long) res;
        }
    },
    /** The mean of 12 uniform draws: a bell over [a, b] centred on its middle. */
    GAUSSIAN {
        @Override
        long next(RandomSource r, long a, long b) {
            double t = b - a + 1;
            double sum = 0;
            for (int i = 0; i < SPEC_ITER; i++) {
                sum += r.nextDouble() * t;
            }
            return a + (long) (sum * (1.0 / SPEC_ITER));
        }
    },
    /** Pareto with h = 0.2: about 80% of draws in the lowest 20% of the range. */
    PARETO {
        @Override
        long next(RandomSource r, long a, long b) {
            return a + (long) ((b - a + 1) * Math.pow(r.nextDouble(), PARETO_POWER));
        }
    },
    /** Zipf with exponent 0.8 by rejection-inversion (Hörmann and Derflinger 1996): a is the most likely. */
    ZIPFIAN {
        @Override
        long next(RandomSource r, long a, long b) {
            return a + Zipf.sample(r, b - a + 1) - 1;
        }
    };

    /** rand-spec-iter: uniform draws averaged by special and gaussian. */
    static final int SPEC_ITER = 12;
    /** rand-spec-pct: the width, in % of the range, of the hot centre of special. */
    static final int SPEC_PCT = 1;
    /** rand-spec-res: the % of special draws that land in the hot centre. */
    static final int SPEC_RES = 75;
    /** rand-pareto-h. */
    static final double PARETO_H = 0.2;

    private static final double SPEC_RES_MULT = 100.0 / (100.0 - SPEC_RES);
    private static final double PARETO_POWER = Math.log(PARETO_H) / Math.log(1.0 - PARETO_H);

    abstract long next(RandomSource r, long a, long b);

    /** The sysbench spelling: {@code uniform}, {@code special}, ... */
    public String sysbenchName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses a sysbench {@code --rand-type} value (any case).
     *
     * @throws WorkloadException naming the value and the known names
     */
    public static RandType parse(String name) {
        for (RandType t : values()) {
            if (t.sysbenchName().equalsIgnoreCase(name == null ? "" : name.trim())) {
                return t;
            }
        }
        throw new WorkloadException("rand_type (" + name + ") must be one of "
                + Arrays.stream(values()).map(RandType::sysbenchName).collect(Collectors.joining(", ")));
    }
}
