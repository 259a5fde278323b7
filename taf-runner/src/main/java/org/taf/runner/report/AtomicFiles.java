package org.taf.runner.report;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.taf.runner.results.ResultsException;
import org.taf.runner.results.ResultsStore;

/**
 * Writes a file so that readers (a web server, a browser, an interrupted publish) see the old or
 * the new content, never half a page: a temporary file beside it, synced, then renamed over it.
 */
final class AtomicFiles {
    private AtomicFiles() {}

    static void writeString(Path file, String content) {
        write(file, content.getBytes(StandardCharsets.UTF_8));
    }

    static void write(Path file, byte[] content) {
        try {
            ResultsStore.writeAtomically(file, content);
        } catch (ResultsException e) {
            throw new ReportException(e.getMessage(), e);
        }
    }
}
