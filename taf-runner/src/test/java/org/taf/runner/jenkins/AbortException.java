package org.taf.runner.jenkins;

/**
 * Jenkins's {@code hudson.AbortException}: a step failed in the way Jenkins reports with a message
 * and no stack trace ({@code error}, {@code sh} exiting non-zero, a missing stash, ...). Any other
 * exception escaping the Jenkinsfile is a bug in the script, and the test base fails the test on it.
 */
final class AbortException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    AbortException(String message) {
        super(message);
    }
}
