/**
 * The redo log: mini-transactions that write page changes as redo records, a log buffer whose LSNs
 * are handed out under {@code lsn_lock} (a mutex or a spin lock, {@code innodb_log_spin_wait_delay},
 * as in MDEV-33515), group commit, {@code innodb_flush_log_at_trx_commit}, a circular log file with
 * two checkpoint slots, checkpoints driven by page flushing in oldest-modification order, and crash
 * recovery: redo applied to pages older than their records, then uncommitted transactions rolled
 * back from the undo the log carries.
 */
package org.taf.engine.log;
