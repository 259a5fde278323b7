package org.taf.runner.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BuildKeyTest {
    private static final String SHA = "0123456789abcdef0123456789abcdef01234567";

    @Test
    void isAStableSha256OfTreeCommandAndArtifact() {
        BuildSpec spec = BuildSpec.defaults();
        assertThat(BuildKey.of(SHA, spec)).matches("[0-9a-f]{64}").isEqualTo(BuildKey.of(SHA, spec));
    }

    @Test
    void changesWithEachPartButNotWithTheTimeout() {
        BuildSpec spec = new BuildSpec("make", Duration.ofMinutes(1), "out/a.jar");
        String key = BuildKey.of(SHA, spec);
        assertThat(BuildKey.of(SHA + "+0f0f0f0f0f0f", spec)).isNotEqualTo(key);
        assertThat(BuildKey.of(SHA, new BuildSpec("make all", Duration.ofMinutes(1), "out/a.jar"))).isNotEqualTo(key);
        assertThat(BuildKey.of(SHA, new BuildSpec("make", Duration.ofMinutes(1), "out/b.jar"))).isNotEqualTo(key);
        assertThat(BuildKey.of(SHA, new BuildSpec("make", Duration.ofMinutes(9), "out/a.jar"))).isEqualTo(key);
    }

    @Test
    void fieldBoundariesCannotBeShifted() {
        BuildSpec a = new BuildSpec("x y", Duration.ofMinutes(1), "z");
        BuildSpec b = new BuildSpec("x", Duration.ofMinutes(1), "y z".replace(' ', '/'));
        assertThat(BuildKey.of("t", a)).isNotEqualTo(BuildKey.of("t", b));
        assertThat(BuildKey.of("ab", new BuildSpec("c", Duration.ofMinutes(1), "d")))
                .isNotEqualTo(BuildKey.of("a", new BuildSpec("bc", Duration.ofMinutes(1), "d")));
    }
}
