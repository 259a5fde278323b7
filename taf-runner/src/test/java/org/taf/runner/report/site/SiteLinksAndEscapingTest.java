package org.taf.runner.report.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.report.SiteFixtures;
import org.taf.runner.report.Sites;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.RunRecord;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * The rendered site as a whole: every link of every page resolves to a file inside the site (and
 * its fragment to an element), or is a commit link made from post.commit_url; markup in commit
 * subjects, labels, titles and narratives is shown as text everywhere (HTML, SVG, the feed); the
 * feed is namespaced Atom.
 */
class SiteLinksAndEscapingTest {
    static final String SCRIPT_LABEL = "<script>alert('label')</script>";

    @TempDir
    static Path dir;
    static Path site;

    @BeforeAll
    static void render() {
        List<RunRecord> runs = new ArrayList<>(SiteFixtures.history());
        runs.add(withScriptLabel(SiteFixtures.goldenBranches()));
        site = dir.resolve("site");
        Sites.publish(site, runs);
    }

    /** The run with its first comparison labelled with markup (labels reach SVG legends and axes). */
    static RunRecord withScriptLabel(RunRecord r) {
        List<ComparisonRecord> cs = new ArrayList<>(r.comparisons());
        ComparisonRecord c = cs.get(0);
        cs.set(0, new ComparisonRecord(c.name(), SCRIPT_LABEL, c.parent(), c.patch(), c.cells()));
        return org.taf.runner.results.ResultsFixtures.copy(r, r.runId() + "-x", r.name(), r.startedAt().plusSeconds(60),
                r.finishedAt(), r.status(), r.failure(), cs, r.warnings());
    }

    static List<Path> pages() throws Exception {
        try (var files = Files.walk(site)) {
            return files.filter(p -> p.toString().endsWith(".html")).sorted().toList();
        }
    }

    @Test
    void everyLinkResolvesInsideTheSiteOrIsACommitLink() throws Exception {
        int checked = 0;
        java.util.Map<Path, Document> parsed = new java.util.HashMap<>();
        for (Path page : pages()) {
            Document doc = Sites.html(page);
            parsed.put(page, doc);
            for (Element e : doc.select("[href], [src]")) {
                String ref = e.hasAttr("href") ? e.attr("href") : e.attr("src");
                checked++;
                if (ref.startsWith("https://github.com/MariaDB/server/commit/")) {
                    assertThat(ref).matches("https://github\\.com/MariaDB/server/commit/[0-9a-f]{40}");
                    continue;
                }
                if (ref.startsWith("https://jira.mariadb.org/") || ref.equals("data:,")) {
                    continue; // the narrative's own link; the empty icon that stops a favicon request
                }
                URI uri = URI.create(ref);
                assertThat(uri.getScheme()).as("%s in %s", ref, page).isNull();
                Path target = uri.getPath().isEmpty() ? page : page.getParent().resolve(uri.getPath()).normalize();
                assertThat(target).as("%s in %s", ref, site.relativize(page)).startsWith(site).isRegularFile();
                if (uri.getFragment() != null && target.toString().endsWith(".html")) {
                    Document targetDoc = parsed.get(target);
                    if (targetDoc == null) {
                        targetDoc = Sites.html(target);
                        parsed.put(target, targetDoc);
                    }
                    assertThat(targetDoc.getElementById(uri.getFragment()))
                            .as("#%s of %s in %s", uri.getFragment(), target, page).isNotNull();
                }
            }
        }
        assertThat(checked).isGreaterThan(200);
    }

