package org.taf.runner.report;

/**
 * A page of the site that is not a post (see {@link SitePages}).
 *
 * @param page the page frame; its title is the page's {@code # } heading
 * @param html the rendered Markdown, every character of the source escaped
 */
public record PageDocView(PageView page, String html) {
}
