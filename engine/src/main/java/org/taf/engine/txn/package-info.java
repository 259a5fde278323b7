/**
 * Transactions: ids and the registry of active transactions (which decides what readers see),
 * per-transaction undo (before-images for readers and rollback), and exclusive row locks held to
 * commit, with deadlock detection and innodb_lock_wait_timeout.
 */
package org.taf.engine.txn;
