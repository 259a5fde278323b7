package org.taf.runner.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TreeCacheTest {
    @TempDir
    Path tmp;

    private TestRepo.History h;
    private Repo repo;
    private Path cache;
    private TreeCache trees;

    @BeforeEach
    void setUp() throws Exception {
        h = TestRepo.standard(tmp.resolve("repo"));
        repo = Repo.open(h.repo().dir());
        cache = tmp.resolve("cache");
        trees = new TreeCache(repo, cache);
    }

    @AfterEach
    void tearDown() {
        repo.close();
        h.repo().close();
    }

    @Test
    void writesFilesModesAndSymlinksAsGitDoes() throws Exception {
        CommitInfo initial = repo.resolve("HEAD~2");
        MaterializedTree tree = trees.materialize(initial);

        assertThat(tree.cached()).isFalse();
        assertThat(tree.id()).isEqualTo(initial.sha());
        assertThat(tree.label()).isEqualTo(initial.label());
        assertThat(tree.dir()).isEqualTo(cache.toAbsolutePath().resolve("trees").resolve(initial.sha()));
        Path dir = tree.dir();
        assertThat(dir.resolve("README.md")).hasContent("hello");
        assertThat(dir.resolve("src/lines.txt")).hasContent(TestRepo.lines("line 5"));
        assertThat(dir.resolve("dir/sub/deep.txt")).hasContent("deep");
        assertThat(Files.getPosixFilePermissions(dir.resolve("run.sh")))
                .isEqualTo(PosixFilePermissions.fromString("rwxr-xr-x"));
        assertThat(Files.getPosixFilePermissions(dir.resolve("README.md")))
                .isEqualTo(PosixFilePermissions.fromString("rw-r--r--"));
        assertThat(Files.isSymbolicLink(dir.resolve("link-to-readme"))).isTrue();
        assertThat(Files.readSymbolicLink(dir.resolve("link-to-readme"))).isEqualTo(Path.of("README.md"));
        assertThat(dir.resolve(".git")).doesNotExist();
        assertThat(dir.resolve("feature.txt")).as("feature is not in the initial commit").doesNotExist();
        try (Stream<Path> all = Files.walk(dir)) {
            assertThat(all.filter(p -> !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))).hasSize(5);
        }
    }

    @Test
    void mergeCommitHasBothSides() {
        Path dir = trees.materialize(repo.resolve("HEAD")).dir();
        assertThat(dir.resolve("feature.txt")).hasContent("feature");
        assertThat(dir.resolve("src/lines.txt")).hasContent(TestRepo.lines("five"));
    }

    @Test
    void secondMaterializationIsCachedAndWritesNothing() throws Exception {
        CommitInfo head = repo.resolve("HEAD");
        MaterializedTree first = trees.materialize(head);
        Path marker = first.dir().resolve("README.md");
        long before = Files.getLastModifiedTime(marker).toMillis();
        Files.setLastModifiedTime(marker, java.nio.file.attribute.FileTime.fromMillis(before - 60_000));

        MaterializedTree second = new TreeCache(repo, cache).materialize(head);

        assertThat(second.cached()).isTrue();
        assertThat(second.dir()).isEqualTo(first.dir());
        assertThat(Files.getLastModifiedTime(marker).toMillis()).as("not rewritten").isEqualTo(before - 60_000);
    }

    @Test
    void leftoverOfACrashedMaterializationIsNotTakenForATreeAndIsCleanedUp() throws Exception {
        CommitInfo head = repo.resolve("HEAD");
        Path treesDir = Files.createDirectories(cache.resolve("trees"));
        Path leftover = treesDir.resolve(AtomicCacheDir.tempPrefix(head.sha()) + "4242-crashed");
        Files.createDirectories(leftover.resolve("src"));
        Files.writeString(leftover.resolve("README.md"), "half");

        MaterializedTree tree = trees.materialize(head);

        assertThat(tree.cached()).isFalse();
        assertThat(tree.dir().resolve("README.md")).hasContent("hello");
        assertThat(tree.dir().resolve("feature.txt")).exists();
        assertThat(leftover).doesNotExist();
        try (Stream<Path> entries = Files.list(treesDir)) {
            assertThat(entries.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder(head.sha(), "." + head.sha() + ".lock");
        }
    }

    @Test
    void concurrentMaterializationsWriteOnceAndAllSeeACompleteTree() throws Exception {
        CommitInfo head = repo.resolve("HEAD");
        int threads = 4;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<MaterializedTree>> results = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                results.add(pool.submit(() -> {
                    start.await();
                    MaterializedTree tree = new TreeCache(repo, cache).materialize(head);
                    assertThat(tree.dir().resolve("feature.txt")).hasContent("feature");
                    return tree;
                }));
            }
            start.countDown();
            List<Boolean> cached = new ArrayList<>();
            for (Future<MaterializedTree> f : results) {
                cached.add(f.get().cached());
            }
            assertThat(cached).containsOnlyOnce(false);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void differentCommitsGetDifferentDirectories() {
        MaterializedTree a = trees.materialize(repo.resolve("HEAD~1"));
        MaterializedTree b = trees.materialize(repo.resolve("feature"));
        assertThat(a.dir()).isNotEqualTo(b.dir());
        assertThat(a.dir().resolve("feature.txt")).doesNotExist();
        assertThat(b.dir().resolve("feature.txt")).exists();
        assertThat(b.dir().resolve("src/lines.txt")).hasContent(TestRepo.lines("line 5"));
    }
}
