package org.taf.engine.log;

import java.util.zip.CRC32C;
import org.taf.engine.page.Bytes;

/**
 * Reads the log's blocks in LSN order from a checkpoint, checking each one: its LSN field must be
 * its own LSN, its length possible, its checksum right and its records well formed. The first
 * block that fails ends the log, unless a valid block follows it: then the failing block is
 * damage before the end of the log and the scan stops with a {@link RedoLogException} naming
 * the file and the LSN, instead of silently dropping everything after it. (A crash can only tear
 * the blocks being written last, after which nothing valid follows; stale blocks of the previous
 * lap carry an LSN one lap older than their place, and a fresh file holds zeros.)
 */
public final class LogScanner {
    /**
     * One mini-transaction's block.
     *
     * @param start the block's LSN
     * @param end   the LSN after it
     * @param bytes the block (header included)
     * @param from  offset of the first record in {@code bytes}
     * @param to    offset after the last record
     */
    public record Block(long start, long end, byte[] bytes, int from, int to) { }

    /** How far past a failed block the scan looks for a valid one, in bytes. */
    static final int LOOK_AHEAD = 4 << 20;
    private static final int WINDOW = 1 << 20;

    private final LogFile file;
    private final long limit;
    private final int maxLength;
    private final byte[] window = new byte[WINDOW];
    private long windowLsn = -1;
    private long lsn;
    private boolean ended;

    /** A scan from {@code from} (a checkpoint LSN); the log cannot extend more than one lap past it. */
    public LogScanner(LogFile file, long from) {
        this.file = file;
        this.lsn = from;
        this.limit = from + file.capacity();
        this.maxLength = (int) Math.min(file.capacity() / 4, 64L << 20);
    }

    /** Where the scan is: after the last block returned, and at the end of the log once {@link #next} returned null. */
    public long lsn() {
        return lsn;
    }

    /**
     * The next block, or null at the end of the log.
     *
     * @throws RedoLogException if a damaged block is followed by valid log
     */
    public Block next() {
        if (ended) {
            return null;
        }
        String why = problem(lsn);
        if (why != null) {
            ended = true;
            lookAhead(why);
            return null;
        }
        int len = Bytes.getInt(read(lsn, LogFormat.BLOCK_HEADER), 8);
        byte[] block = new byte[LogFormat.BLOCK_HEADER + len];
        file.read(lsn, block, 0, block.length);
        String bad = checkRecords(block);
        if (bad != null) {
            throw new RedoLogException(file.path(), lsn, "a block with a valid checksum holds a malformed record ("
                    + bad + ")");
        }
        Block b = new Block(lsn, lsn + block.length, block, LogFormat.BLOCK_HEADER, block.length);
        lsn = b.end();
        return b;
    }

    /** Why the block at {@code at} is not valid log, or null. */
    private String problem(long at) {
        if (at + LogFormat.BLOCK_HEADER > limit) {
            return "the log is one lap long";
        }
        byte[] h = read(at, LogFormat.BLOCK_HEADER);
        long field = Bytes.getLong(h, 0);
        if (field != at) {
            return field == 0 ? "never written" : "its LSN field says " + field;
        }
        int len = Bytes.getInt(h, 8);
        if (len <= 0 || len > maxLength || at + LogFormat.BLOCK_HEADER + len > limit) {
            return "impossible length " + len;
        }
        CRC32C crc = new CRC32C();
        crc.update(h, 8, 4);
        byte[] payload = read(at + LogFormat.BLOCK_HEADER, len);
        crc.update(payload, 0, len);
        if ((int) crc.getValue() != Bytes.getInt(h, 12)) {
            return "checksum mismatch";
        }
        return null;
    }

    private static String checkRecords(byte[] block) {
        int off = LogFormat.BLOCK_HEADER;
        while (off < block.length) {
            int n = RedoRecord.length(block, off, block.length);
            if (n < 0) {
                return "record type " + block[off] + " at offset " + (off - LogFormat.BLOCK_HEADER);
            }
            off += n;
        }
        return null;
    }

    private void lookAhead(String why) {
        if (file.physicalSize() <= LogFormat.START) {
            return; // cut back at a clean shutdown: nothing was written since
        }
        long span = Math.min(LOOK_AHEAD, limit - lsn - LogFormat.BLOCK_HEADER);
        for (long p = lsn + 1; p < lsn + span; p++) {
            slide(p, 8);
            if (Bytes.getLong(window, (int) (p - windowLsn)) == p && problem(p) == null) {
                throw new RedoLogException(file.path(), lsn, "the block at this LSN is damaged (" + why
                        + ") but valid log follows at LSN " + p + ": a corrupt record before the end of the log");
            }
        }
    }

    /** Moves the read-ahead window so that it holds [at, at + n). */
    private void slide(long at, int n) {
        if (windowLsn < 0 || at < windowLsn || at + n > windowLsn + WINDOW) {
            windowLsn = at;
            file.read(at, window, 0, WINDOW);
        }
    }

    /** {@code n} bytes of log at {@code at}, through a read-ahead window. */
    private byte[] read(long at, int n) {
        if (n > WINDOW / 2) {
            byte[] b = new byte[n];
            file.read(at, b, 0, n);
            return b;
        }
        slide(at, n);
        byte[] b = new byte[n];
        System.arraycopy(window, (int) (at - windowLsn), b, 0, n);
        return b;
    }
}
