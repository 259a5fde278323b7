package org.taf.engine.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.taf.engine.page.FilHeader;

/**
 * One data file: page {@code n} lives at byte {@code n * pageSize}. Positional reads and writes,
 * safe from many threads at once. Reads verify the checksum and the page's own address.
 */
public final class Tablespace implements AutoCloseable {
    private final int space;
    private final Path file;
    private final int pageSize;
    private final FileChannel channel;

    private Tablespace(int space, Path file, int pageSize, FileChannel channel) {
        this.space = space;
        this.file = file;
        this.pageSize = pageSize;
        this.channel = channel;
    }

    /** Opens {@code file}, creating it when {@code create} is true (and failing if it then exists). */
    public static Tablespace open(int space, Path file, int pageSize, boolean create) {
        try {
            FileChannel ch = create
                    ? FileChannel.open(
                            file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE)
                    : FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
            return new Tablespace(space, file, pageSize, ch);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open data file " + file + " (space " + space + ")", e);
        }
    }

    public int space() {
        return space;
    }

    public Path file() {
        return file;
    }

    /**
     * Reads page {@code pageNo} into {@code frame} and checks it.
     *
     * @throws CorruptPageException if the page is short, fails its checksum or names another page
     */
    public void read(int pageNo, byte[] frame) {
        ByteBuffer buf = ByteBuffer.wrap(frame, 0, pageSize);
        long pos = (long) pageNo * pageSize;
        try {
            while (buf.hasRemaining()) {
                int n = channel.read(buf, pos + buf.position());
                if (n < 0) {
                    throw new CorruptPageException(space, pageNo, file.toString(),
                            "the file ends at byte " + channel.size() + ", before the page");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read page " + pageNo + " of " + file, e);
        }
        String why = FilHeader.verify(frame, space, pageNo);
        if (why != null) {
            throw new CorruptPageException(space, pageNo, file.toString(), why);
        }
    }

    /** What a raw read of a page found. */
    public enum PageState {
        /** The checksum matches and the header names the page. */
        SOUND,
        /** The page lies beyond the end of the file or is all zeros: it was never written. */
        ABSENT,
        /** The page was written but its checksum or header is wrong (a torn or damaged write). */
        CORRUPT
    }

    /**
     * Reads page {@code pageNo} into {@code frame} without refusing it, for crash recovery: an
     * absent page leaves {@code frame} zeroed.
     */
    public PageState probe(int pageNo, byte[] frame) {
        java.util.Arrays.fill(frame, 0, pageSize, (byte) 0);
        ByteBuffer buf = ByteBuffer.wrap(frame, 0, pageSize);
        long pos = (long) pageNo * pageSize;
        try {
            while (buf.hasRemaining()) {
                if (channel.read(buf, pos + buf.position()) < 0) {
                    break;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read page " + pageNo + " of " + file, e);
        }
        boolean zero = true;
        for (int i = 0; i < pageSize && zero; i++) {
            zero = frame[i] == 0;
        }
        if (zero) {
            return PageState.ABSENT;
        }
        return FilHeader.verify(frame, space, pageNo) == null ? PageState.SOUND : PageState.CORRUPT;
    }

    /** Why page {@code pageNo} as read into {@code frame} is corrupt, or null (for messages). */
    public String whyCorrupt(int pageNo, byte[] frame) {
        return FilHeader.verify(frame, space, pageNo);
    }

    /** Stamps the checksum into {@code frame} and writes it as page {@code pageNo}. */
    public void write(int pageNo, byte[] frame) {
        FilHeader.stampChecksum(frame);
        ByteBuffer buf = ByteBuffer.wrap(frame, 0, pageSize);
        long pos = (long) pageNo * pageSize;
        try {
            while (buf.hasRemaining()) {
                channel.write(buf, pos + buf.position());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write page " + pageNo + " of " + file, e);
        }
    }

    /** The largest page LSN in the file (reads the LSN field of every page). */
    public long maxPageLsn() {
        long max = 0;
        ByteBuffer b = ByteBuffer.allocate(8);
        try {
            long pages = channel.size() / pageSize;
            for (long p = 0; p < pages; p++) {
                b.clear();
                while (b.hasRemaining() && channel.read(b, p * pageSize + FilHeader.LSN + b.position()) >= 0) {
                    // read the 8 bytes
                }
                max = Math.max(max, b.getLong(0));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return max;
    }

    /** Forces written pages to the device. */
    public void sync() {
        try {
            channel.force(false);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot sync " + file, e);
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close " + file, e);
        }
    }
}
