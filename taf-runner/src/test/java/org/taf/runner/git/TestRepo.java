package org.taf.runner.git;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.ZoneOffset;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.MergeCommand;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.StoredConfig;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * A temporary git repository made with JGit only (no git binary), for tests of this stage and of the
 * build stage. Commits get fixed, increasing times so their ids are the same on every run.
 */
public final class TestRepo implements AutoCloseable {
    /** Author and committer of every commit; the n-th commit is made at {@code T0 + n hours}. */
    public static final Instant T0 = Instant.parse("2026-01-02T03:04:05Z");

    private final Git git;
    private final Path dir;
    private int commits;

    private TestRepo(Git git, Path dir) {
        this.git = git;
        this.dir = dir;
    }

    /** An empty repository with branch {@code main} in {@code dir}. */
    public static TestRepo init(Path dir) throws GitAPIException, IOException {
        JGitNoBinary.install();
        Git git = Git.init().setDirectory(dir.toFile()).setInitialBranch("main").call();
        StoredConfig config = git.getRepository().getConfig();
        config.setString("user", null, "name", "Tess Ter");
        config.setString("user", null, "email", "tess@example.org");
        config.setBoolean("core", null, "filemode", true);
        config.setBoolean("core", null, "symlinks", true);
        config.save();
        return new TestRepo(git, dir);
    }

    public Path dir() {
        return dir;
    }

    public Git git() {
        return git;
    }

    public TestRepo write(String path, String content) throws IOException {
        Path file = dir.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return this;
    }

    public TestRepo writeExecutable(String path, String content) throws IOException {
        write(path, content);
        Files.setPosixFilePermissions(dir.resolve(path), PosixFilePermissions.fromString("rwxr-xr-x"));
        return this;
    }

    public TestRepo symlink(String path, String target) throws IOException {
        Path link = dir.resolve(path);
        Files.createDirectories(link.getParent());
        Files.createSymbolicLink(link, Path.of(target));
        return this;
    }

    public TestRepo delete(String path) throws IOException {
        Files.delete(dir.resolve(path));
        return this;
    }

    /** Stages every change in the work tree (new, modified, deleted) and commits it. */
    public RevCommit commit(String message) throws GitAPIException {
        git.add().addFilepattern(".").call();
        git.add().addFilepattern(".").setUpdate(true).call();
        PersonIdent who = nextIdent();
        return git.commit().setMessage(message).setAuthor(who).setCommitter(who).call();
    }

    public void checkout(String branch) throws GitAPIException {
        git.checkout().setName(branch).call();
    }

    /** Creates {@code branch} at {@code start} and checks it out. */
    public void branch(String branch, RevCommit start) throws GitAPIException {
        git.checkout().setName(branch).setCreateBranch(true).setStartPoint(start).call();
    }

    /** A true merge commit (never a fast-forward) of {@code branch} into the current branch. */
    public RevCommit merge(String branch, String message) throws GitAPIException, IOException {
        git.merge().include(git.getRepository().resolve(branch)).setCommit(false)
                .setFastForward(MergeCommand.FastForwardMode.NO_FF).call();
        PersonIdent who = nextIdent();
        return git.commit().setMessage(message).setAuthor(who).setCommitter(who).call();
    }

    public void annotatedTag(String name, RevCommit target, String message) throws GitAPIException, IOException {
        try (RevWalk walk = new RevWalk(git.getRepository())) {
            git.tag().setName(name).setAnnotated(true).setMessage(message).setTagger(nextIdent())
                    .setObjectId(walk.parseAny(target)).call();
        }
    }

    private PersonIdent nextIdent() {
        commits++;
        return new PersonIdent("Tess Ter", "tess@example.org", T0.plusSeconds(3600L * commits), ZoneOffset.UTC);
    }

    @Override
    public void close() {
        git.close();
    }

    /** Ten numbered lines, the file that diffs change. */
    public static String lines(String five) {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 10; i++) {
            text.append(i == 5 ? five : "line " + i).append('\n');
        }
        return text.toString();
    }

    /**
     * The standard history: {@code initial} (README, executable run.sh, a symlink, nested files), then on
     * {@code main} {@code second} (tagged {@code v1.0}, annotated), {@code feature} branched from
     * {@code initial}, and {@code merge} of feature into main. HEAD is {@code merge}; HEAD~1 is
     * {@code second}; main^2 is {@code feature}.
     */
    public record History(TestRepo repo, RevCommit initial, RevCommit second, RevCommit feature, RevCommit merge) {}

    public static History standard(Path dir) throws GitAPIException, IOException {
        TestRepo repo = init(dir);
        repo.write("README.md", "hello\n")
                .writeExecutable("run.sh", "#!/bin/sh\necho run\n")
                .symlink("link-to-readme", "README.md")
                .write("src/lines.txt", lines("line 5"))
                .write("dir/sub/deep.txt", "deep\n");
        RevCommit initial = repo.commit("Initial commit");
        repo.write("src/lines.txt", lines("five"));
        RevCommit second = repo.commit("Change line 5\n\nThe body says why.\n");
        repo.annotatedTag("v1.0", second, "Release 1.0");
        repo.branch("feature", initial);
        repo.write("feature.txt", "feature\n");
        RevCommit feature = repo.commit("Add feature file");
        repo.checkout("main");
        RevCommit merge = repo.merge("feature", "Merge branch 'feature'");
        return new History(repo, initial, second, feature, merge);
    }
}
