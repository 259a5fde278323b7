package org.taf.engine.log;

import org.taf.engine.page.Bytes;
import org.taf.engine.page.IndexPage;
import org.taf.engine.page.SpaceHeader;

/**
 * The redo records a mini-transaction writes, and how they apply to a page. Page records are
 * physiological, as InnoDB's were before 10.5: they name a page and an operation of the page
 * format ({@link IndexPage}), which is deterministic, so applying the records to the page image
 * they were made on gives the same bytes. A mini-transaction makes its own change by applying
 * the record it has just written ({@link Mtr}), so the running engine and recovery share this one
 * implementation. Transaction records carry what crash recovery needs to roll back a transaction
 * that had not committed (its undo) and to know which did.
 *
 * <pre>
 * page record:  u8 type, i32 space, i32 page number, then
 *   INIT_INDEX     i32 index id, u16 level                          (IndexPage.init)
 *   INIT_SPACE     -                                                (SpaceHeader.init)
 *   INSERT         u16 slot, u16 key length, u16 value length, key, value
 *   DELETE         u16 slot
 *   REPLACE        u16 slot, u16 value length, value                (IndexPage.replaceValue)
 *   SET_RIGHT      i32 right sibling
 *   TRUNCATE       u16 slots kept                                   (IndexPage.truncate)
 *   SET_PAGE_COUNT i32 pages allocated in the space                 (SpaceHeader.setPageCount)
 * transaction record: u8 type, i64 transaction id, then
 *   TRX_UNDO       i32 space, u16 index, u16 key length, key, i32 before length (-1: absent), before
 *   TRX_COMMIT, TRX_ROLLBACK (rollback complete), TRX_UNDO_RESET (a re-logged undo follows): -
 *   TRX_UNDO_TRUNCATE  i32 undo records kept (a statement was rolled back)
 * </pre>
 */
public final class RedoRecord {
    public static final byte INIT_INDEX = 1;
    public static final byte INIT_SPACE = 2;
    public static final byte INSERT = 3;
    public static final byte DELETE = 4;
    public static final byte REPLACE = 5;
    public static final byte SET_RIGHT = 6;
    public static final byte TRUNCATE = 7;
    public static final byte SET_PAGE_COUNT = 8;
    public static final byte TRX_UNDO = 16;
    public static final byte TRX_COMMIT = 17;
    public static final byte TRX_ROLLBACK = 18;
    public static final byte TRX_UNDO_TRUNCATE = 19;
    public static final byte TRX_UNDO_RESET = 20;

    /** Bytes before a page record's body: type, space, page number. */
    static final int PAGE_HEADER = 9;
    /** Bytes before a transaction record's body: type, transaction id. */
    static final int TRX_HEADER = 9;

    private RedoRecord() {}

    public static boolean isPageRecord(byte type) {
        return type >= INIT_INDEX && type <= SET_PAGE_COUNT;
    }

    public static int space(byte[] b, int off) {
        return Bytes.getInt(b, off + 1);
    }

    public static int pageNo(byte[] b, int off) {
        return Bytes.getInt(b, off + 5);
    }

    public static long trxId(byte[] b, int off) {
        return Bytes.getLong(b, off + 1);
    }

    /** Whether this record formats its page from scratch, so that the page's old content does not matter. */
    public static boolean initializes(byte type) {
        return type == INIT_INDEX || type == INIT_SPACE;
    }

    /**
     * The length of the record at {@code off}, or -1 if it is not a well-formed record ending at
     * or before {@code end} (a damaged block).
     */
    public static int length(byte[] b, int off, int end) {
        if (off >= end) {
            return -1;
        }
        byte type = b[off];
        int body = off + PAGE_HEADER; // same for transaction records
        int n;
        switch (type) {
            case INIT_INDEX -> n = PAGE_HEADER + 6;
            case INIT_SPACE -> n = PAGE_HEADER;
            case INSERT -> {
                if (body + 6 > end) {
                    return -1;
                }
                n = PAGE_HEADER + 6 + Bytes.getShort(b, body + 2) + Bytes.getShort(b, body + 4);
            }
            case DELETE, TRUNCATE -> n = PAGE_HEADER + 2;
            case REPLACE -> {
                if (body + 4 > end) {
                    return -1;
                }
                n = PAGE_HEADER + 4 + Bytes.getShort(b, body + 2);
            }
            case SET_RIGHT, SET_PAGE_COUNT -> n = PAGE_HEADER + 4;
            case TRX_UNDO -> {
                if (body + 8 > end) {
                    return -1;
                }
                int keyLen = Bytes.getShort(b, body + 6);
                int at = body + 8 + keyLen;
                if (at + 4 > end) {
                    return -1;
                }
                int before = Bytes.getInt(b, at);
                if (before < -1) {
                    return -1;
                }
                n = TRX_HEADER + 8 + keyLen + 4 + Math.max(0, before);
            }
            case TRX_COMMIT, TRX_ROLLBACK, TRX_UNDO_RESET -> n = TRX_HEADER;
            case TRX_UNDO_TRUNCATE -> n = TRX_HEADER + 4;
            default -> {
                return -1;
            }
        }
        return off + n <= end ? n : -1;
    }

