package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.config.ConfigLoader;
import org.taf.runner.config.LoadContext;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.stats.Role;

/** The order of measurements: A/B pairs per cell, interleaved or in a seeded random order. */
class PlanTest {
    @TempDir
    Path dir;

    private static List<Step> steps(Plan.Pair p) {
        return List.of(p.first(), p.second());
    }

    private TestDefinition load(String text) throws IOException {
        Files.writeString(dir.resolve("p.properties"), text);
        return new ConfigLoader(new LoadContext(dir, Map.of(), dir, dir)).load(Path.of("p.properties"), Map.of());
    }

    @Test
    void pairsAreInterleavedCellByCell() throws IOException {
        Plan plan = Plan.of(load("workload.tests = POINT_SELECT, OLTP_RO\nworkload.threads = 1, 4\n"
                + "measure.iterations = 2\nmeasure.order = interleaved\n"));
        assertThat(plan.steps()).hasSize(2 * 2 * 2 * 2);
        List<String> first = plan.steps().subList(0, 4).stream()
                .map(s -> s.workload().tafName() + "@" + s.threads() + "#" + s.iteration() + ":" + s.role().label())
                .toList();
        assertThat(first).containsExactly("POINT_SELECT@1#0:parent", "POINT_SELECT@1#0:patch",
                "POINT_SELECT@1#1:parent", "POINT_SELECT@1#1:patch");
        for (int i = 0; i < plan.steps().size(); i++) {
            assertThat(plan.steps().get(i).sequence()).isEqualTo(i);
        }
        assertThat(plan.pairs()).hasSize(8);
        assertThat(plan.pairs().get(1).first().iteration()).isEqualTo(1);
    }

    @Test
    void randomOrderIsSeededAndKeepsThePairsTogether() throws IOException {
        String text = "measure.iterations = 20\nmeasure.order = random\nmeasure.order_seed = 7\n";
        Plan a = Plan.of(load(text));
        Plan b = Plan.of(load(text));
        assertThat(a.steps()).isEqualTo(b.steps());
        int patchFirst = 0;
        for (int i = 0; i < a.steps().size(); i += 2) {
            Step x = a.steps().get(i);
            Step y = a.steps().get(i + 1);
            assertThat(x.iteration()).isEqualTo(y.iteration());
            assertThat(x.role()).isNotEqualTo(y.role());
            patchFirst += x.role() == Role.PATCH ? 1 : 0;
        }
        int pairs = a.steps().size() / 2;
        assertThat(patchFirst).as("both orders occur among %d pairs", pairs).isBetween(pairs / 5, pairs * 4 / 5);
        Plan c = Plan.of(load("measure.iterations = 20\nmeasure.order = random\nmeasure.order_seed = 8\n"));
        assertThat(c.steps()).isNotEqualTo(a.steps());
    }

    @Test
    void anExtraPairContinuesTheCellInTheSameInterleavedOrder() throws IOException {
        TestDefinition def = load("workload.tests = POINT_SELECT, OLTP_RO\nworkload.threads = 1, 4\n"
                + "measure.order = interleaved\n");
        List<Step> pair = steps(Plan.extraPair(def, 0, "OLTP_RO", 4, 3, 3, 24));
        assertThat(pair).extracting(Step::role).containsExactly(Role.PARENT, Role.PATCH);
        assertThat(pair).extracting(Step::sequence).containsExactly(24, 25);
        assertThat(pair).extracting(Step::iteration).containsExactly(3, 3);
        assertThat(pair.get(0).workload().tafName()).isEqualTo("OLTP_RO");
        assertThat(pair.get(0).threads()).isEqualTo(4);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Plan.extraPair(def, 0, "OLTP_RW", 4, 3, 3, 24))
                .hasMessageContaining("workload OLTP_RW is not in workload.tests");
    }

    @Test
    void balancedOrderPutsEachSideFirstInEveryOtherPairOfACellExtraPairsToo() throws IOException {
        TestDefinition def = load("workload.threads = 1, 4\nmeasure.iterations = 3\n");
        assertThat(def.measure().order()).as("the default").isEqualTo(org.taf.runner.config.MeasureOrder.BALANCED);
        List<String> order = Plan.of(def).steps().stream().map(s -> s.threads() + "#" + s.iteration() + ":"
                + s.role().label()).toList();
        assertThat(order).containsExactly("1#0:parent", "1#0:patch", "1#1:patch", "1#1:parent", "1#2:parent",
                "1#2:patch", "4#0:parent", "4#0:patch", "4#1:patch", "4#1:parent", "4#2:parent", "4#2:patch");
        // The loop's pairs continue the alternation: pair 3 (the fourth) has the patch first.
        assertThat(steps(Plan.extraPair(def, 0, "POINT_SELECT", 1, 3, 3, 12))).extracting(Step::role)
                .containsExactly(Role.PATCH, Role.PARENT);
        assertThat(steps(Plan.extraPair(def, 0, "POINT_SELECT", 1, 4, 4, 14))).extracting(Step::role)
                .containsExactly(Role.PARENT, Role.PATCH);
    }

    @Test
    void randomOrderFlipsExtraPairsReproducibly() throws IOException {
        TestDefinition def = load("measure.order = random\nmeasure.order_seed = 8\n");
        List<Role> firsts = new java.util.ArrayList<>();
        for (int seq = 0; seq < 40; seq += 2) {
            List<Step> pair = steps(Plan.extraPair(def, 0, "POINT_SELECT", 1, seq / 2, seq / 2, seq));
            assertThat(pair).extracting(Step::role).containsExactlyInAnyOrder(Role.PARENT, Role.PATCH);
            assertThat(pair).extracting(Step::sequence).containsExactly(seq, seq + 1);
            assertThat(steps(Plan.extraPair(def, 0, "POINT_SELECT", 1, seq / 2, seq / 2, seq))).isEqualTo(pair);
            firsts.add(pair.get(0).role());
        }
        assertThat(firsts).contains(Role.PARENT, Role.PATCH);
    }
}
