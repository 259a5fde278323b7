package org.taf.engine.sql.exec;

/**
 * A LIKE pattern: {@code %} any run, {@code _} one character, backslash escapes; matching ignores
 * case as {@code utf8mb4_general_ci} does.
 */
final class LikePattern {
    private final char[] pattern;
    private final boolean[] literal;

    private LikePattern(char[] pattern, boolean[] literal) {
        this.pattern = pattern;
        this.literal = literal;
    }

    static LikePattern compile(String text) {
        char[] p = new char[text.length()];
        boolean[] lit = new boolean[text.length()];
        int n = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length()) {
                c = text.charAt(++i);
                lit[n] = true;
            }
            p[n++] = Character.toUpperCase(c);
        }
        return new LikePattern(java.util.Arrays.copyOf(p, n), java.util.Arrays.copyOf(lit, n));
    }

    boolean matches(String s) {
        return match(s, 0, 0);
    }

    private boolean match(String s, int si, int pi) {
        while (pi < pattern.length) {
            char pc = pattern[pi];
            if (pc == '%' && !literal[pi]) {
                while (pi + 1 < pattern.length && pattern[pi + 1] == '%' && !literal[pi + 1]) {
                    pi++;
                }
                if (pi + 1 == pattern.length) {
                    return true;
                }
                for (int k = si; k <= s.length(); k++) {
                    if (match(s, k, pi + 1)) {
                        return true;
                    }
                }
                return false;
            }
            if (si >= s.length()) {
                return false;
            }
            if (!(pc == '_' && !literal[pi]) && Character.toUpperCase(s.charAt(si)) != pc) {
                return false;
            }
            si++;
            pi++;
        }
        return si == s.length();
    }
}
