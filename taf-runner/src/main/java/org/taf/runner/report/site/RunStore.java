package org.taf.runner.report.site;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import org.taf.runner.report.ReportException;
import org.taf.runner.report.RunFinder;
import org.taf.runner.report.SitePaths;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;
import org.taf.runner.sys.AtomicWrite;

/**
 * Where a site's runs are kept whole, outside the site: the site holds what a reader opens (posts, pages and
 * each run's small digest), and reads a run's record from here when it renders its post again. A results
 * directory ({@code <dir>/<run-id>/results.json}, the layout of {@code output.results_dir}) or the results
 * database.
 *
 * @param reader reads the runs of the ids it is given that the store holds (the others are left out)
 * @param keeper keeps a run added to the site
 */
public record RunStore(Function<Set<String>, List<RunRecord>> reader, Consumer<RunRecord> keeper) {
    /**
     * A results directory: a run added to the site is written there ({@link ResultsStore#write}, atomically)
     * unless it is there already, byte for byte.
     */
    public static RunStore directory(Path dir) {
        return new RunStore(ids -> {
            List<Path> files = new ArrayList<>();
            for (String id : ids) {
                Path file = dir.resolve(SitePaths.checkedId(id)).resolve(ResultsStore.FILE_NAME);
                if (Files.isRegularFile(file)) {
                    files.add(file);
                }
            }
            return RunFinder.read(files);
        }, run -> {
            Path runDir = dir.resolve(SitePaths.checkedId(run.runId()));
            byte[] now = ResultsStore.toJson(run).getBytes(StandardCharsets.UTF_8);
            try {
                Path file = runDir.resolve(ResultsStore.FILE_NAME);
                if (!Files.isRegularFile(file) || !Arrays.equals(Files.readAllBytes(file), now)) {
                    AtomicWrite.write(file, now);
                }
            } catch (IOException e) {
                throw new ReportException("cannot keep run " + run.runId() + " in " + dir + ": " + e.getMessage(), e);
            }
        });
    }

    /** The runs of the results directory beside {@code site}: {@code <site>-runs}, as {@code site-runs/}. */
    public static RunStore beside(Path site) {
        Path abs = site.toAbsolutePath().normalize();
        return directory(abs.resolveSibling(abs.getFileName() + "-runs"));
    }

    /** A store that reads with {@code reader} and keeps nothing (the runs are kept there already: a database). */
    public static RunStore readOnly(Function<Set<String>, List<RunRecord>> reader) {
        return new RunStore(reader, run -> { });
    }

    List<RunRecord> read(Set<String> ids) {
        return ids.isEmpty() ? List.of() : reader.apply(ids);
    }
}
