package org.taf.runner.workload.tprocc;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The loader's rows: the specification's cardinalities (clause 4.3.3.1), scaled, and conditions 1-4 from the start. */
class TproccRowsTest {
    private static final TproccScale SMALL = new TproccScale(1_000, 30);

    /** Rows by table, kept. */
    private static final class Collect implements TproccRows.Sink {
        final Map<String, List<Object[]>> rows = new HashMap<>();

        @Override
        public void row(String table, Object... values) {
            assertThat(values).as(table).hasSize(TproccRows.COLUMNS.get(table).split(",").length);
            rows.computeIfAbsent(table, t -> new ArrayList<>()).add(values);
        }

        int count(String table) {
            return rows.getOrDefault(table, List.of()).size();
        }
    }

    @Test
    void rowCountsAreTheSpecificationsPerWarehouse() throws Exception {
        Collect c = new Collect();
        TproccRows rows = new TproccRows(7, SMALL);
        rows.items(c);
        rows.warehouse(1, c);
        rows.warehouse(2, c);
        assertThat(c.count("item")).isEqualTo(1_000);
        assertThat(c.count("warehouse")).isEqualTo(2);
        assertThat(c.count("stock")).isEqualTo(2 * 1_000);
        assertThat(c.count("district")).isEqualTo(2 * 10);
        assertThat(c.count("customer")).isEqualTo(2 * 10 * 30);
        assertThat(c.count("history")).isEqualTo(2 * 10 * 30);
        assertThat(c.count("orders")).isEqualTo(2 * 10 * 30);
        // the last 30% of each district's orders are undelivered (900 of 3,000 at the standard scale)
        assertThat(c.count("new_order")).isEqualTo(2 * 10 * 9);
        long lines = c.rows.get("orders").stream().mapToLong(o -> (Integer) o[5]).sum();
        assertThat(c.count("order_line")).isEqualTo((int) lines);
        assertThat(lines).isBetween(2 * 10 * 30 * 5L, 2 * 10 * 30 * 15L);
    }

    @Test
    void theStandardScaleIsTheSpecifications() {
        assertThat(TproccScale.STANDARD.items()).isEqualTo(100_000);
        assertThat(TproccScale.STANDARD.customersPerDistrict()).isEqualTo(3_000);
        assertThat(TproccScale.STANDARD.firstUndelivered()).isEqualTo(2_101);
        assertThat(TproccScale.STANDARD.lastNames()).isEqualTo(999);
        assertThat(TproccScale.STANDARD.tag()).isEmpty();
        assertThat(SMALL.tag()).isEqualTo("-i1000c30");
    }

    @Test
    void theLoadedRowsMeetTheConsistencyConditions() throws Exception {
        Collect c = new Collect();
        new TproccRows(7, SMALL).warehouse(1, c);
        Object[] w = c.rows.get("warehouse").get(0);
        BigDecimal districtYtd = c.rows.get("district").stream().map(d -> (BigDecimal) d[2])
                .reduce(BigDecimal.ZERO, BigDecimal::add);
        assertThat((BigDecimal) w[1]).isEqualByComparingTo(districtYtd);
        for (Object[] d : c.rows.get("district")) {
            assertThat(d[4]).as("D_NEXT_O_ID").isEqualTo(31);
        }
    }

    @Test
    void theSameSeedGivesTheSameRows() throws Exception {
        Collect a = new Collect();
        Collect b = new Collect();
        new TproccRows(7, SMALL).warehouse(2, a);
        new TproccRows(7, SMALL).warehouse(2, b);
        assertThat(a.rows.get("customer").get(17)).containsExactly(b.rows.get("customer").get(17));
        assertThat(a.rows.get("order_line").get(99)).containsExactly(b.rows.get("order_line").get(99));
    }
}
