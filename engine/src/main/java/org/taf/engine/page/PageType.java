package org.taf.engine.page;

/** What a page holds, stored in its FIL header (values as InnoDB's FIL_PAGE_TYPE where one exists). */
public enum PageType {
    /** Allocated, never written with content. */
    ALLOCATED(0),
    /** Page 0 of a tablespace: the space header (page count, index roots). */
    SPACE_HEADER(8),
    /** A B+tree node. */
    INDEX(17855);

    private final int code;

    PageType(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The type stored as {@code code}, or null if the code is unknown. */
    public static PageType of(int code) {
        for (PageType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        return null;
    }
}
