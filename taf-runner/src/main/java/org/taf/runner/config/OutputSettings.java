package org.taf.runner.config;

import static org.taf.runner.config.Checks.notNull;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a run's outputs go ({@code output.*}); paths are absolute.
 *
 * @param resultsDir JSON results (default results)
 * @param siteDir    the published site (default site, tracked in this repository)
 * @param publish    the run's post is for publishing: it goes into {@code siteDir}; otherwise into the
 *                   local site {@code <resultsDir>/site} (default false; see {@link #postSiteDir()})
 * @param junit      write JUnit XML (default true)
 * @param resultsDb  the results database's JDBC URL ({@code results.db.url}); empty: runs are not stored there
 * @param resultsDbPassword its user's password ({@code results.db.password}), "" for none
 */
public record OutputSettings(Path resultsDir, Path siteDir, boolean publish, boolean junit,
                             Optional<String> resultsDb, String resultsDbPassword) {
    /** The local site's directory under {@code output.results_dir}: ignored by git with the results. */
    public static final String LOCAL_SITE = "site";

    public OutputSettings {
        notNull("output.results_dir", resultsDir);
        notNull("output.site_dir", siteDir);
        notNull("results.db.url", resultsDb);
        notNull("results.db.password", resultsDbPassword);
    }

    /**
     * The site a run's post goes into: the published site ({@code output.site_dir}) when the definition
     * says the post is for publishing ({@code output.publish = true}, as the story definitions and
     * Jenkins do), else a full local site under the results, so a try or a quick run leaves the
     * repository's tracked {@code site/} alone (the local site accumulates its runs as the published one
     * does; {@code taf publish RESULTS} moves a run into the published site later).
     */
    public Path postSiteDir() {
        return publish ? siteDir : resultsDir.resolve(LOCAL_SITE);
    }

    @Override
    public String toString() { // never the password
        return "OutputSettings[resultsDir=" + resultsDir + ", siteDir=" + siteDir + ", publish=" + publish + ", junit="
                + junit + ", resultsDb=" + resultsDb + ", resultsDbPassword="
                + (resultsDbPassword.isEmpty() ? "" : "****")
                + "]";
    }
}
