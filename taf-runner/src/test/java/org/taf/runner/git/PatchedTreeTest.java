package org.taf.runner.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.eclipse.jgit.diff.DiffFormatter;
import org.eclipse.jgit.lib.ObjectId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PatchedTreeTest {
    /** As {@code git diff} prints it, minus the index lines: changes a line, adds an executable, deletes a file. */
    static final String DIFF = """
        diff --git a/src/lines.txt b/src/lines.txt
        --- a/src/lines.txt
        +++ b/src/lines.txt
        @@ -3,5 +3,5 @@
         line 3
         line 4
        -line 5
        +line FIVE
         line 6
         line 7
        diff --git a/tools/new.sh b/tools/new.sh
        new file mode 100755
        --- /dev/null
        +++ b/tools/new.sh
        @@ -0,0 +1,2 @@
        +#!/bin/sh
        +echo new
        diff --git a/dir/sub/deep.txt b/dir/sub/deep.txt
        deleted file mode 100644
        --- a/dir/sub/deep.txt
        +++ /dev/null
        @@ -1 +0,0 @@
        -deep
        """;

    /** As {@code git format-patch} prints it: mail headers, message, diffstat, diff, signature. */
    static final String FORMAT_PATCH = """
        From 1111111111111111111111111111111111111111 Mon Sep 17 00:00:00 2001
        From: Tess Ter <tess@example.org>
        Date: Fri, 2 Jan 2026 05:04:05 +0000
        Subject: [PATCH] Shout line 5

        Because it matters.
        ---
         src/lines.txt | 2 +-
         1 file changed, 1 insertion(+), 1 deletion(-)

        diff --git a/src/lines.txt b/src/lines.txt
        index 0f34b5e..9b1c8a2 100644
        --- a/src/lines.txt
        +++ b/src/lines.txt
        @@ -3,5 +3,5 @@
         line 3
         line 4
        -line 5
        +LINE 5
         line 6
         line 7
        --\s
        2.39.5

        """;

    @TempDir
    Path tmp;

    private TestRepo.History h;
    private Repo repo;
    private TreeCache trees;
    private CommitInfo initial;

    @BeforeEach
    void setUp() throws Exception {
        h = TestRepo.standard(tmp.resolve("repo"));
        repo = Repo.open(h.repo().dir());
        trees = new TreeCache(repo, tmp.resolve("cache"));
        initial = repo.resolve("HEAD~2");
    }

    @AfterEach
    void tearDown() {
        repo.close();
        h.repo().close();
    }

    @Test
    void appliesAGitDiffOnTheParentTree() throws Exception {
        Path diff = Files.writeString(tmp.resolve("shout.diff"), DIFF);

        String planned = TreeCache.patchedId(initial, diff);
        MaterializedTree tree = trees.materializeWithPatch(initial, diff);

        assertThat(tree.id()).as("the id taf plan looks the build up by, before any tree exists").isEqualTo(planned);
        String hash = TreeCache.sha256Hex(DIFF.getBytes(StandardCharsets.UTF_8)).substring(0, 12);
        assertThat(tree.id()).isEqualTo(initial.sha() + "+" + hash).matches("[0-9a-f]{40}\\+[0-9a-f]{12}");
        assertThat(tree.label())
                .isEqualTo(initial.shortSha() + "+" + hash + " (shout.diff on " + initial.label() + ")");
        assertThat(tree.cached()).isFalse();
        assertThat(tree.dir().getFileName().toString()).isEqualTo(tree.id());
        assertThat(tree.dir().resolve("src/lines.txt")).hasContent(TestRepo.lines("line FIVE"));
        assertThat(tree.dir().resolve("tools/new.sh")).hasContent("#!/bin/sh\necho new");
        assertThat(Files.getPosixFilePermissions(tree.dir().resolve("tools/new.sh")))
                .isEqualTo(PosixFilePermissions.fromString("rwxr-xr-x"));
        assertThat(tree.dir().resolve("dir/sub/deep.txt")).doesNotExist();
        assertThat(Files.isSymbolicLink(tree.dir().resolve("link-to-readme"))).as("untouched entries kept").isTrue();
        assertThat(Files.getPosixFilePermissions(tree.dir().resolve("run.sh")))
                .isEqualTo(PosixFilePermissions.fromString("rwxr-xr-x"));
        assertThat(trees.materialize(initial).dir().resolve("src/lines.txt"))
                .as("the parent's own tree is unchanged").hasContent(TestRepo.lines("line 5"));
    }

    @Test
    void samePatchIsCachedAndAnotherPatchGetsItsOwnDirectory() throws Exception {
        Path diff = Files.writeString(tmp.resolve("a.diff"), DIFF);
        MaterializedTree first = trees.materializeWithPatch(initial, diff);
        MaterializedTree again = trees.materializeWithPatch(initial, Files.writeString(tmp.resolve("copy.diff"), DIFF));
        MaterializedTree other = trees.materializeWithPatch(initial,
                Files.writeString(tmp.resolve("b.patch"), FORMAT_PATCH));

        assertThat(again.cached()).isTrue();
        assertThat(again.dir()).isEqualTo(first.dir());
        assertThat(other.cached()).isFalse();
        assertThat(other.dir()).isNotEqualTo(first.dir());
    }

    @Test
    void appliesFormatPatchOutput() throws Exception {
        MaterializedTree tree = trees.materializeWithPatch(initial,
                Files.writeString(tmp.resolve("0001-Shout-line-5.patch"), FORMAT_PATCH));
        assertThat(tree.dir().resolve("src/lines.txt")).hasContent(TestRepo.lines("LINE 5"));
        assertThat(tree.dir().resolve("dir/sub/deep.txt")).hasContent("deep");
    }

    @Test
    void aDiffMadeByJGitBetweenTwoCommitsReproducesTheChild() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DiffFormatter formatter = new DiffFormatter(out)) {
            formatter.setRepository(h.repo().git().getRepository());
            formatter.format(h.initial().getTree(), h.merge().getTree());
        }
        Path diff = Files.write(tmp.resolve("initial-to-head.diff"), out.toByteArray());

        MaterializedTree patched = trees.materializeWithPatch(initial, diff);
        MaterializedTree head = trees.materialize(repo.resolve("HEAD"));

        assertThat(listing(patched.dir())).isEqualTo(listing(head.dir()));
        assertThat(patched.dir().resolve("feature.txt")).hasContent("feature");
        assertThat(patched.dir().resolve("src/lines.txt")).hasContent(TestRepo.lines("five"));
    }

    @Test
    void patchingNeverWritesIntoTheRepository() throws Exception {
        byte[] patchedLines = TestRepo.lines("line FIVE").getBytes(StandardCharsets.UTF_8);
        ObjectId patchedBlob;
        try (var inserter = h.repo().git().getRepository().newObjectInserter()) {
            patchedBlob = inserter.idFor(org.eclipse.jgit.lib.Constants.OBJ_BLOB, patchedLines);
        }
        trees.materializeWithPatch(initial, Files.writeString(tmp.resolve("x.diff"), DIFF));
        assertThat(h.repo().git().getRepository().getObjectDatabase().has(patchedBlob)).isFalse();
    }

    @Test
    void aDiffThatDoesNotApplyNamesTheDiffTheFileAndTheParent() throws Exception {
        CommitInfo second = repo.resolve("HEAD~1");
        Path diff = Files.writeString(tmp.resolve("stale.diff"), DIFF);

        assertThatThrownBy(() -> trees.materializeWithPatch(second, diff))
                .isInstanceOf(CheckoutException.class)
                .hasMessageContaining("diff " + diff)
                .hasMessageContaining("does not apply to parent commit " + second.label())
                .hasMessageContaining("src/lines.txt");
        try (Stream<Path> entries = Files.list(tmp.resolve("cache/trees"))) {
            assertThat(entries.map(p -> p.getFileName().toString()))
                    .as("no cache entry and no temporary directory").allMatch(n -> n.endsWith(".lock"));
        }
    }

    @Test
    void aPatchOfAMissingFileDoesNotApply() throws Exception {
        Path diff = Files.writeString(tmp.resolve("ghost.diff"), DIFF.replace("src/lines.txt", "src/ghost.txt"));
        assertThatThrownBy(() -> trees.materializeWithPatch(initial, diff))
                .isInstanceOf(CheckoutException.class)
                .hasMessageContaining("src/ghost.txt")
                .hasMessageContaining("ghost.diff");
    }

    @Test
    void rejectsWhatIsNotAUsablePatch() throws Exception {
        Path notADiff = Files.writeString(tmp.resolve("notes.txt"), "just some notes\n");
        assertThatThrownBy(() -> trees.materializeWithPatch(initial, notADiff))
                .isInstanceOf(CheckoutException.class)
                .hasMessageContaining("diff " + notADiff + " changes no file");

        Path binary = Files.writeString(tmp.resolve("bin.diff"), """
            diff --git a/logo.png b/logo.png
            index 1234567..89abcde 100644
            Binary files a/logo.png and b/logo.png differ
            """);
        assertThatThrownBy(() -> trees.materializeWithPatch(initial, binary))
                .hasMessageContaining("changes binary file logo.png without its content");

        Path series = Files.writeString(tmp.resolve("series.patch"), FORMAT_PATCH + FORMAT_PATCH);
        assertThatThrownBy(() -> trees.materializeWithPatch(initial, series))
                .hasMessageContaining("changes src/lines.txt more than once");

        Path missing = tmp.resolve("nope.diff");
        assertThatThrownBy(() -> trees.materializeWithPatch(initial, missing))
                .isInstanceOf(CheckoutException.class)
                .hasMessageContaining("diff file " + missing)
                .hasMessageContaining("does not exist");
    }

    private static java.util.List<String> listing(Path root) throws Exception {
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(p -> !p.equals(root)).map(p -> {
                try {
                    String rel = root.relativize(p).toString();
                    if (Files.isSymbolicLink(p)) {
                        return rel + " -> " + Files.readSymbolicLink(p);
                    }
                    if (Files.isDirectory(p)) {
                        return rel + "/";
                    }
                    return rel + " " + PosixFilePermissions.toString(Files.getPosixFilePermissions(p)) + " "
                            + Files.readString(p).hashCode();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }).sorted().toList();
        }
    }
}
