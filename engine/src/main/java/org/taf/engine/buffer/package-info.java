/**
 * The buffer pool: page frames, a page hash with striped latches, a free list, an LRU list with an
 * old sublist and InnoDB's make-young rules, a flush list ordered by oldest modification, and page
 * cleaners. Make-young takes the instance's pool mutex on every move, as InnoDB did before
 * MDEV-33966, so that it contends when the data is larger than the pool.
 */
package org.taf.engine.buffer;
