package org.taf.runner.warmup;

import org.taf.runner.TafException;

/**
 * The engine's CPU could not be sampled: its process disappeared during rest or warm-up, or
 * {@code /proc} could not be read. The message names the pid and the file.
 */
public class WarmupException extends TafException {
    private static final long serialVersionUID = 1L;

    public WarmupException(String message) {
        super(message);
    }

    public WarmupException(String message, Throwable cause) {
        super(message, cause);
    }
}
