package org.taf.engine.api;

/**
 * A range of keys for a scan: of the primary key ({@link Long} bounds) or of a secondary index's
 * column (a {@link Long} or {@link String} bound). A null bound is unbounded on that side.
 *
 * @param low           lowest key, or null
 * @param lowInclusive  whether {@code low} itself is in the range
 * @param high          highest key, or null
 * @param highInclusive whether {@code high} itself is in the range
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

    /** Exactly {@code key}. */
    public static KeyRange point(Object key) {
        return new KeyRange(key, true, key, true);
    }
}
