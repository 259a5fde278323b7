package org.taf.engine.db;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.taf.engine.api.EngineException;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.api.IndexSchema;
import org.taf.engine.api.Table;
import org.taf.engine.api.TableSchema;
import org.taf.engine.btree.BTree;
import org.taf.engine.btree.PageAllocator;
import org.taf.engine.buffer.BufferPool;

/**
 * An open table: its clustered index, its secondary indexes and its AUTO_INCREMENT counter.
 * Immutable apart from the counter; CREATE INDEX replaces it with a new instance that shares the
 * metadata lock and the counter, and transactions always act on the current instance.
 */
final class TableImpl implements Table {
    /** A secondary index: its schema, its key layout, its tree. */
    record Index(IndexSchema schema, KeyLayout layout, BTree tree) { }

    final Catalog.TableEntry entry;
    final PageAllocator allocator;
    final BTree clustered;
    final KeyLayout primaryKey;
    final List<Index> indexes;
    /** Position of the AUTO_INCREMENT column (which is then the whole primary key), or -1. */
    final int autoIncrementColumn;
    final TableMdl mdl;
    /** The next AUTO_INCREMENT value (InnoDB before 8.0: max(pk) + 1 at open). */
    final AtomicLong nextAutoInc;
    private volatile boolean dropped;

    TableImpl(Catalog.TableEntry entry, BufferPool pool, TableMdl mdl, AtomicLong nextAutoInc) {
        this.entry = entry;
        this.allocator = new PageAllocator(pool, entry.space());
        this.clustered = new BTree(pool, allocator, entry.clusteredRoot(), 0);
        List<Index> ix = new ArrayList<>();
        TableSchema s = entry.schema();
        this.primaryKey = KeyLayout.primary(s);
        for (int i = 0; i < s.indexes().size(); i++) {
            IndexSchema is = s.indexes().get(i);
            ix.add(new Index(is, KeyLayout.secondary(s, s.positions(is)),
                    new BTree(pool, allocator, entry.indexRoots().get(i), i + 1)));
        }
        this.indexes = List.copyOf(ix);
        int auto = -1;
        for (int i = 0; i < s.columns().size(); i++) {
            if (s.columns().get(i).autoIncrement()) {
                auto = i;
            }
        }
        this.autoIncrementColumn = auto;
        this.mdl = mdl;
        this.nextAutoInc = nextAutoInc;
    }

    @Override
    public TableSchema schema() {
        return entry.schema();
    }

    @Override
    public int spaceId() {
        return entry.space();
    }

    /** The tree of index {@code number}: 0 is the clustered index, 1.. the secondary ones. */
    BTree tree(int number) {
        return number == 0 ? clustered : indexes.get(number - 1).tree();
    }

    Index index(String name) {
        for (Index i : indexes) {
            if (i.schema().name().equalsIgnoreCase(name)) {
                return i;
            }
        }
        throw new EngineException(ErrorCode.KEY_COLUMN_DOES_NOT_EXIST,
                "Key '" + name + "' doesn't exist in table '" + entry.schema().name() + "'");
    }

    void markDropped() {
        dropped = true;
    }

    boolean isDropped() {
        return dropped;
    }

    @Override
    public String toString() {
        return entry.schema().database() + "." + entry.schema().name();
    }
}
