/**
 * The results database: every run also kept in SQLite (embedded default) or a shared MariaDB, under a
 * versioned schema migrated by Flyway, so that history is queried by host fingerprint, data shape and
 * settings without parsing JSON; {@code results.json} stays the exchange format.
 */
package org.taf.runner.db;
