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
 * @param resultsDbPassword its user's password ({@code results.db.password}), "" for none
 */
public record OutputSettings(Path resultsDir, Path siteDir, boolean publish, boolean junit,
                             Optional<String> resultsDb, String resultsDbPassword) {
    public OutputSettings {
        notNull("output.results_dir", resultsDir);
        notNull("output.site_dir", siteDir);
        notNull("results.db.url", resultsDb);
        notNull("results.db.password", resultsDbPassword);
    }

    @Override
    public String toString() { // never the password
        return "OutputSettings[resultsDir=" + resultsDir + ", siteDir=" + siteDir + ", publish=" + publish + ", junit="
                + junit + ", resultsDb=" + resultsDb + ", resultsDbPassword=" + (resultsDbPassword.isEmpty() ? "" : "****")
                + "]";
    }
}
