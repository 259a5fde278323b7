package org.taf.engine.btree;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.taf.engine.api.EngineException;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.buffer.BufferPool;
import org.taf.engine.buffer.LatchMode;
import org.taf.engine.buffer.PageGuard;
import org.taf.engine.log.Mtr;
import org.taf.engine.page.Bytes;
import org.taf.engine.page.IndexPage;

/**
 * One B+tree index in a tablespace. Its root page never moves: a root split moves the root's
 * records into two new children. Keys are memcomparable byte strings ({@link KeyCodec}).
 *
 * <p>Latching is top-down coupling: a reader S-latches a child before releasing its parent; a
 * writer first tries S down to the leaf's parent and X on the leaf, and only if the leaf must
 * split does it restart with X latches from the root, releasing every ancestor as soon as a
 * node below it is safe (cannot split). Scans go left to right along sibling links, the same
 * direction a split latches in, so they cannot deadlock; backward scans re-descend instead.
 *
 * <p>Every change is made through a mini-transaction ({@link Mtr}), which logs it and keeps the
 * changed pages X-latched until it commits; a modification is one mini-transaction, so a split
 * is atomic in the log.
 */
public final class BTree {
    private static final byte[] EMPTY = new byte[0];

    private final BufferPool pool;
    private final PageAllocator allocator;
    private final int space;
    private final int root;
    private final int indexId;

    public BTree(BufferPool pool, PageAllocator allocator, int root, int indexId) {
        this.pool = pool;
        this.allocator = allocator;
        this.space = allocator.space();
        this.root = root;
        this.indexId = indexId;
    }

    /** Allocates and formats the root of a new, empty tree in {@code mtr}; returns its page number. */
    public static int create(Mtr mtr, PageAllocator allocator, int indexId) {
        try (PageGuard g = allocator.allocate(mtr)) {
            mtr.initIndex(g, indexId, 0);
            return g.pageNo();
        }
    }

    public int rootPage() {
        return root;
    }

    /** Calls {@code reader} with the record of {@code key} under its leaf's S latch; false if absent. */
    public boolean get(byte[] key, RecordVisitor reader) {
        try (PageGuard leaf = descendShared(key)) {
            byte[] page = leaf.frame();
            int slot = IndexPage.search(page, key);
            if (slot < 0) {
                return false;
            }
            visit(page, slot, reader);
            return true;
        }
    }

    private PageGuard descendShared(byte[] key) {
        PageGuard g = pool.fix(space, root, LatchMode.S);
        try {
            while (!IndexPage.isLeaf(g.frame())) {
                int child = IndexPage.child(g.frame(), IndexPage.childSlot(g.frame(), key));
                PageGuard c = pool.fix(space, child, LatchMode.S);
                g.close();
                g = c;
            }
            return g;
        } catch (RuntimeException e) {
            g.close();
            throw e;
        }
    }

    /**
     * Visits the records with {@code low <=/< key <=/< high} in ascending order (null bounds are
     * open), each under its leaf's S latch, until the visitor returns false.
     */
    public void scan(byte[] low, boolean lowInclusive, byte[] high, boolean highInclusive, RecordVisitor v) {
        PageGuard g = descendShared(low == null ? EMPTY : low);
        try {
            byte[] page = g.frame();
            int slot = 0;
            if (low != null) {
                int s = IndexPage.search(page, low);
                slot = s >= 0 ? (lowInclusive ? s : s + 1) : -s - 1;
            }
            while (true) {
                int n = IndexPage.slots(page);
                for (; slot < n; slot++) {
                    if (high != null) {
                        int c = IndexPage.compare(page, slot, high);
                        if (c > 0 || (c == 0 && !highInclusive)) {
                            return;
                        }
                    }
                    if (!visit(page, slot, v)) {
                        return;
                    }
                }
                int right = IndexPage.rightSibling(page);
                if (right == IndexPage.NONE) {
                    return;
                }
                PageGuard next = pool.fix(space, right, LatchMode.S);
                g.close();
                g = next;
                page = g.frame();
                slot = 0;
            }
        } finally {
            g.close();
        }
    }

