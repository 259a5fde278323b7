package org.taf.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class WorkloadTest {
    @Test
    void knowsTafsTestNames() {
        assertThat(Arrays.stream(Workload.values()).map(Workload::tafName)).containsExactly(
                "POINT_SELECT", "OLTP_RO", "OLTP_RW", "OLTP_WO", "UPDATE_KEY", "UPDATE_NO_KEY", "INSERT", "DELETE",
                "SELECT_SIMPLE_RANGES", "SELECT_SUM_RANGES", "SELECT_ORDER_RANGES", "SELECT_DISTINCT_RANGES",
                "RANDOM-POINTS", "RANDOM-RANGES", "POINTS-COVERED-PK", "POINTS-NOTCOVERED-PK", "POINTS-COVERED-SI",
                "POINTS-NOTCOVERED-SI", "RANGE-COVERED-PK", "HOT-POINTS", "RANGE-COVERED-SI", "RANGE-NOTCOVERED-PK",
                "RANGE-NOTCOVERED-SI", "TPCB_KEY", "TPCB_NO_KEY", "PARSER", "PARSER-RO", "SCAN", "TPROC-C");
    }

    @Test
    void findsByNameIgnoringCaseAndDashVersusUnderscore() {
        assertThat(Workload.byName("OLTP_RO")).isEqualTo(Workload.OLTP_RO);
        assertThat(Workload.byName("points-covered-pk")).isEqualTo(Workload.POINTS_COVERED_PK);
        assertThat(Workload.byName("POINTS_COVERED_PK")).isEqualTo(Workload.POINTS_COVERED_PK);
        assertThat(Workload.byName(" Insert ")).isEqualTo(Workload.INSERT);
        assertThat(Workload.POINTS_COVERED_PK).hasToString("POINTS-COVERED-PK");
        // TAF (perl)'s hammerdb-tprocc suite names its one test tprocc
        assertThat(Workload.byName("tprocc")).isEqualTo(Workload.TPROC_C);
        assertThat(Workload.byName("TPROC_C")).isEqualTo(Workload.TPROC_C);
        assertThat(Workload.TPROC_C.countsNewOrders()).isTrue();
        assertThat(Workload.OLTP_RW.countsNewOrders()).isFalse();
    }

    @Test
    void unknownNameListsTheKnownOnes() {
        assertThatThrownBy(() -> Workload.byName("OLTP_XX"))
                .isInstanceOf(WorkloadException.class)
                .isInstanceOf(org.taf.runner.TafException.class)
                .hasMessageStartingWith("unknown workload 'OLTP_XX'; known workloads: POINT_SELECT, OLTP_RO, ")
                .hasMessageEndingWith(
                        "HOT-POINTS, RANGE-COVERED-SI, RANGE-NOTCOVERED-PK, RANGE-NOTCOVERED-SI, TPCB_KEY,"
                                + " TPCB_NO_KEY, PARSER, PARSER-RO, SCAN, TPROC-C");
        assertThatThrownBy(() -> Workload.byName(null)).hasMessageStartingWith("unknown workload 'null'");
    }

    @Test
    void marksTheWritingWorkloads() {
        assertThat(Arrays.stream(Workload.values()).filter(Workload::writes)).containsExactly(
                Workload.OLTP_RW, Workload.OLTP_WO, Workload.UPDATE_KEY, Workload.UPDATE_NO_KEY, Workload.INSERT,
                Workload.DELETE, Workload.TPCB_KEY, Workload.TPCB_NO_KEY, Workload.TPROC_C);
    }

    @Test
    void aTafTestNotImplementedHereSaysWhyAndWhatIs() {
        assertThatThrownBy(() -> Workload.byName("oltp_ro_modifiable"))
                .hasMessageStartingWith("'oltp_ro_modifiable' is a TAF (perl) test that TAF here does not implement"
                        + " (use OLTP_RO with the counts of workload.*")
                .hasMessageEndingWith("implemented: " + String.join(", ",
                        Arrays.stream(Workload.values()).map(Workload::tafName).toList()));
        for (String name : UnimplementedTests.all().keySet()) {
            assertThat(Arrays.stream(Workload.values()).map(Workload::tafName)).as(name).doesNotContain(name);
        }
    }
}
