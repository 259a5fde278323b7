package org.taf.engine.txn;

/**
 * A row's identity for locking and undo: the table's space id and the primary key.
 *
 * @param space tablespace id of the table
 * @param pk    primary key value
 */
public record RowId(int space, long pk) {
}
