package org.taf.engine.config;

import java.util.Objects;

/**
 * One configuration variable, named as MariaDB names it.
 *
 * @param name         lower_snake name, e.g. {@code innodb_buffer_pool_size}
 * @param type         how its value is parsed
 * @param defaultValue the default, as text
 * @param min          smallest allowed value (numeric types)
 * @param max          largest allowed value (numeric types)
 * @param description  one line: what it does, the unit
 * @param effective    false for variables accepted only so that MariaDB configurations load
 *                     (e.g. {@code innodb_doublewrite}); they are shown but change nothing
 */
public record Variable(String name, VariableType type, String defaultValue, double min, double max,
                       String description, boolean effective) {
    public Variable {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(defaultValue, "defaultValue");
        Objects.requireNonNull(description, "description");
    }

    static Variable integer(String name, long def, long min, long max, String description) {
        return new Variable(name, VariableType.INTEGER, Long.toString(def), min, max, description, true);
    }

    static Variable size(String name, String def, long min, long max, String description) {
        return new Variable(name, VariableType.SIZE, def, min, max, description, true);
    }

    static Variable decimal(String name, String def, double min, double max, String description) {
        return new Variable(name, VariableType.DECIMAL, def, min, max, description, true);
    }

    static Variable text(String name, String def, String description) {
        return new Variable(name, VariableType.STRING, def, 0, 0, description, true);
    }

    static Variable path(String name, String def, String description) {
        return new Variable(name, VariableType.PATH, def, 0, 0, description, true);
    }

    static Variable bool(String name, boolean def, String description) {
        return new Variable(name, VariableType.BOOLEAN, def ? "ON" : "OFF", 0, 1, description, true);
    }

    /** The same variable, marked as accepted for compatibility but without effect here. */
    Variable withoutEffect() {
        return new Variable(
                name, type, defaultValue, min, max, description + " (accepted; no effect in this engine)", false);
    }
}
