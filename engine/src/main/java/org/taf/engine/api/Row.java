package org.taf.engine.api;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The values of one row, in column order, as {@link ColumnType} says ({@link Long} for the integer
 * types, {@link java.math.BigDecimal} for DECIMAL, {@link String} for text and dates), {@code null}
 * for NULL. Immutable, except for a {@link #view} of an array its owner still changes.
 */
public final class Row {
    private final Object[] values;

    private Row(Object[] values) {
        this.values = values;
    }

    /** A row of the given values (copied). */
    public static Row of(Object... values) {
        return new Row(values.clone());
    }

    /** A row of the given values (copied). */
    public static Row of(List<?> values) {
        return new Row(values.toArray());
    }

    /**
     * A row over {@code values} itself, not a copy: what it holds changes when the array does. For
     * a caller that evaluates expressions over a buffer it refills (a join's combined row); never
     * hand such a row on.
     */
    public static Row view(Object[] values) {
        return new Row(values);
    }

    public Object get(int column) {
        return values[column];
    }

    /** The value of an integer column; fails on NULL. */
    public long getLong(int column) {
        return (Long) values[column];
    }

    public int size() {
        return values.length;
    }

    /** A copy of this row with one value replaced. */
    public Row with(int column, Object value) {
        Object[] copy = values.clone();
        copy[column] = value;
        return new Row(copy);
    }

    public List<Object> values() {
        return Collections.unmodifiableList(Arrays.asList(values));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Row other && Arrays.equals(values, other.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return Arrays.toString(values);
    }
}
