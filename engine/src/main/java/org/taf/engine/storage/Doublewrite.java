package org.taf.engine.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.taf.engine.page.FilHeader;

/**
 * The doublewrite buffer ({@code innodb_doublewrite}): a batch of pages is first written to
 * {@value #FILE_NAME} and synced, then written in place and the data files synced. A crash in the
 * middle of an in-place write leaves a torn page, which fails its checksum; recovery then finds
 * the page's last complete image here ({@link #readCopies}) and puts it back before applying
 * redo, which a torn page could not take. Each slot is a whole page with its own header and
 * checksum, so the file needs no header of its own. One batch at a time; the file is emptied at a
 * clean shutdown so that a stopped datadir stays small.
 */
public final class Doublewrite implements PageWriter, AutoCloseable {
    /** The file in the datadir. */
    public static final String FILE_NAME = "ib_doublewrite";
    /** Pages per round: a batch larger than this is written in several rounds. */
    public static final int SLOTS = 64;

    private final Path path;
    private final FileChannel channel;
    private final Tablespaces files;
    private final int pageSize;
    private final byte[] buffer;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile long pagesWritten;
    private volatile long writes;

    private Doublewrite(Path path, FileChannel channel, Tablespaces files, int pageSize) {
        this.path = path;
        this.channel = channel;
        this.files = files;
        this.pageSize = pageSize;
        this.buffer = new byte[SLOTS * pageSize];
    }

    /** Opens (creating if absent) the doublewrite file of a datadir. */
    public static Doublewrite open(Path datadir, Tablespaces files, int pageSize) {
        Path p = datadir.resolve(FILE_NAME);
        try {
            return new Doublewrite(p, FileChannel.open(p, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE), files, pageSize);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the doublewrite buffer " + p, e);
        }
    }

    @Override
    public void write(List<Page> batch) {
        lock.lock();
        try {
            for (int from = 0; from < batch.size(); from += SLOTS) {
                round(batch.subList(from, Math.min(batch.size(), from + SLOTS)));
            }
        } finally {
            lock.unlock();
        }
    }

    private void round(List<Page> pages) {
        int n = pages.size();
        for (int i = 0; i < n; i++) {
            Page p = pages.get(i);
            FilHeader.stampChecksum(p.frame());
            System.arraycopy(p.frame(), 0, buffer, i * pageSize, pageSize);
        }
        try {
            ByteBuffer buf = ByteBuffer.wrap(buffer, 0, n * pageSize);
            while (buf.hasRemaining()) {
                channel.write(buf, buf.position());
            }
            channel.force(false);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the doublewrite buffer " + path, e);
        }
        // Only now, with the copies durable, may the pages be overwritten in place.
        Set<Tablespace> touched = new LinkedHashSet<>();
        for (Page p : pages) {
            Tablespace ts = files.get(p.space());
            ts.write(p.pageNo(), p.frame());
            touched.add(ts);
        }
        // And the next round may reuse the slots only once the in-place writes are durable.
        for (Tablespace ts : touched) {
            ts.sync();
        }
        writes++;
        pagesWritten += n;
    }

    /** Pages written through the buffer (Innodb_dblwr_pages_written). */
    public long pagesWritten() {
        return pagesWritten;
    }

    /** Rounds written (Innodb_dblwr_writes). */
    public long writes() {
        return writes;
    }

    /** Empties the file (clean shutdown: every page is in place and synced). */
    public void empty() {
        try {
            channel.truncate(0);
            channel.force(true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot empty the doublewrite buffer " + path, e);
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

    /**
     * The sound page images in a datadir's doublewrite file, by {@code (space << 32) | page}; of two
     * images of one page, the one with the larger page LSN. Empty if there is no file.
     */
    public static Map<Long, byte[]> readCopies(Path datadir, int pageSize) {
        Path p = datadir.resolve(FILE_NAME);
        Map<Long, byte[]> copies = new HashMap<>();
        if (!Files.exists(p)) {
            return copies;
        }
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
            long slots = Math.min(SLOTS, ch.size() / pageSize);
            for (int i = 0; i < slots; i++) {
                byte[] frame = new byte[pageSize];
                ByteBuffer buf = ByteBuffer.wrap(frame);
                while (buf.hasRemaining() && ch.read(buf, (long) i * pageSize + buf.position()) >= 0) {
                    // fill the frame
                }
                int space = FilHeader.space(frame);
                int pageNo = FilHeader.pageNo(frame);
                if (FilHeader.verify(frame, space, pageNo) != null) {
                    continue; // an unused or torn slot
                }
                long key = ((long) space << 32) | (pageNo & 0xFFFFFFFFL);
                byte[] other = copies.get(key);
                if (other == null || FilHeader.lsn(other) < FilHeader.lsn(frame)) {
                    copies.put(key, frame);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the doublewrite buffer " + p, e);
        }
        return copies;
    }
}
