package org.taf.runner.workload.tprocc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A terminal's statements per transaction, against a scripted connection that answers every query with one row
 * of 1s (no row for the unused item): the shapes of engine/TPROCC.md, and the 1% rollback of new orders.
 */
class TproccTerminalTest {
    private static final TproccScale SCALE = new TproccScale(1_000, 30);

    /** Records statements; every query finds one row of 1s, except the unused item, which finds none. */
    private static final class Scripted implements TproccSql {
        final List<String> statements = new ArrayList<>();
        int commits;
        int rollbacks;

        @Override
        public List<String[]> query(String sql, Object... params) {
            statements.add(sql);
            if (sql.startsWith("SELECT i_price") && (Integer) params[0] > SCALE.items()) {
                return List.of();
            }
            String[] row = new String[16];
            Arrays.fill(row, "1");
            return List.<String[]>of(row);
        }

        @Override
        public int update(String sql, Object... params) {
            statements.add(sql);
            return 1;
        }

        @Override
        public void commit() {
            statements.add("COMMIT");
            commits++;
        }

        @Override
        public void rollback() {
            statements.add("ROLLBACK");
            rollbacks++;
        }

        @Override
        public void abandon() {
        }
    }

    private static TproccTerminal terminal(Scripted sql, long seed, int warehouses, int home) {
        return new TproccTerminal(sql, TproccRandom.forRun(seed, home), SCALE, warehouses, home,
                () -> new Timestamp(0));
    }

    @Test
    void eachTransactionSendsHammerDbsStatements() throws Exception {
        Scripted sql = new Scripted();
        TproccTerminal t = terminal(sql, 5, 2, 1);
        t.run(Transaction.DELIVERY);
        // per district: the oldest new order, its delete, the order's customer, two updates, the sum, the customer
        assertThat(sql.statements).hasSize(10 * 7 + 1).endsWith("COMMIT");
        sql.statements.clear();
        t.run(Transaction.STOCK_LEVEL);
        assertThat(sql.statements).hasSize(3);
        assertThat(sql.statements.get(1)).startsWith("SELECT COUNT(DISTINCT (s_i_id)) FROM order_line, stock");
        sql.statements.clear();
        t.run(Transaction.ORDER_STATUS);
        assertThat(sql.statements.size()).isBetween(4, 5);
        sql.statements.clear();
        t.run(Transaction.PAYMENT);
        assertThat(sql.statements.size()).isBetween(7, 9);
        assertThat(sql.statements).last().isEqualTo("COMMIT");
    }

    @Test
    void aNewOrderIsFiveToFifteenLinesAndOnePercentRollBack() throws Exception {
        Scripted sql = new Scripted();
        TproccTerminal t = terminal(sql, 9, 2, 2);
        int committed = 0;
        int orders = 5_000;
        for (int i = 0; i < orders; i++) {
            sql.statements.clear();
            TproccTerminal.Outcome o = t.run(Transaction.NEW_ORDER);
            long lines = sql.statements.stream().filter(s -> s.startsWith("INSERT INTO order_line")).count();
            if (o.newOrder()) {
                committed++;
                // customer and warehouse, district FOR UPDATE, its update, order, new order; 4 per line; commit
                assertThat(lines).as("seed 9, order %d", i).isBetween(5L, 15L);
                assertThat(sql.statements).hasSize((int) (5 + 4 * lines + 1));
            } else {
                assertThat(sql.statements).last().isEqualTo("ROLLBACK");
            }
        }
        assertThat(sql.rollbacks).as("seed 9: about 1%% of %d", orders).isBetween(25, 75);
        assertThat(committed + sql.rollbacks).isEqualTo(orders);
    }

    @Test
    void theMixOfATerminalIsTheStandardOne() throws Exception {
        Scripted sql = new Scripted();
        TproccTerminal t = terminal(sql, 3, 1, 1);
        Map<Transaction, Integer> counts = new EnumMap<>(Transaction.class);
        for (int i = 0; i < 10_000; i++) {
            counts.merge(t.next().transaction(), 1, Integer::sum);
        }
        assertThat(counts.get(Transaction.NEW_ORDER)).isBetween(4_300, 4_700);
        assertThat(counts.get(Transaction.PAYMENT)).isBetween(4_100, 4_500);
        assertThat(counts.get(Transaction.DELIVERY)).isBetween(300, 500);
    }
}
