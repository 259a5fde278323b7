package org.taf.runner.launch;

import java.time.Duration;

/**
 * How an engine ended.
 *
 * @param how      graceful, forced, or it had already exited (crashed) before stop was asked
 * @param exitCode the process's exit status; 128 + signal when a signal ended it (143 SIGTERM
 *                 without a handler, 137 SIGKILL)
 * @param took     from the stop request until the process (tree) was gone; zero if it had exited
 */
public record StopResult(How how, int exitCode, Duration took) {

    /** The ways an engine can end. */
    public enum How {
        /** It exited within the shutdown timeout after SIGTERM. */
        GRACEFUL,
        /**
         * It ignored SIGTERM for the whole shutdown timeout (or the wait was interrupted): SIGKILL of its whole tree.
         */
        FORCED,
        /** It had exited before stop was called: a crash during the run. */
        EXITED_BEFORE_STOP
    }
}
