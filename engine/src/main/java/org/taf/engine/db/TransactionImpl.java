package org.taf.engine.db;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.taf.engine.api.Cursor;
import org.taf.engine.api.EngineException;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.api.KeyRange;
import org.taf.engine.api.Order;
import org.taf.engine.api.Row;
import org.taf.engine.api.Table;
import org.taf.engine.api.TableSchema;
import org.taf.engine.api.Transaction;
import org.taf.engine.btree.KeyCodec;
import org.taf.engine.btree.Mutation;
import org.taf.engine.log.Mtr;
import org.taf.engine.log.RedoRecord;
import org.taf.engine.txn.RowId;
import org.taf.engine.txn.Trx;
import org.taf.engine.txn.UndoRecord;

/**
 * A transaction over the engine's tables. Every change: lock the row, publish the committed
 * image for readers, change the clustered record (stamped with this transaction's id), then the
 * secondary-index entries; each change is one mini-transaction that also logs its undo. Commit
 * logs a commit record, makes the changes visible by leaving the active set, purges the records
 * it delete-marked, releases the locks and then waits for the log to be durable as
 * innodb_flush_log_at_trx_commit asks (locks are released first, as in InnoDB: a transaction that
 * waits for them commits later in the log, so it cannot be durable without this one). A
 * transaction that changed nothing writes no log at all.
 */
final class TransactionImpl implements Transaction {
    private final StorageEngine engine;
    private final Trx trx;
    private final Map<TableMdl, Boolean> mdls = new IdentityHashMap<>();
    private boolean active = true;
    /** Undo records before the current statement ({@link #beginStatement}). */
    private int statementStart;

    TransactionImpl(StorageEngine engine, Trx trx) {
        this.engine = engine;
        this.trx = trx;
    }

    long id() {
        return trx.id();
    }

    @Override
    public Optional<Row> get(Table table, long pk) {
        TableImpl t = read(table);
        return found(lookup(t, longKey(t, pk)));
    }

    @Override
    public Optional<Row> get(Table table, Object[] key) {
        TableImpl t = read(table);
        return found(lookup(t, fullKey(t, key)));
    }

    @Override
    public Optional<Row> getForUpdate(Table table, long pk) {
        TableImpl t = read(table);
        byte[] key = longKey(t, pk);
        lock(t, key);
        return found(lookup(t, key));
    }

    @Override
    public Optional<Row> getForUpdate(Table table, Object[] key) {
        TableImpl t = read(table);
        byte[] k = fullKey(t, key);
        lock(t, k);
        return found(lookup(t, k));
    }

    private Optional<Row> found(Row row) {
        if (row != null) {
            engine.rowsRead.increment();
        }
        return Optional.ofNullable(row);
    }

    /** The key of a one-column integer primary key. */
    private static byte[] longKey(TableImpl t, long pk) {
        if (!t.primaryKey.singleLong) {
            throw new IllegalArgumentException(t + " has a primary key of " + t.primaryKey.parts()
                    + " columns or of a non-integer column: pass the key's values");
        }
        return KeyCodec.encodeLong(pk);
    }

    /** The key of a whole primary key's values. */
    private static byte[] fullKey(TableImpl t, Object[] key) {
        if (key.length != t.primaryKey.parts()) {
            throw new IllegalArgumentException(t + " has a primary key of " + t.primaryKey.parts() + " columns, not "
                    + key.length);
        }
        return t.primaryKey.encodeValues(Arrays.asList(key));
    }

    /** The version of the row with primary key {@code key} this transaction sees, or null. */
    Row lookup(TableImpl t, byte[] key) {
        Row[] out = new Row[1];
        t.clustered.get(key, (page, ko, kl, vo, vl) -> {
            out[0] = visible(t, key, page, ko, kl, vo);
            return true;
        });
        return out[0];
    }

