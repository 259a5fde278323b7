package org.taf.runner.jenkins;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a simulated {@code ./taf run} leaves behind, following the runner's CLI contract and its
 * formats on main: the exit code (0 pass, 1 regression, 2 inconclusive, 3 error) and, under the
 * output directory the Jenkinsfile gives it, {@code results/<run-id>/results.json}, {@code junit.xml}
 * (a failed case on a regression), {@code summary.txt} (a table, {@code warning: ...} lines, then
 * {@code warnings: N}), the post in {@code site/}, and the log the Jenkinsfile tees to
 * {@code taf.log}. A bad definition writes only the log with its {@code error:} line; a run that
 * fails after it started (a build failure) writes its outputs, then the {@code error:} line. A run
 * that stopped because the host was too noisy to answer exits 2 with a {@code host: too noisy ...}
 * line in its summary ({@link #tooNoisy()}).
 *
 * @param warnings   the N of {@code warnings: N}; null writes no such line
 * @param errorLine  the text after {@code error: } in the log; null prints none
 * @param hasOutputs whether the run wrote results, summary, JUnit XML and a post
 * @param hostLine   a {@code host: ...} line of the summary, after the table; null writes none
 */
record TafOutcome(int exit, Integer warnings, String errorLine, boolean hasOutputs, String hostLine) {
    /** The line TAF's summary ends a run with when the host was too noisy to answer its question. */
    static final String TOO_NOISY = "host: too noisy now: HEAD~1 vs HEAD POINT_SELECT@2: this run could see ±21%"
            + " (tps, 20 pairs), the question needs ±3%; stopped after 6 pairs. Waited 3m0s for the host to quieten.";

    TafOutcome(int exit, Integer warnings, String errorLine, boolean hasOutputs) {
        this(exit, warnings, errorLine, hasOutputs, null);
    }

    static TafOutcome pass() {
        return new TafOutcome(0, 0, null, true);
    }

    static TafOutcome passWithWarnings(int n) {
        return new TafOutcome(0, n, null, true);
    }

    /** A pass whose summary has no warnings line at all: read as no warnings. */
    static TafOutcome passWithoutWarningsLine() {
        return new TafOutcome(0, null, null, true);
    }

    static TafOutcome regression() {
        return new TafOutcome(1, 0, null, true);
    }

    static TafOutcome inconclusive() {
        return new TafOutcome(2, 0, null, true);
    }

    /** Inconclusive because the host was too noisy to answer (exit 2, {@link #TOO_NOISY} in the summary). */
    static TafOutcome tooNoisy() {
        return withHostLine(2, TOO_NOISY);
    }

    /** Exit {@code exit}, with {@code line} (a {@code host: ...} line) in the summary. */
    static TafOutcome withHostLine(int exit, String line) {
        return new TafOutcome(exit, 0, null, true, line);
    }

    /** Refused before running (bad definition, unknown revision): the error line only. */
    static TafOutcome error(String line) {
        return new TafOutcome(3, null, line, false);
    }

    /** Failed after it started (e.g. a side's build failed): outputs showing it, then the error line. */
    static TafOutcome failedRun(String line) {
        return new TafOutcome(3, 0, line, true);
    }

    /** Exit 3 from the verdicts alone (nothing measured): outputs, and no error line. */
    static TafOutcome errorWithoutLine() {
        return new TafOutcome(3, 0, null, true);
    }

    /** Killed from outside (137: SIGKILL, e.g. the OOM killer): nothing but a partial log. */
    static TafOutcome killed() {
        return new TafOutcome(137, null, null, false);
    }

    /** A run that exits 0 and writes nothing but its log (outside the contract). */
    static TafOutcome passWithoutOutputs() {
        return new TafOutcome(0, null, null, false);
    }

    private String verdict() {
        return switch (exit) {
            case 0 -> "NO_CHANGE";
            case 1 -> "REGRESSED";
            case 2 -> "INCONCLUSIVE";
            default -> "NOT MEASURED";
        };
    }

    /** The files of the run, paths relative to where it ran (the workspace root), for output directory {@code out}. */
    Map<String, String> files(String out, String runId) {
        Map<String, String> files = new LinkedHashMap<>();
        String run = out + "/results/" + runId;
        StringBuilder log = new StringBuilder("taf: building parent and patch\n");
        if (hasOutputs) {
            files.put(run + "/results.json", "{\"format_version\": 1, \"run\": \"" + runId + "\"}\n");
            String testCase = "<testcase classname=\"" + runId + "\" name=\"POINT_SELECT x 1\">"
                    + (exit == 1 ? "<failure message=\"TPS -9.1%\"/>" : "") + "</testcase>";
            files.put(run + "/junit.xml", "<testsuite name=\"" + runId + "\">" + testCase + "</testsuite>\n");
            StringBuilder summary = new StringBuilder("comparison | workload     | thr | verdict\n"
                    + "default    | POINT_SELECT |   1 | " + verdict() + "\n");
            if (hostLine != null) {
                summary.append(hostLine).append('\n');
            }
            for (int i = 0; warnings != null && i < warnings; i++) {
                summary.append("warning: the engine's CPU did not settle in warmup.max (").append(i + 1).append(")\n");
            }
            if (warnings != null) {
                summary.append("warnings: ").append(warnings).append('\n');
            }
            files.put(run + "/summary.txt", summary.toString());
            files.put(out + "/site/index.html", "<html>index of " + runId + "</html>\n");
            files.put(
                    out + "/site/posts/" + runId + "/index.html",
                    "<html>post " + runId + ": " + verdict() + "</html>\n");
            log.append(summary).append("taf: results in ").append(run).append(" (exit ").append(exit).append(")\n");
        }
        if (errorLine != null) {
            log.append("error: ").append(errorLine).append('\n');
        }
        files.put(out + "/taf.log", log.toString());
        return files;
    }
}
