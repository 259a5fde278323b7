package org.taf.runner.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.git.CommitInfo;
import org.taf.runner.git.MaterializedTree;
import org.taf.runner.git.Repo;
import org.taf.runner.git.TestRepo;
import org.taf.runner.git.TreeCache;

class BuilderTest {
    /** Counts its runs in the file named by $1 and writes out/app.jar from VERSION. */
    static final String BUILD_SH = """
        #!/bin/bash
        set -e
        echo "building version $(cat VERSION)"
        echo run >> "$1"
        mkdir -p out
        printf 'artifact %s\\n' "$(cat VERSION)" > out/app.jar
        """;

    /** Prints 50 numbered lines and fails. */
    static final String FAIL_SH = """
        #!/bin/bash
        for i in $(seq 1 50); do echo "line $i"; done
        echo "error: something broke" >&2
        exit 3
        """;

    /** Starts two background sleepers (one through a nested shell), records every pid, then waits. */
    static final String HANG_SH = """
        #!/bin/bash
        sleep 300 &
        echo $! >> "$1"
        bash -c 'sleep 300 & echo $! >> "$1"; wait' nested "$1" &
        echo $! >> "$1"
        echo $$ >> "$1"
        echo started
        wait
        """;

    /**
     * A stand-in for mvn: with -o it fails the way Maven does offline (or with a compile error if FAKE_COMPILE_ERROR is
     * set in the tree).
     */
    static final String FAKE_MVN = """
        #!/bin/bash
        for a in "$@"; do
          if [ "$a" = "-o" ]; then
            if [ -f COMPILE_ERROR ]; then echo "[ERROR] COMPILATION ERROR: Foo.java:[3,1] class expected"; exit 1; fi
            echo "[ERROR] Non-resolvable import POM: Cannot access central \
        (https://repo.maven.apache.org/maven2) in offline mode \
        and the artifact org.junit:junit-bom:pom:6.1.3 has not been downloaded from it before."
            exit 1
          fi
        done
        echo "online build with: $*"
        mkdir -p out
        echo online > out/app.jar
        """;

    @TempDir
    Path tmp;

    private TestRepo test;
    private Repo repo;
    private CommitInfo commit;
    private MaterializedTree tree;
    private Builder builder;
    private Path counter;

    @BeforeEach
    void setUp() throws Exception {
        test = TestRepo.init(tmp.resolve("repo"));
        test.write("VERSION", "1\n")
                .writeExecutable("build.sh", BUILD_SH)
                .writeExecutable("fail.sh", FAIL_SH)
                .writeExecutable("hang.sh", HANG_SH)
                .writeExecutable("mvn", FAKE_MVN);
        test.commit("Add build scripts\n\nFor the builder tests.");
        repo = Repo.open(test.dir());
        commit = repo.resolve("HEAD");
        tree = new TreeCache(repo, tmp.resolve("cache")).materialize(commit);
        builder = new Builder(
                tmp.resolve("cache"), new TickingClock(Instant.parse("2026-03-01T10:00:00Z"), Duration.ofSeconds(5)));
        counter = tmp.resolve("runs.txt");
    }

    @AfterEach
    void tearDown() {
        repo.close();
        test.close();
    }

    private BuildSpec spec(String command) {
        return new BuildSpec(command, Duration.ofMinutes(1), "out/app.jar");
    }

