package org.taf.engine.sql.exec;

import java.util.concurrent.atomic.LongAdder;
import org.taf.engine.config.Variables;

/**
 * The calibration knob {@code taf_statement_cpu_work}: a number of rounds of busy CPU work that
 * every statement performs before it runs, so that a power study can inject a known slowdown
 * (1%, 2%, 5% ...) with no code change. One per server, shared by all sessions; changed live by
 * {@code SET GLOBAL taf_statement_cpu_work = N}.
 *
 * <p>Unit: rounds of a xorshift64 step (three shifts and three xors, each depending on the last).
 * A round count rather than nanoseconds, because a fixed amount of work behaves like a real code
 * regression: it costs CPU time, not wall time, it is not stretched when the thread is descheduled
 * on a busy host, and it scales with the clock like the rest of the engine. A round takes about
 * 0.8-0.95 ns on the 2-core development VM; calibrate per machine (docs/benchmarks/power-study.md).
 *
 * <p>At 0 (the default) the cost is one volatile read per statement. The result of the loop is
 * compared with a value it can never take and written to a volatile field if it did, so the JIT must
 * compute every round; it cannot be vectorised or folded because each round depends on the last.
 */
public final class StatementCpuWork {
    /** Largest accepted value, as declared for the variable. */
    public static final long MAX_ROUNDS = (long) Variables.find(Variables.TAF_STATEMENT_CPU_WORK)
            .orElseThrow().max();

    /** Written only if the loop produced 0, which xorshift64 never does from a non-zero state. */
    @SuppressWarnings("unused")
    private static volatile long sink;

    private volatile long rounds;
    private final LongAdder done = new LongAdder();

    private StatementCpuWork(long rounds) {
        set(rounds);
    }

    /** A knob starting at {@code rounds} (the configured value). */
    public static StatementCpuWork of(long rounds) {
        return new StatementCpuWork(rounds);
    }

    /** A knob at 0: no work. */
    public static StatementCpuWork off() {
        return new StatementCpuWork(0);
    }

    /** Rounds each statement burns now. */
    public long rounds() {
        return rounds;
    }

    /**
     * Sets the rounds per statement.
     *
     * @throws IllegalArgumentException naming the variable, the value and the range when out of range
     */
    public void set(long value) {
        if (value < 0 || value > MAX_ROUNDS) {
            throw new IllegalArgumentException(Variables.TAF_STATEMENT_CPU_WORK + " = " + value
                    + ": must be between 0 and " + MAX_ROUNDS);
        }
        rounds = value;
    }

    /** Total rounds burnt since the server started: proof that the work ran (counted only when on). */
    public long roundsDone() {
        return done.sum();
    }

    /** Burns the configured rounds on the calling thread; called once per statement. */
    public void burn() {
        long n = rounds;
        if (n == 0) {
            return;
        }
        long x = spin(n, System.nanoTime());
        if (x == 0) {
            sink = x;
        }
        done.add(n);
    }

    /** {@code n} dependent xorshift64 steps (Marsaglia 2003) from a non-zero state; never returns 0. */
    static long spin(long n, long seed) {
        long x = seed == 0 ? 0x9E3779B97F4A7C15L : seed;
        for (long i = 0; i < n; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }
}
