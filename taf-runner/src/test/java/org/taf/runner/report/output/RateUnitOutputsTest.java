package org.taf.runner.report.output;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.assertj.core.data.Percentage;
import org.jsoup.nodes.Document;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.taf.runner.report.IterationNumbers;
import org.taf.runner.report.SitePaths;
import org.taf.runner.report.Sites;
import org.taf.runner.report.TproccRuns;
import org.taf.runner.report.site.SitePublisher;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.RateUnit;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;

/**
 * Every output names a cell's rate by its unit ({@link RateUnit}): TPS for a sysbench cell, NOPM for a TPROC-C
 * cell, and a table of both says "rate" with each number's unit beside it. One table row per output, each
 * checked on the same run measured three ways: sysbench (POINT_SELECT@2), TPROC-C (the same cell's samples
 * counting new orders), and both in one comparison. The verdict's levels are 18,200 and 63,750 TPS, and as
 * TPROC-C 27 times those, 491,400 and 1,721,250 NOPM (45% of the transactions are new orders, per minute).
 */
class RateUnitOutputsTest {
    @TempDir
    Path dir;

    /** How the run was measured. */
    enum Kind {
        SYSBENCH, TPROCC, MIXED;

        RunRecord run() {
            RunRecord small = ResultsFixtures.small();
            return switch (this) {
                case SYSBENCH -> small;
                case TPROCC -> TproccRuns.of(small);
                case MIXED -> TproccRuns.mixed(small);
            };
        }
    }

    /**
     * One output: the part of it that names the rate, and what that part holds for each kind of run (null:
     * not checked for that kind).
     */
    private record Row(String output, Function<RunRecord, List<String>> part, String sysbench, String tprocc,
                       String mixed) {
        String expected(Kind k) {
            return switch (k) {
                case SYSBENCH -> sysbench;
                case TPROCC -> tprocc;
                case MIXED -> mixed;
            };
        }
    }

    private static List<String> lines(String text) {
        return text.lines().toList();
    }

