package org.taf.engine.sql.exec;

/**
 * One range of key values a WHERE clause allows, with compiled bounds: {@code col = v} is a point,
 * {@code col BETWEEN a AND b} a closed range, {@code col < v} a range open below (null bound).
 */
record KeySpec(Eval low, boolean lowInclusive, Eval high, boolean highInclusive) {
    static KeySpec point(Eval value) {
        return new KeySpec(value, true, value, true);
    }

    boolean isPoint() {
        return low == high && low != null;
    }
}
