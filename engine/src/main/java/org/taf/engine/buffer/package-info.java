/**
 * The buffer pool: page frames, a page hash with striped latches, a free list, an LRU list with an
 * old sublist and InnoDB's make-young rules, a flush list ordered by oldest modification, and page
 * cleaners. A page hit never takes the pool mutex: a hit on a page that is too old only flags it,
 * and the LRU tail scan (which holds the mutex already) moves flagged pages to the head instead of
 * evicting them — the direction of MDEV-33966. Before this change make-young took the mutex on
 * every move, as InnoDB did, and contended once the data was larger than the pool.
 */
package org.taf.engine.buffer;
