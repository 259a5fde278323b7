package org.taf.engine.db;

import java.util.ArrayList;
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
import org.taf.engine.btree.BTree;
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
        Row row = lookup(t, pk);
        if (row != null) {
            engine.rowsRead.increment();
        }
        return Optional.ofNullable(row);
    }

    @Override
    public Optional<Row> getForUpdate(Table table, long pk) {
        TableImpl t = read(table);
        lock(t, pk);
        return get(t, pk);
    }

    /** The version of row {@code pk} this transaction sees, or null. */
    private Row lookup(TableImpl t, long pk) {
        Row[] out = new Row[1];
        t.clustered.get(KeyCodec.encodeLong(pk), (page, ko, kl, vo, vl) -> {
            out[0] = visible(t, pk, page, vo);
            return true;
        });
        return out[0];
    }

    /**
     * Decides, under the leaf's S latch, what this transaction sees of a clustered record: its own
     * or a committed version as stored, or the committed image kept by the active writer.
     */
    private Row visible(TableImpl t, long pk, byte[] page, int vo) {
        List<org.taf.engine.api.Column> columns = t.schema().columns();
        long writer = RowFormat.trxId(page, vo);
        if (writer != trx.id()) {
            Trx other = engine.trxSys.active(writer);
            if (other != null) {
                byte[] image = other.committedImage(t.spaceId(), pk);
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
        int pkCol = schema.primaryKeyIndex();
        int auto = t.autoIncrementColumn();
        Object pkValue = r.get(pkCol);
        long pk;
        if (pkCol == auto && (pkValue == null || (Long) pkValue == 0L)) {
            pk = t.nextAutoInc.getAndIncrement();
            r = r.with(pkCol, pk);
        } else if (pkValue == null) {
            throw new EngineException(ErrorCode.BAD_NULL, "Column '" + schema.primaryKey() + "' cannot be null");
        } else {
            pk = (Long) pkValue;
            if (pkCol == auto) {
                t.nextAutoInc.accumulateAndGet(pk + 1, Math::max);
            }
        }
        checkIndexKeys(t, r, pk);
        lock(t, pk);
        byte[] value = RowFormat.encode(schema.columns(), r, trx.id());
        final long key = pk;
        changeClustered(t, pk, current -> {
            if (current != null && !RowFormat.isDeleteMarked(current, 0)) {
                throw new EngineException(ErrorCode.DUP_ENTRY, "Duplicate entry '" + key + "' for key 'PRIMARY'");
            }
            return Mutation.put(value);
        });
        for (int i = 0; i < t.indexes.size(); i++) {
            putEntry(t, i + 1, KeyCodec.indexKey(r.get(t.indexes.get(i).column()), pk), false);
        }
        engine.rowsInserted.increment();
        return pk;
    }

    @Override
    public boolean update(Table table, long pk, Row row) {
        TableImpl t = write(table);
        TableSchema schema = t.schema();
        Row r = RowFormat.validate(schema.columns(), row);
        Object newPk = r.get(schema.primaryKeyIndex());
        if (newPk == null || (Long) newPk != pk) {
            throw new EngineException(ErrorCode.NOT_SUPPORTED_YET,
                    "This version of the engine doesn't yet support changing the primary key (" + pk + " to " + newPk + ")");
        }
        checkIndexKeys(t, r, pk);
        lock(t, pk);
        byte[] value = RowFormat.encode(schema.columns(), r, trx.id());
        boolean[] found = new boolean[1];
        byte[] before = changeClustered(t, pk, current -> {
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
            int col = t.indexes.get(i).column();
            if (!java.util.Objects.equals(old.get(col), r.get(col))) {
                markEntry(t, i + 1, KeyCodec.indexKey(old.get(col), pk));
                putEntry(t, i + 1, KeyCodec.indexKey(r.get(col), pk), false);
            }
        }
        engine.rowsUpdated.increment();
        return true;
    }

    @Override
    public boolean delete(Table table, long pk) {
        TableImpl t = write(table);
        lock(t, pk);
        long me = trx.id();
        boolean[] found = new boolean[1];
        byte[] before = changeClustered(t, pk, current -> {
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
            markEntry(t, i + 1, KeyCodec.indexKey(old.get(t.indexes.get(i).column()), pk));
        }
        engine.rowsDeleted.increment();
        return true;
    }

    private static long trxIdOf(byte[] value) {
        return RowFormat.trxId(value, 0);
    }

    /**
     * Changes the clustered record of {@code pk} as {@code decide} says and logs the undo; returns
     * the value before the change (null if absent). The committed image is published for readers
     * inside the decision, before the page changes.
     */
    private byte[] changeClustered(TableImpl t, long pk, java.util.function.Function<byte[], Mutation> decide) {
        byte[][] before = new byte[1][];
        byte[] key = KeyCodec.encodeLong(pk);
        Mtr mtr = engine.mtr(true);
        try {
            Mutation m = t.clustered.modify(mtr, key, current -> {
                Mutation d = decide.apply(current);
                if (d.kind() != Mutation.Kind.NONE) {
                    before[0] = current;
                    // Only the first call per row counts (the committed version); later ones are no-ops.
                    trx.rememberCommitted(t.spaceId(), pk, current);
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

    /** Rejects a row whose index keys would not fit in a page before anything is changed. */
    private void checkIndexKeys(TableImpl t, Row r, long pk) {
        int max = org.taf.engine.page.IndexPage.maxRecord(engine.pageSize()) - RowFormat.HEADER;
        for (TableImpl.Index ix : t.indexes) {
            int len = KeyCodec.indexKey(r.get(ix.column()), pk).length;
            if (len > max) {
                throw new EngineException(ErrorCode.TOO_BIG_ROWSIZE, "Index key of " + len + " bytes for '"
                        + ix.schema().name() + "' exceeds the maximum of " + max);
            }
        }
    }

    @Override
    public Cursor scan(Table table, KeyRange range, Order order) {
        TableImpl t = read(table);
        byte[] low = range.low() == null ? null : KeyCodec.encodeLong(((Number) range.low()).longValue());
        byte[] high = range.high() == null ? null : KeyCodec.encodeLong(((Number) range.high()).longValue());
        return new PrimaryCursor(t, low, range.lowInclusive(), high, range.highInclusive(), order);
    }

    @Override
    public Cursor scanIndex(Table table, String index, KeyRange range, Order order) {
        TableImpl t = read(table);
        TableImpl.Index ix = t.index(index);
        byte[] low = null;
        byte[] high = null;
        boolean lowInclusive = true;
        boolean highInclusive = true;
        if (range.low() != null) {
            Object v = normalizeKey(t, ix, range.low());
            low = range.lowInclusive() ? KeyCodec.lowestWithValue(v) : KeyCodec.highestWithValue(v);
            lowInclusive = range.lowInclusive();
        }
        if (range.high() != null) {
            Object v = normalizeKey(t, ix, range.high());
            high = range.highInclusive() ? KeyCodec.highestWithValue(v) : KeyCodec.lowestWithValue(v);
            highInclusive = range.highInclusive();
        }
        return new IndexCursor(t, ix, low, lowInclusive, high, highInclusive, order);
    }

    private static Object normalizeKey(TableImpl t, TableImpl.Index ix, Object v) {
        if (t.schema().columns().get(ix.column()).type().isInteger()) {
            return v instanceof Number n ? n.longValue() : Long.parseLong(v.toString().trim());
        }
        return v.toString();
    }

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
                t.tree(u.index()).modify(mtr, u.key(), current -> current != null
                        && RowFormat.isDeleteMarked(current, 0) && trxIdOf(current) == me ? Mutation.DELETE : Mutation.NONE);
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
    private void lock(TableImpl t, long pk) {
        try {
            engine.trxSys.locks().lock(trx, new RowId(t.spaceId(), pk));
        } catch (EngineException e) {
            if (e.code() == ErrorCode.LOCK_DEADLOCK) {
                rollback();
            }
            throw e;
        }
    }

    /** Rows in primary-key order, fetched a leaf's worth at a time so no latch is held between calls. */
    private final class PrimaryCursor extends BatchCursor {
        private final TableImpl t;
        private final Order order;
        private byte[] low;
        private boolean lowInclusive;
        private byte[] high;
        private boolean highInclusive;

        PrimaryCursor(TableImpl t, byte[] low, boolean lowInclusive, byte[] high, boolean highInclusive, Order order) {
            this.t = t;
            this.low = low;
            this.lowInclusive = lowInclusive;
            this.high = high;
            this.highInclusive = highInclusive;
            this.order = order;
        }

        @Override
        protected boolean fetch(List<Row> into) {
            int[] seen = new int[1];
            byte[][] last = new byte[1][];
            BTree tree = t.clustered;
            org.taf.engine.btree.RecordVisitor v = (page, ko, kl, vo, vl) -> {
                long pk = KeyCodec.decodeLong(page, ko);
                Row r = visible(t, pk, page, vo);
                if (r != null) {
                    into.add(r);
                }
                if (++seen[0] >= BATCH) {
                    last[0] = Arrays.copyOfRange(page, ko, ko + kl);
                    return false;
                }
                return true;
            };
            if (order == Order.ASCENDING) {
                tree.scan(low, lowInclusive, high, highInclusive, v);
                low = last[0];
                lowInclusive = false;
            } else {
                tree.scanDescending(low, lowInclusive, high, highInclusive, v);
                high = last[0];
                highInclusive = false;
            }
            engine.rowsRead.add(into.size());
            return last[0] != null;
        }
    }

    /**
     * Rows in (indexed value, primary key) order. Each entry is checked against the clustered
     * record this transaction sees, whose value must still be the entry's.
     */
    private final class IndexCursor extends BatchCursor {
        private final TableImpl t;
        private final TableImpl.Index ix;
        private final Order order;
        private byte[] low;
        private boolean lowInclusive;
        private byte[] high;
        private boolean highInclusive;

        IndexCursor(TableImpl t, TableImpl.Index ix, byte[] low, boolean lowInclusive, byte[] high,
                    boolean highInclusive, Order order) {
            this.t = t;
            this.ix = ix;
            this.low = low;
            this.lowInclusive = lowInclusive;
            this.high = high;
            this.highInclusive = highInclusive;
            this.order = order;
        }

        @Override
        protected boolean fetch(List<Row> into) {
            List<long[]> pks = new ArrayList<>();
            List<byte[]> values = new ArrayList<>();
            byte[][] last = new byte[1][];
            long me = trx.id();
            org.taf.engine.btree.RecordVisitor v = (page, ko, kl, vo, vl) -> {
                long writer = RowFormat.trxId(page, vo);
                boolean deleted = RowFormat.isDeleteMarked(page, vo);
                boolean committed = writer != me && engine.trxSys.active(writer) == null;
                // A committed delete-mark: the row no longer has this value (purge is on its way).
                if (!(deleted && committed)) {
                    pks.add(new long[] {KeyCodec.primaryKeyOfIndexKey(page, ko, kl)});
                    values.add(Arrays.copyOfRange(page, ko, ko + kl - KeyCodec.PK_LENGTH));
                }
                if (pks.size() + 1 >= BATCH) {
                    last[0] = Arrays.copyOfRange(page, ko, ko + kl);
                    return false;
                }
                return true;
            };
            if (order == Order.ASCENDING) {
                t.tree(t.indexes.indexOf(ix) + 1).scan(low, lowInclusive, high, highInclusive, v);
                low = last[0];
                lowInclusive = false;
            } else {
                t.tree(t.indexes.indexOf(ix) + 1).scanDescending(low, lowInclusive, high, highInclusive, v);
                high = last[0];
                highInclusive = false;
            }
            for (int i = 0; i < pks.size(); i++) {
                Row r = lookup(t, pks.get(i)[0]);
                if (r != null && Arrays.equals(KeyCodec.encodeValue(r.get(ix.column())), values.get(i))) {
                    into.add(r);
                }
            }
            engine.rowsRead.add(into.size());
            return last[0] != null;
        }
    }
}
