package org.taf.runner.report.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.report.Messages;
import org.taf.runner.report.SiteFixtures;
import org.taf.runner.report.SitePaths;
import org.taf.runner.report.Sites;
import org.taf.runner.report.TproccRuns;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.DefinitionRecord;
import org.taf.runner.results.DefinitionRecord.SettingRecord;
import org.taf.runner.results.RateUnit;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;

/**
 * The shared pages are made from each run's digest, kept in the site: a site published run by run is byte for
 * byte the site one publish of every run makes, a site without digests makes them from its records, and a
 * publish from a store of runs ({@link SitePublisher.Source}) reads only the runs its site lacks or holds
 * otherwise.
 */
class SiteDigestTest {
    @TempDir
    Path dir;

    /** Thirty nights with a step, a run of another workload, a story run twice, and a run of TPROC-C too. */
    private static List<RunRecord> runs() {
        List<RunRecord> out = new ArrayList<>(HistoryFixtures.tenPercentStepAtNight17());
        out.add(SiteFixtures.goldenBranches());
        Instant t = Instant.parse("2026-12-01T10:00:00Z");
        out.add(story(ResultsFixtures.small(), t, "measure.mode", "restart"));
        out.add(story(SiteFixtures.goldenBranches(), t.plusSeconds(86_400), "measure.mode", "alternate"));
        RunRecord small = ResultsFixtures.small();
        out.add(TproccRuns.mixed(ResultsFixtures.copy(small, "20261203-100000-tprocc", "tprocc", t.plusSeconds(
                2 * 86_400), t.plusSeconds(2 * 86_400 + 600), small.status(), null, small.comparisons(),
                small.warnings())));
        return out;
    }

    /** {@code r} with its first cell's verdict taken away: the same run id, another record. */
    private static RunRecord judgedAgain(RunRecord r) {
        ComparisonRecord c = r.comparisons().get(0);
        return r.withComparisons(List.of(new ComparisonRecord(c.name(), c.label(), c.parent(), c.patch(),
                List.of(c.cells().get(0).withVerdict(null)))));
    }

    @Test
    void aSitePublishedRunByRunIsByteForByteTheSiteOfOnePublish() throws Exception {
        List<RunRecord> all = runs();
        Path site = dir.resolve("site");
        Sites.publisher(site).add(all.subList(0, 10));
        for (int i = 10; i < all.size(); i += 4) {
            Sites.publisher(site).add(all.subList(i, Math.min(all.size(), i + 4)));
        }
        RunRecord replaced = judgedAgain(all.get(20));
        SitePublisher.Published p = Sites.publisher(site).add(List.of(replaced));
        assertThat(p.posts()).contains(site.resolve(SitePaths.post(replaced.runId())));

        List<RunRecord> last = new ArrayList<>(all);
        last.set(20, replaced);
        Path once = dir.resolve("once");
        Sites.publisher(once).add(last);
        Path full = dir.resolve("full");
        Sites.publish(full, last);
        var tree = Sites.tree(site);
        assertThat(tree).isEqualTo(Sites.tree(once)).isEqualTo(Sites.tree(full));
        assertThat(tree.keySet().stream().filter(f -> f.startsWith(SitePaths.DATA_DIGESTS + "/"))).hasSize(all.size());
        assertThat(tree.get(SitePaths.digest(replaced.runId()))).contains("\"NOT_MEASURED\"");
    }

    @Test
    void aSiteThatKeptItsRecordsInsideMovesThemOutAndRendersNoPostAgain() throws Exception {
        Path site = dir.resolve("site");
        Path runs = dir.resolve("site-runs");
        Sites.publisher(site).add(runs());
        var before = Sites.tree(site);
        var records = Sites.tree(runs);
        deleteDigests(site);
        Files.move(runs, site.resolve("data/runs")); // the layout before 2026-12-07
        Files.writeString(site.resolve(SitePaths.digest(runs().get(3).runId())), "{\"format_version\":0}");

        SitePublisher.Published p = Sites.publisher(site).add(List.of());

        assertThat(p.posts()).isEmpty();
        assertThat(Sites.tree(site)).isEqualTo(before);
        assertThat(Sites.tree(runs)).isEqualTo(records);
    }

    @Test
    void aDigestReadBackIsTheDigestMadeFromTheRecord() throws Exception {
        Messages m = Messages.english();
        for (RunRecord r : runs()) {
            byte[] json = ResultsStore.toJson(r).getBytes(StandardCharsets.UTF_8);
            RunDigest d = RunDigest.of(r, RunDigest.hash(json), m);
            Path file = dir.resolve(r.runId() + ".json");
            Files.write(file, SiteData.json(d));
            assertThat(SiteData.digest(file)).isEqualTo(d);
            assertThat(SiteData.json(SiteData.digest(file))).isEqualTo(Files.readAllBytes(file));
        }
        RunDigest story = RunDigest.of(runs().get(32), "", m);
        assertThat(story.story().headlines()).isNotEmpty()
                .allSatisfy(h -> assertThat(h.href()).startsWith(SitePaths.post(story.runId()) + "#"));
        assertThat(RunDigest.of(runs().get(0), "", m).story()).isNull();
        assertThat(RunDigest.of(runs().get(33), "", m).comparisons().get(0).cells())
                .extracting(RunDigest.Cell::unit).contains(RateUnit.NOPM, RateUnit.TPS);
    }

