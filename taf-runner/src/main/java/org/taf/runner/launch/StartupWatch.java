package org.taf.runner.launch;

import java.util.OptionalInt;

/** What {@link Readiness} needs to know about the engine it waits for. */
public interface StartupWatch {
    /** The exit code once the engine has exited; empty while it runs. */
    OptionalInt exitCode();

    /** The end of the engine's log, formatted for an error message (names the log file). */
    String logTail();
}
