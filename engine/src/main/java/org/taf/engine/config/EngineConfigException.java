package org.taf.engine.config;

/** A variable that is unknown or has a bad value; the message names the variable, value and rule. */
public class EngineConfigException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public EngineConfigException(String message) {
        super(message);
    }
}
