package org.taf.engine.log;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.taf.engine.api.EngineException;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.buffer.BufferPool;
import org.taf.engine.buffer.PageGuard;
import org.taf.engine.page.FilHeader;
import org.taf.engine.storage.CorruptPageException;
import org.taf.engine.storage.Doublewrite;
import org.taf.engine.storage.Tablespace;
import org.taf.engine.storage.Tablespaces;
import org.taf.engine.txn.UndoRecord;

/**
 * Crash recovery, in two passes over the log from its checkpoint to its end.
 *
 * <ol>
 *   <li>{@link #scan()} reads and checks the whole log and changes nothing: a damaged log stops
 *       the start here with the datadir as it was. It also follows the transactions (their undo,
 *       commits and rollbacks) and checks every page the log will change: a page that is corrupt
 *       (a torn write) must have an image in the doublewrite buffer, and a page that was never
 *       written must be formatted by its first record.</li>
 *   <li>{@link #apply} puts torn pages back from the doublewrite buffer, then reads the log again
 *       in batches of bounded memory and applies each page's records whose LSN is newer than the
 *       page, through the buffer pool (which may write pages back while it goes).</li>
 * </ol>
 * What is left to the engine: rolling back the transactions that had not committed
 * ({@link Scan#uncommitted()}, from the undo they logged), then flushing every page and starting
 * an empty log at the recovered end.
 */
public final class Recovery {
    /** Record bytes held in memory per batch of {@link #apply}. */
    public static final long DEFAULT_BATCH_BYTES = 64L << 20;

    /**
     * What the first pass found.
     *
     * @param checkpointLsn where the log starts
     * @param endLsn        where it ends: the first LSN of the log written next
     * @param blocks        mini-transactions in between
     * @param pages         pages the log changes (in spaces that still exist)
     * @param maxTrxId      the largest transaction id in the log (0 if none)
     * @param uncommitted   transactions with undo and neither commit nor completed rollback, by id,
     *                      with their undo in the order the changes were made
     * @param torn          corrupt pages with a doublewrite image, to be put back
     */
    public record Scan(long checkpointLsn, long endLsn, long blocks, int pages, long maxTrxId,
                       Map<Long, List<UndoRecord>> uncommitted, Map<Long, byte[]> torn) {
        /** Whether there is anything to redo or undo. */
        public boolean needed() {
            return endLsn > checkpointLsn;
        }
    }

    private final LogFile file;
    private final Tablespaces files;
    private final Path datadir;
    private final int pageSize;

    /**
     * @param file     the log
     * @param files    the data files of the tables that exist (records of other spaces are skipped:
     *                 their tables were dropped, or never reached the catalog)
     * @param datadir  where the doublewrite buffer is
     * @param pageSize innodb_page_size
     */
    public Recovery(LogFile file, Tablespaces files, Path datadir, int pageSize) {
        this.file = file;
        this.files = files;
        this.datadir = datadir;
        this.pageSize = pageSize;
    }

    private static long key(int space, int pageNo) {
        return ((long) space << 32) | (pageNo & 0xFFFFFFFFL);
    }

    private static int spaceOf(long key) {
        return (int) (key >>> 32);
    }

    private static int pageOf(long key) {
        return (int) key;
    }

    /** The first pass: checks the log and the pages it changes, changes nothing. */
    public Scan scan() {
        long from = file.checkpoint().lsn();
        LogScanner scanner = new LogScanner(file, from);
        Map<Long, long[]> first = new HashMap<>(); // page -> {type of its first record, LSN of that block}
        Map<Long, List<UndoRecord>> trx = new LinkedHashMap<>();
        long maxTrx = 0;
        long blocks = 0;
        for (LogScanner.Block b = scanner.next(); b != null; b = scanner.next()) {
            blocks++;
            byte[] r = b.bytes();
            for (int off = b.from(); off < b.to(); off += RedoRecord.length(r, off, b.to())) {
                byte type = r[off];
                if (RedoRecord.isPageRecord(type)) {
                    if (known(RedoRecord.space(r, off))) {
                        first.putIfAbsent(key(RedoRecord.space(r, off), RedoRecord.pageNo(r, off)),
                                new long[] {type, b.start()});
                    }
                    continue;
                }
                long id = RedoRecord.trxId(r, off);
                maxTrx = Math.max(maxTrx, id);
                switch (type) {
                    case RedoRecord.TRX_UNDO -> trx.computeIfAbsent(id, k -> new ArrayList<>()).add(new UndoRecord(
                            RedoRecord.undoSpace(r, off), RedoRecord.undoIndex(r, off), RedoRecord.undoKey(r, off),
                            RedoRecord.undoBefore(r, off)));
                    case RedoRecord.TRX_COMMIT, RedoRecord.TRX_ROLLBACK -> trx.remove(id);
                    case RedoRecord.TRX_UNDO_RESET -> trx.remove(id);
                    case RedoRecord.TRX_UNDO_TRUNCATE -> {
                        List<UndoRecord> u = trx.get(id);
                        int kept = RedoRecord.undoKept(r, off);
                        if (u != null && kept < u.size()) {
                            u.subList(kept, u.size()).clear();
                        }
                    }
                    default -> throw new IllegalStateException("record type " + type);
                }
            }
        }
        Map<Long, byte[]> torn = checkPages(first);
        return new Scan(from, scanner.lsn(), blocks, first.size(), maxTrx, trx, torn);
    }

    private boolean known(int space) {
        try {
            files.get(space);
            return true;
        } catch (EngineException e) {
            return false;
        }
    }

