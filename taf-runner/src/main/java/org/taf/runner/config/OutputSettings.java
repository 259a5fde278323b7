package org.taf.runner.config;

import static org.taf.runner.config.Checks.notNull;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a run's outputs go ({@code output.*}); paths are absolute.
 *
 * @param resultsDir JSON results (default results)
 * @param siteDir    the static site (default site)
 * @param publish    render the post and update the site (default true)
 * @param junit      write JUnit XML (default true)
 * @param resultsDb  the results database's JDBC URL ({@code results.db.url}); empty: runs are not stored there
 */
public record OutputSettings(Path resultsDir, Path siteDir, boolean publish, boolean junit,
                             Optional<String> resultsDb) {
    public OutputSettings {
        notNull("output.results_dir", resultsDir);
        notNull("output.site_dir", siteDir);
        notNull("results.db.url", resultsDb);
    }
}
