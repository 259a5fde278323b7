package org.taf.runner.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.git.CommitInfo;
import org.taf.runner.git.MaterializedTree;
import org.taf.runner.git.Repo;
import org.taf.runner.git.TreeCache;

/**
 * The real thing: materialize HEAD of the repository these tests run in (found from the working directory
 * upward; in CI a clean clone) and build its engine module with the default command, twice.
 */
class EngineBuildIT {
    @TempDir
    Path cache;

    @Test
    void buildsTheEngineAtHeadThenReusesTheArtifact() throws Exception {
        try (Repo repo = Repo.open(Path.of(""))) {
            CommitInfo head = repo.resolve("HEAD");
            TreeCache trees = new TreeCache(repo, cache);
            Builder builder = new Builder(cache);

            MaterializedTree tree = trees.materialize(head);
            BuildResult first = builder.build(tree, BuildSpec.defaults());

            assertThat(tree.dir().resolve("engine/pom.xml")).isRegularFile();
            assertThat(first.cached()).isFalse();
            assertThat(first.artifact().getFileName()).hasToString("engine.jar");
            try (JarFile jar = new JarFile(first.artifact().toFile())) {
                assertThat(jar.getEntry("org/taf/engine/server/Main.class")).isNotNull();
                assertThat(jar.getManifest().getMainAttributes().getValue("Main-Class"))
                        .isEqualTo("org.taf.engine.server.Main");
            }
            assertThat(first.log()).content().contains("# taf: running: bash -c '" + BuildSpec.DEFAULT_COMMAND + "'");

            MaterializedTree again = trees.materialize(head);
            BuildResult second = builder.build(again, BuildSpec.defaults());

            assertThat(again.cached()).isTrue();
            assertThat(second.cached()).isTrue();
            assertThat(second.artifact()).isEqualTo(first.artifact());
            assertThat(second.cacheKey()).isEqualTo(first.cacheKey());
            System.out.printf("HEAD %s built in %s (%d bytes)%n", head.label(), first.took(),
                    java.nio.file.Files.size(first.artifact()));
        }
    }
}
