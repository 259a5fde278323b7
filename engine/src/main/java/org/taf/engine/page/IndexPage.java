package org.taf.engine.page;

import java.util.Arrays;

/**
 * The slotted format of a B+tree node, as static operations on a page frame (no allocation on the
 * read path). Records grow up from {@link #HEADER_END}; a directory of 2-byte record offsets, in key
 * order, grows down from the end of the page.
 *
 * <pre>
 * 32 i32 index id        36 u16 level (0 = leaf)     38 u16 number of records (slots)
 * 40 i32 heap top        44 i32 garbage bytes         48 i32 right sibling page (-1 = none)
 * record: u16 key length, u16 value length, key bytes, value bytes
 * </pre>
 * Keys are compared as unsigned bytes (keys are encoded memcomparable by the caller). Leaf values
 * are row payloads; internal values are 4-byte child page numbers, and an internal record's key is
 * the smallest key of its child's subtree.
 */
public final class IndexPage {
    static final int INDEX_ID = FilHeader.SIZE;
    static final int LEVEL = FilHeader.SIZE + 4;
    static final int N_SLOTS = FilHeader.SIZE + 6;
    static final int HEAP_TOP = FilHeader.SIZE + 8;
    static final int GARBAGE = FilHeader.SIZE + 12;
    static final int RIGHT = FilHeader.SIZE + 16;
    /** First byte of the record heap. */
    public static final int HEADER_END = FilHeader.SIZE + 32;
    /** Bytes a record takes beyond its key and value: two lengths and a directory slot. */
    public static final int RECORD_OVERHEAD = 6;
    /** Sibling value meaning "no page". */
    public static final int NONE = -1;

    private static final ThreadLocal<byte[]> SCRATCH = new ThreadLocal<>();

    private IndexPage() {}

    /** Formats an empty node. */
    public static void init(byte[] page, int space, int pageNo, int indexId, int level) {
        Arrays.fill(page, (byte) 0);
        FilHeader.init(page, space, pageNo, PageType.INDEX);
        Bytes.putInt(page, INDEX_ID, indexId);
        Bytes.putShort(page, LEVEL, level);
        Bytes.putShort(page, N_SLOTS, 0);
        Bytes.putInt(page, HEAP_TOP, HEADER_END);
        Bytes.putInt(page, GARBAGE, 0);
        Bytes.putInt(page, RIGHT, NONE);
    }

    /**
     * The largest record (key + value) a page of {@code pageSize} accepts: small enough that a split
     * always leaves room for it, so an insert never needs more than one split per level.
     */
    public static int maxRecord(int pageSize) {
        return (pageSize - HEADER_END) / 4 - RECORD_OVERHEAD;
    }

    public static int indexId(byte[] page) {
        return Bytes.getInt(page, INDEX_ID);
    }

    public static int level(byte[] page) {
        return Bytes.getShort(page, LEVEL);
    }

    public static boolean isLeaf(byte[] page) {
        return level(page) == 0;
    }

    public static int slots(byte[] page) {
        return Bytes.getShort(page, N_SLOTS);
    }

    public static int rightSibling(byte[] page) {
        return Bytes.getInt(page, RIGHT);
    }

    public static void setRightSibling(byte[] page, int pageNo) {
        Bytes.putInt(page, RIGHT, pageNo);
    }

    /** Offset of the record in directory slot {@code slot}. */
    public static int record(byte[] page, int slot) {
        return Bytes.getShort(page, slotAddress(page.length, slot));
    }

    public static int keyLength(byte[] page, int rec) {
        return Bytes.getShort(page, rec);
    }

    public static int valueLength(byte[] page, int rec) {
        return Bytes.getShort(page, rec + 2);
    }

    public static int keyOffset(int rec) {
        return rec + 4;
    }

    public static int valueOffset(byte[] page, int rec) {
        return rec + 4 + keyLength(page, rec);
    }

    public static byte[] key(byte[] page, int slot) {
        int rec = record(page, slot);
        int off = keyOffset(rec);
        return Arrays.copyOfRange(page, off, off + keyLength(page, rec));
    }

    public static byte[] value(byte[] page, int slot) {
        int rec = record(page, slot);
        int off = valueOffset(page, rec);
        return Arrays.copyOfRange(page, off, off + valueLength(page, rec));
    }

    /** The child page number stored in an internal node's slot. */
    public static int child(byte[] page, int slot) {
        int rec = record(page, slot);
        return Bytes.getInt(page, valueOffset(page, rec));
    }

    /** Compares the key in {@code slot} with {@code key} (unsigned bytes). */
    public static int compare(byte[] page, int slot, byte[] key) {
        int rec = record(page, slot);
        int off = keyOffset(rec);
        return Arrays.compareUnsigned(page, off, off + keyLength(page, rec), key, 0, key.length);
    }

