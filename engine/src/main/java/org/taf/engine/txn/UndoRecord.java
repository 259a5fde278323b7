package org.taf.engine.txn;

/**
 * One change a transaction made to one index record, with what the record held before
 * (null: the key was absent). Rollback puts {@code before} back, newest change first.
 *
 * @param space  tablespace of the index
 * @param index  0 for the clustered index, 1.. for secondary indexes in schema order
 * @param key    the record's encoded key
 * @param before the record's value before the change, or null if it did not exist
 */
public record UndoRecord(int space, int index, byte[] key, byte[] before) {
}
