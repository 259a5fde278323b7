package org.taf.runner.results;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What an engine start's warm-up waited for: the one vocabulary of the warm-up stage's strategies and of the
 * records ({@link IterationRecord.WarmupRecord#mode()}), stored by its {@link #label()}.
 */
public enum WarmupMode {
    /** No warm-up, or one not reached (the engine start failed before it). */
    NONE("none"),
    /** Until the engine's CPU settled; stored as {@code settle}, its name from before the other two. */
    CPU("settle"),
    /** Until the load's throughput settled. */
    TPS("tps"),
    /** Until the JIT compilers went quiet. */
    JIT("jit"),
    /** For a fixed time: a warm-up too short for a settle test (since 2026-12-07). */
    FIXED("fixed");

    private final String label;

    WarmupMode(String label) {
        this.label = label;
    }

    /** The name results.json holds (Jackson reads it back by this name too). */
    @JsonValue
    public String label() {
        return label;
    }
}
