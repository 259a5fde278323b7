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
                "POINTS-NOTCOVERED-SI", "RANGE-COVERED-PK", "HOT-POINTS");
    }

    @Test
    void findsByNameIgnoringCaseAndDashVersusUnderscore() {
        assertThat(Workload.byName("OLTP_RO")).isEqualTo(Workload.OLTP_RO);
        assertThat(Workload.byName("points-covered-pk")).isEqualTo(Workload.POINTS_COVERED_PK);
        assertThat(Workload.byName("POINTS_COVERED_PK")).isEqualTo(Workload.POINTS_COVERED_PK);
        assertThat(Workload.byName(" Insert ")).isEqualTo(Workload.INSERT);
        assertThat(Workload.POINTS_COVERED_PK).hasToString("POINTS-COVERED-PK");
    }

    @Test
    void unknownNameListsTheKnownOnes() {
        assertThatThrownBy(() -> Workload.byName("OLTP_XX"))
                .isInstanceOf(WorkloadException.class)
                .isInstanceOf(org.taf.runner.TafException.class)
                .hasMessageStartingWith("unknown workload 'OLTP_XX'; known workloads: POINT_SELECT, OLTP_RO, ")
                .hasMessageEndingWith("RANGE-COVERED-PK, HOT-POINTS");
        assertThatThrownBy(() -> Workload.byName(null)).hasMessageStartingWith("unknown workload 'null'");
    }

    @Test
    void marksTheWritingWorkloads() {
        assertThat(Arrays.stream(Workload.values()).filter(Workload::writes)).containsExactly(
                Workload.OLTP_RW, Workload.OLTP_WO, Workload.UPDATE_KEY, Workload.UPDATE_NO_KEY, Workload.INSERT,
                Workload.DELETE);
    }
}
