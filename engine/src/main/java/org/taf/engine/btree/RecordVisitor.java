package org.taf.engine.btree;

/**
 * Sees one record while its page is S-latched: read what you need from {@code page} and return.
 * Must not block or touch other pages.
 */
@FunctionalInterface
public interface RecordVisitor {
    /**
     * @return true to go on with a scan, false to stop
     */
    boolean visit(byte[] page, int keyOffset, int keyLength, int valueOffset, int valueLength);
}
