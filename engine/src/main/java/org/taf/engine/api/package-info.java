/**
 * The engine's embedded Java API: open an engine on a datadir, create databases, tables and
 * indexes, and read and write rows in transactions. The SQL layer and the tests use only this.
 */
package org.taf.engine.api;
