package org.taf.runner.report.post;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.report.Sites;
import org.taf.runner.report.site.SitePublisher;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;

/**
 * A counter only one side's engine has is shown as "new in patch": on the committed mysql56-rwlock run
 * (a real run), the regression's parent predates Innodb_rw_latches_created, so the stats stage cannot
 * compare it, yet it is what the regression does (about 0.63 latches made per transaction).
 */
class OneSidedCountersTest {
    private static final Path RUN = Path.of("../site-runs/20261201-203628-mysql56-rwlock/results.json")
            .toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private static ComparisonRecord comparison(RunRecord run, String name) {
        return run.comparisons().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void theRegressionsNewCountersAreFoundAndTheFixHasNone() {
        RunRecord run = ResultsStore.read(RUN);
        for (CellRecord cell : comparison(run, "regression").cells()) {
            List<OneSidedCounters.Counter> only = OneSidedCounters.of(cell);
            assertThat(only).extracting(OneSidedCounters.Counter::name).as(cell.workload() + "@" + cell.threads())
                    .containsExactlyInAnyOrder("Innodb_rw_latches_created", "Innodb_rw_latches_freed",
                            "Innodb_rw_latch_list_mutex_waits");
            assertThat(only.get(2).name()).isEqualTo("Innodb_rw_latch_list_mutex_waits"); // most frequent first
            assertThat(only).allMatch(OneSidedCounters.Counter::inPatch);
            assertThat(only.get(0).perTx()).isCloseTo(0.63, within(0.02));
            // the stats stage compared none of them: they would be missing from "what else changed"
            assertThat(cell.verdict().counters()).noneMatch(c -> c.name().startsWith("Innodb_rw_latch"));
        }
        for (CellRecord cell : comparison(run, "fix").cells()) {
            assertThat(OneSidedCounters.of(cell)).isEmpty(); // both sides have the counters: compared
        }
    }

    @Test
    void thePostListsThemAsNewInPatchBesideTheNumberAndInTheCell() throws Exception {
        RunRecord run = ResultsStore.read(RUN);
        SitePublisher.Published site = Sites.publish(dir.resolve("site"), List.of(run));
        Document post = Sites.html(Sites.post(site, run));
        Element cell = post.getElementById(PostContext.cellAnchor(comparison(run, "regression"),
                comparison(run, "regression").cells().get(0)));
        Element row = cell.select("table.counters tr.moved").stream()
                .filter(r -> r.text().contains("Innodb_rw_latches_created")).findFirst().orElseThrow();
        assertThat(row.select("td").eachText()).containsExactly("Innodb_rw_latches_created", "not counted", "0.629",
                "new in patch", "\u2014"); // no interval: a dash
        assertThat(post.select("section#results").text())
                .contains("new in patch: Innodb_rw_latches_created 0.629 per transaction");
        Element fix = post.getElementById(PostContext.cellAnchor(comparison(run, "fix"),
                comparison(run, "fix").cells().get(0)));
        assertThat(fix.select("table.counters").text()).doesNotContain("new in patch");
    }
}
