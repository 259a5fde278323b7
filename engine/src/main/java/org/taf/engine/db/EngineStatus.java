package org.taf.engine.db;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.taf.engine.buffer.BufferPoolStatus;
import org.taf.engine.buffer.LatchRegistry;
import org.taf.engine.log.RedoLog;
import org.taf.engine.storage.Doublewrite;
import org.taf.engine.txn.LockManager;

/**
 * The engine's SHOW STATUS counters, by MariaDB's names where MariaDB has the counter
 * (Innodb_buffer_pool_reads, Innodb_os_log_fsyncs, ...) and in its style where it does not
 * (Innodb_log_lsn_lock_waits, Innodb_rw_latches_created, ...). Every counter is cumulative since
 * the start; the LSNs and the pool's page counts are positions and sizes.
 */
final class EngineStatus {
    /** Row operations (Innodb_rows_*). */
    record Rows(long read, long inserted, long updated, long deleted) { }

    private EngineStatus() {}

    static Map<String, Long> of(BufferPoolStatus b, LatchRegistry latches, LockManager locks, Rows rows,
                                RedoLog.Status l, Doublewrite doublewrite, RecoveryReport recovery) {
        Map<String, Long> s = new LinkedHashMap<>();
        s.put("Innodb_buffer_pool_pages_total", b.pagesTotal());
        s.put("Innodb_buffer_pool_pages_free", b.pagesFree());
        s.put("Innodb_buffer_pool_pages_data", b.pagesData());
        s.put("Innodb_buffer_pool_pages_dirty", b.pagesDirty());
        s.put("Innodb_buffer_pool_read_requests", b.readRequests());
        s.put("Innodb_buffer_pool_reads", b.pagesRead());
        s.put("Innodb_buffer_pool_pages_flushed", b.pagesWritten());
        s.put("Innodb_buffer_pool_pages_made_young", b.pagesMadeYoung());
        s.put("Innodb_buffer_pool_pages_made_not_young", b.pagesNotMadeYoung());
        s.put("Innodb_buffer_pool_pages_evicted", b.pagesEvicted());
        s.put("Innodb_buffer_pool_mutex_acquisitions", b.mutexAcquisitions());
        s.put("Innodb_buffer_pool_mutex_waits", b.mutexWaits());
        s.put("Innodb_pages_created", b.pagesCreated());
        s.put("Innodb_pages_read", b.pagesRead());
        s.put("Innodb_pages_written", b.pagesWritten());
        s.put("Innodb_row_lock_current_waits", 0L);
        s.put("Innodb_row_lock_waits", locks.waits());
        s.put("Innodb_row_lock_time", locks.waitMillis());
        s.put("Innodb_deadlocks", locks.deadlocks());
        s.put("Innodb_rows_read", rows.read());
        s.put("Innodb_rows_inserted", rows.inserted());
        s.put("Innodb_rows_updated", rows.updated());
        s.put("Innodb_rows_deleted", rows.deleted());
        s.put("Innodb_buffer_LRU_search_num_scan", b.lruSearchScans());
        s.put("Innodb_buffer_LRU_search_scanned", b.lruSearchScanned());
        s.put("Innodb_buffer_pool_pages_LRU_flushed", b.lruFlushed());
        s.put("Innodb_buffer_pool_wait_free", b.waitFree());
        s.put("Innodb_rw_latches_created", latches.created());
        s.put("Innodb_rw_latches_freed", latches.freed());
        s.put("Innodb_rw_latch_list_mutex_waits", latches.mutexWaits());
        s.put("Innodb_lsn_current", l.lsn());
        s.put("Innodb_lsn_flushed", l.flushedLsn());
        s.put("Innodb_lsn_last_checkpoint", l.checkpointLsn());
        s.put("Innodb_checkpoint_age", l.lsn() - l.checkpointLsn());
        s.put("Innodb_log_write_requests", l.writeRequests());
        s.put("Innodb_log_writes", l.writes());
        s.put("Innodb_os_log_written", l.bytesWritten());
        s.put("Innodb_os_log_fsyncs", l.fsyncs());
        s.put("Innodb_log_waits", l.bufferWaits());
        s.put("Innodb_log_lsn_lock_acquisitions", l.lsnLockAcquisitions());
        s.put("Innodb_log_lsn_lock_waits", l.lsnLockWaits());
        s.put("Innodb_log_lsn_lock_spin_rounds", l.lsnLockSpinRounds());
        s.put("Innodb_log_group_commits", l.groupCommits());
        s.put("Innodb_log_commit_flush_requests", l.commitFlushes());
        s.put("Innodb_log_checkpoints", l.checkpoints());
        s.put("Innodb_log_checkpoint_waits", l.checkpointWaits());
        s.put("Innodb_dblwr_pages_written", doublewrite == null ? 0 : doublewrite.pagesWritten());
        s.put("Innodb_dblwr_writes", doublewrite == null ? 0 : doublewrite.writes());
        s.put("Innodb_recovery_log_blocks", recovery.blocks());
        s.put("Innodb_recovery_pages", (long) recovery.pages());
        s.put("Innodb_recovery_torn_pages_restored", (long) recovery.tornPages());
        s.put("Innodb_recovery_trx_rolled_back", (long) recovery.rolledBack());
        s.put("Innodb_recovery_time_ms", TimeUnit.NANOSECONDS.toMillis(recovery.nanos()));
        return s;
    }
}
