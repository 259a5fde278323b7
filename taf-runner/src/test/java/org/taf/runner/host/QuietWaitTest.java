package org.taf.runner.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.results.ProbeRecord;

/** The quiet rule on a fake clock: measure when quiet, wait while noisy, never past the budget, and say so. */
class QuietWaitTest {
    private static final HostOptions OPTIONS = new HostOptions(Duration.ofMillis(1500), Duration.ofMinutes(2), 10, 60);
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private QuietWait watch(FakeHost host, List<ProbeRecord> history) {
        return new QuietWait(OPTIONS, host.probe(), history, host.sleeper(), host.ticker(), out);
    }

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aQuietHostIsReadOnceAndNotWaitedFor() throws InterruptedException {
        FakeHost host = FakeHost.steady(300_000);
        QuietWait w = watch(host, List.of());
        List<ProbeRecord> taken = w.beforePair(0);
        assertThat(taken).singleElement().satisfies(r -> {
            assertThat(r.quiet()).isTrue();
            assertThat(r.capacityPct()).as("no history yet").isNull();
            assertThat(r.pairsDone()).isZero();
            assertThat(r.waitedSeconds()).isZero();
        });
        assertThat(w.waited()).isZero();
        assertThat(printed()).isEmpty();
    }

    @Test
    void aSpellIsWaitedOutAndTheWaitIsCountedApartFromTheProbes() throws InterruptedException {
        FakeHost host = FakeHost.spellUntil(Duration.ofSeconds(25), 100_000, 300_000);
        QuietWait w = watch(host, List.of());
        List<ProbeRecord> taken = w.beforePair(3);
        // Readings at 0, 11.5 and 23 s fall in the spell (it ends at 25 s); the one at 34.5 s is quiet.
        assertThat(taken).extracting(ProbeRecord::quiet).containsExactly(false, false, false, true);
        assertThat(taken).extracting(ProbeRecord::waitedSeconds).containsExactly(0.0, 10.0, 10.0, 10.0);
        assertThat(taken).allSatisfy(r -> assertThat(r.pairsDone()).isEqualTo(3));
        assertThat(w.waited()).isEqualTo(Duration.ofSeconds(30));
        assertThat(w.last().quiet()).isTrue();
        assertThat(printed()).contains("taf: waiting for the host to quieten: CV 5")
                .contains("(waited 0s of 2m0s)").contains("(waited 20s of 2m0s)")
                .contains("taf: the host is quiet again after 30s");
    }

    @Test
    void theWaitNeverRunsPastItsBudgetAndThenMeasuresInTheSpell() throws InterruptedException {
        FakeHost host = FakeHost.spellUntil(Duration.ofHours(1), 100_000, 300_000);
        QuietWait w = watch(host, List.of());
        List<ProbeRecord> first = w.beforePair(0);
        assertThat(w.waited()).isEqualTo(Duration.ofMinutes(2));
        assertThat(first).hasSize(13);
        assertThat(w.last().quiet()).isFalse();
        // From the tenth reading on the host has a history, and its capacity is judged too.
        assertThat(printed()).contains("taf: waiting for the host to quieten: CV 50% (waited 0s of 2m0s)")
                .contains("taf: the host is still noisy (capacity 100%, CV 50%) after waiting 2m0s in all:"
                + " measuring anyway, and the pairs measured now are flagged NOISY_SPELL");
        // The budget is the run's: the next pair reads the host once and does not wait.
        host.sleeper().sleep(Duration.ofSeconds(30));
        assertThat(w.beforePair(1)).singleElement().satisfies(r -> assertThat(r.quiet()).isFalse());
        assertThat(w.waited()).isEqualTo(Duration.ofMinutes(2));
    }

    @Test
    void theReadingAfterAPairServesTheNextOneWhileItIsFresh() throws InterruptedException {
        FakeHost host = FakeHost.steady(300_000);
        QuietWait w = watch(host, List.of());
        ProbeRecord after = w.read(1);
        assertThat(w.beforePair(1)).as("fresh: no new reading").isEmpty();
        assertThat(w.last()).isSameAs(after);
        host.sleeper().sleep(Duration.ofSeconds(6));
        assertThat(w.beforePair(1)).as("stale after 5 s").hasSize(1);
    }

    @Test
    void capacityIsJudgedAgainstTheBestOfTheHostsHistory() throws InterruptedException {
        List<ProbeRecord> history = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            // The host's best: about 3,333 tasks a second (one every 300 us).
            history.add(new ProbeRecord(Instant.EPOCH, 0, 1.5, i < 18 ? 3333 : 3000, 2, null, true, 0));
        }
        QuietWait slow = watch(FakeHost.steady(750_000), history); // 1,333 a second: 40% of the best, steady
        ProbeRecord r = slow.read(0);
        assertThat(r.capacityPct()).isBetween(39.0, 41.0);
        assertThat(r.cvPct()).isLessThan(1);
        assertThat(r.quiet()).as("steady but at 40% of its best: a spell that slows every slice alike").isFalse();
        assertThat(r.describe()).isEqualTo("capacity 40%, CV 0%");
        QuietWait usual = watch(FakeHost.steady(300_000), history);
        assertThat(usual.read(0).quiet()).isTrue();
        assertThat(usual.read(0).capacityPct()).isBetween(99.0, 101.0);
    }

    @Test
    void noBudgetMeansNoWaiting() throws InterruptedException {
        FakeHost host = FakeHost.spellUntil(Duration.ofHours(1), 100_000, 300_000);
        QuietWait w = new QuietWait(new HostOptions(Duration.ofMillis(1500), Duration.ZERO, 10, 60), host.probe(),
                List.of(), host.sleeper(), host.ticker(), out);
        assertThat(w.beforePair(0)).singleElement().satisfies(r -> assertThat(r.quiet()).isFalse());
        assertThat(w.waited()).isZero();
    }

    @Test
    void optionsAreCheckedWithTheirKeys() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new HostOptions(Duration.ofMillis(300),
                Duration.ZERO, 10, 60)).hasMessage("host.probe (300ms) must be 0s (off) or at least 500ms (five"
                + " slices)");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new HostOptions(Duration.ZERO, Duration.ZERO, 10,
                160)).hasMessage("host.min_capacity_pct (160.0) must be in [0, 100]");
        assertThat(new HostOptions(Duration.ZERO, Duration.ZERO, 10, 60).enabled()).isFalse();
    }
}
