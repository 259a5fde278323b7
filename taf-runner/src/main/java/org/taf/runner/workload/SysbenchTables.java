package org.taf.runner.workload;

/**
 * The DDL of sysbench 1.0.20's {@code oltp_common.lua} for MySQL/MariaDB with its defaults (auto_inc on,
 * PRIMARY KEY on id, secondary index on k, InnoDB), text for text including the trailing blanks the Lua
 * format leaves for the empty table options.
 */
final class SysbenchTables {
    private SysbenchTables() {}

    static String createTable(int table) {
        return "CREATE TABLE sbtest" + table + "(\n"
                + "  id INTEGER NOT NULL AUTO_INCREMENT,\n"
                + "  k INTEGER DEFAULT '0' NOT NULL,\n"
                + "  c CHAR(120) DEFAULT '' NOT NULL,\n"
                + "  pad CHAR(60) DEFAULT '' NOT NULL,\n"
                + "  PRIMARY KEY (id)\n"
                + ") /*! ENGINE = innodb */ ";
    }

    /** The head of each multi-row INSERT of the load; rows follow as "(k, 'c', 'pad')" joined by ','. */
    static String insertHead(int table) {
        return "INSERT INTO sbtest" + table + "(k, c, pad) VALUES";
    }

    static String createIndex(int table) {
        return "CREATE INDEX k_" + table + " ON sbtest" + table + "(k)";
    }

    static String dropTable(int table) {
        return "DROP TABLE IF EXISTS sbtest" + table;
    }
}
