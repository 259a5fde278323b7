package org.taf.runner.workload;

import java.util.ArrayList;
import java.util.List;

/**
 * An SQL text with {@code ?} placeholders whose parameters are written in as literals, for servers that
 * cannot prepare a statement. Our statements never contain '?' inside quotes, so splitting on '?' is exact.
 */
final class LiteralSql {
    private final List<String> parts = new ArrayList<>();
    private final String[] values;

    LiteralSql(String sql) {
        int from = 0;
        for (int i = sql.indexOf('?'); i >= 0; i = sql.indexOf('?', from)) {
            parts.add(sql.substring(from, i));
            from = i + 1;
        }
        parts.add(sql.substring(from));
        values = new String[parts.size() - 1];
    }

    void set(int index, long value) {
        values[check(index)] = Long.toString(value);
    }

    void set(int index, String value) {
        StringBuilder b = new StringBuilder(value.length() + 2).append('\'');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\'' || c == '\\') {
                b.append('\\');
            }
            b.append(c);
        }
        values[check(index)] = b.append('\'').toString();
    }

    private int check(int index) {
        if (index < 1 || index > values.length) {
            throw new IllegalArgumentException("parameter " + index + " out of 1.." + values.length);
        }
        return index - 1;
    }

    /** The text with every parameter filled in; a parameter never set is an error. */
    String render() {
        StringBuilder b = new StringBuilder(parts.get(0));
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                throw new IllegalStateException("parameter " + (i + 1) + " of " + String.join("?", parts)
                        + " was never set");
            }
            b.append(values[i]).append(parts.get(i + 1));
        }
        return b.toString();
    }
}
