package org.taf.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ProgressBarTest {
    @Test
    void showsShareDoneAndTimeLeft() {
        assertThat(ProgressBar.render(100, 0)).isEqualTo("[..........] 0% 1m40s left");
        assertThat(ProgressBar.render(332, 140)).isEqualTo("[####......] 42% 3m12s left");
        assertThat(ProgressBar.render(100, 99)).isEqualTo("[#########.] 99% 1s left");
        assertThat(ProgressBar.render(100, 100)).isEqualTo("[##########] 100% 0s left");
    }

    @Test
    void overrunShowsAFullBar() {
        assertThat(ProgressBar.render(60, 75)).isEqualTo("[##########] 100% 0s left");
    }

    @Test
    void formatsLongPlansInHours() {
        assertThat(ProgressBar.render(7325 + 10, 10)).endsWith("] 0% 2h02m05s left");
        assertThat(ProgressBar.duration(59)).isEqualTo("59s");
        assertThat(ProgressBar.duration(60)).isEqualTo("1m00s");
        assertThat(ProgressBar.duration(3600)).isEqualTo("1h00m00s");
    }

    @Test
    void rejectsNonsense() {
        assertThatThrownBy(() -> ProgressBar.render(0, 0)).hasMessage("totalSeconds (0) must be positive");
        assertThatThrownBy(() -> ProgressBar.render(10, -1)).hasMessage("elapsedSeconds (-1) must not be negative");
    }
}