    /**
     * Decides, under the leaf's S latch, what this transaction sees of a clustered record: its own
     * or a committed version as stored, or the committed image kept by the active writer. The
     * record's key is {@code key}, or (null) the bytes at {@code ko} in the page, copied only when
     * an active writer's image is needed.
     */
    Row visible(TableImpl t, byte[] key, byte[] page, int ko, int kl, int vo) {
        List<org.taf.engine.api.Column> columns = t.schema().columns();
        long writer = RowFormat.trxId(page, vo);
        if (writer != trx.id()) {
            Trx other = engine.trxSys.active(writer);
            if (other != null) {
                byte[] image = other.committedImage(t.spaceId(),
                        key != null ? key : Arrays.copyOfRange(page, ko, ko + kl));
                if (image != Trx.UNCHANGED) {
                    return image == null || RowFormat.isDeleteMarked(image, 0) ? null
                            : RowFormat.decode(columns, image, 0);
                }
            }
        }
        return RowFormat.isDeleteMarked(page, vo) ? null : RowFormat.decode(columns, page, vo);
    }

    @Override
    public long insert(Table table, Row row) {
        TableImpl t = write(table);
        TableSchema schema = t.schema();
        Row r = RowFormat.validate(schema.columns(), row);
        int auto = t.autoIncrementColumn;
        long autoValue = 0;
        if (auto >= 0) {
            Object v = r.get(auto);
            if (v == null || (Long) v == 0L) {
                autoValue = t.nextAutoInc.getAndIncrement();
                r = r.with(auto, autoValue);
            } else {
                autoValue = (Long) v;
                t.nextAutoInc.accumulateAndGet(autoValue + 1, Math::max);
            }
        }
        for (int c : t.primaryKey.columns) {
            if (r.get(c) == null) {
                throw new EngineException(ErrorCode.BAD_NULL, "Column '" + schema.columns().get(c).name()
                        + "' cannot be null");
            }
        }
        byte[] key = t.primaryKey.encode(r);
        byte[][] entries = indexKeys(t, r, key);
        lock(t, key);
        byte[] value = RowFormat.encode(schema.columns(), r, trx.id());
        Row inserted = r;
        changeClustered(t, key, current -> {
            if (current != null && !RowFormat.isDeleteMarked(current, 0)) {
                throw new EngineException(ErrorCode.DUP_ENTRY, "Duplicate entry '" + keyText(t, inserted)
                        + "' for key 'PRIMARY'");
            }
            return Mutation.put(value);
        });
        for (int i = 0; i < entries.length; i++) {
            putEntry(t, i + 1, entries[i], false);
        }
        engine.rowsInserted.increment();
        return autoValue;
    }

    /** The key's values as MariaDB names them in a duplicate-key error: joined by '-'. */
    private static String keyText(TableImpl t, Row r) {
        StringBuilder b = new StringBuilder();
        for (int c : t.primaryKey.columns) {
            b.append(b.length() == 0 ? "" : "-").append(r.get(c));
        }
        return b.toString();
    }

    @Override
    public boolean update(Table table, long pk, Row row) {
        TableImpl t = write(table);
        return update(t, longKey(t, pk), row);
    }

    @Override
    public boolean update(Table table, Object[] key, Row row) {
        TableImpl t = write(table);
        return update(t, fullKey(t, key), row);
    }

    private boolean update(TableImpl t, byte[] key, Row row) {
        TableSchema schema = t.schema();
        Row r = RowFormat.validate(schema.columns(), row);
        boolean nullKey = false;
        for (int c : t.primaryKey.columns) {
            nullKey |= r.get(c) == null;
        }
        if (nullKey || !Arrays.equals(t.primaryKey.encode(r), key)) {
            throw new EngineException(ErrorCode.NOT_SUPPORTED_YET,
                    "This version of the engine doesn't yet support changing the primary key "
                            + "(to " + keyText(t, r) + ")");
        }
        byte[][] entries = indexKeys(t, r, key);
        lock(t, key);
        byte[] value = RowFormat.encode(schema.columns(), r, trx.id());
        boolean[] found = new boolean[1];
        byte[] before = changeClustered(t, key, current -> {
            if (current == null || RowFormat.isDeleteMarked(current, 0)) {
                return Mutation.NONE;
            }
            found[0] = true;
            return Mutation.put(value);
        });
        if (!found[0]) {
            return false;
        }
        Row old = RowFormat.decode(schema.columns(), before, 0);
        for (int i = 0; i < t.indexes.size(); i++) {
            KeyLayout layout = t.indexes.get(i).layout();
            if (!sameValues(layout.columns, old, r)) {
                markEntry(t, i + 1, layout.encode(old, key));
                putEntry(t, i + 1, entries[i], false);
            }
        }
        engine.rowsUpdated.increment();
        return true;
    }

