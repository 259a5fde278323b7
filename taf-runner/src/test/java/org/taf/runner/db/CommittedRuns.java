package org.taf.runner.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;

/** The runs committed under {@code site-runs/} (real runs, two of them): what the tests store. */
final class CommittedRuns {
    static final Path DIR = Path.of("../site-runs").toAbsolutePath().normalize();

    private CommittedRuns() {}

    static List<Path> files() throws IOException {
        try (Stream<Path> dirs = Files.list(DIR)) {
            return dirs.map(d -> d.resolve(ResultsStore.FILE_NAME)).filter(Files::isRegularFile).sorted().toList();
        }
    }

    static List<RunRecord> records() throws IOException {
        return files().stream().map(ResultsStore::read).toList();
    }
}
