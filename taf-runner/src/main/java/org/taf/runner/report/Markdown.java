package org.taf.runner.report;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The small, safe Markdown subset a post's narrative needs, rendered to HTML with every character
 * of the source escaped: paragraphs, {@code #}-headings (shifted to h3..h5, under the post's own
 * headings), {@code -}/{@code *} and {@code 1.} lists, {@code >} quotes, fenced code blocks,
 * pipe tables ({@code | a | b |} over {@code |---|--:|}, colons for alignment), {@code `code`},
 * {@code **strong**}, {@code *em*} and {@code [text](url)} links to http(s) or
 * relative URLs (other schemes, such as {@code javascript:}, leave the text unlinked). Raw HTML in
 * the source is shown as text, never passed through. Written here rather than taken from a library
 * because the subset is small and its safety is easier to see in one file.
 */
final class Markdown {
    private static final Pattern HEADING = Pattern.compile("^(#{1,3})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern BULLET = Pattern.compile("^\\s{0,3}[-*+]\\s+(.*)$");
    private static final Pattern NUMBERED = Pattern.compile("^\\s{0,3}\\d{1,9}[.)]\\s+(.*)$");
    private static final Pattern QUOTE = Pattern.compile("^\\s{0,3}>\\s?(.*)$");
    private static final Pattern TABLE_ROW = Pattern.compile("^\\s{0,3}\\|.*\\|\\s*$");
    private static final Pattern TABLE_RULE = Pattern.compile("^\\s{0,3}\\|(\\s*:?-+:?\\s*\\|)+\\s*$");
    private static final Pattern SAFE_URL = Pattern.compile("^(https?://[^\\s\"'<>]+|[^:\\s\"'<>]*)$");

    private Markdown() {}

    static String toHtml(String source) {
        return toHtml(source, 2);
    }

    /**
     * As {@link #toHtml(String)}, with a heading of n {@code #} rendered as h(n + shift): a post's
     * narrative sits under the post's own headings (shift 2); a page of the site is its own document
     * (shift 0: {@code ##} is h2, under the page's title).
     */
    static String toHtml(String source, int headingShift) {
        List<String> lines = source.replace("\r\n", "\n").replace('\r', '\n').lines().toList();
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < lines.size()) {
            String line = lines.get(i);
            Matcher m;
            if (line.isBlank()) {
                i++;
            } else if (line.strip().startsWith("```")) {
                i = code(lines, i, out);
            } else if ((m = HEADING.matcher(line)).matches()) {
                int level = m.group(1).length() + headingShift;
                out.append("<h").append(level).append('>').append(inline(m.group(2))).append("</h").append(level)
                        .append(">\n");
                i++;
            } else if (tableStarts(lines, i)) {
                i = table(lines, i, out);
            } else if (BULLET.matcher(line).matches()) {
                i = list(lines, i, BULLET, "ul", out);
            } else if (NUMBERED.matcher(line).matches()) {
                i = list(lines, i, NUMBERED, "ol", out);
            } else if (QUOTE.matcher(line).matches()) {
                List<String> quoted = new ArrayList<>();
                while (i < lines.size() && (m = QUOTE.matcher(lines.get(i))).matches()) {
                    quoted.add(m.group(1));
                    i++;
                }
                out.append("<blockquote>\n").append(toHtml(String.join("\n", quoted), headingShift)).append("</blockquote>\n");
            } else {
                List<String> para = new ArrayList<>();
                while (i < lines.size() && !lines.get(i).isBlank()
                        && (para.isEmpty() || !startsBlock(lines.get(i)) && !tableStarts(lines, i))) {
                    para.add(lines.get(i).strip());
                    i++;
                }
                out.append("<p>").append(inline(String.join(" ", para))).append("</p>\n");
            }
        }
        return out.toString();
    }

    private static boolean startsBlock(String line) {
        return line.strip().startsWith("```") || HEADING.matcher(line).matches() || BULLET.matcher(line).matches()
                || NUMBERED.matcher(line).matches() || QUOTE.matcher(line).matches();
    }

    private static int code(List<String> lines, int start, StringBuilder out) {
        int i = start + 1;
        StringBuilder code = new StringBuilder();
        while (i < lines.size() && !lines.get(i).strip().startsWith("```")) {
            code.append(lines.get(i)).append('\n');
            i++;
        }
        out.append("<pre><code>").append(Html.esc(code.toString())).append("</code></pre>\n");
        return Math.min(i + 1, lines.size());
    }

    /** A header row directly above a rule row of as many cells starts a table. */
    private static boolean tableStarts(List<String> lines, int i) {
        return i + 1 < lines.size() && TABLE_ROW.matcher(lines.get(i)).matches()
                && TABLE_RULE.matcher(lines.get(i + 1)).matches()
                && cells(lines.get(i)).size() == cells(lines.get(i + 1)).size();
    }

