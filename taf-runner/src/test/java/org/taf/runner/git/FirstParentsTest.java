package org.taf.runner.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.eclipse.jgit.revwalk.RevCommit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The range a bisect searches, and its refusals, on the standard test history and a longer line. */
class FirstParentsTest {
    @TempDir
    Path tmp;

    @Test
    void theFirstParentCommitsAfterGoodUpToBadOldestFirst() throws Exception {
        TestRepo.History h = TestRepo.standard(tmp.resolve("repo"));
        try (Repo repo = Repo.open(h.repo().dir())) {
            List<CommitInfo> range = FirstParents.range(repo, repo.resolve(h.initial().name()),
                    repo.resolve(h.merge().name()));
            // The merge's first parent is 'second'; the feature commit came in through the merge, in one step.
            assertThat(range).extracting(CommitInfo::sha).containsExactly(h.second().name(), h.merge().name());
        }
        h.repo().close();
    }

    @Test
    void theSameCommitTwiceIsAnEmptyRange() throws Exception {
        TestRepo.History h = TestRepo.standard(tmp.resolve("repo"));
        try (Repo repo = Repo.open(h.repo().dir())) {
            CommitInfo second = repo.resolve("v1.0");
            assertThatThrownBy(() -> FirstParents.range(repo, second, second)).isInstanceOf(CheckoutException.class)
                    .hasMessage("empty range: good and bad are the same commit " + second.label()
                            + "; give a good commit before the bad one");
        }
        h.repo().close();
    }

    @Test
    void aGoodCommitThatIsNotAnAncestorIsRefusedNamingBoth() throws Exception {
        TestRepo.History h = TestRepo.standard(tmp.resolve("repo"));
        try (Repo repo = Repo.open(h.repo().dir())) {
            CommitInfo feature = repo.resolve("feature");
            CommitInfo second = repo.resolve("v1.0");
            assertThatThrownBy(() -> FirstParents.range(repo, feature, second))
                    .isInstanceOf(CheckoutException.class)
                    .hasMessageStartingWith(
                            "good commit " + feature.label() + " is not an ancestor of bad commit " + second.label())
                    .hasMessageEndingWith(
                            "they are on different branches; give a good commit the bad one descends from");
            CommitInfo initial = repo.resolve(h.initial().name());
            assertThatThrownBy(() -> FirstParents.range(repo, second, initial))
                    .hasMessageEndingWith("the bad commit is an ancestor of the good one (--good and --bad swapped?)");
        }
        h.repo().close();
    }

    @Test
    void aGoodCommitOnlyOnAMergedBranchIsOffTheFirstParentChain() throws Exception {
        TestRepo.History h = TestRepo.standard(tmp.resolve("repo"));
        try (Repo repo = Repo.open(h.repo().dir())) {
            CommitInfo feature = repo.resolve("feature");
            CommitInfo merge = repo.resolve("HEAD");
            assertThatThrownBy(() -> FirstParents.range(repo, feature, merge)).isInstanceOf(CheckoutException.class)
                    .hasMessageContaining("good commit " + feature.label() + " is an ancestor of bad commit "
                            + merge.label() + " only through a merged branch");
        }
        h.repo().close();
    }

    @Test
    void engineTreesAreAlikeWhenOnlyOtherPathsChanged() throws Exception {
        try (TestRepo t = TestRepo.init(tmp.resolve("line"))) {
            t.write("pom.xml", "<project/>\n").write("engine/src/A.java", "class A {}\n").write("NOTES.txt", "a\n");
            RevCommit c0 = t.commit("engine");
            t.write("NOTES.txt", "b\n");
            RevCommit c1 = t.commit("notes");
            t.write("engine/src/A.java", "class A { int x; }\n");
            RevCommit c2 = t.commit("engine change");
            t.write("engine/src/A.java", "class A {}\n");
            RevCommit c3 = t.commit("engine change undone");
            try (Repo repo = Repo.open(t.dir())) {
                List<Path> inputs = List.of(Path.of("pom.xml"), Path.of(".mvn"), Path.of("engine"));
                String t0 = EngineTree.of(repo, repo.resolve(c0.name()), inputs);
                assertThat(t0).hasSize(64);
                assertThat(EngineTree.of(repo, repo.resolve(c1.name()), inputs)).isEqualTo(t0);
                assertThat(EngineTree.of(repo, repo.resolve(c2.name()), inputs)).isNotEqualTo(t0);
                assertThat(EngineTree.of(repo, repo.resolve(c3.name()), inputs)).as("the same content again")
                        .isEqualTo(t0);
                List<Path> whole = List.of(Path.of(""));
                assertThat(EngineTree.of(repo, repo.resolve(c1.name()), whole))
                        .as("the whole tree as the input: a text change is a change")
                        .isNotEqualTo(EngineTree.of(repo, repo.resolve(c0.name()), whole));
                assertThat(EngineTree.of(repo, repo.resolve(c0.name()), List.of(Path.of("pom.xml"))))
                        .as("fewer inputs, another id").isNotEqualTo(t0);
            }
        }
    }
}
