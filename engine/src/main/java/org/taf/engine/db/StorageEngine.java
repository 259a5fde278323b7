package org.taf.engine.db;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;
import org.taf.engine.api.Engine;
import org.taf.engine.api.EngineException;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.api.IndexSchema;
import org.taf.engine.api.Table;
import org.taf.engine.api.TableSchema;
import org.taf.engine.api.Transaction;
import org.taf.engine.btree.BTree;
import org.taf.engine.btree.KeyCodec;
import org.taf.engine.btree.Mutation;
import org.taf.engine.buffer.BufferPool;
import org.taf.engine.buffer.BufferPoolOptions;
import org.taf.engine.buffer.LatchMode;
import org.taf.engine.buffer.PageGuard;
import org.taf.engine.buffer.WriteAheadLog;
import org.taf.engine.config.EngineConfig;
import org.taf.engine.config.Variables;
import org.taf.engine.log.Checkpointer;
import org.taf.engine.log.LogFile;
import org.taf.engine.log.LogFormat;
import org.taf.engine.log.LsnLock;
import org.taf.engine.log.Mtr;
import org.taf.engine.log.Recovery;
import org.taf.engine.log.RedoLog;
import org.taf.engine.page.SpaceHeader;
import org.taf.engine.storage.CorruptPageException;
import org.taf.engine.storage.Doublewrite;
import org.taf.engine.storage.PageWriter;
import org.taf.engine.storage.Tablespace;
import org.taf.engine.storage.Tablespaces;
import org.taf.engine.txn.LockManager;
import org.taf.engine.txn.TransactionSystem;
import org.taf.engine.txn.UndoRecord;

/**
 * The engine over one datadir: {@code <datadir>/taf_catalog}, one directory per database, one
 * {@code <table>.ibd} file per table, the redo log {@code ib_logfile0} and the doublewrite buffer
 * {@code ib_doublewrite}. The datadir is locked while open. DDL is serialized on the catalog;
 * table writes hold the table's metadata lock shared until their transaction ends.
 *
 * <p>Opening runs crash recovery ({@link Recovery}) when the log holds anything after its
 * checkpoint: redo, then the rollback of transactions that had not committed, then every page is
 * flushed and the log starts empty at the recovered LSN. A clean shutdown flushes every page,
 * writes a checkpoint at the end of the log and cuts the log file and the doublewrite file back
 * to their headers, so a stopped datadir is small to copy; the log is extended again (as a sparse
 * file) at the next start.
 */
