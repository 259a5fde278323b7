package org.taf.runner.report.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.report.Formats;
import org.taf.runner.report.Messages;
import org.taf.runner.report.SiteFixtures;
import org.taf.runner.report.VerdictTexts;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;

/** summary.md: the verdict first, values escaped, written by every run beside summary.txt. */
class MarkdownSummaryTest {
    @TempDir
    Path dir;

    @Test
    void escapesEveryMarkupCharacterAndKeepsNumbersReadable() {
        assertThat(MarkdownSummary.escape("a|b")).isEqualTo("a\\|b");
        assertThat(MarkdownSummary.escape("<script>alert('x')</script> & *b* _i_ `c` [l](u) ~s~ #1 !x"))
                .isEqualTo("\\<script\\>alert('x')\\</script\\> \\& \\*b\\* \\_i\\_ \\`c\\` \\[l\\](u)"
                        + " \\~s\\~ \\#1 !x");
        assertThat(MarkdownSummary.escape("- item")).isEqualTo("\\- item");
        assertThat(MarkdownSummary.escape("+ item, +6.0%")).isEqualTo("\\+ item, +6.0%");
        assertThat(MarkdownSummary.escape("first\r\nsecond\nthird")).isEqualTo("first second third");
        assertThat(MarkdownSummary.escape("17,925 -> 1.353 (-9.7%)")).isEqualTo("17,925 -\\> 1.353 (-9.7%)");
        assertThat(MarkdownSummary.escape("back\\slash")).isEqualTo("back\\\\slash");
    }

    @Test
    void aPipeOrMarkupInALabelStaysInsideItsTableCell() {
        RunRecord small = ResultsFixtures.small();
        ComparisonRecord c = small.comparisons().get(0);
        ComparisonRecord odd = new ComparisonRecord(c.name(), "a | b <b>x</b>\n*wip*", c.parent(), c.patch(),
                c.cells());
        RunRecord run = ResultsFixtures.copy(small, small.runId(), small.name(), small.startedAt(), small.finishedAt(),
                small.status(), small.failure(), List.of(odd), small.warnings());
        String md = MarkdownSummary.render(run);
        List<String> rows = md.lines().filter(l -> l.startsWith("| ")).toList();
        assertThat(rows).hasSize(3); // header, alignment, the cell
        String row = rows.get(2);
        assertThat(row).startsWith("| a \\| b \\<b\\>x\\</b\\> \\*wip\\* | POINT\\_SELECT | 2 |");
        // Split on the unescaped pipes only: as many cells as the header has.
        assertThat(cells(row)).hasSameSizeAs(cells(rows.get(0))).hasSize(9);
        assertThat(md).doesNotContain("<b>", "*wip*");
    }

    @Test
    void theVerdictComesFirstOneSentencePerComparison() {
        String md = MarkdownSummary.render(ResultsFixtures.small());
        assertThat(md.lines().limit(3).toList()).containsExactly("### quick: exit 0 (pass), 1 improved", "",
                "- IMPROVED (HEAD\\~1 vs HEAD): patch 22222222 is 250.3% faster than parent 11111111 on POINT\\_SELECT"
                        + " at 2 threads, 3.503 \\[3.410, 3.600\\]");
        assertThat(md).contains("<details>\n<summary>", "- run id: 20261129-100000-quick\n",
                "To reproduce:\n\n```sh\n./taf run properties/quick.properties\n```\n\n</details>\n");

        List<String> sentences = VerdictTexts.sentences(SiteFixtures.goldenBranches(), Messages.english(),
                Formats.english());
        // The deciding cell of each comparison is the one whose verdict sets its exit code: 12.3's regression
        // at 1 thread, 13.1's inconclusive 8 threads, the failed build's not comparable one; among equals
        // (11.8's three improvements) the largest change.
        assertThat(sentences).containsExactly(
                "IMPROVED (11.8): patch db94f391be4e is 257.6% faster than parent 14362356d14 on POINTS-COVERED-PK at"
                        + " 64 threads, 3.576 [3.505, 3.648]; other cells: 2 improved",
                "REGRESSED (12.3): patch 4083fbef83c6 is 9.7% slower than parent 5981efcecd8 on POINTS-COVERED-PK at"
                        + " 1 thread, 0.903 [0.885, 0.921]; other cells: 2 improved",
                "INCONCLUSIVE (13.1): patch 5ab51d6248bb6 against parent d0661d9bb8c on POINTS-COVERED-PK at 8"
                        + " threads: undecided, 0.985 [0.940, 1.031] (estimate 1.5% slower); other cells: 2 improved",
                "NOT_COMPARABLE (13.1 wip): no numbers for POINTS-COVERED-PK at 64 threads (patch build failed: nothing"
                        + " was measured)");
    }

    /**
     * One commit under two configurations: the sentence names each side by its settings, since "patch
     * 98be4fb is faster than parent 98be4fb" says nothing (the committed bp-instances story, a real run).
     */
    @Test
    void aComparisonOfSettingsOnOneCommitNamesTheSidesBySettings() {
        RunRecord run = org.taf.runner.results.ResultsStore.read(java.nio.file.Path.of(
                "../site-runs/20261201-232737-bp-instances/results.json"));
        List<String> sentences = VerdictTexts.sentences(run, Messages.english(), Formats.english());
        // the label has it, the sides not
        assertThat(sentences).hasSize(3).allMatch(t -> !t.substring(t.indexOf("): ")).contains("98be4fb"))
                .allMatch(t -> t.contains("innodb_buffer_pool_instances=1 on "));
        assertThat(sentences.get(0)).startsWith("INCONCLUSIVE (98be4fbbb6: innodb_buffer_pool_instances=1 vs"
                + " innodb_buffer_pool_instances=2): innodb_buffer_pool_instances=2 against"
                + " innodb_buffer_pool_instances=1 on ").contains(": undecided, ", "(estimate ");
    }

    @Test
    void everyRunWritesSummaryMdBesideSummaryTxt() throws Exception {
        RunRecord run = ResultsFixtures.small();
        Path runDir = dir.resolve("results").resolve(run.runId());
        Files.createDirectories(runDir);
        Outputs.Destination to = new Outputs.Destination(true, dir.resolve("results").resolve("site"), false,
                dir.resolve("site"));
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        Outputs.write(to, run, runDir, new PrintStream(printed, true, StandardCharsets.UTF_8));
        assertThat(runDir.resolve("summary.txt")).isRegularFile();
        assertThat(Files.readString(runDir.resolve("summary.md"))).isEqualTo(MarkdownSummary.render(run));
    }

    private static List<String> cells(String row) {
        String[] parts = row.split("(?<!\\\\)\\|", -1);
        return Arrays.asList(parts).subList(1, parts.length - 1);
    }
}