    /** The slot holding {@code key}, or {@code -(insertion point) - 1}. */
    public static int search(byte[] page, byte[] key) {
        int lo = 0;
        int hi = slots(page) - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = compare(page, mid, key);
            if (c < 0) {
                lo = mid + 1;
            } else if (c > 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -(lo + 1);
    }

    /** In an internal node: the slot whose child covers {@code key} (the last key <= it, else slot 0). */
    public static int childSlot(byte[] page, byte[] key) {
        int s = search(page, key);
        int slot = s >= 0 ? s : -s - 2;
        return Math.max(slot, 0);
    }

    /** In an internal node: the slot whose child covers the keys just below {@code key} (last key < it). */
    public static int childSlotBefore(byte[] page, byte[] key) {
        int s = search(page, key);
        int slot = s >= 0 ? s - 1 : -s - 2;
        return Math.max(slot, 0);
    }

    /** Contiguous free bytes between the heap and the slot directory. */
    public static int contiguousFree(byte[] page) {
        return slotAddress(page.length, slots(page) - 1) - Bytes.getInt(page, HEAP_TOP);
    }

    /** Free bytes once deleted records are compacted away. */
    public static int totalFree(byte[] page) {
        return contiguousFree(page) + Bytes.getInt(page, GARBAGE);
    }

    /** Bytes of live records and their slots. */
    public static int used(byte[] page) {
        return page.length - HEADER_END - totalFree(page);
    }

    /** Whether a record of this key and value length fits (after compaction if needed). */
    public static boolean fits(byte[] page, int keyLen, int valueLen) {
        return totalFree(page) >= keyLen + valueLen + RECORD_OVERHEAD;
    }

    /** Inserts at directory position {@code slot}; the caller checked {@link #fits}. */
    public static void insert(byte[] page, int slot, byte[] key, byte[] value) {
        insert(page, slot, key, 0, key.length, value, 0, value.length);
    }

    /** Inserts at directory position {@code slot} from array ranges; the caller checked {@link #fits}. */
    public static void insert(byte[] page, int slot, byte[] key, int keyOff, int keyLen,
                              byte[] value, int valueOff, int valueLen) {
        int need = 4 + keyLen + valueLen;
        if (contiguousFree(page) < need + 2) {
            compact(page);
        }
        if (contiguousFree(page) < need + 2) {
            throw new IllegalStateException("record of " + need + " bytes does not fit in page "
                    + FilHeader.pageNo(page));
        }
        int n = slots(page);
        int rec = Bytes.getInt(page, HEAP_TOP);
        Bytes.putShort(page, rec, keyLen);
        Bytes.putShort(page, rec + 2, valueLen);
        System.arraycopy(key, keyOff, page, rec + 4, keyLen);
        System.arraycopy(value, valueOff, page, rec + 4 + keyLen, valueLen);
        Bytes.putInt(page, HEAP_TOP, rec + need);
        int size = page.length;
        if (slot < n) {
            int lowest = slotAddress(size, n - 1);
            System.arraycopy(page, lowest, page, lowest - 2, (n - slot) * 2);
        }
        Bytes.putShort(page, slotAddress(size, slot), rec);
        Bytes.putShort(page, N_SLOTS, n + 1);
    }

    /** Removes the record in {@code slot}; its bytes become garbage until the next compaction. */
    public static void delete(byte[] page, int slot) {
        int n = slots(page);
        int rec = record(page, slot);
        int recSize = 4 + keyLength(page, rec) + valueLength(page, rec);
        Bytes.putInt(page, GARBAGE, Bytes.getInt(page, GARBAGE) + recSize);
        int size = page.length;
        if (slot < n - 1) {
            int lowest = slotAddress(size, n - 1);
            System.arraycopy(page, lowest, page, lowest + 2, (n - 1 - slot) * 2);
        }
        Bytes.putShort(page, N_SLOTS, n - 1);
    }

    /**
     * Replaces the value in {@code slot}. In place when it is not longer; otherwise the record is
     * rewritten, which needs {@code newValue.length - old length} free bytes (check with
     * {@link #fitsReplacement}).
     */
    public static void replaceValue(byte[] page, int slot, byte[] newValue) {
        int rec = record(page, slot);
        int oldLen = valueLength(page, rec);
        if (newValue.length <= oldLen) {
            System.arraycopy(newValue, 0, page, valueOffset(page, rec), newValue.length);
            Bytes.putShort(page, rec + 2, newValue.length);
            Bytes.putInt(page, GARBAGE, Bytes.getInt(page, GARBAGE) + oldLen - newValue.length);
            return;
        }
        byte[] key = key(page, slot);
        delete(page, slot);
        insert(page, slot, key, newValue);
    }

    /** Whether {@link #replaceValue} with a value of {@code newLength} bytes fits. */
    public static boolean fitsReplacement(byte[] page, int slot, int newLength) {
        int rec = record(page, slot);
        int oldLen = valueLength(page, rec);
        return newLength <= oldLen || totalFree(page) >= newLength - oldLen + 0;
    }

    /** Moves the records of slots {@code [from, n)} into the empty node {@code dst}, in order. */
    public static void moveTail(byte[] src, int from, byte[] dst) {
        int n = slots(src);
        for (int s = from; s < n; s++) {
            int rec = record(src, s);
            int kl = keyLength(src, rec);
            int vl = valueLength(src, rec);
            insert(dst, slots(dst), src, rec + 4, kl, src, rec + 4 + kl, vl);
        }
        truncate(src, from);
    }

    /** Drops the records of slots {@code [keep, n)} and compacts. */
    public static void truncate(byte[] page, int keep) {
        Bytes.putShort(page, N_SLOTS, keep);
        compact(page);
    }

    /** Rewrites the live records contiguously, turning garbage into free space. */
    public static void compact(byte[] page) {
        byte[] scratch = SCRATCH.get();
        if (scratch == null || scratch.length < page.length) {
            scratch = new byte[page.length];
            SCRATCH.set(scratch);
        }
        int n = slots(page);
        int top = HEADER_END;
        int size = page.length;
        for (int s = 0; s < n; s++) {
            int rec = record(page, s);
            int len = 4 + keyLength(page, rec) + valueLength(page, rec);
            System.arraycopy(page, rec, scratch, top, len);
            Bytes.putShort(page, slotAddress(size, s), top);
            top += len;
        }
        System.arraycopy(scratch, HEADER_END, page, HEADER_END, top - HEADER_END);
        Bytes.putInt(page, HEAP_TOP, top);
        Bytes.putInt(page, GARBAGE, 0);
    }

    private static int slotAddress(int pageSize, int slot) {
        return pageSize - 2 * (slot + 1);
    }
}
