package org.taf.engine.api;

import java.util.Optional;

/**
 * A transaction: reads see committed data and this transaction's own changes (READ COMMITTED);
 * every written row is locked exclusively until commit or rollback. A lock wait that would
 * deadlock aborts this transaction with {@link ErrorCode#LOCK_DEADLOCK}; one that lasts longer
 * than {@code innodb_lock_wait_timeout} fails the statement with {@link ErrorCode#LOCK_WAIT_TIMEOUT}.
 * After a deadlock the transaction is rolled back and only {@link #rollback()} or {@link #close()}
 * may be called. Not thread-safe: one transaction belongs to one session.
 */
public interface Transaction extends AutoCloseable {
    /** The row with the one-column integer primary key {@code pk}, as this transaction may see it. */
    Optional<Row> get(Table table, long pk);

    /**
     * The row whose primary key is {@code key} (one value per key column, in key order, of the
     * columns' types), as this transaction may see it.
     */
    Optional<Row> get(Table table, Object[] key);

    /** Locks the row (even if absent) exclusively, then returns its latest version. */
    Optional<Row> getForUpdate(Table table, long pk);

    /** As {@link #getForUpdate(Table, long)}, for a primary key of any columns. */
    Optional<Row> getForUpdate(Table table, Object[] key);

    /**
     * Inserts a full row (every column, defaults already applied by the caller). A NULL or 0
     * AUTO_INCREMENT key gets the next value. Returns the row's AUTO_INCREMENT key, or 0 when the
     * table has none.
     *
     * @throws EngineException {@link ErrorCode#DUP_ENTRY} if the key exists
     */
    long insert(Table table, Row row);

    /** Replaces the row with key {@code pk} (the key itself must not change). False if absent. */
    boolean update(Table table, long pk, Row row);

    /** Replaces the row with primary key {@code key} (which must not change). False if absent. */
    boolean update(Table table, Object[] key, Row row);

    /** Deletes the row with key {@code pk}. False if absent. */
    boolean delete(Table table, long pk);

    /** Deletes the row with primary key {@code key}. False if absent. */
    boolean delete(Table table, Object[] key);

    /** Rows whose primary key is in {@code range}, in key order. */
    Cursor scan(Table table, KeyRange range, Order order);

    /** Rows whose values of {@code index}'s columns are in {@code range}, ordered by (values, primary key). */
    Cursor scanIndex(Table table, String index, KeyRange range, Order order);

    /**
     * Marks the start of a statement: {@link #rollbackStatement()} undoes what was changed since,
     * and only that (InnoDB's statement rollback, after an error inside a transaction).
     */
    void beginStatement();

    /** Undoes the changes of the statement begun last; the transaction stays open, its row locks stay held. */
    void rollbackStatement();

    void commit();

    void rollback();

    /** True until commit or rollback. */
    boolean isActive();

    /** Rolls back if still active. */
    @Override
    void close();
}
