package org.taf.runner.config;

/**
 * A raw value broke the rule of its {@link ValueType}. The message is only the rule
 * ({@code must be >= 1}); the caller adds the key, the value and the origin.
 */
public final class InvalidValueException extends Exception {
    private static final long serialVersionUID = 1L;

    public InvalidValueException(String rule) {
        super(rule);
    }
}
