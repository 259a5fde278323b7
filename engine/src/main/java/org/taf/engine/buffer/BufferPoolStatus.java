package org.taf.engine.buffer;

/**
 * A snapshot of the buffer pool's counters, summed over instances. Counts since start.
 *
 * @param pagesTotal      frames in the pool
 * @param pagesFree       frames on the free lists
 * @param pagesData       frames holding a page
 * @param pagesDirty      frames modified and not yet written
 * @param readRequests    page fixes (logical reads)
 * @param pagesRead       pages read from disk
 * @param pagesWritten    pages written to disk
 * @param pagesCreated    pages created without a read (new pages)
 * @param pagesMadeYoung  old pages moved to the head of the LRU list
 * @param pagesNotMadeYoung accesses to old pages that did not move them (too recent)
 * @param pagesEvicted    pages removed from the LRU list to reuse their frames
 * @param mutexAcquisitions pool-mutex acquisitions
 * @param mutexWaits      acquisitions that found the pool mutex held and waited
 * @param lruSearchScans  scans of the LRU tail for a block to reuse (a free list that was empty)
 * @param lruSearchScanned blocks looked at by those scans
 * @param lruFlushed      dirty pages written from the LRU tail (by cleaners and by threads needing a frame)
 * @param waitFree        frame requests whose first LRU scan found nothing to reuse and had to wait
 */
public record BufferPoolStatus(long pagesTotal, long pagesFree, long pagesData, long pagesDirty,
                               long readRequests, long pagesRead, long pagesWritten, long pagesCreated,
                               long pagesMadeYoung, long pagesNotMadeYoung, long pagesEvicted,
                               long mutexAcquisitions, long mutexWaits, long lruSearchScans,
                               long lruSearchScanned, long lruFlushed, long waitFree) {
    /** Sum of two snapshots (of two instances). */
    public BufferPoolStatus plus(BufferPoolStatus o) {
        return new BufferPoolStatus(pagesTotal + o.pagesTotal, pagesFree + o.pagesFree, pagesData + o.pagesData,
                pagesDirty + o.pagesDirty, readRequests + o.readRequests, pagesRead + o.pagesRead,
                pagesWritten + o.pagesWritten, pagesCreated + o.pagesCreated, pagesMadeYoung + o.pagesMadeYoung,
                pagesNotMadeYoung + o.pagesNotMadeYoung, pagesEvicted + o.pagesEvicted,
                mutexAcquisitions + o.mutexAcquisitions, mutexWaits + o.mutexWaits, lruSearchScans + o.lruSearchScans,
                lruSearchScanned + o.lruSearchScanned, lruFlushed + o.lruFlushed, waitFree + o.waitFree);
    }
}
