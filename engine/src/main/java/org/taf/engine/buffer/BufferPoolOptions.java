package org.taf.engine.buffer;

import org.taf.engine.config.EngineConfig;

/**
 * The buffer pool's settings, from the {@code innodb_*} variables of the same names.
 *
 * @param pageSize         bytes per page (innodb_page_size)
 * @param poolSize         bytes of frames in all instances together (innodb_buffer_pool_size)
 * @param instances        number of instances (innodb_buffer_pool_instances)
 * @param oldBlocksPct     percent of each LRU list that is old (innodb_old_blocks_pct)
 * @param oldBlocksTimeMs  ms before an old page may be made young (innodb_old_blocks_time)
 * @param pageCleaners     background flushing threads (innodb_page_cleaners)
 * @param maxDirtyPct      dirty share above which cleaners flush flat out (innodb_max_dirty_pages_pct)
 * @param ioCapacity       pages per second cleaners flush below that share (innodb_io_capacity)
 * @param lruScanDepth     LRU tail blocks scanned per instance for eviction and cleaning (innodb_lru_scan_depth)
 */
public record BufferPoolOptions(int pageSize, long poolSize, int instances, int oldBlocksPct,
                                long oldBlocksTimeMs, int pageCleaners, double maxDirtyPct, int ioCapacity,
                                int lruScanDepth) {
    /** Fewer frames than this per instance cannot hold a B-tree descent plus a split. */
    public static final int MIN_PAGES_PER_INSTANCE = 16;

    public BufferPoolOptions {
        if (instances < 1) {
            throw new IllegalArgumentException("innodb_buffer_pool_instances (" + instances + ") must be at least 1");
        }
        long perInstance = poolSize / pageSize / instances;
        if (perInstance < MIN_PAGES_PER_INSTANCE) {
            throw new IllegalArgumentException(
                    "innodb_buffer_pool_size (" + poolSize + ") gives " + perInstance + " pages of " + pageSize
                            + " bytes per instance; at least " + MIN_PAGES_PER_INSTANCE + " are needed");
        }
        if (perInstance > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("innodb_buffer_pool_size (" + poolSize + ") is too large");
        }
    }

    /** The options named by an engine configuration. */
    public static BufferPoolOptions from(EngineConfig c) {
        return new BufferPoolOptions(c.pageSize(), c.bufferPoolSize(), c.bufferPoolInstances(), c.oldBlocksPct(),
                c.oldBlocksTimeMillis(), c.pageCleaners(), c.maxDirtyPagesPct(), c.ioCapacity(), c.lruScanDepth());
    }

    /** Frames per instance. */
    public int pagesPerInstance() {
        return (int) (poolSize / pageSize / instances);
    }
}
