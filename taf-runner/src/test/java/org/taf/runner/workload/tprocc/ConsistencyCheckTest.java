package org.taf.runner.workload.tprocc;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.workload.tprocc.ConsistencyCheck.DistrictFacts;
import org.taf.runner.workload.tprocc.ConsistencyCheck.Violation;
import org.taf.runner.workload.tprocc.ConsistencyCheck.WarehouseFacts;

/** Conditions 1-4 judged on facts: each holds on a sound warehouse, and each corruption is named by its number. */
class ConsistencyCheckTest {
    private static final BigDecimal YTD = new BigDecimal("30000.00");

    /** A sound district as the loader leaves it: 30 orders, the last 9 undelivered, 5 lines each. */
    private static DistrictFacts sound(int d) {
        return new DistrictFacts(d, YTD, 31, 30, 9, 22, 30, 150, 150);
    }

    private static WarehouseFacts warehouse(BigDecimal ytd, List<DistrictFacts> districts) {
        return new WarehouseFacts(1, ytd, districts);
    }

    private static List<DistrictFacts> districts() {
        List<DistrictFacts> out = new ArrayList<>();
        for (int d = 1; d <= 10; d++) {
            out.add(sound(d));
        }
        return out;
    }

    @Test
    void aSoundWarehouseMeetsAllFour() {
        assertThat(ConsistencyCheck.judge(List.of(warehouse(new BigDecimal("300000.00"), districts())))).isEmpty();
    }

    @Test
    void eachCorruptionIsNamedByItsCondition() {
        List<DistrictFacts> ds = districts();
        ds.set(1, new DistrictFacts(2, YTD, 32, 30, 9, 22, 30, 150, 150)); // next order id ahead of the orders
        ds.set(2, new DistrictFacts(3, YTD, 31, 30, 8, 22, 30, 150, 150)); // a new order row gone from the middle
        ds.set(3, new DistrictFacts(4, YTD, 31, 30, 9, 22, 30, 151, 150)); // an order line gone
        List<Violation> v = ConsistencyCheck.judge(List.of(warehouse(new BigDecimal("300000.01"), ds)));
        assertThat(v).extracting(Violation::condition).containsExactly(1, 2, 3, 4);
        assertThat(v.get(0).message()).isEqualTo("TPC-C consistency condition 1 fails in warehouse 1: W_YTD"
                + " 300000.01 != sum(D_YTD) 300000.00");
        assertThat(v.get(3).message()).isEqualTo("TPC-C consistency condition 4 fails in warehouse 1, district 4:"
                + " sum(O_OL_CNT) = 151 != 150 ORDER_LINE rows");
        assertThat(ConsistencyCheck.describe(v)).startsWith(v.get(0).message() + "; ").endsWith("; and 1 more");
    }

    @Test
    void aDistrictWithoutNewOrdersMeetsConditions2And3() {
        List<DistrictFacts> ds = districts();
        ds.set(0, new DistrictFacts(1, YTD, 31, 30, 0, null, null, 150, 150));
        assertThat(ConsistencyCheck.judge(List.of(warehouse(new BigDecimal("300000.00"), ds)))).isEmpty();
    }
}