    private static int table(List<String> lines, int start, StringBuilder out) {
        List<String> head = cells(lines.get(start));
        List<String> align = new ArrayList<>();
        for (String rule : cells(lines.get(start + 1))) {
            // Right-aligned columns are numbers here (the stylesheet's "num"); others stay left-aligned.
            align.add(rule.endsWith(":") && !rule.startsWith(":") ? "num" : "");
        }
        out.append("<div class=\"table-wrap\"><table>\n<thead><tr>");
        for (int c = 0; c < head.size(); c++) {
            out.append("<th scope=\"col\"").append(style(align.get(c))).append('>').append(inline(head.get(c)))
                    .append("</th>");
        }
        out.append("</tr></thead>\n<tbody>\n");
        int i = start + 2;
        while (i < lines.size() && TABLE_ROW.matcher(lines.get(i)).matches()) {
            List<String> row = cells(lines.get(i));
            out.append("<tr>");
            for (int c = 0; c < head.size(); c++) {
                // A short row is padded and a long one cut, as GitHub does: the header sets the columns.
                out.append("<td").append(style(align.get(c))).append('>')
                        .append(c < row.size() ? inline(row.get(c)) : "").append("</td>");
            }
            out.append("</tr>\n");
            i++;
        }
        out.append("</tbody>\n</table></div>\n");
        return i;
    }

    private static String style(String cssClass) {
        return cssClass.isEmpty() ? "" : " class=\"" + cssClass + "\"";
    }

    /** The cells of a table row: split on pipes outside code spans, without the outer ones; {@code \\|} is a pipe. */
    private static List<String> cells(String row) {
        String s = row.strip();
        s = s.substring(1, s.endsWith("|") && s.length() > 1 ? s.length() - 1 : s.length());
        List<String> out = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean code = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length() && s.charAt(i + 1) == '|') {
                cell.append('|');
                i++;
            } else if (c == '`') {
                code = !code;
                cell.append(c);
            } else if (c == '|' && !code) {
                out.add(cell.toString().strip());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        out.add(cell.toString().strip());
        return out;
    }

    private static int list(List<String> lines, int start, Pattern item, String tag, StringBuilder out) {
        out.append('<').append(tag).append(">\n");
        int i = start;
        Matcher m;
        while (i < lines.size() && (m = item.matcher(lines.get(i))).matches()) {
            StringBuilder text = new StringBuilder(m.group(1).strip());
            i++;
            // continuation lines: indented, not a new item or block
            while (i < lines.size() && lines.get(i).startsWith("  ") && !lines.get(i).isBlank()
                    && !startsBlock(lines.get(i))) {
                text.append(' ').append(lines.get(i).strip());
                i++;
            }
            out.append("<li>").append(inline(text.toString())).append("</li>\n");
        }
        out.append("</").append(tag).append(">\n");
        return i;
    }

    /** Inline markup of one block's text; everything that is not markup is escaped. */
    static String inline(String s) {
        StringBuilder out = new StringBuilder(s.length() + 16);
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            int end;
            if (c == '`' && (end = s.indexOf('`', i + 1)) > i) {
                out.append("<code>").append(Html.esc(s.substring(i + 1, end))).append("</code>");
                i = end + 1;
            } else if (s.startsWith("**", i) && (end = s.indexOf("**", i + 2)) > i + 2) {
                out.append("<strong>").append(inline(s.substring(i + 2, end))).append("</strong>");
                i = end + 2;
            } else if ((c == '*' || c == '_' && !intraword(s, i)) && (end = s.indexOf(c, i + 1)) > i + 1
                    && !Character.isWhitespace(s.charAt(i + 1))) {
                out.append("<em>").append(inline(s.substring(i + 1, end))).append("</em>");
                i = end + 1;
            } else if (c == '[' && (end = link(s, i, out)) > i) {
                i = end;
            } else {
                out.append(Html.esc(String.valueOf(c)));
                i++;
            }
        }
        return out.toString();
    }

    /**
     * An underscore between letters or digits (taf_statement_cpu_work) is part of a word, never
     * emphasis, as in CommonMark.
     */
    private static boolean intraword(String s, int i) {
        return i > 0 && Character.isLetterOrDigit(s.charAt(i - 1));
    }

    /** Renders {@code [text](url)} starting at {@code i}; returns the index after it, or -1 if it is not a link. */
    private static int link(String s, int i, StringBuilder out) {
        int close = s.indexOf("](", i + 1);
        int end = close < 0 ? -1 : s.indexOf(')', close + 2);
        if (close < 0 || end < 0) {
            return -1;
        }
        String text = s.substring(i + 1, close);
        String url = s.substring(close + 2, end).strip();
        if (SAFE_URL.matcher(url).matches() && !url.isEmpty()) {
            out.append("<a href=\"").append(Html.esc(url)).append("\">").append(inline(text)).append("</a>");
        } else {
            out.append(inline(text));
        }
        return end + 1;
    }
}
