package org.taf.runner.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WarmupTest {
    @Test
    void settleDescribesItsLimits() {
        assertThat(Warmup.untilCpuSettles(SettleOptions.DEFAULTS).describe())
                .isEqualTo("until CPU settles (window 10s, cv <= 5%, slope <= 2%, min 10s, max 2m)");
    }
}
