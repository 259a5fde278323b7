package org.taf.engine.api;

/**
 * The rows of a scan, in key order. A cursor holds no page latch between calls, so a caller may
 * do other work while it is open; it sees committed rows and its own transaction's changes.
 */
public interface Cursor extends AutoCloseable {
    /** The next row, or null when the scan is done. */
    Row next();

    @Override
    void close();
}