    @Test
    void markupFromCommitsLabelsTitlesAndNarrativesIsShownAsText() throws Exception {
        for (Path page : pages()) {
            String raw = Sites.text(page);
            assertThat(raw.toLowerCase()).as(page.toString()).doesNotContain("<script");
            assertThat(Sites.html(page).select("script")).isEmpty();
        }
        Document post = Sites.html(site.resolve("posts/20261014-080000-mdev37992-x/index.html"));
        assertThat(post.select(".side dd").eachText()).contains(SiteFixtures.SCRIPT_SUBJECT);
        assertThat(post.selectFirst("h1").text()).isEqualTo("MDEV-37992: 3.5x on long IN lists <after> MDEV-33966");
        // the label names its answer and its group of the results table, as text; the charts use the short name
        assertThat(post.select("section.headline p.answer-name").eachText()).contains(SCRIPT_LABEL);
        assertThat(post.select("table.summary tr.group-head").eachText()).anyMatch(t -> t.startsWith(SCRIPT_LABEL));
        assertThat(post.select("svg script, svg foreignObject")).isEmpty();
        // the narrative: markup escaped, javascript: not linked
        Element narrative = post.selectFirst(".narrative");
        assertThat(narrative.text()).contains("<script>alert(1)</script> stays text");
        assertThat(narrative.select("a").eachAttr("href"))
                .containsExactly("https://jira.mariadb.org/browse/MDEV-37992");
        assertThat(narrative.select("strong").text()).isEqualTo("buf_pool.mutex");
        // the history table carries commit subjects
        Document history = Sites.html(site.resolve("history/POINTS-COVERED-PK.html"));
        assertThat(history.select("td.subject").eachText()).contains(SiteFixtures.SCRIPT_SUBJECT);
    }

    @Test
    void theFeedIsNamespacedAtomAndItsHtmlContentIsEscapedText() throws Exception {
        var f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        org.w3c.dom.Document feed = f.newDocumentBuilder().parse(site.resolve("feed.xml").toFile());
        String atom = "http://www.w3.org/2005/Atom";
        assertThat(feed.getDocumentElement().getNamespaceURI()).isEqualTo(atom);
        assertThat(feed.getDocumentElement().getLocalName()).isEqualTo("feed");
        for (String required : new String[] {"id", "title", "updated", "author"}) {
            assertThat(feed.getDocumentElement().getElementsByTagNameNS(atom, required).getLength())
                    .as(required).isGreaterThan(0);
        }
        NodeList entries = feed.getElementsByTagNameNS(atom, "entry");
        assertThat(entries.getLength()).isEqualTo(5);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < entries.getLength(); i++) {
            org.w3c.dom.Element e = (org.w3c.dom.Element) entries.item(i);
            ids.add(e.getElementsByTagNameNS(atom, "id").item(0).getTextContent());
            java.time.Instant.parse(e.getElementsByTagNameNS(atom, "updated").item(0).getTextContent());
            String href = ((org.w3c.dom.Element) e.getElementsByTagNameNS(atom, "link").item(0)).getAttribute("href");
            assertThat(site.resolve(href)).isRegularFile();
        }
        assertThat(ids).doesNotHaveDuplicates().allMatch(id -> id.matches("urn:uuid:[0-9a-f-]{36}"));
        org.w3c.dom.Element first = (org.w3c.dom.Element) entries.item(1); // the run labelled with markup
        assertThat(first.getElementsByTagNameNS(atom, "title").item(0).getTextContent()).contains("<after>");
        String html = first.getElementsByTagNameNS(atom, "content").item(0).getTextContent();
        Document content = Jsoup.parse(html);
        assertThat(content.select("script")).isEmpty();
        assertThat(content.text()).contains(SCRIPT_LABEL);
        // and the raw feed parses as XML with no DTD tricks
        assertThat(f.newDocumentBuilder()
                        .parse(new InputSource(new StringReader(Sites.text(site.resolve("feed.xml"))))))
                .isNotNull();
    }

    @Test
    void theIndexListsPostsNewestFirstWithVerdictBadges() throws Exception {
        Document index = Sites.html(site.resolve("index.html"));
        List<String> runIds = index.select(".post-entry .meta code").eachText();
        assertThat(runIds).containsExactly("20261129-100000-quick", "20261014-080000-mdev37992-x",
                "20261014-080000-mdev37992", "20260920-203000-mdev37992", "20260901-080000-mdev37992");
        Element mdev = index.select(".post-entry").get(2);
        assertThat(mdev.select(".badge").eachText()).containsExactly("7 improved", "1 regressed", "1 inconclusive",
                "1 not comparable", "7 warnings");
        assertThat(mdev.selectFirst(".badge.v-regressed")).isNotNull();
        assertThat(index.select("a[href^=history/]").eachText()).containsExactly("POINTS-COVERED-PK", "POINT_SELECT");
    }
}
