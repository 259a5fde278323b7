package org.taf.runner.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.taf.runner.health.CanaryRuns.night;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.results.Canary;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.Verdict;

/** Canary runs in the results database (schema version 5): marked in {@code taf_run.canary}, the newest listed. */
class ResultsDbCanaryTest {
    @TempDir
    Path dir;

    private String url() {
        return "jdbc:sqlite:" + dir.resolve("results.db");
    }

    @Test
    void aCanaryIsMarkedInItsRowAndReadBackWhole() throws Exception {
        ResultsDb db = ResultsDb.open(url());
        RunRecord planted = night(1, Canary.PLANTED, "perf1", Verdict.REGRESSED, 0.95, 7);
        RunRecord ordinary = ResultsFixtures.small();
        db.write(planted);
        db.write(ordinary);

        assertThat(column("canary")).containsExactly(ordinary.runId() + "=null", planted.runId() + "=PLANTED");
        assertThat(db.read(planted.runId())).contains(planted);
        assertThat(db.canaries(30)).containsExactly(planted);
    }

    @Test
    void theNewestRunsOfEachKindArePerHostAndDefinition() {
        ResultsDb db = ResultsDb.open(url());
        List<RunRecord> perf1 = new ArrayList<>();
        for (int n = 0; n < 5; n++) {
            perf1.add(night(n, Canary.PLANTED, "perf1", Verdict.REGRESSED, 0.95, 7));
            perf1.add(night(n, Canary.AA, "perf1", Verdict.NO_CHANGE, 1.0, 7));
        }
        RunRecord perf2 = night(0, Canary.AA, "perf2", Verdict.NO_CHANGE, 1.0, 7);
        perf1.forEach(db::write);
        db.write(perf2);

        // Two of each kind per host: perf1's nights 3 and 4, and perf2's one run; oldest first (a night's A/A run
        // an hour before its planted one).
        assertThat(db.canaries(2)).extracting(RunRecord::runId).containsExactly(perf2.runId(),
                perf1.get(7).runId(), perf1.get(6).runId(), perf1.get(9).runId(), perf1.get(8).runId());
        assertThat(db.canaries(30)).hasSize(11);
    }

    /** {@code run_id=<column>} of every run, by run id. */
    private List<String> column(String name) throws Exception {
        try (Connection c = DriverManager.getConnection(url()); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT run_id, " + name + " FROM taf_run ORDER BY run_id")) {
            List<String> out = new ArrayList<>();
            while (r.next()) {
                out.add(r.getString(1) + "=" + r.getString(2));
            }
            return out;
        }
    }
}
