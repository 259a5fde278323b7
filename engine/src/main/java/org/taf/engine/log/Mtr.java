package org.taf.engine.log;

import java.util.Arrays;
import java.util.zip.CRC32C;
import org.taf.engine.buffer.BufferPool;
import org.taf.engine.buffer.LatchMode;
import org.taf.engine.buffer.PageGuard;
import org.taf.engine.page.Bytes;
import org.taf.engine.page.IndexPage;
import org.taf.engine.txn.UndoRecord;

/**
 * A mini-transaction (InnoDB's mtr_t): a group of page changes that reach the log, and so survive
 * a crash, together or not at all. Every change is made by writing its redo record and applying
 * that record to the page ({@link RedoRecord#apply}); the pages it changed stay X-latched until
 * {@link #commit()}, which copies the records into the log buffer as one block under
 * {@code lsn_lock}, stamps the pages with the block's end LSN, puts them on the flush list and
 * only then releases them, so that page LSNs follow log order. A transaction's undo and commit
 * records ride in the same block as the change they describe. Not thread-safe; one per change.
 * {@link #close()} commits.
 */
public final class Mtr implements AutoCloseable {
    private static final int INITIAL = 512;

    private final RedoLog log;
    private final long fixedLsn;
    private byte[] buf = new byte[INITIAL];
    private int len = LogFormat.BLOCK_HEADER;
    private PageGuard[] memo = new PageGuard[4];
    private int memoSize;
    private boolean done;
    private long startLsn;
    private long endLsn;

    Mtr(RedoLog log) {
        this.log = log;
        this.fixedLsn = 0;
    }

    private Mtr(long lsn) {
        this.log = null;
        this.fixedLsn = lsn;
    }

    /**
     * A mini-transaction that writes no log and stamps its pages with {@code lsn}: for crash
     * recovery, which rolls back at the recovered end of the log before the log accepts writes,
     * and for tests of the trees alone.
     */
    public static Mtr unlogged(long lsn) {
        return new Mtr(lsn);
    }

    /**
     * The page X-latched for this mini-transaction: a page it already holds is handed out again
     * (latches are not reentrant), any other is fixed and held until commit.
     */
    public PageGuard fixX(BufferPool pool, int space, int pageNo) {
        for (int i = 0; i < memoSize; i++) {
            if (memo[i].space() == space && memo[i].pageNo() == pageNo) {
                return memo[i];
            }
        }
        PageGuard g = pool.fix(space, pageNo, LatchMode.X);
        hold(g);
        return g;
    }

    // ---- page changes ----

    /** Formats an empty index node ({@link IndexPage#init}). */
    public void initIndex(PageGuard g, int indexId, int level) {
        int r = page(g, RedoRecord.INIT_INDEX, 6);
        Bytes.putInt(buf, r + RedoRecord.PAGE_HEADER, indexId);
        Bytes.putShort(buf, r + RedoRecord.PAGE_HEADER + 4, level);
        apply(g, r, RedoRecord.PAGE_HEADER + 6);
    }

    /** Formats page 0 of a new tablespace. */
    public void initSpaceHeader(PageGuard g) {
        int r = page(g, RedoRecord.INIT_SPACE, 0);
        apply(g, r, RedoRecord.PAGE_HEADER);
    }

    /** Inserts a record at directory position {@code slot}; the caller checked that it fits. */
    public void insert(PageGuard g, int slot, byte[] key, byte[] value) {
        insert(g, slot, key, 0, key.length, value, 0, value.length);
    }

