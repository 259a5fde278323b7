package org.taf.runner.config;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A family of keys sharing one type, such as {@code engine.<variable>} or
 * {@code comparison.<name>.parent}. Placeholders are {@code <name>} (a comparison name, a workload or a metric:
 * letters, digits, {@code _}, {@code -}), {@code <workload>} and {@code <metric>} (the same characters, named for
 * the docs; the definition's builder checks that they name one) and {@code <variable>} (a lower_snake engine
 * variable).
 *
 * @param template    the documented form, e.g. {@code comparison.<name>.patch.engine.<variable>}
 * @param type        how values of matching keys are parsed
 * @param description one line for the reference docs
 */
public record KeyPattern(String template, ValueType<?> type, String description) implements KeySpec {
    static final String NAME = "[A-Za-z0-9_-]+";
    static final String VARIABLE = "[a-z][a-z0-9_]*";

    public KeyPattern {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(description, "description");
        if (!template.contains("<")) {
            throw new IllegalArgumentException("a pattern needs a placeholder: " + template);
        }
    }

    /** The regex a concrete key must match; groups are the placeholders in order. */
    Pattern regex() {
        String quoted = Pattern.quote(template)
                .replace("<name>", "\\E(" + NAME + ")\\Q")
                .replace("<workload>", "\\E(" + NAME + ")\\Q")
                .replace("<metric>", "\\E(" + NAME + ")\\Q")
                .replace("<variable>", "\\E(" + VARIABLE + ")\\Q");
        return Pattern.compile(quoted);
    }

    /** Whether {@code key} belongs to this family. */
    public boolean matches(String key) {
        return regex().matcher(key).matches();
    }

    /** The placeholder values of {@code key} in order, or an empty array when it does not match. */
    String[] captures(String key) {
        Matcher m = regex().matcher(key);
        if (!m.matches()) {
            return new String[0];
        }
        String[] out = new String[m.groupCount()];
        for (int i = 0; i < out.length; i++) {
            out[i] = m.group(i + 1);
        }
        return out;
    }
}
