package org.taf.engine.db;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.taf.engine.api.Order;
import org.taf.engine.api.Row;
import org.taf.engine.btree.BTree;
import org.taf.engine.btree.RecordVisitor;

/**
 * The scans of a {@link TransactionImpl}: rows in primary-key order, or in a secondary index's
 * order, a leaf's worth at a time so that no latch is held between calls. Bounds are byte keys,
 * low inclusive and high exclusive (null: unbounded).
 */
final class TransactionCursors {
    private TransactionCursors() {}

    /** What both scans share: the bounds, narrowed after each batch, and the direction. */
    private abstract static class Range extends BatchCursor {
        final TransactionImpl txn;
        final TableImpl t;
        private final Order order;
        private byte[] low;
        private boolean lowInclusive = true;
        private byte[] high;
        private boolean highInclusive;

        Range(TransactionImpl txn, TableImpl t, byte[] low, byte[] high, Order order) {
            this.txn = txn;
            this.t = t;
            this.low = low;
            this.high = high;
            this.order = order;
        }

        /** Scans {@code tree} in the cursor's direction from where the last batch stopped. */
        boolean scan(BTree tree, RecordVisitor v, byte[][] last) {
            if (order == Order.ASCENDING) {
                tree.scan(low, lowInclusive, high, highInclusive, v);
                low = last[0];
                lowInclusive = false;
            } else {
                tree.scanDescending(low, lowInclusive, high, highInclusive, v);
                high = last[0];
                highInclusive = false;
            }
            return last[0] != null;
        }
    }

    /** Rows in primary-key order. */
    static final class Primary extends Range {
        Primary(TransactionImpl txn, TableImpl t, byte[] low, byte[] high, Order order) {
            super(txn, t, low, high, order);
        }

        @Override
        protected boolean fetch(List<Row> into) {
            int[] seen = new int[1];
            byte[][] last = new byte[1][];
            RecordVisitor v = (page, ko, kl, vo, vl) -> {
                Row r = txn.visible(t, null, page, ko, kl, vo);
                if (r != null) {
                    into.add(r);
                }
                if (++seen[0] >= BATCH) {
                    last[0] = Arrays.copyOfRange(page, ko, ko + kl);
                    return false;
                }
                return true;
            };
            boolean more = scan(t.clustered, v, last);
            txn.engine().rowsRead.add(into.size());
            return more;
        }
    }

    /**
     * Rows in (indexed values, primary key) order. Each entry is checked against the clustered
     * record this transaction sees, whose values must still be the entry's.
     */
    static final class Secondary extends Range {
        private final TableImpl.Index ix;

        Secondary(TransactionImpl txn, TableImpl t, TableImpl.Index ix, byte[] low, byte[] high, Order order) {
            super(txn, t, low, high, order);
            this.ix = ix;
        }

        @Override
        protected boolean fetch(List<Row> into) {
            List<byte[]> entries = new ArrayList<>();
            List<byte[]> pks = new ArrayList<>();
            byte[][] last = new byte[1][];
            long me = txn.trx().id();
            KeyLayout layout = ix.layout();
            RecordVisitor v = (page, ko, kl, vo, vl) -> {
                long writer = RowFormat.trxId(page, vo);
                boolean deleted = RowFormat.isDeleteMarked(page, vo);
                boolean committed = writer != me && txn.engine().trxSys.active(writer) == null;
                // A committed delete-mark: the row no longer has these values (purge is on its way).
                if (!(deleted && committed)) {
                    byte[] entry = Arrays.copyOfRange(page, ko, ko + kl);
                    entries.add(entry);
                    pks.add(Arrays.copyOfRange(page, layout.partsEnd(page, ko), ko + kl));
                }
                if (entries.size() + 1 >= BATCH) {
                    last[0] = Arrays.copyOfRange(page, ko, ko + kl);
                    return false;
                }
                return true;
            };
            boolean more = scan(t.tree(t.indexes.indexOf(ix) + 1), v, last);
            for (int i = 0; i < pks.size(); i++) {
                byte[] pk = pks.get(i);
                Row r = txn.lookup(t, pk);
                if (r != null && Arrays.equals(layout.encode(r, pk), entries.get(i))) {
                    into.add(r);
                }
            }
            txn.engine().rowsRead.add(into.size());
            return more;
        }
    }
}
