package org.taf.runner.jenkins;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a simulated {@code ./taf run} leaves behind, following the runner's CLI contract: its exit
 * code (0 pass, 1 regression, 2 inconclusive, 3 error), and under the output directory the
 * Jenkinsfile gives it: {@code results/<run-id>/results.json}, {@code junit.xml} (a failed case on a
 * regression), {@code summary.txt} (with {@code warnings: N} when told), the post in {@code site/},
 * and the log the Jenkinsfile tees to {@code taf.log}. An error run writes only the log, whose
 * {@code error:} line names what was wrong.
 *
 * @param warnings  null: no warnings line; else the N of {@code warnings: N}
 * @param errorLine the text after {@code error: } in the log of an error run
 */
record TafOutcome(int exit, Integer warnings, String errorLine) {
    static TafOutcome pass() {
        return new TafOutcome(0, null, null);
    }

    static TafOutcome passWithWarnings(int n) {
        return new TafOutcome(0, n, null);
    }

    static TafOutcome regression() {
        return new TafOutcome(1, null, null);
    }

    static TafOutcome inconclusive() {
        return new TafOutcome(2, null, null);
    }

    static TafOutcome error(String line) {
        return new TafOutcome(3, null, line);
    }

    /** Killed from outside (137: SIGKILL, e.g. the OOM killer): nothing but a partial log. */
    static TafOutcome killed() {
        return new TafOutcome(137, null, null);
    }

    private String verdict() {
        return switch (exit) {
            case 0 -> "pass";
            case 1 -> "regression";
            case 2 -> "inconclusive";
            default -> "error";
        };
    }

    /** The files of the run, paths relative to where it ran (the workspace root), for output directory {@code out}. */
    Map<String, String> files(String out, String runId) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put(out + "/taf.log", "taf: " + runId + "\n" + (errorLine == null ? "" : "error: " + errorLine + "\n"));
        if (exit > 2) {
            return files;
        }
        String run = out + "/results/" + runId;
        files.put(run + "/results.json", "{\"format_version\": 1, \"run\": \"" + runId + "\"}\n");
        String testCase = "<testcase classname=\"" + runId + "\" name=\"POINT_SELECT x 1\">"
                + (exit == 1 ? "<failure message=\"TPS -9.1%\"/>" : "") + "</testcase>";
        files.put(run + "/junit.xml", "<testsuite name=\"" + runId + "\">" + testCase + "</testsuite>\n");
        files.put(run + "/summary.txt", "verdict: " + verdict() + "\n" + (warnings == null ? "" : "warnings: " + warnings + "\n"));
        files.put(out + "/site/index.html", "<html>index of " + runId + "</html>\n");
        files.put(out + "/site/posts/" + runId + ".html", "<html>post " + runId + ": " + verdict() + "</html>\n");
        return files;
    }
}
