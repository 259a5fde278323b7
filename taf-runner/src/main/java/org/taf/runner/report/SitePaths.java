package org.taf.runner.report;

import java.util.regex.Pattern;

/**
 * Where each page of the site lives, relative to the site's root, and how pages link to each other
 * (always relatively, so the site works from any directory or URL prefix, and offline).
 */
public final class SitePaths {
    public static final String INDEX = "index.html";
    public static final String FEED = "feed.xml";
    /** The change points of every history series, newest first. */
    public static final String REGRESSIONS = "regressions.html";
    public static final String CSS = "assets/taf.css";
    public static final String ICON = "assets/favicon.svg";
    public static final String DATA_INDEX = "data/index.json";
    /** The glossary's name among the site's pages: {@code pages/glossary.html}, from the runner's own Markdown. */
    public static final String GLOSSARY_NAME = "glossary";
    /** What a post's words mean, linked from every page (see {@code site.SitePages#glossary}). */
    public static final String GLOSSARY = "pages/" + GLOSSARY_NAME + ".html";
    /** The glossary's section on intervals and how TAF decides (a heading's anchor, as GitHub makes it). */
    public static final String GLOSSARY_DECIDES = GLOSSARY + "#how-taf-decides";
    /** Where each run's digest is kept, {@code <run-id>.json} (see {@code site.RunDigest}): the runs the site holds. */
    public static final String DATA_DIGESTS = "data/digests";
    /** Where the Markdown sources of the site's other pages are kept (see {@code site.SitePages}). */
    public static final String PAGE_SOURCES = "data/pages";
    private static final Pattern SAFE_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    private SitePaths() {}

    /** {@code posts/<run-id>/index.html}; a run id that is not a plain name is refused. */
    public static String post(String runId) {
        return "posts/" + checkedId(runId) + "/index.html";
    }

    /** {@code data/digests/<run-id>.json}: what the shared pages show of the run. */
    public static String digest(String runId) {
        return DATA_DIGESTS + "/" + checkedId(runId) + ".json";
    }

    /** {@code pages/<name>.html}: a page that is not a post; {@code name} is checked by {@code site.SitePages}. */
    public static String page(String name) {
        return "pages/" + checkedId(name) + ".html";
    }

    /** {@code data/pages/<name>.md}: the kept source of that page. */
    public static String pageSource(String name) {
        return PAGE_SOURCES + "/" + checkedId(name) + ".md";
    }

    /** {@code history/<workload>.html}, the name made safe for a file (POINTS-COVERED-PK stays as is). */
    public static String history(String workload) {
        return "history/" + slug(workload) + ".html";
    }

    /** The way from a page at {@code path} back up to the site's root: "", "../" or "../../". */
    public static String root(String path) {
        return "../".repeat((int) path.chars().filter(c -> c == '/').count());
    }

    public static String slug(String s) {
        String slug = s.replaceAll("[^A-Za-z0-9._-]", "_");
        return slug.isEmpty() || slug.startsWith(".") ? "_" + slug : slug;
    }

    public static String checkedId(String runId) {
        if (!SAFE_ID.matcher(runId).matches()) {
            throw new ReportException("run id '" + runId + "' cannot name a directory of the site"
                    + " (letters, digits, '.', '_' and '-' only)");
        }
        return runId;
    }
}