    @Test
    void aPublishFromASourceReadsOnlyTheRunsTheSiteLacksOrHoldsOtherwise() throws Exception {
        List<RunRecord> all = runs();
        Store store = new Store();
        all.subList(0, 30).forEach(store::put);
        Path site = dir.resolve("site");

        Sites.publisher(site).add(store.source());
        assertThat(store.reads).as("a new site reads every run").hasSize(30);

        all.subList(30, all.size()).forEach(store::put);
        store.reads.clear();
        SitePublisher.Published p = Sites.publisher(site).add(store.source());
        assertThat(store.reads).containsExactlyInAnyOrderElementsOf(all.subList(30, all.size()).stream()
                .map(RunRecord::runId).toList());
        assertThat(p.posts()).hasSize(all.size() - 30);

        store.reads.clear();
        assertThat(Sites.publisher(site).add(store.source()).posts()).isEmpty();
        assertThat(store.reads).as("nothing new: nothing read").isEmpty();

        RunRecord replaced = judgedAgain(all.get(20));
        store.put(replaced);
        store.hashes.put(all.get(5).runId(), null); // a hash the store does not know: read, and found alike
        store.reads.clear();
        p = Sites.publisher(site).add(store.source());
        assertThat(store.reads).containsExactlyInAnyOrder(replaced.runId(), all.get(5).runId());
        assertThat(p.posts()).containsExactly(site.resolve(SitePaths.post(replaced.runId())));
        List<RunRecord> last = new ArrayList<>(all);
        last.set(20, replaced);
        Path once = dir.resolve("once");
        Sites.publisher(once).add(last);
        assertThat(Sites.tree(site)).isEqualTo(Sites.tree(once));

        // A site rendered by another runner (its render key differs) reads and renders every run again.
        Files.writeString(site.resolve(SiteState.FILE), "{\"format_version\":1,\"render_key\":\"other\"}");
        store.reads.clear();
        assertThat(Sites.publisher(site).add(store.source()).posts()).hasSize(all.size());
        assertThat(store.reads).hasSize(all.size());
        assertThat(Sites.tree(site)).isEqualTo(Sites.tree(once));
    }

    /** A store of runs as the results database is one: hashes listed apart, records read by id (and counted). */
    private static final class Store {
        final Map<String, RunRecord> runs = new LinkedHashMap<>();
        final Map<String, String> hashes = new LinkedHashMap<>();
        final List<String> reads = new ArrayList<>();

        void put(RunRecord r) {
            runs.put(r.runId(), r);
            hashes.put(r.runId(), ResultsStore.contentHash(ResultsStore.toJson(r).getBytes(StandardCharsets.UTF_8)));
        }

        SitePublisher.Source source() {
            return new SitePublisher.Source(new LinkedHashMap<>(hashes), ids -> {
                Set<String> sorted = new TreeSet<>(ids);
                reads.addAll(sorted);
                return sorted.stream().map(runs::get).toList();
            });
        }
    }

    private static void deleteDigests(Path site) throws Exception {
        try (var files = Files.list(site.resolve(SitePaths.DATA_DIGESTS))) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
    }

    /** {@code r} as a run of the story definition "a-story", started at {@code start}, with one setting more. */
    private static RunRecord story(RunRecord r, Instant start, String key, String value) {
        String name = "a-story";
        List<SettingRecord> settings = new ArrayList<>(r.definition().settings());
        settings.add(new SettingRecord("post.story", "1", name + ".properties:3"));
        settings.add(new SettingRecord(key, value, name + ".properties:4"));
        DefinitionRecord d = r.definition();
        RunRecord copy = ResultsFixtures.copy(r, start.toString().replaceAll("[^0-9]", "").substring(0, 14) + "-"
                + name, name, start, start.plusSeconds(600), r.status(), r.failure(), r.comparisons(), r.warnings());
        return new RunRecord(copy.formatVersion(), copy.runId(), copy.name(), copy.comments(), copy.startedAt(),
                copy.finishedAt(), copy.status(), copy.failure(), copy.runnerVersion(),
                new DefinitionRecord(d.file(), d.sourceText(), settings, d.command()), copy.environment(),
                copy.comparisons(), copy.warnings(), copy.plannedMde(), copy.adaptive(), copy.judgement());
    }
}
