package org.taf.runner.jenkins;

/**
 * Jenkins's {@code org.jenkinsci.plugins.workflow.steps.FlowInterruptedException} as a {@code timeout}
 * step throws it when its time is up: here only when its body waits for an agent that never comes
 * ({@link Agents.NoFreeAgent}), since no time passes in the simulation. A script catches it as any
 * {@code Exception}; uncaught, it fails the build like a Jenkins failure (Jenkins: ABORTED).
 */
final class FlowInterruptedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    FlowInterruptedException(String message) {
        super(message);
    }
}
