package org.taf.runner.report.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.report.Messages;
import org.taf.runner.report.Sites;
import org.taf.runner.report.post.Narratives;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;

/**
 * The stories' real runs, rendered by this runner, give numbers a reader can trust: no factor beyond ×1,000 either
 * way (a counter one side never counted read "×479,000"; now "new in patch"), one interval level on every post (the
 * runs' looks held theirs at 98.2% to 99.1% each), no percentage beside an interval of ratios ("-43.5% [0.559,
 * 0.571]"), and the buffer-pool sweep's table agreeing with its headline (it showed ×3.93 where the headline said
 * ×3.83) under a header that fits (its first cell joined three comparisons' names, 4,000 px wide).
 */
class StoryPostsTest {
    private static final Path RUNS = Path.of("../site-runs").toAbsolutePath().normalize();
    private static final List<String> IDS = List.of("20261201-232737-bp-instances", "20261204-151952-mdev33966",
            "20261204-152809-mysql56-rwlock", "20261204-155602-bp-instances", "20261204-191532-mdev33515");
    /** A factor as the site writes it: ×3.83, ÷166,000. */
    private static final Pattern FACTOR = Pattern.compile("[\u00d7\u00f7](\\d[\\d,]*(?:\\.\\d+)?)");
    /** A percentage followed by an interval of ratios: "-43.5% [0.559, 0.571]". */
    private static final Pattern PERCENT_BESIDE_RATIOS = Pattern.compile("\\d%\\s*\\[\\d+\\.\\d{3}, ");
    private static final Pattern LEVEL = Pattern.compile("(\\d+(?:\\.\\d+)?)% (?:interval|CI)\\b");

    @TempDir
    static Path dir;
    static Path site;

    @BeforeAll
    static void publish() {
        site = dir.resolve("site");
        List<RunRecord> runs = IDS.stream().map(id -> ResultsStore.read(RUNS.resolve(id))).toList();
        // narratives from this checkout's files, wherever the runs recorded them (/work/main, or only the file's name)
        Path repository = Path.of("..").toAbsolutePath().normalize();
        new SitePublisher(site, Messages.english(), f -> {
            String path = f.toString().replace('\\', '/');
            int at = path.indexOf("properties/narratives/");
            return at < 0 ? Optional.empty() : Narratives.read(repository.resolve(path.substring(at)));
        }).publish(runs);
    }

    private static List<Path> pages() throws Exception {
        try (Stream<Path> s = Files.walk(site)) {
            return s.filter(p -> p.toString().endsWith(".html")).sorted().toList();
        }
    }

    private static Document post(String id) throws Exception {
        return Sites.html(site.resolve("posts/" + id + "/index.html"));
    }

    @Test
    void noFactorBeyondAThousandAndNoPercentageBesideRatios() throws Exception {
        List<String> found = new ArrayList<>();
        for (Path p : pages()) {
            String text = Jsoup.parse(Files.readString(p)).text();
            Matcher m = FACTOR.matcher(text);
            while (m.find()) {
                if (Double.parseDouble(m.group(1).replace(",", "")) > 1000) {
                    found.add(site.relativize(p) + ": " + m.group());
                }
            }
            Matcher r = PERCENT_BESIDE_RATIOS.matcher(text);
            while (r.find()) {
                found.add(site.relativize(p) + ": " + text.substring(Math.max(0, r.start() - 20), r.end() + 10));
            }
        }
        assertThat(found).isEmpty();
        // the counter a side never counted reads as words, in the tables too
        Document lsn = post("20261204-191532-mdev33515");
        assertThat(lsn.select("table.counters tr").stream().filter(tr -> tr.text().contains("spin_rounds"))
                .map(Element::text).toList()).isNotEmpty().allMatch(t -> t.contains("new in patch"));
        assertThat(post("20261204-152809-mysql56-rwlock").text()).contains("gone in patch")
                .doesNotContain("absent in patch", "only in parent");
    }

    @Test
    void everyPostStatesOneIntervalLevelAndLinksWhatItMeans() throws Exception {
        for (String id : IDS) {
            Document post = post(id);
            Matcher m = LEVEL.matcher(post.text());
            List<String> levels = new ArrayList<>();
            while (m.find()) {
                levels.add(m.group(1));
            }
            assertThat(levels).as(id).isNotEmpty().allMatch("95"::equals);
            assertThat(post.text()).as(id).doesNotContain("BH-adjusted", "per-look level");
            assertThat(post.select("caption a[href$=#how-taf-decides]").text()).isEqualTo("Why every interval is 95%");
        }
    }

    @Test
    void theSweepTableAgreesWithTheHeadlineAndItsHeaderFits() throws Exception {
        Document post = post("20261204-155602-bp-instances");
        Element sheet = post.selectFirst("table.sheet");
        for (Element th : sheet.select("thead th")) {
            assertThat(th.text().length()).as(th.text()).isLessThanOrEqualTo(60);
        }
        // innodb_buffer_pool_instances=8, the last column: "2.93–3.83 times as fast", ×3.83 at 2 threads
        String headline = post.select("section.headline p.answer-text").get(2).text();
        assertThat(headline).contains("2.93–3.83 times as fast", "2 threads: 6,556 → 25,170 TPS, ×3.83");
        List<String> eight = sheet.select("tbody tr").stream().map(tr -> tr.select("td").last()
                .selectFirst(".delta").text()).toList();
        assertThat(eight).containsExactly("\u00d73.83", "\u00d72.93"); // 2 and 16 threads
    }

    /** A story whose answer is not its seed's says so above the fold, from its narrative's "Read first" line. */
    @Test
    void aReadFirstLineStandsUnderTheAnswersAndLinksTheStory() throws Exception {
        Element first = post("20261204-155602-bp-instances").selectFirst("section.headline p.read-first");
        assertThat(first.text()).startsWith("Read first: this is not what MariaDB found.").endsWith("The story.");
        assertThat(first.selectFirst("a").attr("href")).isEqualTo("#narrative");
        assertThat(post("20261204-152809-mysql56-rwlock").select("p.read-first")).isEmpty();
    }
}
