package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class HierarchicalBootstrapTest {
    private static final StatsOptions O = StatsOptions.defaults();

    @Test
    void expandedLevelFollowsHesterberg() {
        // 5 + 5: t(0.975, 8) = 2.3060 * sqrt(5/4) = 2.5782 -> 2 * (1 - Phi(2.5782)) = 0.00993.
        assertThat(HierarchicalBootstrap.expandedAlpha(0.05, 5, 5)).isCloseTo(0.00993, within(0.00005));
        // Large samples barely expand: 50 + 50 -> 0.045.
        assertThat(HierarchicalBootstrap.expandedAlpha(0.05, 50, 50)).isBetween(0.044, 0.047);
    }

    @Test
    void noNoiseGivesTheExactRatio() {
        List<IterationSample> parent = List.of(IterationSample.of(0, 100, 100), IterationSample.of(1, 100, 100),
                IterationSample.of(2, 100, 100));
        List<IterationSample> patch = List.of(IterationSample.of(0, 90, 90), IterationSample.of(1, 90, 90),
                IterationSample.of(2, 90, 90));
        HierarchicalBootstrap.Interval ci = HierarchicalBootstrap.logRatio(parent, patch, O, 1);
        assertThat(Math.exp(ci.lowLog())).isCloseTo(0.9, within(1e-12));
        assertThat(Math.exp(ci.highLog())).isCloseTo(0.9, within(1e-12));
    }

    @Test
    void moreBetweenIterationSpreadWidensTheInterval() {
        HierarchicalBootstrap.Interval tight = interval(1000, 1001, 999, 1000.5);
        HierarchicalBootstrap.Interval wide = interval(1000, 1100, 900, 1050);
        assertThat(wide.highLog() - wide.lowLog()).isGreaterThan(10 * (tight.highLog() - tight.lowLog()));
    }

    @Test
    void sameSeedSameInterval() {
        List<IterationSample> parent = Synthetic.issueNoise(3).cell(Simulation.CELL, 1, 4).parent();
        List<IterationSample> patch = Synthetic.issueNoise(4).cell(Simulation.CELL, 1, 4).patch();
        assertThat(HierarchicalBootstrap.logRatio(parent, patch, O, 9))
                .isEqualTo(HierarchicalBootstrap.logRatio(parent, patch, O, 9))
                .isNotEqualTo(HierarchicalBootstrap.logRatio(parent, patch, O, 10));
    }

    private static HierarchicalBootstrap.Interval interval(double... parentMedians) {
        return HierarchicalBootstrap.logRatio(Cells.side(parentMedians), Cells.side(1000, 1000, 1000, 1000), O, 5);
    }
}
