package org.taf.engine.txn;

import java.util.Arrays;

/**
 * A row's identity for locking and for the committed images readers see: the table's space id
 * and the row's encoded primary key (compared by content). The key array must not change.
 */
public final class RowId {
    private final int space;
    private final byte[] key;
    private final int hash;

    /** @param key the encoded primary key; kept, not copied */
    public RowId(int space, byte[] key) {
        this.space = space;
        this.key = key;
        this.hash = 31 * space + Arrays.hashCode(key);
    }

    public int space() {
        return space;
    }

    /** The encoded primary key (do not change it). */
    public byte[] key() {
        return key;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RowId r && r.hash == hash && r.space == space && Arrays.equals(r.key, key);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return "row " + space + ":" + java.util.HexFormat.of().formatHex(key);
    }
}