    /**
     * Visits the records with {@code low <=/< key <=/< high} in descending order. Moving left is
     * done by descending again to the leaf before the current one's lower fence.
     */
    public void scanDescending(byte[] low, boolean lowInclusive, byte[] high, boolean highInclusive,
                               RecordVisitor v) {
        byte[] bound = high;
        boolean inclusive = highInclusive;
        while (true) {
            byte[] fence;
            PageGuard g = pool.fix(space, root, LatchMode.S);
            try {
                fence = null;
                while (!IndexPage.isLeaf(g.frame())) {
                    byte[] page = g.frame();
                    int slot;
                    if (bound == null) {
                        slot = IndexPage.slots(page) - 1;
                    } else {
                        slot = inclusive ? IndexPage.childSlot(page, bound) : IndexPage.childSlotBefore(page, bound);
                    }
                    if (slot > 0) {
                        fence = IndexPage.key(page, slot);
                    }
                    PageGuard c = pool.fix(space, IndexPage.child(page, slot), LatchMode.S);
                    g.close();
                    g = c;
                }
                byte[] page = g.frame();
                int start;
                if (bound == null) {
                    start = IndexPage.slots(page) - 1;
                } else {
                    int s = IndexPage.search(page, bound);
                    start = s >= 0 ? (inclusive ? s : s - 1) : -s - 2;
                }
                for (int slot = start; slot >= 0; slot--) {
                    if (low != null) {
                        int c = IndexPage.compare(page, slot, low);
                        if (c < 0 || (c == 0 && !lowInclusive)) {
                            return;
                        }
                    }
                    if (!visit(page, slot, v)) {
                        return;
                    }
                }
            } finally {
                g.close();
            }
            if (fence == null || (low != null && Arrays.compareUnsigned(fence, low) < 0)) {
                return;
            }
            bound = fence;
            inclusive = false;
        }
    }

    private static boolean visit(byte[] page, int slot, RecordVisitor v) {
        int rec = IndexPage.record(page, slot);
        return v.visit(page, IndexPage.keyOffset(rec), IndexPage.keyLength(page, rec),
                IndexPage.valueOffset(page, rec), IndexPage.valueLength(page, rec));
    }

    /**
     * Changes the record of {@code key} as {@code modifier} decides, with the leaf X-latched;
     * splits pages as needed, all in {@code mtr} (which the caller commits). Returns the mutation applied.
     */
    public Mutation modify(Mtr mtr, byte[] key, Modifier modifier) {
        int max = IndexPage.maxRecord(pageSize());
        Mutation m = modifyOptimistic(mtr, key, modifier);
        if (m != null) {
            return m;
        }
        return modifyPessimistic(mtr, key, modifier, max);
    }

    private int pageSize() {
        return allocator.pageSize();
    }

    /** S latches down to the leaf's parent, X on the leaf; null if the change needs a split. */
    private Mutation modifyOptimistic(Mtr mtr, byte[] key, Modifier modifier) {
        PageGuard g = latchLeafExclusive(key);
        try {
            byte[] page = g.frame();
            int slot = IndexPage.search(page, key);
            byte[] current = slot >= 0 ? IndexPage.value(page, slot) : null;
            Mutation m = modifier.decide(current);
            switch (m.kind()) {
                case NONE -> {
                    return m;
                }
                case DELETE -> {
                    if (slot >= 0) {
                        mtr.delete(g, slot);
                    }
                    return m;
                }
                case PUT -> {
                    checkSize(key, m.value());
                    if (slot >= 0) {
                        if (!IndexPage.fitsReplacement(page, slot, m.value().length)) {
                            return null;
                        }
                        mtr.replaceValue(g, slot, m.value());
                    } else {
                        if (!IndexPage.fits(page, key.length, m.value().length)) {
                            return null;
                        }
                        mtr.insert(g, -slot - 1, key, m.value());
                    }
                    return m;
                }
                default -> throw new IllegalStateException(m.kind().toString());
            }
        } finally {
            g.close();
        }
    }

