package org.taf.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class VersionProviderTest {
    private static Properties props(String version, String commit, String dirty) {
        Properties p = new Properties();
        p.setProperty("version", version);
        p.setProperty("commit", commit);
        p.setProperty("dirty", dirty);
        return p;
    }

    @Test
    void theCommitIsSemverBuildMetadataAndADirtyTreeSaysSo() {
        assertThat(VersionProvider.of(props("0.1.0-SNAPSHOT", "1a2b3c4d5e6f", "false")))
                .isEqualTo("0.1.0-SNAPSHOT+g1a2b3c4d5e6f");
        assertThat(VersionProvider.of(props("0.1.0-SNAPSHOT", "1a2b3c4d5e6f", "true")))
                .isEqualTo("0.1.0-SNAPSHOT+g1a2b3c4d5e6f.dirty");
    }

    @Test
    void aBuildOutsideGitHasTheMavenVersionOnly() {
        // Maven leaves an unknown property as written.
        assertThat(VersionProvider.of(props("0.1.0", "${git.commit.id.abbrev}", "${git.dirty}"))).isEqualTo("0.1.0");
        assertThat(VersionProvider.of(props("0.1.0", "", ""))).isEqualTo("0.1.0");
    }
}
