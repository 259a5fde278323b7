package org.taf.engine.log;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;
import org.taf.engine.page.Bytes;

/**
 * The redo log file ({@link LogFormat}): its header, two checkpoint slots and the circular data
 * area. The file is extended to its size at start as a sparse file and cut back to its header at a
 * clean shutdown, so a cleanly stopped datadir holds 12 KiB of log instead of
 * {@code innodb_log_file_size} bytes (a copy of a datadir template stays cheap). Positional reads
 * and writes; one writer at a time (the log writer), readers only during recovery.
 */
public final class LogFile implements AutoCloseable {
    /**
     * A checkpoint as stored in a slot.
     *
     * @param number    increases with every checkpoint written
     * @param lsn       where recovery starts scanning
     * @param lastTrxId the largest transaction id handed out when it was written
     */
    public record Checkpoint(long number, long lsn, long lastTrxId) { }

    private final Path path;
    private final FileChannel channel;
    private long fileSize;
    private Checkpoint checkpoint;

    private LogFile(Path path, FileChannel channel, long fileSize, Checkpoint checkpoint) {
        this.path = path;
        this.channel = channel;
        this.fileSize = fileSize;
        this.checkpoint = checkpoint;
    }

    /**
     * Creates a new log of {@code fileSize} bytes whose first checkpoint is {@code startLsn}.
     *
     * @throws UncheckedIOException if the file exists or cannot be written
     */
    public static LogFile create(Path path, long fileSize, long startLsn, long lastTrxId, String creator) {
        checkSize(fileSize);
        try {
            FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            LogFile f = new LogFile(path, ch, fileSize, new Checkpoint(0, startLsn, lastTrxId));
            f.writeHeader(creator);
            f.writeSlot(LogFormat.CHECKPOINT_0, f.checkpoint);
            f.extend();
            ch.force(true);
            return f;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create redo log " + path, e);
        }
    }

    /**
     * Opens an existing log and reads its header and newest valid checkpoint.
     *
     * @throws RedoLogException naming the file when it is missing, not a TAF log, of another format
     *                          version, or has no valid checkpoint
     */
    public static LogFile open(Path path) {
        if (!Files.exists(path)) {
            throw new RedoLogException(path, -1, "the file is missing (the datadir was made with a redo log;"
                    + " without it committed changes that are not yet in the data files would be lost)");
        }
        FileChannel ch;
        try {
            ch = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new RedoLogException(path, -1, "cannot open: " + e.getMessage());
        }
        try {
            byte[] header = read(ch, 0);
            Checkpoint c0 = slot(read(ch, LogFormat.CHECKPOINT_0));
            Checkpoint c1 = slot(read(ch, LogFormat.CHECKPOINT_1));
            Checkpoint newest = c0 == null ? c1 : c1 == null ? c0 : c0.number() >= c1.number() ? c0 : c1;
            long at = newest == null ? -1 : newest.lsn();
            if (ch.size() < LogFormat.START) {
                throw new RedoLogException(path, at, "the file is " + ch.size() + " bytes, shorter than its "
                        + LogFormat.START + "-byte header");
            }
            if (Bytes.getLong(header, 0) != LogFormat.MAGIC) {
                throw new RedoLogException(path, at, "not a TAF redo log (bad magic number)");
            }
            int version = Bytes.getInt(header, 8);
            if (version != LogFormat.VERSION) {
                throw new RedoLogException(path, at, "format version " + version + "; this engine reads version "
                        + LogFormat.VERSION);
            }
            if (!crcOk(header)) {
                throw new RedoLogException(path, at, "the header block fails its checksum");
            }
            long size = Bytes.getLong(header, 16);
            if (size <= LogFormat.START + LogFormat.BLOCK_HEADER) {
                throw new RedoLogException(path, at, "the header gives an impossible file size " + size);
            }
            if (newest == null) {
                throw new RedoLogException(path, -1, "neither checkpoint slot is valid");
            }
            return new LogFile(path, ch, size, newest);
        } catch (IOException e) {
            closeQuietly(ch);
            throw new RedoLogException(path, -1, "cannot read: " + e.getMessage());
        } catch (RuntimeException e) {
            closeQuietly(ch);
            throw e;
        }
    }

    private static void checkSize(long fileSize) {
        if (fileSize < LogFormat.START + 64 * 1024) {
            throw new IllegalArgumentException("log file size " + fileSize + " is too small");
        }
    }

    private static byte[] read(FileChannel ch, long pos) throws IOException {
        byte[] b = new byte[LogFormat.BLOCK_USED];
        ByteBuffer buf = ByteBuffer.wrap(b);
        while (buf.hasRemaining() && ch.read(buf, pos + buf.position()) >= 0) {
            // until full or end of file (the rest stays zero and fails its checksum)
        }
        return b;
    }

    private static Checkpoint slot(byte[] b) {
        if (!crcOk(b) || Bytes.getLong(b, 8) < LogFormat.START) {
            return null;
        }
        return new Checkpoint(Bytes.getLong(b, 0), Bytes.getLong(b, 8), Bytes.getLong(b, 16));
    }

    private static boolean crcOk(byte[] b) {
        return Bytes.getInt(b, LogFormat.CRC_OFFSET) == crc(b);
    }

