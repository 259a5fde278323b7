package org.taf.runner.report.output;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.taf.runner.report.AdaptiveTexts;
import org.taf.runner.report.Formats;
import org.taf.runner.report.HostTexts;
import org.taf.runner.report.Messages;
import org.taf.runner.report.SummaryRow;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SideRecord;
import org.taf.runner.sys.AtomicWrite;

/**
 * JUnit XML as Jenkins' junit step reads it: one {@code <testsuite>} per comparison, one
 * {@code <testcase>} per workload x threads (classname = the comparison's name, name =
 * {@code WORKLOAD@threads}). REGRESSED is a {@code <failure>}; a failed build, NEWLY_FAILING and
 * NOT_COMPARABLE are an {@code <error>} (a side failed: nothing to judge); INCONCLUSIVE and cells
 * never measured are {@code <skipped>} with the reason; every case carries its numbers in
 * {@code <system-out>}, followed by {@code warning:} lines (CPU frequency not pinned, host noise in
 * the cell's iterations). The time of a case is the time spent under load (warm-up plus measurement).
 */
public final class JUnitXmlWriter {
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss",
            Locale.ROOT).withZone(ZoneOffset.UTC);

    private JUnitXmlWriter() {}

    /** Writes the XML of {@code run} to {@code file} atomically. */
    public static void write(RunRecord run, Path file) {
        AtomicWrite.writeString(file, render(run));
    }

    /** The XML of {@code run}. */
    public static String render(RunRecord run) {
        Formats f = Formats.english();
        Messages m = Messages.english();
        List<Suite> suites = new ArrayList<>();
        for (ComparisonRecord c : run.comparisons()) {
            List<Case> cases = c.cells().stream().map(cell -> JUnitCases.of(run, c, cell, f,
                    AdaptiveTexts.planned(AdaptiveTexts.plannedOf(run, cell.workload(), cell.threads()), m, f)))
                    .toList();
            suites.add(new Suite(c, cases));
        }
        StringBuilder x = new StringBuilder(4096);
        x.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        x.append("<testsuites name=\"").append(Xml.esc("taf " + run.runId())).append('"')
                .append(counts(suites.stream().flatMap(s -> s.cases().stream()).toList())).append(">\n");
        for (Suite s : suites) {
            ComparisonRecord c = s.comparison();
            x.append("  <testsuite name=\"").append(Xml.esc(c.name())).append('"').append(counts(s.cases()))
                    .append(" timestamp=\"").append(run.startedAt() == null ? "" : TIMESTAMP.format(run.startedAt()))
                    .append("\" hostname=\"").append(Xml.esc(run.environment() == null ? "localhost"
                            : run.environment().host())).append("\">\n");
            x.append("    <properties>\n");
            property(x, "run_id", run.runId());
            if (run.runnerVersion() != null) {
                property(x, "runner", run.runnerVersion()); // version+git commit of the runner that measured
            }
            property(x, "label", SummaryRow.labelOf(c));
            property(x, "parent", side(c.parent()));
            property(x, "patch", side(c.patch()));
            if (run.adaptive() != null) {
                property(x, "adaptive", AdaptiveTexts.loop(run, m));
            }
            if (!run.probes().isEmpty()) {
                property(x, "host", HostTexts.of(run, m));
            }
            s.cases().forEach(k -> k.properties().forEach((name, value) -> property(x, k.name() + "." + name, value)));
            x.append("    </properties>\n");
            s.cases().forEach(k -> k.appendTo(x));
            x.append("  </testsuite>\n");
        }
        x.append("</testsuites>\n");
        return x.toString();
    }

    private static String side(SideRecord s) {
        if (s == null || s.commit() == null) {
            return "";
        }
        return s.commit().sha() + (s.engineSettings().isEmpty() ? "" : " " + s.engineSettings());
    }

    private static void property(StringBuilder x, String name, String value) {
        x.append("      <property name=\"").append(Xml.esc(name)).append("\" value=\"").append(Xml.esc(value))
                .append("\"/>\n");
    }

    private static String counts(List<Case> cases) {
        double time = cases.stream().mapToDouble(Case::seconds).sum();
        return " tests=\"" + cases.size() + "\" failures=\"" + count(cases, Case.Kind.FAILURE)
                + "\" errors=\"" + count(cases, Case.Kind.ERROR) + "\" skipped=\"" + count(cases, Case.Kind.SKIPPED)
                + "\" time=\"" + seconds(time) + '"';
    }

    private static long count(List<Case> cases, Case.Kind kind) {
        return cases.stream().filter(c -> c.kind() == kind).count();
    }

    static String seconds(double s) {
        return String.format(Locale.ROOT, "%.3f", s);
    }

    private record Suite(ComparisonRecord comparison, List<Case> cases) {
    }

    /**
     * One test case, rendered.
     *
     * @param classname the comparison's name
     * @param name      WORKLOAD@threads
     * @param seconds   time under load
     * @param kind      pass, failure, error or skipped
     * @param type      the verdict (or BUILD_FAILED) for failures and errors
     * @param message   one line: why
     * @param detail    the element's text
     * @param out       the numbers, for system-out
     * @param properties the cell's numbers by name (metrics, and counters that moved); written as the
     *                   suite's properties prefixed with the case's name (the JUnit schema Jenkins reads has no
     *                   testcase properties)
     */
    record Case(String classname, String name, double seconds, Kind kind, String type, String message, String detail,
                String out, java.util.Map<String, String> properties) {
        enum Kind { PASS, FAILURE, ERROR, SKIPPED }

        void appendTo(StringBuilder x) {
            x.append("    <testcase classname=\"").append(Xml.esc(classname)).append("\" name=\"")
                    .append(Xml.esc(name)).append("\" time=\"").append(JUnitXmlWriter.seconds(seconds)).append("\">\n");

            switch (kind) {
                case PASS -> { }
                case SKIPPED -> x.append("      <skipped message=\"").append(Xml.esc(message)).append("\"/>\n");
                case FAILURE, ERROR -> {
                    String tag = kind == Kind.FAILURE ? "failure" : "error";
                    x.append("      <").append(tag).append(" message=\"").append(Xml.esc(message))
                            .append("\" type=\"").append(Xml.esc(type)).append("\">").append(Xml.esc(detail))
                            .append("</").append(tag).append(">\n");
                }
            }
            x.append("      <system-out>").append(Xml.esc(out)).append("</system-out>\n");
            x.append("    </testcase>\n");
        }
    }
}
