package org.taf.runner.stats;

import java.util.Locale;

/**
 * What a cell's verdict is judged on. Each metric is one number per engine start of each side, and
 * is compared over the A/B pairs by the same paired analysis; a definition chooses which may fail
 * the gate ({@code verdict.metrics}).
 */
public enum Metric {
    /** Transactions per second of the measured window (the 10% trimmed mean of its samples): higher is better. */
    TPS(true),
    /**
     * The engine's CPU time per transaction over the measured window, in microseconds: lower is better.
     * Steadier than TPS on a shared host, since host noise stretches wall time, not the engine's own CPU.
     */
    CPU_PER_TX(false),
    /**
     * The engine's context switches (voluntary and involuntary, all its threads) per transaction over the
     * measured window: lower is better. The metric of MDEV-37992 (2.45 against 36 per query): lock
     * contention that 2 CPUs hardly show in TPS shows here.
     */
    CS_PER_TX(false);

    private final boolean higherIsBetter;

    Metric(boolean higherIsBetter) {
        this.higherIsBetter = higherIsBetter;
    }

    /** True when a larger value is an improvement. */
    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    /** The name as written in properties and shown in outputs, e.g. {@code cpu_per_tx}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
