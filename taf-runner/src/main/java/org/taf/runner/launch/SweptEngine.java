package org.taf.runner.launch;

import java.nio.file.Path;

/**
 * One pid record found by {@link EngineRuntime#sweepLeftovers()} and what was done with it.
 *
 * @param record  the pid file
 * @param pid     the engine pid it names (0 if the file was unreadable)
 * @param outcome what the sweep did
 */
public record SweptEngine(Path record, long pid, Outcome outcome) {

    /** What the sweep did with one record. */
    public enum Outcome {
        /** The engine was still running after its runner died: killed with its whole tree, record removed. */
        KILLED,
        /** The engine had already exited, or its pid now belongs to another program: record removed. */
        GONE,
        /** Its runner is still alive (another TAF run on the same state dir): left alone. */
        OWNED_BY_LIVE_RUNNER,
        /** The file was not a pid record: removed, nothing killed. */
        UNREADABLE
    }
}
