package org.taf.runner.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.TextNode;
import org.junit.jupiter.api.Test;
import org.taf.runner.results.IterationRecord.IterationFlag;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.Verdict;

/**
 * Every word of the site comes from the bundle, so another edition is a bundle, not a fork: the
 * templates hold no words of their own, every key they and the Java views use exists, and every
 * key of the bundle is used.
 */
class MessagesTest {
    private static final Path TEMPLATES = Path.of("../templates");
    private static final Path SOURCES = Path.of("src/main/java/org/taf/runner/report");
    private static final Pattern TEMPLATE_KEY = Pattern.compile("msg\\(\"([a-z_.A-Z0-9]+)\"");
    /** Keys in Java: {@code m.get("k"...)}, {@code m().get("k"...)}, {@code new Fact("k", ...)}. */
    private static final Pattern JAVA_KEY = Pattern.compile(
            "(?:\\bm\\(?\\)?\\.get|new Fact)\\(\"([a-z_]+(?:\\.[a-zA-Z_0-9]+)+)\"");

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static List<Path> files(Path dir, String suffix) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.toString().endsWith(suffix)).sorted().toList();
        }
    }

    /** The keys built at run time from a prefix and an enum or a fixed set. */
    private static Set<String> dynamicKeys() {
        Set<String> keys = new TreeSet<>();
        for (Verdict v : Verdict.values()) {
            keys.add("verdict." + v);
            keys.add("count." + v);
        }
        keys.add("verdict.NOT_MEASURED");
        keys.add("count.NOT_MEASURED");
        for (RunRecord.RunStatus s : RunRecord.RunStatus.values()) {
            keys.add("status." + s);
        }
        for (IterationFlag f : IterationFlag.values()) {
            keys.add("flag." + f);
            keys.add("warning.flag." + f);
        }
        for (String b : new String[] {"cached", "built", "failed", "unknown"}) {
            keys.add("build." + b);
        }
        for (org.taf.runner.stats.Change c : org.taf.runner.stats.Change.values()) {
            keys.add("cpu.change." + c);
            keys.add("metric.change." + c);
            keys.add("how." + c); // HowTexts: what each deciding metric answered
        }
        keys.addAll(List.of("counter.new", "counter.gone")); // a side near zero (CounterTexts.oneSide)
        keys.addAll(List.of("headline.why.up", "headline.why.down")); // Headlines.why: against a faster or slower patch
        for (String fact : new String[] {"host", "kernel", "jvm", "engine_jvm", "runner"}) {
            keys.add("drift." + fact); // SeriesKey.Drift's facts
        }
        keys.add("change.kind.regression");
        keys.add("change.kind.improvement");
        keys.add("change.metric.cpu_per_tx"); // ChangeView: a change point of a ratio of CPU per transaction
        keys.add("role.parent");
        keys.add("role.patch");
        keys.add("sweep.sheet_tps");
        keys.add("sweep.sheet_per_core");
        keys.add("format.locale");
        // the headline's phrases: by the deciding metric and its direction, or by the verdict (Headlines)
        for (org.taf.runner.stats.Metric metric : org.taf.runner.stats.Metric.values()) {
            keys.add("headline.numbers." + metric.label());
        }
        for (String metric : new String[] {"tps", "cpu_per_tx", "cs_per_tx"}) {
            for (String way : new String[] {".up", ".down", ".times"}) {
                keys.add("headline.lead." + metric + way);
                keys.add("headline.other." + metric + way);
            }
        }
        keys.addAll(List.of("headline.lead.NO_CHANGE", "headline.lead.INCONCLUSIVE", "headline.other.NO_CHANGE",
                "headline.other.INCONCLUSIVE", "headline.lead.NOT_WORSE", "headline.other.NOT_WORSE"));
        keys.addAll(List.of("unresolved.NOT_WORSE", "unresolved.INCONCLUSIVE")); // Unresolved, by the verdict
        keys.add("highlight");
        // a cell's rate by its unit (RateWords): the unit's words, and what a table, fact or headline says of it
        for (org.taf.runner.results.RateUnit unit : org.taf.runner.results.RateUnit.values()) {
            keys.addAll(List.of("unit." + unit.key(), "chart.axis." + unit.key(), "cell.parent_" + unit.key(),
                    "cell.patch_" + unit.key(), "headline.numbers." + unit.key()));
        }
        keys.addAll(List.of("unit.mixed", "results.lean_caption", "results.lean_caption_nopm",
                "results.lean_caption_mixed"));
        for (org.taf.runner.stats.Question q : org.taf.runner.stats.Question.values()) {
            keys.add("question." + q.name()); // ComparisonBuilder: each gating metric's question
        }
        // TpsCharts: TPS by threads, or a TPROC-C cell's NOPM by virtual users
        for (String part : new String[] {"point", "title", "title_of", "desc", "caption"}) {
            keys.add("chart.sweep_tps." + part);
            keys.add("chart.sweep_nopm." + part);
        }
        keys.addAll(List.of("chart.axis.nopm", "chart.axis.threads", "chart.axis.virtual_users"));
        return keys;
    }

    @Test
    void everyKeyUsedExistsAndEveryKeyOfTheBundleIsUsed() throws Exception {
        Messages m = Messages.english();
        Set<String> used = new TreeSet<>(dynamicKeys());
        for (Path t : files(TEMPLATES, ".ftlh")) {
            Matcher k = TEMPLATE_KEY.matcher(read(t));
            while (k.find()) {
                used.add(k.group(1));
            }
        }
        for (Path t : files(TEMPLATES, ".ftlx")) {
            Matcher k = TEMPLATE_KEY.matcher(read(t));
            while (k.find()) {
                used.add(k.group(1));
            }
        }
        for (Path j : files(SOURCES, ".java")) {
            Matcher k = JAVA_KEY.matcher(read(j));
            while (k.find()) {
                used.add(k.group(1));
            }
        }
        used.removeIf(k -> k.endsWith(".") || k.endsWith("_")); // prefixes of dynamic keys, listed above
        assertThat(used.stream().filter(k -> !m.has(k)).toList()).as("keys used but missing from the bundle").isEmpty();
        List<String> unused = m.all().keySet().stream().filter(k -> !used.contains(k)).toList();
        assertThat(unused).as("keys of the bundle nothing uses").isEmpty();
    }

    @Test
    void templatesHoldNoWordsOfTheirOwn() throws Exception {
        List<String> words = new ArrayList<>();
        for (Path t : files(TEMPLATES, ".ftlh")) {
            String s = read(t).replaceAll("(?s)<#--.*?-->", "")
                    .replaceAll("(?s)\\$\\{.*?}", "")
                    .replaceAll("(?s)</?[#@][^>]*>", "");
            Element body = Jsoup.parse(s).body().parent();
            for (Element e : body.getAllElements()) {
                for (TextNode n : e.textNodes()) {
                    if (n.text().codePoints().anyMatch(Character::isLetter)) {
                        words.add(t.getFileName() + ": " + n.text().strip());
                    }
                }
                for (String attr : new String[] {"title", "alt", "aria-label", "placeholder"}) {
                    if (e.attr(attr).codePoints().anyMatch(Character::isLetter)) {
                        words.add(t.getFileName() + " @" + attr + ": " + e.attr(attr));
                    }
                }
            }
        }
        assertThat(words).isEmpty();
    }

    @Test
    void placeholdersAreFilledAndAMissingKeyOrEditionIsABug() {
        Messages m = Messages.english();
        assertThat(m.get("title.one", "11.8", "OLTP_RO", 40, "+3.0%", "improved"))
                .isEqualTo("11.8: OLTP_RO, threads: 40, +3.0% (improved)");
        assertThat(m.get("env.cpu_state_value", "performance", "2,100", "2,100", "off"))
                .isEqualTo("performance, 2,100\u20132,100 MHz, boost off");
        assertThat(m.get("ref.cell", "{1}", "x", 2)).isEqualTo("{1} x@2"); // arguments are not re-expanded
        assertThat(m.numberLocale().getLanguage()).isEqualTo("en");
        assertThatThrownBy(() -> m.get("no.such.key")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no.such.key");
        assertThatThrownBy(() -> m.get("title.one", "only one")).hasMessageContaining("title.one");
        assertThatThrownBy(() -> Messages.load("xx")).isInstanceOf(ReportException.class)
                .hasMessageContaining("templates/messages_xx.properties");
    }
}
