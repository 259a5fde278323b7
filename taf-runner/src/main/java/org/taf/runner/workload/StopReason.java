package org.taf.runner.workload;

/** Why a load run ended. */
public enum StopReason {
    /** The requested duration elapsed. */
    DURATION,
    /** A {@link SampleListener} returned {@link SampleListener.Action#STOP}. */
    LISTENER,
    /** {@link LoadGenerator#stop()} was called (for example from a shutdown hook on Ctrl-C). */
    STOPPED,
    /** The thread running the load was interrupted. */
    INTERRUPTED
}
