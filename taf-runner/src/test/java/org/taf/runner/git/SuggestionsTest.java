package org.taf.runner.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SuggestionsTest {
    @Test
    void distanceCountsEditsAndSwaps() {
        assertThat(Suggestions.distance("main", "main")).isZero();
        assertThat(Suggestions.distance("mian", "main")).isEqualTo(1);
        assertThat(Suggestions.distance("feature", "featur")).isEqualTo(1);
        assertThat(Suggestions.distance("v1.1", "v1.0")).isEqualTo(1);
        assertThat(Suggestions.distance("abc", "xyz")).isEqualTo(3);
        assertThat(Suggestions.distance("", "ab")).isEqualTo(2);
    }

    @Test
    void closestRespectsTheLimitAndBreaksTiesAlphabetically() {
        List<String> refs = List.of("main", "maint", "feature", "origin/feature", "v1.0");
        assertThat(Suggestions.closest("mian", refs)).contains("main");
        assertThat(Suggestions.closest("MAIN", refs)).contains("main");
        assertThat(Suggestions.closest("featuer", refs)).contains("feature");
        assertThat(Suggestions.closest("origin/featrue", refs)).contains("origin/feature");
        assertThat(Suggestions.closest("mai", refs)).contains("main");
        assertThat(Suggestions.closest("xy", refs)).isEmpty();
        assertThat(Suggestions.closest("release", refs)).isEmpty();
        assertThat(Suggestions.closest("v2.1", refs)).as("two edits are too many for a short name").isEmpty();
    }
}
