package org.taf.engine.api;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.taf.engine.config.EngineConfig;

/**
 * An open engine: the buffer pool, the catalog of databases and tables, and the transaction
 * system over one datadir. Thread-safe; open one per datadir (a second open of a datadir in use
 * fails). {@link #close()} flushes every dirty page. {@code db.StorageEngine.open} opens one: the API names
 * no implementation.
 */
public interface Engine extends AutoCloseable {

    EngineConfig config();

    /** @throws EngineException {@link ErrorCode#DB_CREATE_EXISTS} unless {@code ifNotExists} */
    void createDatabase(String name, boolean ifNotExists);

    /**
     * Drops the database and its tables. @throws EngineException {@link ErrorCode#DB_DROP_EXISTS} unless {@code
     * ifExists}
     */
    void dropDatabase(String name, boolean ifExists);

    boolean databaseExists(String name);

    List<String> databases();

    /** @throws EngineException {@link ErrorCode#TABLE_EXISTS} unless {@code ifNotExists}; {@link ErrorCode#BAD_DB} */
    Table createTable(TableSchema schema, boolean ifNotExists);

    /** @throws EngineException {@link ErrorCode#NO_SUCH_TABLE} unless {@code ifExists} */
    void dropTable(String database, String name, boolean ifExists);

    Optional<Table> findTable(String database, String name);

    /** The table, or {@link ErrorCode#NO_SUCH_TABLE}. */
    default Table table(String database, String name) {
        return findTable(database, name).orElseThrow(() -> new EngineException(ErrorCode.NO_SUCH_TABLE,
                "Table '" + database + "." + name + "' doesn't exist"));
    }

    List<String> tableNames(String database);

    /** Adds a secondary index and fills it from the rows present. */
    Table createIndex(String database, String table, IndexSchema index);

    Transaction begin();

    /** The status counters, by MariaDB's {@code SHOW STATUS} names (Innodb_buffer_pool_reads, ...). */
    Map<String, Long> status();

    /**
     * SET GLOBAL of an engine variable that can change while running (innodb_log_spin_wait_delay,
     * innodb_flush_log_at_trx_commit); {@link #config()} shows the new value afterwards.
     *
     * @throws org.taf.engine.config.EngineConfigException for a value out of range or of the wrong type
     * @throws IllegalArgumentException for a variable that cannot change while running
     */
    void setGlobalVariable(String name, String value);

    /** Makes the log durable and writes every dirty page to its file. */
    void flush();

    @Override
    void close();
}
