package org.taf.runner.report.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.taf.runner.report.IterationNumbers;
import org.taf.runner.report.SiteFixtures;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.ExcludedIteration;
import org.taf.runner.stats.Role;

/** The CSV export read back: one row per iteration, RFC 4180 quoting, what the verdict counted. */
class CsvExportTest {
    @Test
    void quotesAFieldWithACommaAQuoteOrALineBreak() {
        assertThat(CsvExport.field("plain text")).isEqualTo("plain text");
        assertThat(CsvExport.field("a,b")).isEqualTo("\"a,b\"");
        assertThat(CsvExport.field("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(CsvExport.field("two\nlines")).isEqualTo("\"two\nlines\"");
        assertThat(CsvExport.number(18000.0)).isEqualTo("18000");
        assertThat(CsvExport.number(1.25e7)).isEqualTo("12500000");
        assertThat(CsvExport.number(82.35)).isEqualTo("82.35");
    }

    @Test
    void oneRowPerIterationAndTheCountedOnesAreTheVerdictsPairs() {
        RunRecord run = SiteFixtures.goldenBranches();
        List<List<String>> rows = parse(CsvExport.render(List.of(run)));
        assertThat(rows.get(0)).isEqualTo(CsvExport.HEADER);
        List<Map<String, String>> data = rows.subList(1, rows.size()).stream().map(CsvExportTest::named).toList();
        int iterations = run.comparisons().stream().flatMap(c -> c.cells().stream())
                .mapToInt(c -> c.parent().size() + c.patch().size()).sum();
        assertThat(data).hasSize(iterations);
        for (ComparisonRecord c : run.comparisons()) {
            for (CellRecord cell : c.cells()) {
                for (Role side : Role.values()) {
                    List<Map<String, String>> mine = data.stream().filter(r -> r.get("comparison").equals(c.name())
                            && r.get("threads").equals(Integer.toString(cell.threads()))
                            && r.get("side").equals(side.label())).toList();
                    long counted = mine.stream().filter(r -> r.get("included").equals("true")).count();
                    assertThat(counted).as("%s %s@%d %s", c.name(), cell.workload(), cell.threads(), side)
                            .isEqualTo(cell.verdict().tps() == null ? 0 : cell.verdict().pairsUsed());
                }
            }
        }
        Map<String, String> first = data.get(0);
        assertThat(first).containsEntry("run_id", run.runId()).containsEntry("side", "parent")
                .containsEntry("commit", run.comparisons().get(0).parent().commit().sha())
                .containsEntry("workload", "POINTS-COVERED-PK").containsEntry("iteration", "1")
                .containsEntry("start_order", "1").containsEntry("excluded_because", "");
        assertThat(Double.parseDouble(first.get("tps")))
                .isEqualTo(IterationNumbers.medianTps(run.comparisons().get(0).cells().get(0).parent().get(0))
                        .orElseThrow());
        assertThat(Double.parseDouble(first.get("cpu_us_per_tx"))).isPositive();
        assertThat(data.stream().map(r -> r.get("flags")).collect(Collectors.toSet()))
                .contains("", "HOST_NOISE", "NOT_SETTLED");
    }

    @Test
    void anExcludedPairIsListedWithWhy() {
        RunRecord small = ResultsFixtures.small();
        ComparisonRecord c = small.comparisons().get(0);
        CellRecord cell = c.cells().get(0);
        CellVerdict v = cell.verdict();
        CellVerdict excluding = new CellVerdict(v.cell(), v.verdict(), v.reason(), v.metrics(), v.classic(),
                v.measuredPairs(), v.level(), v.stopReason(), v.mde(), v.components(),
                List.of(new ExcludedIteration(Role.PATCH, 1, List.of("HOST_NOISE"))), "the rule, with, commas",
                v.warnings(), v.findings(), v.counters());
        RunRecord run = ResultsFixtures.copy(small, small.runId(), small.name(), small.startedAt(), small.finishedAt(),
                small.status(), small.failure(), List.of(new ComparisonRecord(c.name(), c.label(), c.parent(),
                        c.patch(),
                        List.of(cell.withVerdict(excluding)))), small.warnings());
        List<Map<String, String>> data = parse(CsvExport.render(List.of(run))).stream().skip(1)
                .map(CsvExportTest::named).toList();
        assertThat(data).extracting(r -> r.get("side") + r.get("iteration") + ":" + r.get("included") + ":"
                + r.get("excluded_because")).containsExactly("parent1:true:", "parent2:false:excluded: pair flagged"
                + " HOST_NOISE", "patch1:true:", "patch2:false:excluded: pair flagged HOST_NOISE");
    }

    private static Map<String, String> named(List<String> row) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (int i = 0; i < CsvExport.HEADER.size(); i++) {
            out.put(CsvExport.HEADER.get(i), row.get(i));
        }
        return out;
    }

    /** RFC 4180, enough for the export: CRLF records, quoted fields with doubled quotes. */
    static List<List<String>> parse(String csv) {
        assertThat(csv).endsWith("\r\n");
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < csv.length(); i++) {
            char ch = csv.charAt(i);
            if (quoted) {
                if (ch == '"' && i + 1 < csv.length() && csv.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = false;
                } else {
                    field.append(ch);
                }
            } else if (ch == '"') {
                quoted = true;
            } else if (ch == ',') {
                row.add(field.toString());
                field.setLength(0);
            } else if (ch == '\r' && csv.charAt(i + 1) == '\n') {
                row.add(field.toString());
                field.setLength(0);
                assertThat(row).as("row %d", rows.size()).hasSameSizeAs(CsvExport.HEADER);
                rows.add(row);
                row = new ArrayList<>();
                i++;
            } else {
                field.append(ch);
            }
        }
        return rows;
    }
}
