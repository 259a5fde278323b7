package org.taf.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.taf.runner.workload.sample.Counts;

/**
 * The SQL of every workload, sealed in a golden file: what each thread prepares and the statements of two
 * events with a fixed seed (thread 1 of 2, 2 tables of 10000 rows, uniform keys).
 */
class WorkloadSqlGoldenTest {
    private static final WorkloadOptions OPTIONS = WorkloadOptions.builder(
                    new ConnectionSettings("127.0.0.1", 3306, "root", "", "sbtest"))
            .tables(2).tableSize(10_000).randType(RandType.UNIFORM).seed(1)
            .reportInterval(Duration.ofSeconds(1)).build();

    private record Trace(List<String> prepared, List<List<String>> events, Counts counts) {}

    private static Trace trace(Workload w, WorkloadOptions options, int events) throws Exception {
        Counters counters = new Counters();
        FakeSession session = new FakeSession(counters, (s, sql) -> null);
        EventContext ctx = new EventContext(session, RandomSource.of(options.seed(), 1, options.randType()),
                options, 1, 2, new Counters());
        Event event = w.events().create(ctx);
        List<List<String>> perEvent = new ArrayList<>();
        for (int i = 0; i < events; i++) {
            int before = session.executed.size();
            event.execute();
            perEvent.add(List.copyOf(session.executed.subList(before, session.executed.size())));
        }
        return new Trace(List.copyOf(session.prepared), perEvent, counters.snapshot());
    }

    @Test
    void everyWorkloadMatchesTheGoldenList() throws Exception {
        StringBuilder out = new StringBuilder();
        for (Workload w : Workload.values()) {
            if (w == Workload.TPROC_C) {
                continue; // its statements depend on the rows it reads: TproccTerminalTest and TproccIT trace them
            }
            Trace t = trace(w, OPTIONS, 2);
            out.append("== ").append(w.tafName()).append(" (").append(w.origin()).append(")\n");
            for (String sql : t.prepared()) {
                out.append("prepare ").append(sql).append('\n');
            }
            for (int e = 0; e < t.events().size(); e++) {
                for (String sql : t.events().get(e)) {
                    out.append("event").append(e + 1).append(' ').append(sql).append('\n');
                }
            }
            out.append('\n');
        }
        Golden.assertMatches("workload-sql.txt", out.toString());
    }

    @ParameterizedTest
    @EnumSource(value = Workload.class, mode = EnumSource.Mode.EXCLUDE, names = "TPROC_C")
    void statementsPerEventFollowSysbench(Workload w) throws Exception {
        Trace t = trace(w, OPTIONS, 1);
        int statements = t.events().get(0).size();
        int expected = switch (w) {
            case OLTP_RO, PARSER_RO -> 16;
            case OLTP_RW -> 20;
            case OLTP_WO -> 6;
            case TPCB_KEY, TPCB_NO_KEY -> 10; // BEGIN, 3 points, 3 updates, delete + insert, COMMIT
            default -> 1;
        };
        assertThat(statements).isEqualTo(expected);
        if (w == Workload.OLTP_RO) {
            assertThat(t.counts()).isEqualTo(new Counts(0, 14, 0, 2, 0, 0, 0));
        }
    }

    @Test
    void countsFollowTheOptions() throws Exception {
        WorkloadOptions more = OPTIONS.toBuilder().pointSelects(3).simpleRanges(2).sumRanges(0).orderRanges(0)
                .distinctRanges(4).build();
        Trace t = trace(Workload.OLTP_RO, more, 1);
        List<String> event = t.events().get(0);
        assertThat(event).hasSize(1 + 3 + 2 + 4 + 1);
        assertThat(event.subList(1, 4)).allMatch(s -> s.matches("SELECT c FROM sbtest([12]) WHERE id=\\d+"));
        // one table per group, as oltp_common.lua draws it once per execute_* call
        assertThat(event.subList(1, 4).stream().map(s -> s.substring(0, 20)).distinct()).hasSize(1);
        assertThat(event.subList(6, 10)).allMatch(s -> s.startsWith("SELECT DISTINCT c FROM sbtest"));
    }

    @Test
    void rangesSpanRangeSizeRows() throws Exception {
        Trace t = trace(Workload.SELECT_SIMPLE_RANGES, OPTIONS.toBuilder().rangeSize(7).build(), 1);
        String sql = t.events().get(0).get(0);
        String[] ids = sql.replaceAll(".*BETWEEN (\\d+) AND (\\d+)", "$1 $2").split(" ");
        assertThat(Long.parseLong(ids[1]) - Long.parseLong(ids[0])).isEqualTo(6);
    }

    @Test
    void randomPointsStayInTheThreadsSlice() throws Exception {
        Trace t = trace(Workload.RANDOM_POINTS, OPTIONS, 50);
        for (List<String> event : t.events()) {
            String list = event.get(0).replaceAll(".*IN \\((.*)\\)", "$1");
            for (String v : list.split(", ")) {
                // thread 1 of 2 over 10000 rows: [5000, 10000]
                assertThat(Long.parseLong(v)).isBetween(5000L, 10000L);
            }
        }
    }

    @Test
    void hotPointsAreTheIdsAfterTheMiddle() throws Exception {
        Trace t = trace(Workload.HOT_POINTS, OPTIONS.toBuilder().randomPoints(3).build(), 1);
        assertThat(t.events().get(0).get(0)).matches("SELECT c FROM sbtest[12] WHERE id IN \\(5001, 5002, 5003\\)");
    }
}
