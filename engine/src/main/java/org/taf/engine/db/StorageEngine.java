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
import java.util.LinkedHashMap;
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
import org.taf.engine.buffer.BufferPoolStatus;
import org.taf.engine.buffer.LatchMode;
import org.taf.engine.buffer.LsnSource;
import org.taf.engine.buffer.PageGuard;
import org.taf.engine.config.EngineConfig;
import org.taf.engine.page.SpaceHeader;
import org.taf.engine.storage.CorruptPageException;
import org.taf.engine.storage.Tablespace;
import org.taf.engine.storage.Tablespaces;
import org.taf.engine.txn.LockManager;
import org.taf.engine.txn.TransactionSystem;

/**
 * The engine over one datadir: {@code <datadir>/taf_catalog}, one directory per database and
 * one {@code <table>.ibd} file per table. The datadir is locked while open. DDL is serialized on
 * the catalog; table writes hold the table's metadata lock shared until their transaction ends.
 */
public final class StorageEngine implements Engine {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_$]{1,64}");
    private static final String LOCK_FILE = "taf.lock";

    private final EngineConfig config;
    private final Path datadir;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final Catalog catalog;
    private final Tablespaces files = new Tablespaces();
    private final BufferPool pool;
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
        try {
            catalog = Catalog.load(datadir);
            if (!catalog.clean) {
                System.err.println("engine: " + datadir + " was not shut down cleanly; there is no redo log yet,"
                        + " so pages written before the crash may be inconsistent");
            }
            pool = new BufferPool(BufferPoolOptions.from(config), files, LsnSource.counter(), System::currentTimeMillis);
            trxSys = new TransactionSystem(catalog.lastTrxId, new LockManager(config.lockWaitTimeoutSeconds()));
            for (Catalog.TableEntry e : catalog.tables.values()) {
                files.add(Tablespace.open(e.space(), tableFile(e.schema()), config.pageSize(), false));
                checkSpaceHeader(e.space());
                TableImpl t = new TableImpl(e, pool, new TableMdl(), new AtomicLong(1));
                t.nextAutoInc.set(maxPrimaryKey(t) + 1);
                register(t);
            }
            catalog.clean = false;
            catalog.save(datadir);
            pool.startCleaners();
        } catch (RuntimeException e) {
            files.all().forEach(Tablespace::close);
            releaseLock();
            throw e;
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

    private static long maxPrimaryKey(TableImpl t) {
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
            throw new EngineException(ErrorCode.NO_SUCH_TABLE, "Table '" + s.database() + "." + s.name() + "' doesn't exist");
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
            throw new EngineException(ErrorCode.DB_CREATE_EXISTS, "Can't create database '" + name + "'; database exists");
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
            throw new EngineException(ErrorCode.DB_DROP_EXISTS, "Can't drop database '" + name + "'; database doesn't exist");
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
        Tablespace file = Tablespace.open(space, tableFile(schema), config.pageSize(), true);
        files.add(file);
        try {
            try (PageGuard header = pool.create(space, 0)) {
                SpaceHeader.init(header.frame(), space);
                header.markDirty();
            }
            org.taf.engine.btree.PageAllocator alloc = new org.taf.engine.btree.PageAllocator(pool, space);
            int root = BTree.create(alloc, 0);
            List<Integer> roots = new ArrayList<>();
            for (int i = 0; i < schema.indexes().size(); i++) {
                roots.add(BTree.create(alloc, i + 1));
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
        int size = RowFormat.HEADER + (schema.columns().size() + 7) / 8 + KeyCodec.PK_LENGTH;
        for (org.taf.engine.api.Column c : schema.columns()) {
            size += c.type().isInteger() ? 8 : 2 + 4 * c.length();
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
        int column = schema.columnIndex(index.column());
        t.mdl.enterExclusive(lockWaitNanos());
        try {
            int number = schema.indexes().size();
            int root = BTree.create(t.allocator, number);
            BTree tree = new BTree(pool, t.allocator, root, number);
            byte[] entry = RowFormat.indexEntry(0, false);
            List<org.taf.engine.api.Column> columns = t.schema().columns();
            List<long[]> pks = new ArrayList<>();
            List<Object> values = new ArrayList<>();
            // Nobody writes the table now; collect (value, pk) leaf by leaf, then build the index.
            t.clustered.scan(null, true, null, true, (page, ko, kl, vo, vl) -> {
                if (!RowFormat.isDeleteMarked(page, vo)) {
                    pks.add(new long[] {KeyCodec.decodeLong(page, ko)});
                    values.add(RowFormat.decodeColumn(columns, page, vo, column));
                }
                return true;
            });
            for (int i = 0; i < pks.size(); i++) {
                tree.modify(KeyCodec.indexKey(values.get(i), pks.get(i)[0]), current -> Mutation.put(entry));
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
        BufferPoolStatus b = pool.status();
        LockManager locks = trxSys.locks();
        Map<String, Long> s = new LinkedHashMap<>();
        s.put("Innodb_buffer_pool_pages_total", b.pagesTotal());
        s.put("Innodb_buffer_pool_pages_free", b.pagesFree());
        s.put("Innodb_buffer_pool_pages_data", b.pagesData());
        s.put("Innodb_buffer_pool_pages_dirty", b.pagesDirty());
        s.put("Innodb_buffer_pool_read_requests", b.readRequests());
        s.put("Innodb_buffer_pool_reads", b.pagesRead());
        s.put("Innodb_buffer_pool_pages_flushed", b.pagesWritten());
        s.put("Innodb_buffer_pool_pages_made_young", b.pagesMadeYoung());
        s.put("Innodb_buffer_pool_pages_made_not_young", b.pagesNotMadeYoung());
        s.put("Innodb_buffer_pool_pages_evicted", b.pagesEvicted());
        s.put("Innodb_buffer_pool_mutex_acquisitions", b.mutexAcquisitions());
        s.put("Innodb_buffer_pool_mutex_waits", b.mutexWaits());
        s.put("Innodb_pages_created", b.pagesCreated());
        s.put("Innodb_pages_read", b.pagesRead());
        s.put("Innodb_pages_written", b.pagesWritten());
        s.put("Innodb_row_lock_current_waits", 0L);
        s.put("Innodb_row_lock_waits", locks.waits());
        s.put("Innodb_row_lock_time", locks.waitMillis());
        s.put("Innodb_deadlocks", locks.deadlocks());
        s.put("Innodb_rows_read", rowsRead.sum());
        s.put("Innodb_rows_inserted", rowsInserted.sum());
        s.put("Innodb_rows_updated", rowsUpdated.sum());
        s.put("Innodb_rows_deleted", rowsDeleted.sum());
        return s;
    }

    @Override
    public void flush() {
        pool.flushAll();
        for (Tablespace ts : files.all()) {
            ts.sync();
        }
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
            pool.close();
            flush();
            catalog.lastTrxId = trxSys.lastId();
            catalog.clean = true;
            catalog.save(datadir);
        } finally {
            for (Tablespace ts : files.all()) {
                ts.close();
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
