package org.taf.runner.config;

import java.util.ArrayList;
import java.util.List;

/**
 * A line-aware reader of the {@code .properties} format, so that every value keeps the exact line
 * it was written on ({@link java.util.Properties} forgets lines and silently keeps the last of
 * duplicate keys). It follows {@code Properties.load}: {@code #} and {@code !} comment lines,
 * {@code =}, {@code :} or blanks between key and value, a line ending in an odd number of
 * backslashes continues on the next (whose leading blanks are dropped), and the escapes
 * {@code \t \n \r \f \\uXXXX} and backslash-anything-else.
 */
public final class PropertiesParser {
    private PropertiesParser() {}

    /**
     * Parses {@code text}; {@code source} names it in errors ({@code quick.properties:4: ...}).
     *
     * @throws ConfigException listing every malformed {@code \\uXXXX} escape
     */
    public static List<PropertyLine> parse(String text, String source) {
        String[] lines = text.split("\r\n|\r|\n", -1);
        List<PropertyLine> out = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        int i = 0;
        while (i < lines.length) {
            int start = i + 1;
            String s = stripLeadingBlanks(lines[i++]);
            if (s.isEmpty() || s.charAt(0) == '#' || s.charAt(0) == '!') {
                continue;
            }
            StringBuilder logical = new StringBuilder();
            while (endsInContinuation(s)) {
                logical.append(s, 0, s.length() - 1);
                if (i >= lines.length) {
                    s = "";
                    break;
                }
                s = stripLeadingBlanks(lines[i++]);
            }
            logical.append(s);
            try {
                out.add(split(logical.toString(), start));
            } catch (IllegalArgumentException e) {
                errors.add(source + ":" + start + ": " + e.getMessage());
            }
        }
        if (!errors.isEmpty()) {
            throw new ConfigException(errors);
        }
        return out;
    }

    private static PropertyLine split(String l, int line) {
        int p = 0;
        int n = l.length();
        while (p < n) {
            char c = l.charAt(p);
            if (c == '\\') {
                p = Math.min(n, p + 2);
            } else if (c == '=' || c == ':' || isBlank(c)) {
                break;
            } else {
                p++;
            }
        }
        String key = l.substring(0, p);
        while (p < n && isBlank(l.charAt(p))) {
            p++;
        }
        if (p < n && (l.charAt(p) == '=' || l.charAt(p) == ':')) {
            p++;
        }
        while (p < n && isBlank(l.charAt(p))) {
            p++;
        }
        return new PropertyLine(unescape(key), unescape(l.substring(p)), line);
    }

    private static String unescape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 == s.length()) {
                sb.append(c);
                continue;
            }
            char e = s.charAt(++i);
            switch (e) {
                case 't' -> sb.append('\t');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 'f' -> sb.append('\f');
                case 'u' -> {
                    String hex = s.substring(i + 1, Math.min(s.length(), i + 5));
                    if (!hex.matches("[0-9a-fA-F]{4}")) {
                        throw new IllegalArgumentException("malformed \\uXXXX escape: \\u" + hex);
                    }
                    sb.append((char) Integer.parseInt(hex, 16));
                    i += 4;
                }
                default -> sb.append(e);
            }
        }
        return sb.toString();
    }

    private static boolean endsInContinuation(String s) {
        int backslashes = 0;
        for (int i = s.length() - 1; i >= 0 && s.charAt(i) == '\\'; i--) {
            backslashes++;
        }
        return backslashes % 2 == 1;
    }

    private static String stripLeadingBlanks(String s) {
        int i = 0;
        while (i < s.length() && isBlank(s.charAt(i))) {
            i++;
        }
        return s.substring(i);
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\f';
    }
}
