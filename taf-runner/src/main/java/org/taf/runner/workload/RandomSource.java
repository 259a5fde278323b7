package org.taf.runner.workload;

/**
 * sysbench's per-thread pseudo-random source: xoroshiro128+ (rotations 55/14/36, as in sysbench 1.0.20)
 * turned into doubles in [0, 1) the way {@code sb_rand_uniform_double} does, plus the integer draws the Lua
 * scripts use ({@code sysbench.rand.uniform}, {@code sysbench.rand.default}, {@code sysbench.rand.string}).
 *
 * <p>sysbench seeds each thread from libc {@code random()}; we seed from the run's seed and the thread index
 * through SplitMix64 instead, so that a (seed, thread) pair always yields the same stream. Not thread-safe:
 * one instance per worker thread.
 */
public final class RandomSource {
    private static final long SPLITMIX_GAMMA = 0x9E3779B97F4A7C15L;

    private final RandType defaultType;
    private long s0;
    private long s1;

    private RandomSource(long s0, long s1, RandType defaultType) {
        if (s0 == 0 && s1 == 0) {
            s1 = SPLITMIX_GAMMA; // xoroshiro must never be all-zero
        }
        this.s0 = s0;
        this.s1 = s1;
        this.defaultType = defaultType;
    }

    /**
     * The stream of one worker thread.
     *
     * @param seed the run's seed (any value, 0 included)
     * @param stream the thread index (or table number for data loading), so streams differ
     * @param defaultType the distribution {@link #next(long, long)} draws from ({@code --rand-type})
     */
    public static RandomSource of(long seed, int stream, RandType defaultType) {
        long x = seed + SPLITMIX_GAMMA * (2L * stream + 1);
        long a = splitMix64(x);
        long b = splitMix64(x + SPLITMIX_GAMMA);
        return new RandomSource(a, b, defaultType);
    }

    /** A stream from an explicit xoroshiro128+ state, to replay a state sysbench itself used. */
    static RandomSource ofState(long s0, long s1, RandType defaultType) {
        return new RandomSource(s0, s1, defaultType);
    }

    private static long splitMix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The next raw 64-bit output of xoroshiro128+. */
    public long nextLong() {
        long a = s0;
        long b = s1;
        long result = a + b;
        b ^= a;
        s0 = Long.rotateLeft(a, 55) ^ b ^ (b << 14);
        s1 = Long.rotateLeft(b, 36);
        return result;
    }

    /** A double in [0, 1): the top 52 bits as the mantissa of a number in [1, 2), minus 1. */
    public double nextDouble() {
        return Double.longBitsToDouble(0x3FFL << 52 | nextLong() >>> 12) - 1.0;
    }

    /** {@code sysbench.rand.uniform(a, b)}: uniform in [a, b]. */
    public long uniform(long a, long b) {
        return (long) (a + nextDouble() * (b - a + 1));
    }

    /** {@code sysbench.rand.default(a, b)}: a value in [a, b] from the run's {@code rand_type}. */
    public long next(long a, long b) {
        return defaultType.next(this, a, b);
    }

    /** {@code sysbench.rand.string(template)}: each '#' becomes a random digit, each '@' a random letter. */
    public String string(String template) {
        char[] out = template.toCharArray();
        for (int i = 0; i < out.length; i++) {
            if (out[i] == '#') {
                out[i] = (char) uniform('0', '9');
            } else if (out[i] == '@') {
                out[i] = (char) uniform('a', 'z');
            }
        }
        return new String(out);
    }
}
