package org.taf.runner.report.site;

import java.util.List;
import java.util.Map;
import org.taf.runner.report.Formats;
import org.taf.runner.results.ResultsStore;

/**
 * {@code site/data/index.json}: what runs the site holds and where their posts are, for tools (snake_case,
 * sorted keys, the results format's version), newest first. Their results are kept beside the site
 * ({@code site-runs/<run-id>/results.json}).
 *
 * @param formatVersion the results format of the runs' records
 * @param runs          the runs
 */
record DataIndex(int formatVersion, List<Run> runs) {
    /**
     * One run.
     *
     * @param runId      run id
     * @param name       definition name
     * @param title      post title
     * @param startedAt  start, RFC 3339
     * @param status     run status
     * @param host       host name
     * @param post       the post, relative to the site's root
         * @param verdicts   cells per verdict
     * @param workloads  workloads measured
     */
    record Run(String runId, String name, String title, String startedAt, String status, String host, String post,
               Map<String, Integer> verdicts, List<String> workloads) {
    }

    static byte[] json(List<RunDigest> runs) {
        List<Run> out = RunDigest.newestFirst(runs).stream().map(r -> new Run(r.runId(), r.name(), r.title(),
                r.startedAt() == null ? null : Formats.iso(r.startedAt()), r.status(), r.host(), r.post(),
                r.verdicts(), new java.util.TreeSet<>(r.workloads()).stream().toList()))
                .toList();
        try {
            return ResultsStore.json().writeValueAsBytes(new DataIndex(ResultsStore.FORMAT_VERSION, out));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize the data index", e);
        }
    }
}
