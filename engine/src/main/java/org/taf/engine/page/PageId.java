package org.taf.engine.page;

/**
 * A page's address: tablespace id and page number within the space's file.
 *
 * @param space  tablespace id (one data file per table)
 * @param pageNo page number, 0 is the space header
 */
public record PageId(int space, int pageNo) {
    /**
     * InnoDB's page-hash fold, {@code (space << 20) + space + page_no}, used to pick a hash chain.
     */
    public static long fold(int space, int pageNo) {
        return (((long) space) << 20) + space + (pageNo & 0xFFFFFFFFL);
    }

    /**
     * The buffer pool instance of a page, as InnoDB partitioned pages before MariaDB 10.5: the fold
     * of {@code (space, page_no >> 6)}, so that a 64-page extent stays in one instance.
     */
    public static int instanceOf(int space, int pageNo, int instances) {
        return (int) Long.remainderUnsigned(fold(space, pageNo >>> 6), instances);
    }

    @Override
    public String toString() {
        return "[space " + space + ", page " + pageNo + "]";
    }
}
