package org.taf.runner.workload.sample;

/**
 * Receives each {@link IntervalSample} as soon as it is measured, on the thread that called
 * {@code workload.LoadGenerator#run}, and decides whether the run goes on. The warm-up stage uses this to stop the
 * load once the engine's CPU has settled. Must return quickly: workers keep running meanwhile.
 */
@FunctionalInterface
public interface SampleListener {
    /** Listens to nothing and never stops the run (it ends at its duration). */
    SampleListener NONE = sample -> Action.CONTINUE;

    Action onSample(IntervalSample sample);

    /** What the run does after a sample. */
    enum Action {
        /** Keep going until the duration ends. */
        CONTINUE,
        /** Stop now: workers finish their current event, connections close, the result is returned. */
        STOP
    }
}