    private PageGuard latchLeafExclusive(byte[] key) {
        while (true) {
            PageGuard g = pool.fix(space, root, LatchMode.S);
            if (IndexPage.isLeaf(g.frame())) {
                g.close();
                g = pool.fix(space, root, LatchMode.X);
                if (IndexPage.isLeaf(g.frame())) {
                    return g;
                }
                g.close(); // the root split in between: start over
                continue;
            }
            try {
                while (true) {
                    byte[] page = g.frame();
                    int level = IndexPage.level(page);
                    int child = IndexPage.child(page, IndexPage.childSlot(page, key));
                    PageGuard c = pool.fix(space, child, level == 1 ? LatchMode.X : LatchMode.S);
                    g.close();
                    g = c;
                    if (level == 1) {
                        return g;
                    }
                }
            } catch (RuntimeException e) {
                g.close();
                throw e;
            }
        }
    }

    /** X latches from the root, keeping only the ancestors that a split may reach. */
    private Mutation modifyPessimistic(Mtr mtr, byte[] key, Modifier modifier, int maxRecord) {
        List<PageGuard> path = new ArrayList<>();
        try {
            PageGuard g = pool.fix(space, root, LatchMode.X);
            path.add(g);
            while (!IndexPage.isLeaf(g.frame())) {
                byte[] page = g.frame();
                PageGuard c = pool.fix(space, IndexPage.child(page, IndexPage.childSlot(page, key)), LatchMode.X);
                if (IndexPage.totalFree(c.frame()) >= maxRecord + IndexPage.RECORD_OVERHEAD) {
                    for (PageGuard p : path) {
                        p.close();
                    }
                    path.clear();
                }
                path.add(c);
                g = c;
            }
            byte[] page = g.frame();
            int slot = IndexPage.search(page, key);
            byte[] current = slot >= 0 ? IndexPage.value(page, slot) : null;
            Mutation m = modifier.decide(current);
            switch (m.kind()) {
                case NONE -> { }
                case DELETE -> {
                    if (slot >= 0) {
                        mtr.delete(g, slot);
                    }
                }
                case PUT -> {
                    checkSize(key, m.value());
                    if (slot >= 0) {
                        if (IndexPage.fitsReplacement(page, slot, m.value().length)) {
                            mtr.replaceValue(g, slot, m.value());
                            break;
                        }
                        mtr.delete(g, slot);
                    }
                    insert(mtr, path, path.size() - 1, key, m.value());
                }
                default -> throw new IllegalStateException(m.kind().toString());
            }
            return m;
        } finally {
            for (int i = path.size() - 1; i >= 0; i--) {
                path.get(i).close();
            }
        }
    }

    private void checkSize(byte[] key, byte[] value) {
        int max = IndexPage.maxRecord(pageSize());
        if (key.length + value.length > max) {
            throw new EngineException(ErrorCode.TOO_BIG_ROWSIZE, "Row size too large: " + (key.length + value.length)
                    + " bytes; the maximum for innodb_page_size=" + pageSize() + " is " + max);
        }
    }