    /** Inserts a record from array ranges at directory position {@code slot}. */
    public void insert(PageGuard g, int slot, byte[] key, int keyOff, int keyLen, byte[] value, int valueOff,
                       int valueLen) {
        int r = page(g, RedoRecord.INSERT, 6 + keyLen + valueLen);
        int b = r + RedoRecord.PAGE_HEADER;
        Bytes.putShort(buf, b, slot);
        Bytes.putShort(buf, b + 2, keyLen);
        Bytes.putShort(buf, b + 4, valueLen);
        System.arraycopy(key, keyOff, buf, b + 6, keyLen);
        System.arraycopy(value, valueOff, buf, b + 6 + keyLen, valueLen);
        apply(g, r, RedoRecord.PAGE_HEADER + 6 + keyLen + valueLen);
    }

    public void delete(PageGuard g, int slot) {
        int r = page(g, RedoRecord.DELETE, 2);
        Bytes.putShort(buf, r + RedoRecord.PAGE_HEADER, slot);
        apply(g, r, RedoRecord.PAGE_HEADER + 2);
    }

    /** Replaces the value in {@code slot} ({@link IndexPage#replaceValue}); the caller checked that it fits. */
    public void replaceValue(PageGuard g, int slot, byte[] value) {
        int r = page(g, RedoRecord.REPLACE, 4 + value.length);
        int b = r + RedoRecord.PAGE_HEADER;
        Bytes.putShort(buf, b, slot);
        Bytes.putShort(buf, b + 2, value.length);
        System.arraycopy(value, 0, buf, b + 4, value.length);
        apply(g, r, RedoRecord.PAGE_HEADER + 4 + value.length);
    }

    public void setRightSibling(PageGuard g, int right) {
        int r = page(g, RedoRecord.SET_RIGHT, 4);
        Bytes.putInt(buf, r + RedoRecord.PAGE_HEADER, right);
        apply(g, r, RedoRecord.PAGE_HEADER + 4);
    }

    /** Keeps the records of slots [0, {@code keep}) and compacts ({@link IndexPage#truncate}). */
    public void truncate(PageGuard g, int keep) {
        int r = page(g, RedoRecord.TRUNCATE, 2);
        Bytes.putShort(buf, r + RedoRecord.PAGE_HEADER, keep);
        apply(g, r, RedoRecord.PAGE_HEADER + 2);
    }

    /**
     * Moves the records of slots [{@code from}, n) of {@code src} to the end of {@code dst} ({@link
     * IndexPage#moveTail}).
     */
    public void moveTail(PageGuard src, int from, PageGuard dst) {
        byte[] s = src.frame();
        int n = IndexPage.slots(s);
        for (int slot = from; slot < n; slot++) {
            int rec = IndexPage.record(s, slot);
            int kl = IndexPage.keyLength(s, rec);
            int vl = IndexPage.valueLength(s, rec);
            insert(dst, IndexPage.slots(dst.frame()), s, IndexPage.keyOffset(rec), kl, s,
                    IndexPage.keyOffset(rec) + kl, vl);
        }
        truncate(src, from);
    }

    /** Sets the number of pages allocated in a space (its header page). */
    public void setPageCount(PageGuard g, int count) {
        int r = page(g, RedoRecord.SET_PAGE_COUNT, 4);
        Bytes.putInt(buf, r + RedoRecord.PAGE_HEADER, count);
        apply(g, r, RedoRecord.PAGE_HEADER + 4);
    }

    // ---- transaction records ----

    /** Logs one undo record of transaction {@code trxId}, so that recovery can roll the change back. */
    public void undo(long trxId, UndoRecord u) {
        byte[] key = u.key();
        byte[] before = u.before();
        int n = RedoRecord.TRX_HEADER + 8 + key.length + 4 + (before == null ? 0 : before.length);
        int r = reserve(n);
        int b = RedoRecord.putTrxHeader(buf, r, RedoRecord.TRX_UNDO, trxId);
        Bytes.putInt(buf, b, u.space());
        Bytes.putShort(buf, b + 4, u.index());
        Bytes.putShort(buf, b + 6, key.length);
        System.arraycopy(key, 0, buf, b + 8, key.length);
        Bytes.putInt(buf, b + 8 + key.length, before == null ? -1 : before.length);
        if (before != null) {
            System.arraycopy(before, 0, buf, b + 12 + key.length, before.length);
        }
        len += n;
    }

