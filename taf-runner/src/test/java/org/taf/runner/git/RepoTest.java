package org.taf.runner.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.revwalk.RevCommit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RepoTest {
    @TempDir
    Path tmp;

    private TestRepo.History h;
    private Repo repo;

    @BeforeEach
    void setUp() throws Exception {
        h = TestRepo.standard(tmp.resolve("repo"));
        repo = Repo.open(h.repo().dir());
    }

    @AfterEach
    void tearDown() {
        repo.close();
        h.repo().close();
    }

    @Test
    void resolvesFullAndShortShas() {
        assertThat(repo.resolve(h.second().name()).sha()).isEqualTo(h.second().name());
        assertThat(repo.resolve(h.second().name().substring(0, 7)).sha()).isEqualTo(h.second().name());
    }

    @Test
    void resolvesBranchesTagsAndRelativeRevisions() {
        assertThat(repo.resolve("HEAD").sha()).isEqualTo(h.merge().name());
        assertThat(repo.resolve("main").sha()).isEqualTo(h.merge().name());
        assertThat(repo.resolve("feature").sha()).isEqualTo(h.feature().name());
        assertThat(repo.resolve("v1.0").sha()).as("annotated tag peeled to its commit").isEqualTo(h.second().name());
        assertThat(repo.resolve("HEAD~1").sha()).isEqualTo(h.second().name());
        assertThat(repo.resolve("main^2").sha()).isEqualTo(h.feature().name());
        assertThat(repo.resolve("HEAD~2").sha()).isEqualTo(h.initial().name());
        assertThat(repo.resolve("  v1.0~1 ").sha()).isEqualTo(h.initial().name());
    }

    @Test
    void fillsEveryFieldOfCommitInfo() {
        CommitInfo second = repo.resolve("v1.0");
        assertThat(second.shortSha()).hasSize(7).isEqualTo(h.second().name().substring(0, 7));
        assertThat(second.subject()).isEqualTo("Change line 5");
        assertThat(second.fullMessage()).isEqualTo("Change line 5\n\nThe body says why.\n");
        assertThat(second.authorName()).isEqualTo("Tess Ter");
        assertThat(second.authorEmail()).isEqualTo("tess@example.org");
        assertThat(second.authorDate()).isEqualTo(TestRepo.T0.plusSeconds(2 * 3600));
        assertThat(second.committerDate()).isEqualTo(TestRepo.T0.plusSeconds(2 * 3600));
        assertThat(second.parentShas()).containsExactly(h.initial().name());
        assertThat(second.label()).isEqualTo(second.shortSha() + " Change line 5");

        assertThat(repo.resolve("HEAD").parentShas()).containsExactly(h.second().name(), h.feature().name());
        assertThat(repo.resolve("HEAD~2").parentShas()).isEmpty();
    }

    @Test
    void opensFromASubdirectoryABareRepositoryAndAClone() throws Exception {
        try (Repo sub = Repo.open(h.repo().dir().resolve("dir/sub"))) {
            assertThat(sub.location()).isEqualTo(h.repo().dir().toAbsolutePath().normalize());
            assertThat(sub.resolve("HEAD").sha()).isEqualTo(h.merge().name());
        }
        Path bare = tmp.resolve("bare.git");
        Git.cloneRepository().setURI(h.repo().dir().toUri().toString()).setDirectory(bare.toFile()).setBare(true)
                .call().close();
        try (Repo b = Repo.open(bare)) {
            assertThat(b.resolve("v1.0").sha()).isEqualTo(h.second().name());
        }
        Path clone = tmp.resolve("clone");
        Git.cloneRepository().setURI(h.repo().dir().toUri().toString()).setDirectory(clone.toFile()).call().close();
        try (Repo c = Repo.open(clone)) {
            assertThat(c.resolve("origin/feature").sha()).isEqualTo(h.feature().name());
            assertThat(c.resolve("origin/main^2").sha()).isEqualTo(h.feature().name());
        }
    }

    @Test
    void unknownBranchSuggestsTheClosestName() {
        assertThatThrownBy(() -> repo.resolve("mian"))
                .isInstanceOf(CheckoutException.class)
                .hasMessageContaining("unknown revision 'mian'")
                .hasMessageContaining(repo.location().toString())
                .hasMessageContaining("did you mean 'main'?");
        assertThatThrownBy(() -> repo.resolve("featrue~1"))
                .hasMessageContaining("did you mean 'feature~1'?");
        assertThatThrownBy(() -> repo.resolve("v1.1"))
                .hasMessageContaining("did you mean 'v1.0'?");
    }

    @Test
    void unknownRevisionWithoutNearNameSaysSo() {
        assertThatThrownBy(() -> repo.resolve("no-such-thing"))
                .isInstanceOf(CheckoutException.class)
                .hasMessageContaining("unknown revision 'no-such-thing'")
                .hasMessageContaining("no branch, tag or commit of that name")
                .hasMessageNotContaining("did you mean");
        String absent = "0123456789abcdef0123456789abcdef01234567";
        assertThatThrownBy(() -> repo.resolve(absent)).hasMessageContaining("unknown revision '" + absent + "'");
    }

    @Test
    void ancestorBeyondHistoryNamesTheExistingBase() {
        assertThatThrownBy(() -> repo.resolve("HEAD~9"))
                .isInstanceOf(CheckoutException.class)
                .hasMessageContaining("revision 'HEAD~9' does not exist")
                .hasMessageContaining("'HEAD' exists but has no such ancestor");
        assertThatThrownBy(() -> repo.resolve("v1.0^2")).hasMessageContaining("'v1.0' exists");
    }

    @Test
    void aMissingAncestorInAShallowCloneSaysSo() throws Exception {
        Path shallow = tmp.resolve("shallow");
        Git.cloneRepository().setURI(h.repo().dir().toUri().toString()).setDirectory(shallow.toFile()).setDepth(1)
                .call().close();
        try (Repo s = Repo.open(shallow)) {
            assertThat(s.resolve("HEAD").sha()).isEqualTo(h.merge().name());
            assertThatThrownBy(() -> s.resolve("HEAD~1"))
                    .isInstanceOf(CheckoutException.class)
                    .hasMessageContaining("'HEAD' exists but has no such ancestor")
                    .hasMessageContaining("shallow clone");
        }
        assertThatThrownBy(() -> repo.resolve("HEAD~9")).hasMessageNotContaining("shallow");
    }

    @Test
    void treesBlobsRangesAndBadSyntaxAreNotCommits() {
        assertThatThrownBy(() -> repo.resolve("HEAD^{tree}"))
                .isInstanceOf(CheckoutException.class)
                .hasMessageContaining("'HEAD^{tree}'")
                .hasMessageContaining("names a tree, not a commit");
        assertThatThrownBy(() -> repo.resolve("HEAD:README.md"))
                .hasMessageContaining("names a blob, not a commit");
        assertThatThrownBy(() -> repo.resolve("HEAD~1..HEAD"))
                .hasMessageContaining("'HEAD~1..HEAD' is a range");
        assertThatThrownBy(() -> repo.resolve("HEAD^^{foo}"))
                .hasMessageContaining("'HEAD^^{foo}' is not valid revision syntax");
    }

    @Test
    void ambiguousShortShaListsTheCandidates() throws Exception {
        String[] pair = insertBlobsUntilPrefixCollides(4);
        String prefix = pair[0].substring(0, 4);
        assertThatThrownBy(() -> repo.resolve(prefix))
                .isInstanceOf(CheckoutException.class)
                .hasMessageContaining("short sha '" + prefix + "'")
                .hasMessageContaining("is ambiguous")
                .hasMessageContaining(pair[0].substring(0, 12) + " (blob)")
                .hasMessageContaining(pair[1].substring(0, 12) + " (blob)");
    }

    @Test
    void shortShaMatchingACommitAndABlobMeansTheCommit() throws Exception {
        RevCommit target = h.initial();
        String prefix = target.name().substring(0, 4);
        try (ObjectInserter inserter = h.repo().git().getRepository().newObjectInserter()) {
            for (int i = 0; ; i++) {
                byte[] content = ("collide " + i).getBytes(StandardCharsets.UTF_8);
                if (inserter.idFor(Constants.OBJ_BLOB, content).name().startsWith(prefix)) {
                    inserter.insert(Constants.OBJ_BLOB, content);
                    inserter.flush();
                    break;
                }
            }
        }
        assertThat(repo.resolve(prefix).sha()).isEqualTo(target.name());
        assertThat(repo.resolve(prefix + "^0").sha()).isEqualTo(target.name());
    }

    @Test
    void openingOutsideARepositoryFails() throws Exception {
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        assertThatThrownBy(() -> Repo.open(plain))
                .isInstanceOf(CheckoutException.class)
                .hasMessageContaining("not a git repository")
                .hasMessageContaining(plain.toString());
        assertThatThrownBy(() -> Repo.open(tmp.resolve("missing")))
                .isInstanceOf(CheckoutException.class)
                .hasMessageContaining("no such directory");
    }

    @Test
    void emptyRevisionIsRejected() {
        assertThatThrownBy(() -> repo.resolve(" ")).isInstanceOf(CheckoutException.class)
                .hasMessageContaining("empty revision");
    }

    /** Inserts distinct blobs until two share their first {@code hex} digits; returns those two ids. */
    private String[] insertBlobsUntilPrefixCollides(int hex) throws Exception {
        Map<String, String> byPrefix = new HashMap<>();
        try (ObjectInserter inserter = h.repo().git().getRepository().newObjectInserter()) {
            for (int i = 0; ; i++) {
                ObjectId id = inserter.insert(Constants.OBJ_BLOB, ("blob " + i).getBytes(StandardCharsets.UTF_8));
                String previous = byPrefix.putIfAbsent(id.name().substring(0, hex), id.name());
                if (previous != null && !hasCommitPrefix(id.name().substring(0, hex))) {
                    inserter.flush();
                    return new String[] {previous, id.name()};
                }
            }
        }
    }

    private boolean hasCommitPrefix(String prefix) {
        return h.initial().name().startsWith(prefix) || h.second().name().startsWith(prefix)
                || h.feature().name().startsWith(prefix) || h.merge().name().startsWith(prefix);
    }
}
