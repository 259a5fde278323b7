package org.taf.runner.report.output;

/** Escaping for XML 1.0 text and double-quoted attributes; characters XML cannot hold are dropped. */
final class Xml {
    private Xml() {}

    static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        s.codePoints().forEach(c -> {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\r' -> b.append("&#13;");
                default -> {
                    boolean legal = c == '\n' || c == '\t' || (c >= 0x20 && c <= 0xD7FF)
                            || (c >= 0xE000 && c <= 0xFFFD) || c >= 0x10000;
                    if (legal) {
                        b.appendCodePoint(c);
                    }
                }
            }
        });
        return b.toString();
    }
}
