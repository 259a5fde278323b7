package org.taf.runner.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;

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
    JIT("jit");

    private final String label;

    WarmupMode(String label) {
        this.label = label;
    }

    /** The name results.json holds. */
    @JsonValue
    public String label() {
        return label;
    }

    /** The mode stored as {@code label}. */
    @JsonCreator
    public static WarmupMode of(String label) {
        return Arrays.stream(values()).filter(m -> m.label.equals(label)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("warm-up mode (" + label + ") must be one of none, settle, tps, jit"));
    }
}
