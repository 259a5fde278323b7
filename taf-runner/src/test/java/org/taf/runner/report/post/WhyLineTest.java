package org.taf.runner.report.post;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.config.Golden;
import org.taf.runner.report.Messages;
import org.taf.runner.report.SiteFixtures;
import org.taf.runner.report.Sites;
import org.taf.runner.report.site.SitePublisher;
import org.taf.runner.results.PostRecord;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;

/**
 * The line under a headline supports its answer, on the stories' own runs of 2026-12-04: it names the decided
 * counters that moved the verdict's way (make-young), says in one sentence that the story's mechanism moved against
 * the verdict (lsn_lock's spin rounds, in a faster patch) or did not move (lsn_lock's waits, named first), and points
 * to the story; a "no change" headline quotes its story's own why (the rw-latch on 2 vCPUs). Never a counter that did
 * not move, given as a reason (the buffer-pool post's "page reads 2.51 → 2.51 (0.0%)"). Sealed by a golden file of
 * the four headlines' HTML; regenerate with {@code -Dtaf.golden.update=true}.
 */
class WhyLineTest {
    private static final Path RUNS = Path.of("../site-runs").toAbsolutePath().normalize();
    /** A narrative file no machine has: the post uses the text given with the record, the same everywhere. */
    private static final String NO_FILE = "/nonexistent/taf-test/narrative.md";
    private static final String REGENERATE = "mvn -pl taf-runner test -Dtest=WhyLineTest"
            + " -Dsurefire.failIfNoSpecifiedTests=false -Dtaf.golden.update=true";

    @TempDir
    Path dir;

    private static RunRecord run(String id, List<String> keyCounters, String narrative) {
        RunRecord run = ResultsStore.read(RUNS.resolve(id));
        PostRecord p = run.definition().post();
        return SiteFixtures.withPost(run, new PostRecord(p.title(), p.summary(), p.story(), NO_FILE,
                narrative == null ? p.narrative() : narrative, p.commitUrl(),
                keyCounters == null ? p.keyCounters() : keyCounters));
    }

    private Element headline(String name, RunRecord run) throws Exception {
        SitePublisher.Published site = new SitePublisher(dir.resolve(name), Messages.english(), f -> Optional.empty())
                .publish(List.of(run));
        Document post = Sites.html(Sites.post(site, run));
        return post.selectFirst("section.headline");
    }

    @Test
    void theWhySupportsTheAnswerSaysWhenItDoesNotAndQuotesTheStoryForNoChange() throws Exception {
        String rwNarrative = Files.readString(Path.of("../properties/narratives/mysql56-rwlock.md"));
        Element supports = headline("supports", run("20261204-151952-mdev33966", null, null));
        Element against = headline("against", run("20261204-191532-mdev33515", null, null));
        Element still = headline("still", run("20261204-191532-mdev33515",
                List.of("Innodb_log_lsn_lock_waits", "Innodb_log_lsn_lock_spin_rounds", "cpu_per_tx"), null));
        Element noChange = headline("no-change", run("20261204-152809-mysql56-rwlock", null, rwNarrative));

        assertThat(supports.selectFirst("p.mechanism").text()).isEqualTo("Why: pool-mutex acquisitions 81.5 → 46.0"
                + " per transaction (-43.5%); pool-mutex waits 3.58 → 2.88 per transaction (-19.4%).");
        assertThat(supports.select("p.mechanism a")).as("nothing to explain: no pointer to the story").isEmpty();
        assertThat(against.selectFirst("p.mechanism").text()).isEqualTo("Why: lsn_lock spin rounds went up although"
                + " the patch is faster (new in patch); the story says why.");
        assertThat(against.selectFirst("p.mechanism a").attr("href")).isEqualTo("#narrative");
        assertThat(still.selectFirst("p.mechanism").text()).isEqualTo("Why: lsn_lock waits did not move (+14.9%,"
                + " not decided); the story says why.");
        assertThat(noChange.select("p.mechanism").eachText()).allMatch(t -> t.startsWith("Why no change: 2 vCPUs"
                + " cannot contend the latch list's mutex; the original regression needed 512 threads."));
        assertThat(noChange.select("p.mechanism").get(0).text())
                .endsWith("Counters moved all the same: rw-latches created 0.635 per transaction (new in patch);"
                        + " latch-list mutex waits 0.00131 per transaction (new in patch).");
        // a comparison's name stands above its answer, not in bold beside a badge that may say the opposite
        assertThat(noChange.select("p.answer-name").eachText()).containsExactly(
                "an I/O latch per page read (regression)", "one I/O latch per block (fix)");
        assertThat(noChange.select("p.answer-text strong")).isEmpty();

        String golden = String.join("\n", "<!-- supports: make-young -->", supports.outerHtml(),
                "<!-- against: lsn_lock's spin rounds -->", against.outerHtml(),
                "<!-- did not move: lsn_lock's waits named first -->", still.outerHtml(),
                "<!-- no change: the rw-latch's story says why -->", noChange.outerHtml()) + "\n";
        Golden.assertMatches(Golden.file("report/why-lines.html"), golden, REGENERATE);
    }
}
