package org.taf.engine.page;

import java.util.Arrays;

/**
 * Page 0 of every tablespace: a magic number, the page size the file was made with, and the
 * number of pages allocated so far (the next page number to hand out; pages are never reused).
 */
public final class SpaceHeader {
    private static final int MAGIC = FilHeader.SIZE;
    private static final int PAGE_SIZE = FilHeader.SIZE + 4;
    private static final int PAGE_COUNT = FilHeader.SIZE + 8;
    private static final int MAGIC_VALUE = 0x54414653; // "TAFS"

    private SpaceHeader() {}

    public static void init(byte[] page, int space) {
        Arrays.fill(page, (byte) 0);
        FilHeader.init(page, space, 0, PageType.SPACE_HEADER);
        Bytes.putInt(page, MAGIC, MAGIC_VALUE);
        Bytes.putInt(page, PAGE_SIZE, page.length);
        Bytes.putInt(page, PAGE_COUNT, 1);
    }

    /** Why this is not a space header of the expected page size, or null. */
    public static String check(byte[] page) {
        if (Bytes.getInt(page, MAGIC) != MAGIC_VALUE) {
            return "page 0 is not a TAF space header";
        }
        if (Bytes.getInt(page, PAGE_SIZE) != page.length) {
            return "the file was made with innodb_page_size=" + Bytes.getInt(page, PAGE_SIZE)
                    + ", the engine runs with " + page.length;
        }
        return null;
    }

    public static int pageCount(byte[] page) {
        return Bytes.getInt(page, PAGE_COUNT);
    }

    public static void setPageCount(byte[] page, int count) {
        Bytes.putInt(page, PAGE_COUNT, count);
    }
}
