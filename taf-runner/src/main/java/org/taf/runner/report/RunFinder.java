package org.taf.runner.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;

/**
 * Finds and reads the runs a site is made from: named results files or run directories, or every
 * {@code <results-dir>/<run-id>/results.json}. The same run id in two files is an error naming
 * both (the site would show one of them at random otherwise).
 */
public final class RunFinder {
    private RunFinder() {}

    /** Reads each path: a {@code results.json} or a run directory holding one. */
    public static List<RunRecord> read(List<Path> paths) {
        Map<String, Path> seen = new LinkedHashMap<>();
        List<RunRecord> runs = new ArrayList<>();
        for (Path p : paths) {
            RunRecord run = ResultsStore.read(p);
            Path file = Files.isDirectory(p) ? p.resolve(ResultsStore.FILE_NAME) : p;
            Path before = seen.putIfAbsent(run.runId(), file);
            if (before != null) {
                throw new ReportException("run " + run.runId() + " is in both " + before + " and " + file
                        + "; publish one of them");
            }
            runs.add(run);
        }
        return runs;
    }

    /**
     * The runs under {@code resultsDir} that completed: an interrupted, failed or still running run is
     * published only when named (its post then says how it ended), never swept in with the others.
     *
     * @param shown   the directory as messages show it
     * @param skipped told the line that names the runs left out, if any
     */
    public static List<RunRecord> completed(Path resultsDir, String shown, Consumer<String> skipped) {
        List<RunRecord> all = findAll(resultsDir);
        List<RunRecord> done = all.stream().filter(r -> r.status() == RunRecord.RunStatus.COMPLETED).toList();
        List<String> left = all.stream().filter(r -> r.status() != RunRecord.RunStatus.COMPLETED)
                .map(r -> r.runId() + " (" + r.status().name().toLowerCase(Locale.ROOT) + ")").toList();
        if (done.isEmpty()) {
            throw new ReportException("publish: no completed run under " + shown + ": " + String.join(", ", left)
                    + "; name a run to publish it anyway");
        }
        if (!left.isEmpty()) {
            skipped.accept("skipped " + left.size() + (left.size() == 1 ? " run that" : " runs that")
                    + " did not complete: " + String.join(", ", left) + " (name a run to publish it anyway)");
        }
        return done;
    }

    /** Every run under {@code resultsDir}, in directory-name order. */
    public static List<RunRecord> findAll(Path resultsDir) {
        if (!Files.isDirectory(resultsDir)) {
            throw new ReportException("no results directory " + resultsDir
                    + ": run a test definition first (taf run), or name results files");
        }
        List<Path> files;
        try (Stream<Path> dirs = Files.list(resultsDir)) {
            files = dirs.map(d -> d.resolve(ResultsStore.FILE_NAME)).filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new ReportException("cannot list " + resultsDir + ": " + e.getMessage(), e);
        }
        if (files.isEmpty()) {
            throw new ReportException("no results under " + resultsDir + " (expected <run-id>/"
                    + ResultsStore.FILE_NAME + "): run a test definition first (taf run)");
        }
        return read(files);
    }
}
