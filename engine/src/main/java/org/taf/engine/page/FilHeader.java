package org.taf.engine.page;

import java.util.zip.CRC32C;

/**
 * The header at the start of every page, and its checksum.
 *
 * <pre>
 *  0  u32 CRC32C of bytes [4, page size)
 *  4  i32 space id
 *  8  i32 page number
 * 12  i64 page LSN: the LSN of the newest change written into the page (for redo and checkpoints)
 * 20  u16 page type
 * 22  ... reserved up to {@link #SIZE}
 * </pre>
 * Multi-byte values are big-endian.
 */
public final class FilHeader {
    public static final int CHECKSUM = 0;
    public static final int SPACE = 4;
    public static final int PAGE_NO = 8;
    public static final int LSN = 12;
    public static final int TYPE = 20;
    /** Bytes taken by the header; page-type specific data starts here. */
    public static final int SIZE = 32;

    private FilHeader() {}

    /** Writes the identity and type of a fresh page. */
    public static void init(byte[] page, int space, int pageNo, PageType type) {
        Bytes.putInt(page, SPACE, space);
        Bytes.putInt(page, PAGE_NO, pageNo);
        Bytes.putLong(page, LSN, 0);
        Bytes.putShort(page, TYPE, type.code());
    }

    public static int space(byte[] page) {
        return Bytes.getInt(page, SPACE);
    }

    public static int pageNo(byte[] page) {
        return Bytes.getInt(page, PAGE_NO);
    }

    public static long lsn(byte[] page) {
        return Bytes.getLong(page, LSN);
    }

    public static void setLsn(byte[] page, long lsn) {
        Bytes.putLong(page, LSN, lsn);
    }

    public static int typeCode(byte[] page) {
        return Bytes.getShort(page, TYPE);
    }

    /** CRC32C of everything after the checksum field. */
    public static int computeChecksum(byte[] page) {
        CRC32C crc = new CRC32C();
        crc.update(page, CHECKSUM + 4, page.length - 4);
        return (int) crc.getValue();
    }

    /** Stores the checksum; done just before the page is written to its file. */
    public static void stampChecksum(byte[] page) {
        Bytes.putInt(page, CHECKSUM, computeChecksum(page));
    }

    /**
     * Why a page read from disk cannot be used, or null if it is sound: the checksum must match and
     * the header must name the page that was asked for (a misdirected write is corruption too).
     */
    public static String verify(byte[] page, int space, int pageNo) {
        int stored = Bytes.getInt(page, CHECKSUM);
        int computed = computeChecksum(page);
        if (stored != computed) {
            boolean allZero = true;
            for (byte b : page) {
                if (b != 0) {
                    allZero = false;
                    break;
                }
            }
            return allZero ? "the page is all zeros (never written)"
                    : String.format("checksum mismatch: stored 0x%08x, computed 0x%08x", stored, computed);
        }
        if (space(page) != space || pageNo(page) != pageNo) {
            return "the page header names space " + space(page) + " page " + pageNo(page);
        }
        return null;
    }
}
