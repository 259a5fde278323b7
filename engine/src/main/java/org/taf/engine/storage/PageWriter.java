package org.taf.engine.storage;

import java.util.List;

/**
 * How the buffer pool writes a batch of pages to their files: straight in place, or through the
 * doublewrite buffer ({@link Doublewrite}) so that a write torn by a crash can be repaired.
 */
@FunctionalInterface
public interface PageWriter {
    /**
     * A page to write: its address and its frame (stamped with a checksum by the writer).
     *
     * @param space  tablespace id
     * @param pageNo page number
     * @param frame  the page's bytes, stable while the batch is written (the caller holds the page's latch)
     */
    record Page(int space, int pageNo, byte[] frame) { }

    /** Writes every page of {@code batch} to its tablespace. */
    void write(List<Page> batch);

    /** Writes in place, one page after another, without a sync (checkpoints sync the files). */
    static PageWriter direct(Tablespaces files) {
        return batch -> {
            for (Page p : batch) {
                files.get(p.space()).write(p.pageNo(), p.frame());
            }
        };
    }
}
