package org.taf.runner.config;

import java.util.Locale;

/** sysbench's {@code --rand-type}: how row ids are drawn. TAF-style runs use {@link #UNIFORM}. */
public enum RandType {
    UNIFORM, SPECIAL, GAUSSIAN, PARETO, ZIPFIAN;

    /** The name as written in properties and sysbench, lower case. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
