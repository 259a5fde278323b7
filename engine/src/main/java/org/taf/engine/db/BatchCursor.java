package org.taf.engine.db;

import java.util.ArrayList;
import java.util.List;
import org.taf.engine.api.Cursor;
import org.taf.engine.api.Row;

/** A cursor that fills a batch of rows at a time, so that no page latch is held between calls. */
abstract class BatchCursor implements Cursor {
    /** Records visited per batch: about a leaf page's worth. */
    static final int BATCH = 128;

    private final List<Row> batch = new ArrayList<>();
    private int next;
    private boolean more = true;
    private boolean closed;

    /** Adds the next batch of rows; returns whether more may follow. */
    protected abstract boolean fetch(List<Row> into);

    @Override
    public Row next() {
        while (next >= batch.size()) {
            if (!more || closed) {
                return null;
            }
            batch.clear();
            next = 0;
            more = fetch(batch);
        }
        return batch.get(next++);
    }

    @Override
    public void close() {
        closed = true;
        batch.clear();
    }
}