    @Test
    void firstBuildRunsSecondIsCached() throws Exception {
        BuildSpec spec = spec("./build.sh " + counter);

        BuildResult first = builder.build(tree, spec);
        BuildResult second = builder.build(tree, spec);

        assertThat(first.cached()).isFalse();
        assertThat(first.cacheKey()).isEqualTo(BuildKey.of(commit.sha(), spec));
        assertThat(first.artifact()).isEqualTo(tmp.resolve("cache/builds").resolve(first.cacheKey()).resolve("app.jar"))
                .hasContent("artifact 1");
        assertThat(first.log())
                .content()
                .contains("building version 1")
                .contains("# taf: running: bash -c './build.sh");
        assertThat(first.took()).isEqualTo(Duration.ofSeconds(5));
        assertThat(second.cached()).isTrue();
        assertThat(second.artifact()).isEqualTo(first.artifact());
        assertThat(second.took()).as("the original build's duration").isEqualTo(first.took());
        assertThat(Files.readAllLines(counter)).as("the command ran once").hasSize(1);
        assertThat(tree.dir().resolve("out")).as("the cached tree is not built in").doesNotExist();
        String json = Files.readString(first.artifact().resolveSibling("build.json"));
        assertThat(json).contains("\"format_version\" : 1", "\"tree_id\" : \"" + commit.sha() + "\"",
                "\"command\" : \"./build.sh " + counter + "\"", "\"started_at\" : \"2026-03-01T10:00:00Z\"",
                "\"duration_ms\" : 5000", "\"artifact_sha256\"", "\"jvm\"");
        try (var entry = Files.list(first.artifact().getParent())) {
            assertThat(entry.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("app.jar", "build.log", "build.json");
        }
    }

    @Test
    void isCachedLooksWithoutBuildingAndAFailedBuildIsNotCached() throws Exception {
        BuildSpec spec = spec("./build.sh " + counter);
        assertThat(builder.isCached(tree.id(), spec)).isFalse();
        assertThat(tmp.resolve("cache/builds")).as("looking writes nothing").doesNotExist();

        builder.build(tree, spec);
        assertThat(builder.isCached(tree.id(), spec)).isTrue();
        assertThat(builder.entryOf(BuildKey.of(tree.id(), spec))).isDirectory();
        assertThat(builder.isCached(tree.id(), spec("./build.sh " + counter + " && true"))).as("another key").isFalse();

        assertThatThrownBy(() -> builder.build(tree, spec("./fail.sh"))).isInstanceOf(BuildException.class);
        assertThat(builder.isCached(tree.id(), spec("./fail.sh"))).isFalse();
    }

    @Test
    void anotherCommandIsAnotherKeyAndAnotherBuild() throws Exception {
        BuildResult plain = builder.build(tree, spec("./build.sh " + counter));
        BuildResult other = builder.build(tree, spec("./build.sh " + counter + " && echo extra"));

        assertThat(other.cached()).isFalse();
        assertThat(other.cacheKey()).isNotEqualTo(plain.cacheKey());
        assertThat(other.artifact()).isNotEqualTo(plain.artifact());
        assertThat(Files.readAllLines(counter)).hasSize(2);
    }

    @Test
    void aFailedBuildNamesTheCommitTheStatusAndTheLogTail() throws Exception {
        BuildSpec spec = spec("./fail.sh");
        String key = BuildKey.of(commit.sha(), spec);

        assertThatThrownBy(() -> builder.build(tree, spec))
                .isInstanceOf(BuildException.class)
                .hasMessageContaining("build of " + commit.shortSha() + " Add build scripts failed with exit status 3")
                .hasMessageContaining("log: " + builder.logOf(key))
                .hasMessageContaining("| line 50")
                .hasMessageContaining("| error: something broke")
                .hasMessageContaining("| line 22")
                .hasMessageNotContaining("| line 21")
                .satisfies(e -> assertThat(((BuildException) e).log()).contains(builder.logOf(key)));
        assertThat(tmp.resolve("cache/builds").resolve(key)).as("no cache entry").doesNotExist();
        assertThat(builder.logOf(key)).content().contains("line 1\n", "# taf: failed with exit status 3");
        try (var left = Files.list(tmp.resolve("cache/builds"))) {
            assertThat(left.map(p -> p.getFileName().toString()))
                    .as("no temporary build directory left").allMatch(n -> n.equals("logs") || n.endsWith(".lock"));
        }
    }

    @Test
    void aBuildWithoutItsArtifactFails() {
        assertThatThrownBy(() -> builder.build(tree, spec("echo nothing to see")))
                .isInstanceOf(BuildException.class)
                .hasMessageContaining("succeeded but produced no out/app.jar")
                .hasMessageContaining("| nothing to see");
    }

    @Test
    void aTimeoutKillsTheWholeProcessTree() throws Exception {
        Path pids = tmp.resolve("pids.txt");
        BuildSpec spec = new BuildSpec("./hang.sh " + pids, Duration.ofSeconds(1), "out/app.jar");

        assertThatThrownBy(() -> builder.build(tree, spec))
                .isInstanceOf(BuildException.class)
                .hasMessageContaining("timed out after 1.0s (build.timeout)")
                .hasMessageContaining("| started");

        List<Long> started = Files.readAllLines(pids).stream().map(Long::parseLong).toList();
        assertThat(started).as("bash, two sleeps and a nested shell").hasSize(4);
        for (long pid : started) {
            assertThat(!org.taf.runner.sys.Processes.running(pid)).as("process %d", pid).isTrue();
        }
    }

    @Test
    void anOfflineMavenBuildMissingArtifactsIsRetriedOnline() throws Exception {
        BuildResult result = builder.build(tree, spec("./mvn -B -o -q package"));

        assertThat(result.artifact()).hasContent("online");
        assertThat(result.log()).content()
                .contains("in offline mode and the artifact")
                .contains("# taf: the offline build could not resolve artifacts")
                .contains("# taf: running: bash -c './mvn -B -q package'")
                .contains("online build with: -B -q package");
        assertThat(result.log().resolveSibling("build.json")).content()
                .contains("\"./mvn -B -o -q package\", \"./mvn -B -q package\"");
    }

    @Test
    void anOfflineMavenBuildFailingOtherwiseIsNotRetried() throws Exception {
        test.write("COMPILE_ERROR", "");
        test.commit("Break the build");
        MaterializedTree broken = new TreeCache(repo, tmp.resolve("cache")).materialize(repo.resolve("HEAD"));

        assertThatThrownBy(() -> builder.build(broken, spec("./mvn -B -o -q package")))
                .isInstanceOf(BuildException.class)
                .hasMessageContaining("Break the build failed with exit status 1")
                .hasMessageContaining("COMPILATION ERROR")
                .hasMessageNotContaining("retrying");
    }

    @Test
    void concurrentBuildsOfOneKeyBuildOnce() throws Exception {
        BuildSpec spec = spec("./build.sh " + counter);
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<BuildResult>> futures = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return builder.build(tree, spec);
                }));
            }
            start.countDown();
            List<Boolean> cached = new ArrayList<>();
            for (Future<BuildResult> f : futures) {
                cached.add(f.get().cached());
                assertThat(f.get().artifact()).hasContent("artifact 1");
            }
            assertThat(cached).containsOnlyOnce(false);
            assertThat(Files.readAllLines(counter)).hasSize(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aPatchedTreeHasItsOwnKey() throws Exception {
        Path diff = Files.writeString(tmp.resolve("v2.diff"), """
            diff --git a/VERSION b/VERSION
            --- a/VERSION
            +++ b/VERSION
            @@ -1 +1 @@
            -1
            +2
            """);
        MaterializedTree patched = new TreeCache(repo, tmp.resolve("cache")).materializeWithPatch(commit, diff);
        BuildSpec spec = spec("./build.sh " + counter);

        BuildResult base = builder.build(tree, spec);
        BuildResult patch = builder.build(patched, spec);

        assertThat(patch.cacheKey()).isNotEqualTo(base.cacheKey());
        assertThat(patch.artifact()).hasContent("artifact 2");
        assertThat(base.artifact()).hasContent("artifact 1");
    }
}
