package org.taf.runner.report;

/**
 * Escaping for HTML and SVG text and double-quoted attribute values, for the markup made in Java
 * (Markdown, charts). Control characters, which XML 1.0 forbids, are dropped.
 */
public final class Html {
    private Html() {}

    public static String esc(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> {
                    if (c >= 0x20 || c == '\n' || c == '\t') {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }
}
