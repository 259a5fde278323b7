/** Data files: one tablespace file per table, read and written a page at a time with checksums checked on read. */
package org.taf.engine.storage;