    /** Checks each page the log changes; returns the corrupt ones that the doublewrite buffer can repair. */
    private Map<Long, byte[]> checkPages(Map<Long, long[]> first) {
        Map<Long, byte[]> copies = Doublewrite.readCopies(datadir, pageSize);
        Map<Long, byte[]> torn = new TreeMap<>();
        byte[] frame = new byte[pageSize];
        // Every page with a doublewrite image is looked at, even if the log does not change it.
        Map<Long, long[]> all = new TreeMap<>(first);
        for (Long k : copies.keySet()) {
            if (known(spaceOf(k))) {
                all.putIfAbsent(k, null);
            }
        }
        for (Map.Entry<Long, long[]> e : all.entrySet()) {
            int space = spaceOf(e.getKey());
            int pageNo = pageOf(e.getKey());
            Tablespace ts = files.get(space);
            Tablespace.PageState state = ts.probe(pageNo, frame);
            long[] f = e.getValue();
            boolean formats = f != null && RedoRecord.initializes((byte) f[0]);
            switch (state) {
                case SOUND -> { }
                case ABSENT -> {
                    if (f != null && !formats) {
                        throw new EngineException(
                                ErrorCode.TABLE_CORRUPT,
                                "crash recovery: page " + pageNo + " of space "
                                        + space + " in " + ts.file()
                                        + " was never written, but the redo log changes it from LSN "
                                        + f[1] + " without formatting it first; the datadir was left as it is");
                    }
                }
                case CORRUPT -> {
                    byte[] copy = copies.get(e.getKey());
                    if (copy != null) {
                        torn.put(e.getKey(), copy);
                    } else if (!formats && f != null) {
                        throw new EngineException(
                                ErrorCode.TABLE_CORRUPT,
                                "crash recovery: page " + pageNo + " of space "
                                        + space + " in " + ts.file() + " is corrupt (" + ts.whyCorrupt(pageNo, frame)
                                        + ") and the doublewrite buffer has no image of it, so the redo log from LSN "
                                        + f[1]
                                        + " cannot be applied; the datadir was left as it is");
                    }
                }
                default -> throw new IllegalStateException(state.toString());
            }
        }
        return torn;
    }

    /** One page's records of a batch: the blocks and record offsets, in LSN order. */
    private static final class PageRecords {
        final List<LogScanner.Block> blocks = new ArrayList<>(2);
        final List<Integer> offsets = new ArrayList<>(2);
    }

    /**
     * The second pass: repairs torn pages from the doublewrite buffer and applies the log to the
     * pages through {@code pool}, holding at most about {@code batchBytes} of log in memory.
     *
     * @return pages changed
     */
    public int apply(Scan scan, BufferPool pool, long batchBytes) {
        for (Map.Entry<Long, byte[]> e : scan.torn().entrySet()) {
            Tablespace ts = files.get(spaceOf(e.getKey()));
            ts.write(pageOf(e.getKey()), e.getValue().clone());
            ts.sync();
        }
        LogScanner scanner = new LogScanner(file, scan.checkpointLsn());
        Map<Long, PageRecords> batch = new TreeMap<>();
        long held = 0;
        int changed = 0;
        for (LogScanner.Block b = scanner.next(); b != null && b.start() < scan.endLsn(); b = scanner.next()) {
            byte[] r = b.bytes();
            boolean used = false;
            for (int off = b.from(); off < b.to(); off += RedoRecord.length(r, off, b.to())) {
                if (!RedoRecord.isPageRecord(r[off]) || !known(RedoRecord.space(r, off))) {
                    continue;
                }
                PageRecords p = batch.computeIfAbsent(key(RedoRecord.space(r, off), RedoRecord.pageNo(r, off)),
                        k -> new PageRecords());
                p.blocks.add(b);
                p.offsets.add(off);
                used = true;
            }
            if (used) {
                held += r.length;
            }
            if (held >= batchBytes) {
                changed += applyBatch(batch, pool, scan.checkpointLsn());
                batch.clear();
                held = 0;
            }
        }
        changed += applyBatch(batch, pool, scan.checkpointLsn());
        return changed;
    }

    /**
     * Applies a batch, page by page. Every page changed goes on the flush list with the checkpoint
     * LSN as its oldest modification: a lower bound, and the same for all, so the list takes each
     * page at its end in one step (pages come in page order, not LSN order); no checkpoint is
     * written before recovery has flushed them all anyway.
     */
    private int applyBatch(Map<Long, PageRecords> batch, BufferPool pool, long checkpointLsn) {
        int changed = 0;
        for (Map.Entry<Long, PageRecords> e : batch.entrySet()) {
            int space = spaceOf(e.getKey());
            int pageNo = pageOf(e.getKey());
            PageRecords p = e.getValue();
            PageGuard g;
            try {
                g = pool.fixOrEmpty(space, pageNo);
            } catch (CorruptPageException bad) {
                // Checked by the scan: the first record formats the page, so its old bytes do not matter.
                g = pool.create(space, pageNo);
            }
            try {
                long pageLsn = FilHeader.lsn(g.frame());
                long lastEnd = 0;
                for (int i = 0; i < p.blocks.size(); i++) {
                    LogScanner.Block b = p.blocks.get(i);
                    if (b.end() <= pageLsn) {
                        continue; // the page on disk has this change already
                    }
                    try {
                        RedoRecord.apply(b.bytes(), p.offsets.get(i), g.frame());
                    } catch (RuntimeException ex) {
                        throw new RedoLogException(file.path(), b.start(), "a record does not apply to page " + pageNo
                                + " of space " + space + " (" + ex.getMessage() + ")");
                    }
                    lastEnd = b.end();
                }
                if (lastEnd != 0) {
                    g.markModified(checkpointLsn, lastEnd);
                    changed++;
                }
            } finally {
                g.close();
            }
        }
        return changed;
    }
}
