package org.taf.runner.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TAF must never run a git binary, and JGit would by default (to find git's system config). A child JVM
 * gets a fake {@code git} first on its PATH that records every call, then makes a repository, resolves,
 * materializes and patches; the fake must never have been called.
 */
class NoGitBinaryIT {
    @TempDir
    Path tmp;

    @Test
    void theGitStageNeverSpawnsGit() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path calls = tmp.resolve("git-calls.txt");
        Path fakeGit = Files.writeString(bin.resolve("git"), "#!/bin/sh\necho \"$@\" >> " + calls + "\nexit 1\n");
        Files.setPosixFilePermissions(fakeGit, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path out = tmp.resolve("child.out");

        Process child = ChildJvm.start(Child.class, Map.of("PATH", bin + ":" + System.getenv("PATH")), out,
                tmp.toString());

        assertThat(child.waitFor(60, TimeUnit.SECONDS)).as("child finished").isTrue();
        assertThat(child.exitValue()).as(Files.readString(out)).isZero();
        assertThat(Files.readString(out)).contains("materialized", "patched");
        assertThat(calls).as("git was run").doesNotExist();
    }

    /** Everything the git stage does, in a fresh JVM. */
    public static final class Child {
        public static void main(String[] args) throws Exception {
            Path tmp = Path.of(args[0]);
            TestRepo.History h = TestRepo.standard(tmp.resolve("repo"));
            try (Repo repo = Repo.open(h.repo().dir())) {
                TreeCache trees = new TreeCache(repo, tmp.resolve("cache"));
                CommitInfo parent = repo.resolve("HEAD~2");
                System.out.println("materialized " + trees.materialize(repo.resolve("main^2")).dir());
                Path diff = Files.writeString(tmp.resolve("p.diff"), PatchedTreeTest.DIFF);
                System.out.println("patched " + trees.materializeWithPatch(parent, diff).dir());
            }
            h.repo().close();
        }
    }
}