    private static List<String> json(String json, String path) {
        try {
            List<String> out = new ArrayList<>();
            for (JsonNode n : new ObjectMapper().readTree(json).findValues(path)) {
                out.add(n.asText());
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Each run's site, published once per test: its post and its history pages are read by several rows. */
    private final Map<RunRecord, SitePublisher.Published> sites = new IdentityHashMap<>();

    private SitePublisher.Published site(RunRecord run) {
        return sites.computeIfAbsent(run, r -> Sites.publish(dir.resolve("site-" + sites.size()), List.of(r)));
    }

    private Elements post(RunRecord run, String css) {
        try {
            return Sites.html(Sites.post(site(run), run)).select(css);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Per workload: its history page's lead, table heads and chart texts. */
    private List<String> history(RunRecord run) {
        try {
            List<String> out = new ArrayList<>();
            for (String w : run.workloads()) {
                Document page = Sites.html(site(run).siteDir().resolve(SitePaths.history(w)));
                out.add(w + ": " + page.select("p.lead").text() + " | " + page.select("th").eachText() + " | "
                        + page.select("svg text.axis-label").eachText());
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<Row> rows() {
        return List.of(
                new Row("summary.txt head", r -> List.of(lines(SummaryWriter.render(r)).get(0).replaceAll(" +", " ")),
                        "parent TPS | patch TPS", "parent NOPM | patch NOPM", "parent rate | patch rate"),
                new Row("summary.md head", r -> lines(MarkdownSummary.render(r)).stream()
                        .filter(l -> l.startsWith("| comparison")).toList(), "| parent TPS | patch TPS |",
                        "| parent NOPM | patch NOPM |", "| parent rate | patch rate |"),
                new Row("summary.md cells", r -> lines(MarkdownSummary.render(r)).stream()
                        .filter(l -> l.startsWith("| HEAD")).toList(), "| 18,200 | 63,750 |",
                        "| 491,400 | 1,721,250 |", "| 491,400 NOPM | 1,721,250 NOPM |"),
                new Row("JUnit case text", r -> lines(JUnitXmlWriter.render(r)).stream()
                        .filter(l -> l.startsWith("parent ") || l.startsWith("patch ")).toList(),
                        ": 63,750 TPS", ": 1,721,250 NOPM", ": 1,721,250 NOPM"),
                new Row("JUnit rate_unit property", r -> lines(JUnitXmlWriter.render(r)).stream()
                        .filter(l -> l.contains("rate_unit")).toList(), null, "TPROC-C@2.rate_unit\" value=\"NOPM\"",
                        "TPROC-C@2.rate_unit\" value=\"NOPM\""),
                new Row("JSON summary rate_unit", r -> List.of(String.join(",", json(JsonSummary.render(List.of(r)),
                        "rate_unit"))), "TPS", "NOPM", "TPS,NOPM"),
                new Row("CSV header", r -> lines(CsvExport.render(List.of(r))).subList(0, 1),
                        "included,excluded_because", "excluded_because,rate_unit", "excluded_because,rate_unit"),
                new Row("CSV rows", r -> lines(CsvExport.render(List.of(r))).subList(1, 1 + 4 * cells(r)),
                        ",true,", ",true,,NOPM", ",true,,NOPM"),
                new Row("JMH unit", r -> json(JmhExport.render(List.of(r)), "scoreUnit"), "ops/s", "ops/min",
                        "ops/min"),
                new Row("post table caption", r -> post(r, "table.summary caption").eachText(),
                        "TPS of each side and the patch/parent ratio",
                        "New orders per minute (NOPM) of each side and the patch/parent ratio",
                        "TPS of each side, or new orders per minute where a workload says NOPM"),
                new Row("post table workload head", r -> post(r, "tr.workload-head").eachText(), "POINT_SELECT",
                        "TPROC-C NOPM", "TPROC-C NOPM"),
                new Row("post forest axis", r -> post(r, "figure.wide text.axis-label").eachText(),
                        "patch / parent TPS (log scale)", "patch / parent NOPM (log scale)",
                        "patch / parent rate (log scale)"),
                new Row("post headline", r -> post(r, "section.headline").eachText(), "18,200 \u2192 63,750 TPS",
                        "491,400 \u2192 1,721,250 NOPM", null),
                new Row("post highlight", r -> post(r, "ul.highlights li").eachText(),
                        "gave 18,200 TPS, patch 22222222 gave 63,750 TPS",
                        "gave 491,400 NOPM, patch 22222222 gave 1,721,250 NOPM", "gave 18,200 TPS"),
                new Row("post cell facts", r -> List.of(String.join(",", post(r, "dl.facts dt").eachText())),
                        "Parent TPS,Patch TPS", "Parent NOPM,Patch NOPM", "Parent NOPM,Patch NOPM"),
                new Row("post sweep sheet", r -> post(r, "table.sheet caption").eachText(),
                        "System throughput (TPS)", "System throughput (NOPM)", "System throughput (NOPM)"),
                new Row("history lead", this::history, "POINT_SELECT: Steady-state TPS of every commit",
                        "TPROC-C: Steady-state NOPM of every commit", "TPROC-C: Steady-state NOPM of every commit"),
                new Row("history table", this::history, "Subject, TPS, Verdict", "Subject, NOPM, Verdict",
                        "Subject, NOPM, Verdict"),
                new Row("history axis", this::history, "transactions per second", "new orders per minute (NOPM)",
                        "new orders per minute (NOPM)"));
    }

    private static int cells(RunRecord run) {
        return run.comparisons().get(0).cells().size();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void everyOutputNamesTheRateByItsCellsUnit(Kind kind) {
        RunRecord run = kind.run();
        for (Row row : rows()) {
            String expected = row.expected(kind);
            if (expected == null) {
                continue;
            }
            assertThat(row.part().apply(run)).as("%s of a %s run", row.output(), kind)
                    .anyMatch(part -> part.contains(expected));
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void sysbenchCellsNeverSayNopmAndTproccCellsNeverSayTpsWhereTheirRateIsShown(Kind kind) {
        RunRecord run = kind.run();
        for (Row row : rows()) {
            for (String part : row.part().apply(run)) {
                if (kind == Kind.SYSBENCH) {
                    assertThat(part).as("%s of a sysbench run", row.output()).doesNotContain("NOPM")
                            .doesNotContain("rate_unit");
                } else if (kind == Kind.TPROCC && !row.output().equals("JMH unit")) {
                    assertThat(part).as("%s of a TPROC-C run", row.output()).doesNotContain("TPS")
                            .doesNotContain("transactions per second");
                }
            }
        }
    }

    /**
     * The exports give each start's median rate, the value the verdict compares: for a TPROC-C cell its NOPM
     * (45% of the events are new orders, counted per minute: 27 times its TPS), in JMH's "ops/min".
     */
    @ParameterizedTest
    @EnumSource(Kind.class)
    void theExportsCarryTheRateTheVerdictCompares(Kind kind) throws Exception {
        RunRecord run = kind.run();
        List<String> csv = lines(CsvExport.render(List.of(run)));
        JsonNode jmh = new ObjectMapper().readTree(JmhExport.render(List.of(run)));
        List<CellRecord> cells = run.comparisons().get(0).cells();
        for (int i = 0; i < cells.size(); i++) {
            CellRecord cell = cells.get(i);
            double tps = IterationNumbers.medianTps(cell.parent().get(0)).orElseThrow();
            double expected = RateUnit.of(cell) == RateUnit.NOPM ? tps * TproccRuns.NOPM_PER_TPS : tps;
            double exported = Double.parseDouble(csv.get(1 + 4 * i).split(",")[8]); // parent #1 of the cell
            assertThat(exported).as("CSV tps of %s in the %s run", cell.workload(), kind)
                    .isCloseTo(expected, Percentage.withPercentage(1));
            JsonNode parent = jmh.get(2 * i).get("primaryMetric");
            assertThat(parent.get("rawData").get(0).get(0).asDouble()).isEqualTo(exported);
            assertThat(parent.get("scoreUnit").asText()).isEqualTo(RateUnit.of(cell) == RateUnit.NOPM ? "ops/min"
                    : "ops/s");
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void theTextTableOfAMixedRunSaysTheUnitBesideEachLevel(Kind kind) {
        RunRecord run = kind.run();
        List<String> table = lines(SummaryWriter.render(run)).subList(2, 2 + cells(run));
        if (kind == Kind.MIXED) {
            assertThat(table).anyMatch(l -> l.contains("18,200 TPS") && l.contains("63,750 TPS"))
                    .anyMatch(l -> l.contains("491,400 NOPM") && l.contains("1,721,250 NOPM"));
        } else {
            String parent = kind == Kind.SYSBENCH ? "18,200" : "491,400";
            assertThat(table).allMatch(l -> l.contains(parent)).noneMatch(l -> l.contains(parent + " TPS")
                    || l.contains(parent + " NOPM"));
        }
    }
}
