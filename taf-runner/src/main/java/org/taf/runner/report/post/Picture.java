package org.taf.runner.report.post;

/**
 * A figure the post shows from its own file beside it, fetched only when it is shown ({@link PostFiles}).
 *
 * @param file   its file, relative to the post: {@code figures/<id>.svg}
 * @param label  what it shows, for a reader who cannot see it
 * @param svg    its SVG, as the file holds it
 * @param width  its drawn width, px
 * @param height its drawn height, px
 * @param scales whether it scales to its column (a chart); else it is drawn at its own size in a box that
 *               scrolls, so that its labels stay 12 px (a flame graph)
 */
public record Picture(String file, String label, String svg, int width, int height, boolean scales) {
}
