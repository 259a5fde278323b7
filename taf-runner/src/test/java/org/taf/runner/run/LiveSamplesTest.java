package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.CountersRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.IterationRecord.IterationFlag;
import org.taf.runner.results.MeasureMode;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.SampleRecord;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.CellSamples;
import org.taf.runner.stats.CounterSample;
import org.taf.runner.stats.Role;

/** A cell's stats input grown one iteration at a time is the one its stored record gives. */
class LiveSamplesTest {
    private static final CellKey CELL = new CellKey("POINT_SELECT", 2);

    private static IterationRecord iteration(int index, int sequence, double tps, String failure,
                                             List<IterationFlag> flags, CountersRecord counters) {
        IterationRecord base = ResultsFixtures.small().comparisons().get(0).cells().get(0).parent().get(0);
        List<SampleRecord> samples = new ArrayList<>();
        for (int s = 1; failure == null && s <= 5; s++) {
            long events = Math.round(tps + s);
            samples.add(new SampleRecord(s, 1, events, events, 0, 0, 0, 0, 0.1, 0.2, 0.3, 1));
        }
        return new IterationRecord(index, sequence, base.startedAt(), "v", base.rest(), base.warmup(), samples,
                List.of(), flags, failure, "log", null, 1, List.of(0), counters);
    }

    @Test
    void growingACellOneIterationAtATimeGivesTheStoredCellsSamples() {
        CountersRecord counters = new CountersRecord(5, 1000, Map.of("Innodb_rows_read", 5000L),
                Map.of(CountersRecord.VOLUNTARY, 300L, CountersRecord.INVOLUNTARY, 100L), 4, 0, 1.5);
        // Measurement order: pair 0 parent first, pair 1 patch first, pair 2's patch fails.
        List<Object[]> order = List.of(
                new Object[] {Role.PARENT, iteration(0, 0, 1000, null, List.of(), counters)},
                new Object[] {Role.PATCH, iteration(0, 1, 900, null, List.of(), null)},
                new Object[] {Role.PATCH, iteration(1, 2, 910, null, List.of(IterationFlag.NOT_SETTLED), null)},
                new Object[] {Role.PARENT, iteration(1, 3, 1010, null, List.of(), null)},
                new Object[] {Role.PARENT, iteration(2, 4, 990, null, List.of(), null)},
                new Object[] {Role.PATCH, iteration(2, 5, 0, "engine exited with 134", List.of(), null)});
        LiveSamples live = new LiveSamples(CELL, MeasureMode.ALTERNATE);
        List<IterationRecord> parent = new ArrayList<>();
        List<IterationRecord> patch = new ArrayList<>();
        for (Object[] step : order) {
            IterationRecord it = (IterationRecord) step[1];
            live.add((Role) step[0], it);
            (step[0] == Role.PARENT ? parent : patch).add(it);
        }
        CellSamples s = live.samples();
        assertThat(s).isEqualTo(LiveSamples.of(new CellRecord(CELL.workload(), CELL.threads(), parent, patch,
                MeasureMode.ALTERNATE, 1, null)).samples());
        assertThat(s.patchFirst()).containsExactly(1);
        assertThat(s.alternating()).isTrue();
        assertThat(s.parent()).hasSize(3);
        assertThat(s.patch()).hasSize(2);
        assertThat(s.patchFailures()).containsExactly("iteration 3: engine exited with 134");
        assertThat(s.patch().get(1).flags()).containsExactly("NOT_SETTLED");
        assertThat(s.parent().get(0).csPerTx()).isEqualTo(0.4);
        assertThat(s.parent().get(0).counters()).isEqualTo(new CounterSample(1000, Map.of("Innodb_rows_read", 5000L,
                CountersRecord.VOLUNTARY, 300L, CountersRecord.INVOLUNTARY, 100L)));
        assertThat(s.pairs()).isEqualTo(3);
    }
}