    /**
     * Inserts into the node at {@code path.get(depth)}, splitting it (and its ancestors in the
     * path, which are X-latched exactly because they might split) when it is full.
     */
    private void insert(Mtr mtr, List<PageGuard> path, int depth, byte[] key, byte[] value) {
        PageGuard node = path.get(depth);
        byte[] page = node.frame();
        int pos = IndexPage.search(page, key);
        if (pos >= 0) {
            throw new IllegalStateException("key already in page " + node.pageNo());
        }
        pos = -pos - 1;
        if (IndexPage.fits(page, key.length, value.length)) {
            mtr.insert(node, pos, key, value);
            return;
        }
        if (node.pageNo() == root) {
            splitRoot(mtr, node, pos, key, value);
            return;
        }
        if (depth == 0) {
            throw new IllegalStateException("page " + node.pageNo() + " must split but its parent is not latched");
        }
        int level = IndexPage.level(page);
        try (PageGuard right = allocator.allocate(mtr)) {
            byte[] rp = right.frame();
            mtr.initIndex(right, indexId, level);
            int n = IndexPage.slots(page);
            // Appending at the end (ascending keys, as a bulk load does) splits at the insertion point,
            // so that pages fill up instead of staying half empty.
            int splitAt = pos == n ? n : splitPoint(page);
            mtr.moveTail(node, splitAt, right);
            mtr.setRightSibling(right, IndexPage.rightSibling(page));
            mtr.setRightSibling(node, right.pageNo());
            byte[] separator = IndexPage.slots(rp) > 0 ? IndexPage.key(rp, 0) : key;
            if (Arrays.compareUnsigned(key, separator) >= 0) {
                mtr.insert(right, -IndexPage.search(rp, key) - 1, key, value);
            } else {
                mtr.insert(node, -IndexPage.search(page, key) - 1, key, value);
            }
            insert(mtr, path, depth - 1, separator, childPointer(right.pageNo()));
        }
    }

    /** The slot from which half the record bytes lie to the right. */
    private static int splitPoint(byte[] page) {
        int n = IndexPage.slots(page);
        int total = IndexPage.used(page);
        int acc = 0;
        for (int s = 0; s < n; s++) {
            int rec = IndexPage.record(page, s);
            acc += IndexPage.keyLength(page, rec) + IndexPage.valueLength(page, rec) + IndexPage.RECORD_OVERHEAD;
            if (acc >= total / 2) {
                return Math.max(1, Math.min(s + 1, n - 1));
            }
        }
        return n / 2;
    }

    /** Moves the root's records into two new children and makes the root their parent. */
    private void splitRoot(Mtr mtr, PageGuard rootGuard, int pos, byte[] key, byte[] value) {
        byte[] page = rootGuard.frame();
        int level = IndexPage.level(page);
        try (PageGuard left = allocator.allocate(mtr); PageGuard right = allocator.allocate(mtr)) {
            byte[] lp = left.frame();
            byte[] rp = right.frame();
            mtr.initIndex(left, indexId, level);
            mtr.initIndex(right, indexId, level);
            int n = IndexPage.slots(page);
            int splitAt = pos == n ? n : splitPoint(page);
            mtr.moveTail(rootGuard, 0, left);
            mtr.moveTail(left, splitAt, right);
            mtr.setRightSibling(left, right.pageNo());
            mtr.setRightSibling(right, IndexPage.NONE);
            byte[] separator = IndexPage.slots(rp) > 0 ? IndexPage.key(rp, 0) : key;
            if (Arrays.compareUnsigned(key, separator) >= 0) {
                mtr.insert(right, -IndexPage.search(rp, key) - 1, key, value);
            } else {
                mtr.insert(left, -IndexPage.search(lp, key) - 1, key, value);
            }
            mtr.initIndex(rootGuard, indexId, level + 1);
            // The leftmost child's key is empty: it covers everything below the separator.
            mtr.insert(rootGuard, 0, EMPTY, childPointer(left.pageNo()));
            mtr.insert(rootGuard, 1, separator, childPointer(right.pageNo()));
        }
    }

    private static byte[] childPointer(int pageNo) {
        byte[] v = new byte[4];
        Bytes.putInt(v, 0, pageNo);
        return v;
    }

    /** Depth of the tree (1 = the root is a leaf). */
    public int height() {
        try (PageGuard g = pool.fix(space, root, LatchMode.S)) {
            return IndexPage.level(g.frame()) + 1;
        }
    }
}
