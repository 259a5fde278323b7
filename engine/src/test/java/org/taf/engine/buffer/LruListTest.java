package org.taf.engine.buffer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** InnoDB's LRU bookkeeping: the old sublist's share, midpoint insertion, removal at the boundary. */
class LruListTest {
    private static final int MIN = 64;

    private static List<Block> blocks(int n) {
        List<Block> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(new Block(null, 16));
        }
        return list;
    }

    private static int countOld(LruList lru) {
        int n = 0;
        for (Block b = lru.head(); b != null; b = b.lruNext) {
            if (b.old) {
                n++;
            }
        }
        return n;
    }

    @Test
    void noOldSublistBelowMinimumLength() {
        LruList lru = new LruList(37, MIN);
        for (Block b : blocks(MIN - 1)) {
            lru.add(b, true);
        }
        assertThat(lru.oldHead()).isNull();
        assertThat(lru.oldLength()).isZero();
        assertThat(countOld(lru)).isZero();
    }

    @Test
    void oldSublistHoldsItsShareWithinTolerance() {
        LruList lru = new LruList(37, MIN);
        for (Block b : blocks(1000)) {
            lru.add(b, true);
        }
        int target = 1000 * lru.ratio() / LruList.OLD_RATIO_DIV;
        assertThat(lru.ratio()).isEqualTo(378);
        assertThat(lru.oldLength()).isBetween(target - LruList.OLD_TOLERANCE, target + LruList.OLD_TOLERANCE);
        assertThat(countOld(lru)).isEqualTo(lru.oldLength());
        // Every block from oldHead to the tail is old, none before it.
        boolean inOld = false;
        for (Block b = lru.head(); b != null; b = b.lruNext) {
            inOld |= b == lru.oldHead();
            assertThat(b.old).isEqualTo(inOld);
        }
    }

    @Test
    void readPagesEnterAtTheMidpointNotTheHead() {
        LruList lru = new LruList(37, MIN);
        for (Block b : blocks(200)) {
            lru.add(b, false);
        }
        Block head = lru.head();
        Block read = new Block(null, 16);
        lru.add(read, true);
        assertThat(lru.head()).isSameAs(head);
        assertThat(read.old).isTrue();
        assertThat(read.lruPrev).isSameAs(lru.oldHead());
    }

    @Test
    void makeYoungMovesToHeadAndReportsOldness() {
        LruList lru = new LruList(37, MIN);
        List<Block> bs = blocks(200);
        for (Block b : bs) {
            lru.add(b, false);
        }
        Block tail = lru.tail();
        assertThat(tail.old).isTrue();
        assertThat(lru.makeYoung(tail)).isTrue();
        assertThat(lru.head()).isSameAs(tail);
        assertThat(tail.old).isFalse();
        assertThat(lru.makeYoung(tail)).as("already young").isFalse();
        assertThat(countOld(lru)).isEqualTo(lru.oldLength());
    }

    @Test
    void removingTheOldHeadMovesTheBoundary() {
        LruList lru = new LruList(37, MIN);
        for (Block b : blocks(300)) {
            lru.add(b, false);
        }
        int before = lru.oldLength();
        Block oldHead = lru.oldHead();
        Block prev = oldHead.lruPrev;
        lru.remove(oldHead);
        assertThat(lru.oldHead()).isSameAs(prev);
        assertThat(prev.old).isTrue();
        assertThat(lru.oldLength()).isBetween(before - 1, before);
        assertThat(countOld(lru)).isEqualTo(lru.oldLength());
    }

    @Test
    void shrinkingWellBelowTheMinimumClearsOldFlags() {
        LruList lru = new LruList(37, MIN);
        for (Block b : blocks(MIN)) {
            lru.add(b, false);
        }
        assertThat(lru.oldHead()).isNotNull();
        for (int i = 0; i <= LruList.OLD_TOLERANCE; i++) {
            assertThat(lru.oldHead()).as("still %d blocks", lru.length()).isNotNull();
            lru.remove(lru.tail());
        }
        assertThat(lru.oldHead()).isNull();
        assertThat(countOld(lru)).isZero();
        lru.add(new Block(null, 16), true);
        assertThat(lru.head().old).as("no old sublist: a read enters at the head, young").isFalse();
    }

    /** A full pool evicts one page per page it reads: the old sublist must survive that, not be made again. */
    @Test
    void evictingAndReadingAtTheMinimumKeepsTheOldSublist() {
        LruList lru = new LruList(37, MIN);
        for (Block b : blocks(MIN)) {
            lru.add(b, true);
        }
        Block oldHead = lru.oldHead();
        for (int i = 0; i < 3 * MIN; i++) {
            Block victim = lru.tail();
            lru.remove(victim);
            assertThat(lru.oldHead()).isNotNull();
            lru.add(victim, true);
            assertThat(victim.old).isTrue();
            assertThat(victim.lruPrev).isSameAs(lru.oldHead());
        }
        assertThat(lru.oldHead()).isSameAs(oldHead);
        assertThat(countOld(lru)).isEqualTo(lru.oldLength());
    }

    @Test
    void pctIsClampedToInnoDbsRatioBounds() {
        assertThat(new LruList(5, MIN).ratio()).isEqualTo(51);
        assertThat(new LruList(95, MIN).ratio()).isEqualTo(972);
    }
}
