package org.taf.runner.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The probe's rate and spread on a fake clock, where the truth is known. */
class HostProbeTest {
    @Test
    void aSteadyHostReadsItsRateAndNoSpread() {
        FakeHost host = FakeHost.steady(300_000); // a task every 300 us: 3,333 a second
        HostProbe.Reading r = host.probe().measure(Duration.ofMillis(1500));
        assertThat(r.seconds()).isEqualTo(1.5);
        assertThat(r.rate()).isCloseTo(3333, within(20.0));
        assertThat(r.cvPct()).isLessThan(1.0);
        assertThat(host.elapsed()).isBetween(Duration.ofMillis(1500), Duration.ofMillis(1501));
        assertThat(r.at()).isEqualTo(host.clock().instant());
    }

    @Test
    void aSpellReadsAsAWideSpreadAndALowerRate() {
        // Every other slice runs its tasks 3 times slower: slices alternate 1,000 and 333 tasks.
        FakeHost host = FakeHost.spellUntil(Duration.ofHours(1), 100_000, 300_000);
        HostProbe.Reading r = host.probe().measure(Duration.ofSeconds(2));
        assertThat(r.rate()).isCloseTo((10_000 + 3_333) / 2.0, within(100.0));
        // Two levels, 1,000 and 333, in equal shares: SD about 342 around 667, CV about 51%.
        assertThat(r.cvPct()).isBetween(45.0, 56.0);
    }

    @Test
    void aShortProbeStillMeasuresTwoSlices() {
        HostProbe.Reading r = FakeHost.steady(1_000_000).probe().measure(Duration.ofMillis(10));
        assertThat(r.seconds()).isEqualTo(0.2);
        assertThat(r.rate()).isCloseTo(1000, within(10.0));
    }
}
