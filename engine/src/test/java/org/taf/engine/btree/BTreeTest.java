package org.taf.engine.btree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.engine.api.EngineException;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.buffer.BufferPool;
import org.taf.engine.buffer.BufferPoolOptions;
import org.taf.engine.buffer.PageGuard;
import org.taf.engine.buffer.WriteAheadLog;
import org.taf.engine.log.Mtr;
import org.taf.engine.storage.PageWriter;
import org.taf.engine.storage.Tablespace;
import org.taf.engine.storage.Tablespaces;

/** The B+tree alone: splits at every level, scans both ways with bounds, deletes, size limits. */
class BTreeTest {
    private static final int PAGE = 4096;

    @TempDir
    Path dir;
    private BTree tree;
    private PageAllocator alloc;
    private long lsn = 1;

    @BeforeEach
    void setUp() {
        Tablespaces files = new Tablespaces();
        files.add(Tablespace.open(1, dir.resolve("t.ibd"), PAGE, true));
        BufferPool pool = new BufferPool(new BufferPoolOptions(PAGE, 64L * PAGE, 1, 37, 1000, 1, 90, 200, 100),
                files, WriteAheadLog.NONE, PageWriter.direct(files), System::currentTimeMillis);
        alloc = new PageAllocator(pool, 1);
        try (Mtr mtr = Mtr.unlogged(lsn++)) {
            mtr.initSpaceHeader(pool.create(1, 0));
            tree = new BTree(pool, alloc, BTree.create(mtr, alloc, 1), 1);
        }
    }

    private static byte[] key(long k) {
        return KeyCodec.encodeLong(k);
    }

    private static byte[] value(long k, int size) {
        byte[] v = new byte[size];
        Arrays.fill(v, (byte) k);
        return v;
    }

    private void put(long k, byte[] v) {
        try (Mtr mtr = Mtr.unlogged(lsn++)) {
            tree.modify(mtr, key(k), cur -> Mutation.put(v));
        }
    }

    private Mutation modify(long k, Modifier m) {
        try (Mtr mtr = Mtr.unlogged(lsn++)) {
            return tree.modify(mtr, key(k), m);
        }
    }

    private List<Long> scan(Long lo, boolean loIn, Long hi, boolean hiIn, boolean desc) {
        List<Long> out = new ArrayList<>();
        RecordVisitor v = (page, ko, kl, vo, vl) -> {
            out.add(KeyCodec.decodeLong(page, ko));
            return true;
        };
        byte[] l = lo == null ? null : key(lo);
        byte[] h = hi == null ? null : key(hi);
        if (desc) {
            tree.scanDescending(l, loIn, h, hiIn, v);
        } else {
            tree.scan(l, loIn, h, hiIn, v);
        }
        return out;
    }

    @Test
    void randomInsertsAndDeletesAgreeWithTreeMap() {
        Random rnd = new Random(42);
        TreeMap<Long, Integer> model = new TreeMap<>();
        for (int i = 0; i < 20_000; i++) {
            long k = rnd.nextInt(50_000) - 25_000;
            if (rnd.nextInt(4) == 0) {
                modify(k, cur -> cur == null ? Mutation.NONE : Mutation.DELETE);
                model.remove(k);
            } else {
                int size = 10 + rnd.nextInt(200);
                put(k, value(k, size));
                model.put(k, size);
            }
        }
        assertThat(tree.height()).as("the root split more than once").isGreaterThanOrEqualTo(3);
        assertThat(scan(null, true, null, true, false)).isEqualTo(new ArrayList<>(model.keySet()));
        assertThat(scan(null, true, null, true, true)).isEqualTo(new ArrayList<>(model.descendingKeySet()));
        for (int i = 0; i < 200; i++) {
            long lo = rnd.nextInt(50_000) - 25_000;
            long hi = lo + rnd.nextInt(2_000);
            boolean loIn = rnd.nextBoolean();
            boolean hiIn = rnd.nextBoolean();
            assertThat(scan(lo, loIn, hi, hiIn, false))
                    .isEqualTo(new ArrayList<>(model.subMap(lo, loIn, hi, hiIn).keySet()));
            assertThat(scan(lo, loIn, hi, hiIn, true))
                    .isEqualTo(new ArrayList<>(model.subMap(lo, loIn, hi, hiIn).descendingKeySet()));
        }
        for (long k : model.keySet()) {
            int[] len = new int[1];
            assertThat(tree.get(key(k), (p, ko, kl, vo, vl) -> {
                len[0] = vl;
                return true;
            })).isTrue();
            assertThat(len[0]).isEqualTo(model.get(k));
        }
    }

    @Test
    void deletingEverythingLeavesEmptyLeavesThatScansSkip() {
        for (long k = 0; k < 5_000; k++) {
            put(k, value(k, 50));
        }
        for (long k = 0; k < 5_000; k++) {
            if (k != 4321) {
                modify(k, cur -> Mutation.DELETE);
            }
        }
        assertThat(scan(null, true, null, true, false)).containsExactly(4321L);
        assertThat(scan(null, true, null, true, true)).containsExactly(4321L);
        assertThat(scan(0L, true, 4000L, true, true)).isEmpty();
    }

    @Test
    void ascendingInsertsFillPages() {
        for (long k = 0; k < 10_000; k++) {
            put(k, value(k, 100));
        }
        // 10,000 records of ~114 bytes need ~280 full 4K pages; half-full splits would need ~560.
        assertThat(alloc.pageCount()).isLessThan(320);
    }

    @Test
    void growingAValueSplitsWhenItMustAndOversizedRecordsAreRefused() {
        for (long k = 0; k < 300; k++) {
            put(k, value(k, 10));
        }
        for (long k = 0; k < 300; k++) {
            put(k, value(k, 900));
        }
        assertThat(scan(null, true, null, true, false)).hasSize(300);
        assertThatThrownBy(() -> put(1, value(1, 2000))).isInstanceOf(EngineException.class)
                .extracting(e -> ((EngineException) e).code()).isEqualTo(ErrorCode.TOO_BIG_ROWSIZE);
    }
}
