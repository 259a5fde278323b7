package org.taf.runner.config;


import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class UnitsFormatTest {
    @Test
    void formatsTheShortestExactUnit() {
        assertThat(Units.formatDuration(Duration.ZERO)).isEqualTo("0s");
        assertThat(Units.formatDuration(Duration.ofSeconds(30))).isEqualTo("30s");
        assertThat(Units.formatDuration(Duration.ofSeconds(90))).isEqualTo("90s");
        assertThat(Units.formatDuration(Duration.ofMinutes(2))).isEqualTo("2m");
        assertThat(Units.formatDuration(Duration.ofMillis(1500))).isEqualTo("1.5s");
        assertThat(Units.formatDuration(Duration.ofMillis(250))).isEqualTo("250ms");
        assertThat(Units.formatDuration(Duration.ofNanos(1500))).isEqualTo("0.0015ms");
        assertThat(Units.formatDuration(Duration.ofSeconds(-1))).isEqualTo("-1s");
    }
}
