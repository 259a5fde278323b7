package org.taf.engine.btree;

/**
 * Decides, with the leaf X-latched, what to do with a key given its current value. It may be
 * called more than once for one modification (an optimistic attempt, then a pessimistic one that
 * may split pages), so it must decide from its argument alone; it may throw to refuse (a
 * duplicate key), and then nothing is changed.
 */
@FunctionalInterface
public interface Modifier {
    /** @param current the stored value, or null if the key is absent */
    Mutation decide(byte[] current);
}
