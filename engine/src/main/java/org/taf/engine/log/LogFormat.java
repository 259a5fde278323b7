package org.taf.engine.log;

/**
 * The layout of the redo log file {@value #FILE_NAME} (format version {@value #VERSION}):
 *
 * <pre>
 *     0  header (512 bytes): u64 magic "TAFREDO\0", u32 format version, u32 0, u64 file size,
 *        u16 length + creator text, ..., u32 CRC32C of bytes [0, 508) at 508
 *  4096  checkpoint slot 0 (512 bytes): u64 checkpoint number, u64 checkpoint LSN,
 *        u64 largest transaction id handed out, ..., u32 CRC32C of [0, 508) at 508
 *  8192  checkpoint slot 1 (same); checkpoints alternate, the valid one with the larger number wins
 * 12288  data area up to the file size, written circularly: LSN n lives at
 *        {@code START + (n - START) mod (size - START)}
 * </pre>
 *
 * The data area holds one block per mini-transaction: u64 its start LSN, u32 payload length,
 * u32 CRC32C of (length, payload), then the payload (redo records, {@link RedoRecord}). A block
 * ends the log when its LSN field is not its own LSN (stale data of the previous lap, or zeros),
 * when its length is impossible or when its checksum fails; the scanner then looks further for
 * a valid block to tell a torn end from damage in the middle ({@link LogScanner}).
 */
public final class LogFormat {
    /** The log file in the datadir (one file, as in MariaDB 10.5+). */
    public static final String FILE_NAME = "ib_logfile0";
    /** The format this engine writes and reads. */
    public static final int VERSION = 1;
    static final long MAGIC = 0x5441465245444F00L; // "TAFREDO\0"
    /** Bytes of the header and checkpoint blocks that are used (each starts a 4 KiB block). */
    static final int BLOCK_USED = 512;
    static final int CRC_OFFSET = 508;
    static final int CHECKPOINT_0 = 4096;
    static final int CHECKPOINT_1 = 8192;
    /** First byte of the data area, and the first LSN of a new log (in the first lap LSN = offset). */
    public static final int START = 12288;
    /** Bytes before a block's payload: start LSN, length, checksum. */
    public static final int BLOCK_HEADER = 16;

    private LogFormat() {}

    /** Where LSN {@code lsn} lives in a log file of {@code fileSize} bytes. */
    static long offset(long lsn, long fileSize) {
        return START + Math.floorMod(lsn - START, fileSize - START);
    }
}
