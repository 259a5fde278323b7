package org.taf.runner.report;

/**
 * What every page of the site shares: its language, title, and the relative way back to the root
 * (stylesheet, index, feed), so pages work from any directory, offline.
 *
 * @param lang      the edition, e.g. "en" (the {@code lang} of {@code <html>})
 * @param title     the page's title
 * @param root      "", "../" or "../../": from this page to the site's root
 * @param css       the stylesheet, relative to this page
 * @param indexHref the index, relative to this page
 * @param feedHref  the Atom feed, relative to this page
 * @param regressionsHref the Regressions page (change points of every series), relative to this page
 * @param icon      the site's icon, relative to this page (a file of the site: Jenkins' Content-Security-Policy
 *                  refuses a {@code data:} icon)
 * @param description what the page says in a sentence or two, for search results and link previews
 *                  ({@code <meta name="description">}); "" for none
 * @param glossaryHref the glossary (what a post's words mean), relative to this page
 */
public record PageView(String lang, String title, String root, String css, String indexHref, String feedHref,
                       String regressionsHref, String icon, String description, String glossaryHref) {
    public static PageView of(Messages m, String title, String path) {
        String root = SitePaths.root(path);
        return new PageView(m.edition(), title, root, root + SitePaths.CSS, root + SitePaths.INDEX,
                root + SitePaths.FEED, root + SitePaths.REGRESSIONS, root + SitePaths.ICON, "",
                root + SitePaths.GLOSSARY);
    }

    /** The same page with its description. */
    public PageView describedAs(String text) {
        return new PageView(lang, title, root, css, indexHref, feedHref, regressionsHref, icon, text, glossaryHref);
    }

    /**
     * A link.
     *
     * @param text what it says
     * @param href where it goes, relative to the page
     */
    public record Link(String text, String href) {
    }

    /**
     * A labelled value; the label is a message key.
     *
     * @param labelKey message key of the label
     * @param value    the value, formatted
     */
    public record Fact(String labelKey, String value) {
    }
}
