package org.taf.runner.report.site;

import org.taf.runner.report.PageView;

/**
 * A page of the site that is not a post (see {@link SitePages}).
 *
 * @param page the page frame; its title is the page's {@code # } heading
 * @param html the rendered Markdown, every character of the source escaped
 */
public record PageDocView(PageView page, String html) {
}