    private static boolean sameValues(int[] columns, Row a, Row b) {
        for (int c : columns) {
            if (!java.util.Objects.equals(a.get(c), b.get(c))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean delete(Table table, long pk) {
        TableImpl t = write(table);
        return delete(t, longKey(t, pk));
    }

    @Override
    public boolean delete(Table table, Object[] key) {
        TableImpl t = write(table);
        return delete(t, fullKey(t, key));
    }

    private boolean delete(TableImpl t, byte[] key) {
        lock(t, key);
        long me = trx.id();
        boolean[] found = new boolean[1];
        byte[] before = changeClustered(t, key, current -> {
            if (current == null || RowFormat.isDeleteMarked(current, 0)) {
                return Mutation.NONE;
            }
            found[0] = true;
            return Mutation.put(RowFormat.deleteMarked(current, me));
        });
        if (!found[0]) {
            return false;
        }
        Row old = RowFormat.decode(t.schema().columns(), before, 0);
        for (int i = 0; i < t.indexes.size(); i++) {
            markEntry(t, i + 1, t.indexes.get(i).layout().encode(old, key));
        }
        engine.rowsDeleted.increment();
        return true;
    }

    private static long trxIdOf(byte[] value) {
        return RowFormat.trxId(value, 0);
    }

    /**
     * Changes the clustered record of {@code key} as {@code decide} says and logs the undo; returns
     * the value before the change (null if absent). The committed image is published for readers
     * inside the decision, before the page changes.
     */
    private byte[] changeClustered(TableImpl t, byte[] key, java.util.function.Function<byte[], Mutation> decide) {
        byte[][] before = new byte[1][];
        Mtr mtr = engine.mtr(true);
        try {
            Mutation m = t.clustered.modify(mtr, key, current -> {
                Mutation d = decide.apply(current);
                if (d.kind() != Mutation.Kind.NONE) {
                    before[0] = current;
                    // Only the first call per row counts (the committed version); later ones are no-ops.
                    trx.rememberCommitted(t.spaceId(), key, current);
                }
                return d;
            });
            if (m.kind() != Mutation.Kind.NONE) {
                logChange(mtr, new UndoRecord(t.spaceId(), 0, key, before[0]));
            }
        } finally {
            mtr.commit(); // what was changed is logged even if the modifier refused midway (it changes nothing then)
        }
        return before[0];
    }

    /**
     * Commits the change's mini-transaction with its undo record, and appends the undo to the
     * list, both under the transaction's monitor (see {@link Trx}).
     */
    private void logChange(Mtr mtr, UndoRecord u) {
        mtr.undo(trx.id(), u);
        synchronized (trx) {
            if (trx.firstUndoLsn() == 0) {
                // Pinned before the block gets its LSN (which can only be larger): once the page is
                // released it may be flushed at once, and a checkpoint must not pass the undo meanwhile.
                trx.undoMoved(engine.currentLsn());
            }
            mtr.commit();
            trx.logUndo(u, mtr.startLsn());
        }
    }

    /** Inserts (or un-delete-marks) a secondary-index entry stamped with this transaction. */
    private void putEntry(TableImpl t, int index, byte[] key, boolean deleteMarked) {
        byte[] value = RowFormat.indexEntry(trx.id(), deleteMarked);
        byte[][] before = new byte[1][];
        Mtr mtr = engine.mtr(true);
        try {
            t.tree(index).modify(mtr, key, current -> {
                before[0] = current;
                return Mutation.put(value);
            });
            logChange(mtr, new UndoRecord(t.spaceId(), index, key, before[0]));
        } finally {
            mtr.commit();
        }
    }

    /** Delete-marks a secondary-index entry (purged when this transaction commits). */
    private void markEntry(TableImpl t, int index, byte[] key) {
        byte[] value = RowFormat.indexEntry(trx.id(), true);
        byte[][] before = new byte[1][];
        Mtr mtr = engine.mtr(true);
        try {
            Mutation m = t.tree(index).modify(mtr, key, current -> {
                before[0] = current;
                return current == null ? Mutation.NONE : Mutation.put(value);
            });
            if (m.kind() != Mutation.Kind.NONE) {
                logChange(mtr, new UndoRecord(t.spaceId(), index, key, before[0]));
            }
        } finally {
            mtr.commit();
        }
    }

    /**
     * The secondary-index keys of a row, each checked to fit in a page before anything is changed
     * (and the primary key's).
     */
    private byte[][] indexKeys(TableImpl t, Row r, byte[] key) {
        int max = org.taf.engine.page.IndexPage.maxRecord(engine.pageSize()) - RowFormat.HEADER;
        if (key.length > max) {
            throw new EngineException(ErrorCode.TOO_BIG_ROWSIZE, "Primary key of " + key.length
                    + " bytes exceeds the maximum of " + max);
        }
        byte[][] keys = new byte[t.indexes.size()][];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = t.indexes.get(i).layout().encode(r, key);
            if (keys[i].length > max) {
                throw new EngineException(ErrorCode.TOO_BIG_ROWSIZE, "Index key of " + keys[i].length + " bytes for '"
                        + t.indexes.get(i).schema().name() + "' exceeds the maximum of " + max);
            }
        }
        return keys;
    }

    @Override
    public Cursor scan(Table table, KeyRange range, Order order) {
        TableImpl t = read(table);
        byte[][] b = bounds(t.primaryKey, range);
        return b == null ? EMPTY : new TransactionCursors.Primary(this, t, b[0], b[1], order);
    }

    @Override
    public Cursor scanIndex(Table table, String index, KeyRange range, Order order) {
        TableImpl t = read(table);
        TableImpl.Index ix = t.index(index);
        byte[][] b = bounds(ix.layout(), range);
        return b == null ? EMPTY : new TransactionCursors.Secondary(this, t, ix, b[0], b[1], order);
    }

    /**
     * The byte bounds of a range of key prefixes: {low inclusive, high exclusive}, each null if
     * unbounded; null if the range is empty. Keys with a prefix P are [P, successor(P)).
     */
    private static byte[][] bounds(KeyLayout layout, KeyRange range) {
        byte[] low = null;
        byte[] high = null;
        if (range.low() != null) {
            byte[] p = layout.encodeValues(KeyRange.prefix(range.low()));
            low = range.lowInclusive() ? p : KeyCodec.successor(p);
            if (low == null) {
                return null;
            }
        }
        if (range.high() != null) {
            byte[] p = layout.encodeValues(KeyRange.prefix(range.high()));
            high = range.highInclusive() ? KeyCodec.successor(p) : p;
        }
        return new byte[][] {low, high};
    }

    private static final Cursor EMPTY = new Cursor() {
        @Override
        public Row next() {
            return null;
        }

        @Override
        public void close() {
        }
    };

    @Override
    public void beginStatement() {
        checkActive();
        statementStart = trx.undoSize();
    }

    @Override
    public void rollbackStatement() {
        if (!active || trx.undoSize() <= statementStart) {
            return;
        }
        undo(statementStart);
        Mtr mtr = engine.mtr(false);
        mtr.undoTruncate(trx.id(), statementStart);
        synchronized (trx) {
            mtr.commit();
            trx.truncateUndo(statementStart);
        }
    }

    /** Puts back the before-images of undo records [{@code from}, n), newest first. */
    private void undo(int from) {
        List<UndoRecord> undo = trx.undo();
        for (int i = undo.size() - 1; i >= from; i--) {
            UndoRecord u = undo.get(i);
            TableImpl t = engine.tableBySpace(u.space());
            if (t == null) {
                continue;
            }
            engine.applyUndo(t, u, engine.mtr(false));
        }
    }

    @Override
    public void commit() {
        checkActive();
        active = false;
        boolean wrote = trx.undoSize() > 0;
        long commitLsn = 0;
        if (wrote) {
            // Logged before the changes become visible: nobody can build on a commit the log lacks.
            Mtr mtr = engine.mtr(false);
            mtr.trxEnd(RedoRecord.TRX_COMMIT, trx.id());
            synchronized (trx) {
                commitLsn = mtr.commit();
                trx.finished();
            }
        }
        engine.trxSys.end(trx);
        try {
            purge();
        } finally {
            finish();
            if (wrote) {
                engine.commitDurable(commitLsn);
            }
        }
    }

    /** Removes the records this transaction delete-marked: nobody can see them any more. */
    private void purge() {
        long me = trx.id();
        Set<String> done = new LinkedHashSet<>();
        for (UndoRecord u : trx.undo()) {
            if (!done.add(u.space() + ":" + u.index() + ":" + Arrays.toString(u.key()))) {
                continue;
            }
            TableImpl t = engine.tableBySpace(u.space());
            if (t == null) {
                continue;
            }
            try (Mtr mtr = engine.mtr(false)) {
                t.tree(u.index())
                        .modify(
                                mtr,
                                u.key(),
                                current -> current != null
                                                && RowFormat.isDeleteMarked(current, 0)
                                                && trxIdOf(current) == me
                                        ? Mutation.DELETE
                                        : Mutation.NONE);
            }
        }
    }

    @Override
    public void rollback() {
        if (!active) {
            return;
        }
        active = false;
        try {
            undo(0);
            if (trx.undoSize() > 0) {
                // Recovery must not roll back again what later transactions may change once the locks go.
                Mtr mtr = engine.mtr(false);
                mtr.trxEnd(RedoRecord.TRX_ROLLBACK, trx.id());
                synchronized (trx) {
                    mtr.commit();
                    trx.finished();
                }
            }
        } finally {
            engine.trxSys.end(trx);
            finish();
        }
    }

    private void finish() {
        engine.trxSys.locks().releaseAll(trx);
        for (TableMdl m : mdls.keySet()) {
            m.exitShared();
        }
        mdls.clear();
        engine.transactionEnded(this);
    }

    @Override
    public boolean isActive() {
        return active;
    }

    @Override
    public void close() {
        rollback();
    }

    private void checkActive() {
        if (!active) {
            throw new IllegalStateException("transaction " + trx.id() + " has ended");
        }
    }

    private TableImpl read(Table table) {
        checkActive();
        return engine.current(table);
    }

    /** The current table, with this transaction holding its metadata lock shared. */
    private TableImpl write(Table table) {
        TableImpl t = read(table);
        if (!mdls.containsKey(t.mdl)) {
            t.mdl.enterShared(engine.lockWaitNanos());
            mdls.put(t.mdl, Boolean.TRUE);
            t = engine.current(table); // an index may have been added while we waited
        }
        return t;
    }

    /** Locks a row; a deadlock rolls the whole transaction back, as InnoDB does. */
    private void lock(TableImpl t, byte[] key) {
        try {
            engine.trxSys.locks().lock(trx, new RowId(t.spaceId(), key));
        } catch (EngineException e) {
            if (e.code() == ErrorCode.LOCK_DEADLOCK) {
                rollback();
            }
            throw e;
        }
    }

    Trx trx() {
        return trx;
    }

    StorageEngine engine() {
        return engine;
    }
}
