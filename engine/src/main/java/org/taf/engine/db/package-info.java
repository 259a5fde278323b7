/** The engine's implementation of the embedded API: catalog, tables and transactions over the B+trees. */
package org.taf.engine.db;