    private static int crc(byte[] b) {
        CRC32C c = new CRC32C();
        c.update(b, 0, LogFormat.CRC_OFFSET);
        return (int) c.getValue();
    }

    private void writeHeader(String creator) throws IOException {
        byte[] b = new byte[LogFormat.BLOCK_USED];
        Bytes.putLong(b, 0, LogFormat.MAGIC);
        Bytes.putInt(b, 8, LogFormat.VERSION);
        Bytes.putLong(b, 16, fileSize);
        byte[] text = creator.getBytes(StandardCharsets.UTF_8);
        int n = Math.min(text.length, 200);
        Bytes.putShort(b, 24, n);
        System.arraycopy(text, 0, b, 26, n);
        Bytes.putInt(b, LogFormat.CRC_OFFSET, crc(b));
        writeFully(b, 0);
    }

    private void writeSlot(int offset, Checkpoint c) throws IOException {
        byte[] b = new byte[LogFormat.BLOCK_USED];
        Bytes.putLong(b, 0, c.number());
        Bytes.putLong(b, 8, c.lsn());
        Bytes.putLong(b, 16, c.lastTrxId());
        Bytes.putInt(b, LogFormat.CRC_OFFSET, crc(b));
        writeFully(b, offset);
    }

    private void writeFully(byte[] b, long pos) throws IOException {
        ByteBuffer buf = ByteBuffer.wrap(b);
        while (buf.hasRemaining()) {
            channel.write(buf, pos + buf.position());
        }
    }

    public Path path() {
        return path;
    }

    /** The file size the header gives: header blocks plus the data area. */
    public long fileSize() {
        return fileSize;
    }

    /** Bytes of log the data area holds before it wraps. */
    public long capacity() {
        return fileSize - LogFormat.START;
    }

    /** The newest valid checkpoint. */
    public Checkpoint checkpoint() {
        return checkpoint;
    }

    /** Writes a checkpoint into the slot not holding the current one and forces it to disk. */
    public synchronized void writeCheckpoint(long lsn, long lastTrxId) {
        Checkpoint c = new Checkpoint(checkpoint.number() + 1, lsn, lastTrxId);
        try {
            writeSlot(c.number() % 2 == 0 ? LogFormat.CHECKPOINT_0 : LogFormat.CHECKPOINT_1, c);
            channel.force(false);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a checkpoint to " + path, e);
        }
        checkpoint = c;
    }

    /** Writes {@code len} bytes of {@code src} as the log from {@code lsn} on, wrapping at the end of the file. */
    public void write(long lsn, byte[] src, int off, int len) {
        try {
            while (len > 0) {
                long pos = LogFormat.offset(lsn, fileSize);
                int n = (int) Math.min(len, fileSize - pos);
                ByteBuffer buf = ByteBuffer.wrap(src, off, n);
                while (buf.hasRemaining()) {
                    channel.write(buf, pos + (buf.position() - off));
                }
                lsn += n;
                off += n;
                len -= n;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the redo log " + path, e);
        }
    }

    /** Reads the log from {@code lsn} into {@code dst}, wrapping; bytes beyond the end of the file read as zeros. */
    public void read(long lsn, byte[] dst, int off, int len) {
        try {
            while (len > 0) {
                long pos = LogFormat.offset(lsn, fileSize);
                int n = (int) Math.min(len, fileSize - pos);
                ByteBuffer buf = ByteBuffer.wrap(dst, off, n);
                while (buf.hasRemaining()) {
                    if (channel.read(buf, pos + (buf.position() - off)) < 0) {
                        java.util.Arrays.fill(dst, buf.position(), off + n, (byte) 0);
                        break;
                    }
                }
                lsn += n;
                off += n;
                len -= n;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the redo log " + path, e);
        }
    }

    /** The bytes the file holds now (its data area may be cut back or sparse). */
    public long physicalSize() {
        try {
            return channel.size();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the size of " + path, e);
        }
    }

    /** Forces written log to the device (fdatasync). */
    public void force() {
        try {
            channel.force(false);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot sync the redo log " + path, e);
        }
    }

    /** Extends the file to its size; the new part is a hole that costs no disk until written. */
    public void extend() {
        try (RandomAccessFile raf = new RandomAccessFile(path.toFile(), "rw")) {
            if (raf.length() < fileSize) {
                raf.setLength(fileSize);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot extend the redo log " + path + " to " + fileSize + " bytes", e);
        }
    }

    /**
     * Empties the data area (cuts the file back to its header), optionally with a new file size,
     * and forces it; the next checkpoint names where the empty log continues. Called only when no
     * log is needed any more: every page is flushed up to the current LSN.
     */
    public void empty(long newFileSize, boolean extend, String creator) {
        checkSize(newFileSize);
        try {
            channel.truncate(LogFormat.START);
            if (newFileSize != fileSize) {
                fileSize = newFileSize;
                writeHeader(creator);
            }
            channel.force(true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot empty the redo log " + path, e);
        }
        if (extend) {
            extend();
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close " + path, e);
        }
    }

    private static void closeQuietly(FileChannel ch) {
        try {
            ch.close();
        } catch (IOException ignored) {
            // reporting the first error
        }
    }
}
