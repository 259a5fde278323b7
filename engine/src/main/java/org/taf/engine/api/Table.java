package org.taf.engine.api;

/** A handle on an open table; valid until the table is dropped or the engine closed. */
public interface Table {
    /** The table's definition, including the secondary indexes it has now. */
    TableSchema schema();

    /** The tablespace id of the table's data file. */
    int spaceId();
}
