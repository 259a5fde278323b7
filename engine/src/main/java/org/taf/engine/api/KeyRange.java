package org.taf.engine.api;

import java.util.List;

/**
 * A range of keys for a scan of the primary key or of a secondary index. A bound is a prefix of
 * the key's columns: a {@link List} of values for the leading columns, or a single value for the
 * first one. {@code low = [1, 2]} inclusive starts at the first key whose first two columns are
 * (1, 2); exclusive, after the last such key; {@code high} likewise from the other side. A null
 * bound is unbounded on that side. Values are of the columns' types ({@link Long} for integers,
 * {@link String} for text).
 *
 * @param low           lowest key prefix, or null
 * @param lowInclusive  whether keys with the prefix {@code low} are in the range
 * @param high          highest key prefix, or null
 * @param highInclusive whether keys with the prefix {@code high} are in the range
 */
public record KeyRange(Object low, boolean lowInclusive, Object high, boolean highInclusive) {
    /** Every key. */
    public static KeyRange all() {
        return new KeyRange(null, true, null, true);
    }

    /** {@code low <= key <= high}, as in {@code BETWEEN low AND high}. */
    public static KeyRange closed(Object low, Object high) {
        return new KeyRange(low, true, high, true);
    }

    /** Exactly {@code key}, or every key that starts with the prefix {@code key}. */
    public static KeyRange point(Object key) {
        return new KeyRange(key, true, key, true);
    }

    /** The values of a bound: the list itself, or the single value as a list of one. */
    public static List<?> prefix(Object bound) {
        return bound instanceof List<?> l ? l : java.util.Collections.singletonList(bound);
    }
}
