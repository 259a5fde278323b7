/**
 * B+trees over buffer-pool pages: a clustered index keyed by the primary key and secondary indexes
 * keyed by (value, primary key). Concurrency by latch coupling, top-down; splits propagate up the
 * X-latched path; pages are never merged.
 */
package org.taf.engine.btree;