    /**
     * Applies the page record at {@code off} to {@code frame} (the page it names).
     *
     * @throws RuntimeException if the record does not fit the page (a bug, or a log that does not belong to the data)
     */
    public static void apply(byte[] b, int off, byte[] frame) {
        int body = off + PAGE_HEADER;
        switch (b[off]) {
            case INIT_INDEX -> IndexPage.init(frame, space(b, off), pageNo(b, off), Bytes.getInt(b, body),
                    Bytes.getShort(b, body + 4));
            case INIT_SPACE -> SpaceHeader.init(frame, space(b, off));
            case INSERT -> {
                int slot = Bytes.getShort(b, body);
                int kl = Bytes.getShort(b, body + 2);
                int vl = Bytes.getShort(b, body + 4);
                if (slot > IndexPage.slots(frame) || !IndexPage.fits(frame, kl, vl)) {
                    throw new IllegalStateException("insert at slot " + slot + " of " + (kl + vl)
                            + " bytes does not fit" + " a page of " + IndexPage.slots(frame) + " records");
                }
                IndexPage.insert(frame, slot, b, body + 6, kl, b, body + 6 + kl, vl);
            }
            case DELETE -> IndexPage.delete(frame, checkSlot(frame, Bytes.getShort(b, body)));
            case REPLACE -> {
                int slot = checkSlot(frame, Bytes.getShort(b, body));
                int vl = Bytes.getShort(b, body + 2);
                byte[] v = new byte[vl];
                System.arraycopy(b, body + 4, v, 0, vl);
                IndexPage.replaceValue(frame, slot, v);
            }
            case SET_RIGHT -> IndexPage.setRightSibling(frame, Bytes.getInt(b, body));
            case TRUNCATE -> IndexPage.truncate(frame, Math.min(Bytes.getShort(b, body), IndexPage.slots(frame)));
            case SET_PAGE_COUNT -> SpaceHeader.setPageCount(frame, Bytes.getInt(b, body));
            default -> throw new IllegalStateException("record type " + b[off] + " is not a page record");
        }
    }

    private static int checkSlot(byte[] frame, int slot) {
        if (slot >= IndexPage.slots(frame)) {
            throw new IllegalStateException("slot " + slot + " of a page of " + IndexPage.slots(frame) + " records");
        }
        return slot;
    }

    // ---- writing (by Mtr into its buffer; the caller made room) ----

    static int putPageHeader(byte[] b, int off, byte type, int space, int pageNo) {
        b[off] = type;
        Bytes.putInt(b, off + 1, space);
        Bytes.putInt(b, off + 5, pageNo);
        return off + PAGE_HEADER;
    }

    static int putTrxHeader(byte[] b, int off, byte type, long trxId) {
        b[off] = type;
        Bytes.putLong(b, off + 1, trxId);
        return off + TRX_HEADER;
    }

    // ---- reading transaction records (recovery) ----

    /** TRX_UNDO: the space of the changed index. */
    public static int undoSpace(byte[] b, int off) {
        return Bytes.getInt(b, off + TRX_HEADER);
    }

    /** TRX_UNDO: 0 for the clustered index, 1.. for secondary indexes. */
    public static int undoIndex(byte[] b, int off) {
        return Bytes.getShort(b, off + TRX_HEADER + 4);
    }

    /** TRX_UNDO: the record's key. */
    public static byte[] undoKey(byte[] b, int off) {
        int kl = Bytes.getShort(b, off + TRX_HEADER + 6);
        byte[] k = new byte[kl];
        System.arraycopy(b, off + TRX_HEADER + 8, k, 0, kl);
        return k;
    }

    /** TRX_UNDO: the value before the change, or null if the key was absent. */
    public static byte[] undoBefore(byte[] b, int off) {
        int kl = Bytes.getShort(b, off + TRX_HEADER + 6);
        int at = off + TRX_HEADER + 8 + kl;
        int n = Bytes.getInt(b, at);
        if (n < 0) {
            return null;
        }
        byte[] v = new byte[n];
        System.arraycopy(b, at + 4, v, 0, n);
        return v;
    }

    /** TRX_UNDO_TRUNCATE: how many undo records the transaction keeps. */
    public static int undoKept(byte[] b, int off) {
        return Bytes.getInt(b, off + TRX_HEADER);
    }
}