    /** Logs that {@code trxId} committed (or, for {@link RedoRecord#TRX_ROLLBACK}, finished rolling back). */
    public void trxEnd(byte type, long trxId) {
        if (type != RedoRecord.TRX_COMMIT && type != RedoRecord.TRX_ROLLBACK && type != RedoRecord.TRX_UNDO_RESET) {
            throw new IllegalArgumentException("record type " + type);
        }
        int r = reserve(RedoRecord.TRX_HEADER);
        RedoRecord.putTrxHeader(buf, r, type, trxId);
        len += RedoRecord.TRX_HEADER;
    }

    /** Logs that {@code trxId} rolled back a statement and keeps its first {@code kept} undo records. */
    public void undoTruncate(long trxId, int kept) {
        int r = reserve(RedoRecord.TRX_HEADER + 4);
        int b = RedoRecord.putTrxHeader(buf, r, RedoRecord.TRX_UNDO_TRUNCATE, trxId);
        Bytes.putInt(buf, b, kept);
        len += RedoRecord.TRX_HEADER + 4;
    }

    // ---- commit ----

    /** Bytes of records so far. */
    public int size() {
        return len - LogFormat.BLOCK_HEADER;
    }

    /** Whether nothing was logged. */
    public boolean isEmpty() {
        return len == LogFormat.BLOCK_HEADER;
    }

    /**
     * Writes the records to the log buffer as one block and releases the pages; returns the end
     * LSN of the block (0 if nothing was logged). Idempotent.
     */
    public long commit() {
        if (done) {
            return endLsn;
        }
        done = true;
        try {
            if (isEmpty()) {
                return 0;
            }
            if (log == null) {
                stamp(fixedLsn, fixedLsn);
                endLsn = fixedLsn;
            } else {
                Bytes.putInt(buf, 8, size());
                CRC32C crc = new CRC32C();
                crc.update(buf, 8, 4);
                crc.update(buf, LogFormat.BLOCK_HEADER, size());
                Bytes.putInt(buf, 12, (int) crc.getValue());
                log.write(this);
            }
            return endLsn;
        } finally {
            for (int i = 0; i < memoSize; i++) {
                memo[i].release();
                memo[i] = null;
            }
            memoSize = 0;
        }
    }

    /** The start LSN of the committed block. */
    public long startLsn() {
        return startLsn;
    }

    /** The end LSN of the committed block (0 before commit or when nothing was logged). */
    public long endLsn() {
        return endLsn;
    }

    @Override
    public void close() {
        commit();
    }

    /** The block to copy into the log buffer: [0, {@link #blockLength()}). */
    byte[] block() {
        return buf;
    }

    int blockLength() {
        return len;
    }

    /** Called by the log, under its checkpoint latch, once the block has its LSNs. */
    void stamp(long start, long end) {
        startLsn = start;
        endLsn = end;
        for (int i = 0; i < memoSize; i++) {
            memo[i].markModified(start, end);
        }
    }

    private int page(PageGuard g, byte type, int bodyLength) {
        if (done) {
            throw new IllegalStateException("mini-transaction already committed");
        }
        hold(g);
        int r = reserve(RedoRecord.PAGE_HEADER + bodyLength);
        RedoRecord.putPageHeader(buf, r, type, g.space(), g.pageNo());
        return r;
    }

    private void apply(PageGuard g, int r, int n) {
        len += n;
        RedoRecord.apply(buf, r, g.frame());
    }

    private int reserve(int n) {
        if (len + n > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
        }
        return len;
    }

    private void hold(PageGuard g) {
        if (g.heldByMtr()) {
            return;
        }
        g.holdForMtr();
        if (memoSize == memo.length) {
            memo = Arrays.copyOf(memo, memoSize * 2);
        }
        memo[memoSize++] = g;
    }
}