public final class StorageEngine implements Engine {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_$]{1,64}");
    private static final String LOCK_FILE = "taf.lock";

    private volatile EngineConfig config;
    private final Path datadir;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final Catalog catalog;
    private final Tablespaces files = new Tablespaces();
    private final BufferPool pool;
    private final LogFile logFile;
    private final RedoLog log;
    private final Doublewrite doublewrite;
    private final Checkpointer checkpointer;
    /** What page writes wait for: nothing while recovering (the recovered log is on disk), then the log. */
    private volatile WriteAheadLog wal = WriteAheadLog.NONE;
    private final RecoveryReport recovery;
    final TransactionSystem trxSys;
    private final Map<String, TableImpl> tables = new ConcurrentHashMap<>();
    private final Map<Integer, TableImpl> bySpace = new ConcurrentHashMap<>();
    private final Set<TransactionImpl> open = ConcurrentHashMap.newKeySet();
    final LongAdder rowsRead = new LongAdder();
    final LongAdder rowsInserted = new LongAdder();
    final LongAdder rowsUpdated = new LongAdder();
    final LongAdder rowsDeleted = new LongAdder();
    private boolean closed;

    private StorageEngine(EngineConfig config) {
        this.config = config;
        this.datadir = config.datadir().toAbsolutePath().normalize();
        try {
            Files.createDirectories(datadir);
            lockChannel = FileChannel.open(datadir.resolve(LOCK_FILE), StandardOpenOption.CREATE,
                    StandardOpenOption.READ, StandardOpenOption.WRITE);
            lock = tryLock(lockChannel);
            if (lock == null) {
                String holder = Files.readString(datadir.resolve(LOCK_FILE), StandardCharsets.UTF_8).trim();
                lockChannel.close();
                throw new EngineException(ErrorCode.UNKNOWN_ERROR, "datadir " + datadir
                        + " is in use by another engine" + (holder.isEmpty() ? "" : " (pid " + holder + ")"));
            }
            lockChannel.truncate(0);
            lockChannel.write(java.nio.ByteBuffer.wrap(Long.toString(ProcessHandle.current().pid())
                    .getBytes(StandardCharsets.UTF_8)), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock datadir " + datadir, e);
        }
        LogFile lf = null;
        Doublewrite dw = null;
        try {
            catalog = Catalog.load(datadir);
            for (Catalog.TableEntry e : catalog.tables.values()) {
                files.add(Tablespace.open(e.space(), tableFile(e.schema()), config.pageSize(), false));
            }
            long started = System.nanoTime();
            lf = openLog();
            Recovery rec = new Recovery(lf, files, datadir, config.pageSize());
            Recovery.Scan scan = rec.scan(); // reads only: a log that cannot be read stops here
            dw = config.doublewrite() ? Doublewrite.open(datadir, files, config.pageSize()) : null;
            pool = new BufferPool(BufferPoolOptions.from(config), files, lsn -> wal.flushUpTo(lsn),
                    dw != null ? dw : PageWriter.direct(files), System::currentTimeMillis);
            int pagesRecovered = scan.needed() ? rec.apply(scan, pool, Recovery.DEFAULT_BATCH_BYTES) : 0;
            long lastTrx = Math.max(catalog.lastTrxId, Math.max(lf.checkpoint().lastTrxId(), scan.maxTrxId()));
            for (Catalog.TableEntry e : catalog.tables.values()) {
                checkSpaceHeader(e.space());
                register(new TableImpl(e, pool, new TableMdl(), new AtomicLong(1)));
            }
            int rolledBack = rollBackRecovered(scan);
            for (TableImpl t : bySpace.values()) {
                t.nextAutoInc.set(maxAutoIncrement(t) + 1);
            }
            String creator = "TAF engine " + config.version();
            if (scan.needed() || lf.fileSize() != config.logFileSize()) {
                // Everything recovered goes to the data files; the log then starts empty at its end
                // (and at its configured size), so no stale block of the crashed run can follow new ones.
                pool.flushAll();
                syncDataFiles();
                catalog.lastTrxId = lastTrx;
                catalog.save(datadir);
                lf.empty(config.logFileSize(), true, creator);
                lf.writeCheckpoint(scan.endLsn(), lastTrx);
            } else {
                lf.extend();
            }
            recovery = new RecoveryReport(scan.checkpointLsn(), scan.endLsn(), scan.blocks(), pagesRecovered,
                    scan.torn().size(), rolledBack, scan.needed() ? System.nanoTime() - started : 0);
            logFile = lf;
            doublewrite = dw;
            log = new RedoLog(lf, scan.endLsn(), config.logBufferSize(), new LsnLock(config.logSpinWaitDelay()),
                    config.flushLogAtTrxCommit());
            wal = log;
            trxSys = new TransactionSystem(lastTrx, new LockManager(config.lockWaitTimeoutSeconds()));
            catalog.redoLog = true;
            catalog.clean = false;
            catalog.save(datadir);
            checkpointer = new Checkpointer(
                    log,
                    pool,
                    this::syncDataFiles,
                    new UndoKeeper(trxSys, log, Math.min(log.capacity() / 8, config.logBufferSize() / 2)),
                    trxSys::lastId,
                    config.flushLogAtTimeout());
            checkpointer.start();
            pool.startCleaners();
        } catch (RuntimeException e) {
            files.all().forEach(Tablespace::close);
            if (lf != null) {
                lf.close();
            }
            if (dw != null) {
                dw.close();
            }
            releaseLock();
            throw e;
        }
    }

    /**
     * The log file: opened if the datadir has one; created for a new datadir, or for one made by a
     * build without a redo log, whose page LSNs came from a counter: the new log then starts above
     * every page LSN, so that recovery never takes a page for newer than the log.
     */
    private LogFile openLog() {
        Path p = datadir.resolve(LogFormat.FILE_NAME);
        if (Files.exists(p) || catalog.redoLog) {
            return LogFile.open(p);
        }
        long start = LogFormat.START;
        if (!catalog.tables.isEmpty()) {
            if (!catalog.clean) {
                System.err.println("engine: " + datadir + " was made without a redo log and not shut down cleanly;"
                        + " pages written before the crash may be inconsistent");
            }
            for (Tablespace ts : files.all()) {
                start = Math.max(start, ts.maxPageLsn() + 1);
            }
        }
        return LogFile.create(p, config.logFileSize(), start, catalog.lastTrxId, "TAF engine " + config.version());
    }

    /**
     * Rolls back, newest change first, the transactions the log shows uncommitted; the pages are
     * changed without log (the log is not open for writing yet) and flushed before the log is reset.
     * Returns how many transactions were rolled back.
     */
    private int rollBackRecovered(Recovery.Scan scan) {
        for (List<UndoRecord> undo : scan.uncommitted().values()) {
            for (int i = undo.size() - 1; i >= 0; i--) {
                UndoRecord u = undo.get(i);
                TableImpl t = bySpace.get(u.space());
                // A table dropped, or an index the catalog never got (CREATE INDEX cut short): nothing to undo.
                if (t != null && u.index() <= t.indexes.size()) {
                    applyUndo(t, u, Mtr.unlogged(scan.endLsn()));
                }
            }
        }
        return scan.uncommitted().size();
    }

    /** Puts an undo record's before-image back (or removes the key if it was absent), in {@code mtr}. */
    void applyUndo(TableImpl t, UndoRecord u, Mtr mtr) {
        byte[] before = u.before();
        try (mtr) {
            t.tree(u.index()).modify(mtr, u.key(), current -> before == null ? Mutation.DELETE : Mutation.put(before));
        }
    }

    /** A mini-transaction; with {@code check}, after waiting for free log space (before any latch). */
    Mtr mtr(boolean check) {
        return check ? log.start() : log.startWithoutCheck();
    }

    /** The end of the log: no block logged from now on starts before it. */
    long currentLsn() {
        return log.lsn();
    }

    /** Waits until a commit ending at {@code lsn} is as durable as innodb_flush_log_at_trx_commit asks. */
    void commitDurable(long lsn) {
        log.commitDurable(lsn);
    }

    /** Fsyncs every data file (before a checkpoint; a file dropped meanwhile is skipped). */
    private void syncDataFiles() {
        for (Tablespace ts : files.all()) {
            try {
                ts.sync();
            } catch (UncheckedIOException e) {
                if (bySpace.containsKey(ts.space())) {
                    throw e;
                }
            }
        }
    }

    /** The lock, or null if another process or another engine in this JVM holds it. */
    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (java.nio.channels.OverlappingFileLockException e) {
            return null;
        }
    }

    /** Opens the datadir of {@code config}; see {@link Engine#open}. */
    public static Engine open(EngineConfig config) {
        return new StorageEngine(config);
    }

    private void checkSpaceHeader(int space) {
        try (PageGuard g = pool.fix(space, 0, LatchMode.S)) {
            String why = SpaceHeader.check(g.frame());
            if (why != null) {
                throw new CorruptPageException(space, 0, files.get(space).file().toString(), why);
            }
        }
    }

    /** The largest AUTO_INCREMENT value stored (the column is then the whole primary key), or 0. */
    private static long maxAutoIncrement(TableImpl t) {
        if (t.autoIncrementColumn < 0) {
            return 0;
        }
        long[] max = {0};
        t.clustered.scanDescending(null, true, null, true, (page, ko, kl, vo, vl) -> {
            max[0] = KeyCodec.decodeLong(page, ko);
            return false;
        });
        return Math.max(0, max[0]);
    }

    private Path tableFile(TableSchema s) {
        return datadir.resolve(s.database()).resolve(s.name() + ".ibd");
    }

    private void register(TableImpl t) {
        tables.put(Catalog.key(t.schema().database(), t.schema().name()), t);
        bySpace.put(t.spaceId(), t);
    }

    @Override
    public EngineConfig config() {
        return config;
    }

    int pageSize() {
        return config.pageSize();
    }

    long lockWaitNanos() {
        return TimeUnit.SECONDS.toNanos(config.lockWaitTimeoutSeconds());
    }

    /** The current instance of a table (a new one after CREATE INDEX); fails if dropped. */
    TableImpl current(Table table) {
        TableImpl t = bySpace.get(table.spaceId());
        if (t == null) {
            TableSchema s = table.schema();
            throw new EngineException(
                    ErrorCode.NO_SUCH_TABLE, "Table '" + s.database() + "." + s.name() + "' doesn't exist");
        }
        return t;
    }

    TableImpl tableBySpace(int space) {
        return bySpace.get(space);
    }

    @Override
    public synchronized void createDatabase(String name, boolean ifNotExists) {
        checkOpen();
        checkName(name, ErrorCode.WRONG_DB_NAME, "Incorrect database name '" + name + "'");
        if (catalog.databases.contains(name)) {
            if (ifNotExists) {
                return;
            }
            throw new EngineException(
                    ErrorCode.DB_CREATE_EXISTS, "Can't create database '" + name + "'; database exists");
        }
        try {
            Files.createDirectories(datadir.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create directory for database " + name, e);
        }
        catalog.databases.add(name);
        catalog.save(datadir);
    }

    @Override
    public synchronized void dropDatabase(String name, boolean ifExists) {
        checkOpen();
        if (!catalog.databases.contains(name)) {
            if (ifExists) {
                return;
            }
            throw new EngineException(
                    ErrorCode.DB_DROP_EXISTS, "Can't drop database '" + name + "'; database doesn't exist");
        }
        for (String table : tableNames(name)) {
            dropTable(name, table, true);
        }
        catalog.databases.remove(name);
        catalog.save(datadir);
        try {
            Files.deleteIfExists(datadir.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove directory of database " + name, e);
        }
    }

    @Override
    public synchronized boolean databaseExists(String name) {
        return catalog.databases.contains(name);
    }

    @Override
    public synchronized List<String> databases() {
        return new ArrayList<>(catalog.databases);
    }

    @Override
    public synchronized Table createTable(TableSchema schema, boolean ifNotExists) {
        checkOpen();
        String db = schema.database();
        if (!catalog.databases.contains(db)) {
            throw new EngineException(ErrorCode.BAD_DB, "Unknown database '" + db + "'");
        }
        checkName(schema.name(), ErrorCode.WRONG_TABLE_NAME, "Incorrect table name '" + schema.name() + "'");
        TableImpl existing = tables.get(Catalog.key(db, schema.name()));
        if (existing != null) {
            if (ifNotExists) {
                return existing;
            }
            throw new EngineException(ErrorCode.TABLE_EXISTS, "Table '" + schema.name() + "' already exists");
        }
        checkRowSize(schema);
        int space = catalog.nextSpace++;
        catalog.save(datadir); // a space id is never handed out twice, even if we crash before the table is saved
        // A file left by a crash before its table reached the catalog belongs to nobody.
        deleteQuietly(tableFile(schema));
        Tablespace file = Tablespace.open(space, tableFile(schema), config.pageSize(), true);
        files.add(file);
        try {
            int root;
            List<Integer> roots = new ArrayList<>();
            try (Mtr mtr = mtr(true)) {
                PageGuard header = pool.create(space, 0);
                mtr.initSpaceHeader(header);
                org.taf.engine.btree.PageAllocator alloc = new org.taf.engine.btree.PageAllocator(pool, space);
                root = BTree.create(mtr, alloc, 0);
                for (int i = 0; i < schema.indexes().size(); i++) {
                    roots.add(BTree.create(mtr, alloc, i + 1));
                }
            }
            Catalog.TableEntry entry = new Catalog.TableEntry(space, schema, root, roots);
            TableImpl t = new TableImpl(entry, pool, new TableMdl(), new AtomicLong(1));
            pool.flushAll();
            catalog.tables.put(Catalog.key(db, schema.name()), entry);
            catalog.save(datadir);
            register(t);
            return t;
        } catch (RuntimeException e) {
            pool.discard(space);
            files.remove(space);
            deleteQuietly(tableFile(schema));
            throw e;
        }
    }

    private void checkRowSize(TableSchema schema) {
        int size = RowFormat.HEADER + (schema.columns().size() + 7) / 8;
        for (org.taf.engine.api.Column c : schema.columns()) {
            size += c.type().isText() ? 2 + 4 * c.length() : 8;
        }
        for (int k : schema.primaryKeyPositions()) {
            org.taf.engine.api.Column c = schema.columns().get(k);
            size += c.type().isText() ? 2 + 2 * 4 * c.length() : 8;
        }
        int max = org.taf.engine.page.IndexPage.maxRecord(config.pageSize());
        if (size > max) {
            throw new EngineException(ErrorCode.TOO_BIG_ROWSIZE, "Row size too large (> " + max
                    + "). The maximum row size for innodb_page_size=" + config.pageSize() + " is " + max
                    + " bytes; this table's rows may take " + size);
        }
    }

    @Override
    public synchronized void dropTable(String database, String name, boolean ifExists) {
        checkOpen();
        TableImpl t = tables.get(Catalog.key(database, name));
        if (t == null) {
            if (ifExists) {
                return;
            }
            throw new EngineException(ErrorCode.NO_SUCH_TABLE, "Unknown table '" + database + "." + name + "'");
        }
        t.mdl.enterExclusive(lockWaitNanos());
        try {
            tables.remove(Catalog.key(database, name));
            bySpace.remove(t.spaceId());
            t.markDropped();
            catalog.tables.remove(Catalog.key(database, name));
            catalog.save(datadir);
            pool.discard(t.spaceId());
            files.remove(t.spaceId());
            deleteQuietly(tableFile(t.schema()));
        } finally {
            t.mdl.exitExclusive();
        }
    }

    @Override
    public Optional<Table> findTable(String database, String name) {
        return Optional.ofNullable(tables.get(Catalog.key(database, name)));
    }

    @Override
    public synchronized List<String> tableNames(String database) {
        List<String> names = new ArrayList<>();
        for (Catalog.TableEntry e : catalog.tables.values()) {
            if (e.schema().database().equals(database)) {
                names.add(e.schema().name());
            }
        }
        names.sort(null);
        return names;
    }

    @Override
    public synchronized Table createIndex(String database, String table, IndexSchema index) {
        checkOpen();
        TableImpl t = tables.get(Catalog.key(database, table));
        if (t == null) {
            throw new EngineException(ErrorCode.NO_SUCH_TABLE, "Table '" + database + "." + table + "' doesn't exist");
        }
        if (t.schema().index(index.name()) != null) {
            throw new EngineException(ErrorCode.DUP_KEYNAME, "Duplicate key name '" + index.name() + "'");
        }
        TableSchema schema = t.schema().withIndex(index);
        KeyLayout layout = KeyLayout.secondary(schema, schema.positions(index));
        t.mdl.enterExclusive(lockWaitNanos());
        try {
            int number = schema.indexes().size();
            int root;
            try (Mtr mtr = mtr(true)) {
                root = BTree.create(mtr, t.allocator, number);
            }
            BTree tree = new BTree(pool, t.allocator, root, number);
            byte[] entry = RowFormat.indexEntry(0, false);
            List<org.taf.engine.api.Column> columns = t.schema().columns();
            List<byte[]> keys = new ArrayList<>();
            // Nobody writes the table now; collect the entries leaf by leaf, then build the index.
            t.clustered.scan(null, true, null, true, (page, ko, kl, vo, vl) -> {
                if (!RowFormat.isDeleteMarked(page, vo)) {
                    keys.add(layout.encode(RowFormat.decode(columns, page, vo), Arrays.copyOfRange(page, ko, ko + kl)));
                }
                return true;
            });
            for (byte[] key : keys) {
                try (Mtr mtr = mtr(true)) {
                    tree.modify(mtr, key, current -> Mutation.put(entry));
                }
            }
            List<Integer> roots = new ArrayList<>(t.entry.indexRoots());
            roots.add(root);
            Catalog.TableEntry e = new Catalog.TableEntry(t.spaceId(), schema, t.entry.clusteredRoot(), roots);
            TableImpl replaced = new TableImpl(e, pool, t.mdl, t.nextAutoInc);
            pool.flushAll();
            catalog.tables.put(Catalog.key(database, table), e);
            catalog.save(datadir);
            register(replaced);
            return replaced;
        } finally {
            t.mdl.exitExclusive();
        }
    }

    @Override
    public Transaction begin() {
        checkOpen();
        TransactionImpl t = new TransactionImpl(this, trxSys.begin());
        open.add(t);
        return t;
    }

    void transactionEnded(TransactionImpl t) {
        open.remove(t);
    }

    @Override
    public Map<String, Long> status() {
        EngineStatus.Rows rows = new EngineStatus.Rows(rowsRead.sum(), rowsInserted.sum(), rowsUpdated.sum(),
                rowsDeleted.sum());
        return EngineStatus.of(
                pool.status(), pool.latches(), trxSys.locks(), rows, log.status(), doublewrite, recovery);
    }

    /** For tests: one checkpoint now, as the checkpointer makes it ({@code pressed}: the log is filling up). */
    void checkpointNow(boolean pressed) {
        checkpointer.checkpoint(pressed);
    }

    /** What crash recovery did at this start (all zero after a clean shutdown). */
    public RecoveryReport recoveryReport() {
        return recovery;
    }

    @Override
    public void setGlobalVariable(String name, String value) {
        String n = Variables.canonical(name);
        EngineConfig next = config.with(n, value); // refuses unknown names and bad values
        switch (n) {
            case "innodb_log_spin_wait_delay" -> log.lsnLock().setSpinWaitDelay(next.logSpinWaitDelay());
            case "innodb_flush_log_at_trx_commit" -> log.setFlushAtCommit(next.flushLogAtTrxCommit());
            default ->
                throw new IllegalArgumentException("Variable '" + n + "' cannot be changed while the engine runs");
        }
        config = next;
    }

    @Override
    public void flush() {
        log.flushUpTo(log.lsn(), true);
        pool.flushAll();
        syncDataFiles();
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            for (TransactionImpl t : List.copyOf(open)) {
                t.rollback();
            }
            checkpointer.close();
            pool.close();
            flush();
            catalog.lastTrxId = trxSys.lastId();
            catalog.save(datadir);
            // Every page is in its file and synced: the log is not needed, and a datadir copied from
            // here (a template) carries 12 KiB of it.
            logFile.empty(logFile.fileSize(), false, "TAF engine " + config.version());
            logFile.writeCheckpoint(log.lsn(), trxSys.lastId());
            if (doublewrite != null) {
                doublewrite.empty();
            }
            catalog.clean = true;
            catalog.save(datadir);
        } finally {
            for (Tablespace ts : files.all()) {
                ts.close();
            }
            log.close();
            if (doublewrite != null) {
                doublewrite.close();
            }
            releaseLock();
        }
    }

    private void releaseLock() {
        try {
            if (lock != null && lock.isValid()) {
                lock.release();
            }
            lockChannel.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot release the lock of " + datadir, e);
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the engine on " + datadir + " is closed");
        }
    }

    private static void checkName(String name, ErrorCode code, String message) {
        if (!NAME.matcher(name).matches()) {
            throw new EngineException(code, message);
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // A leftover file is harmless: its space id is never reused.
        }
    }

    /** The buffer pool, for tests and benchmarks that look at its counters. */
    public BufferPool bufferPool() {
        return pool;
    }
}
