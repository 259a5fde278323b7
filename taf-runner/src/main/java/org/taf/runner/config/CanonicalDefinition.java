package org.taf.runner.config;

import java.util.ArrayList;
import java.util.List;

/**
 * A definition rewritten with canonical keys, for {@code taf convert}: the keys its file sets (TAF (perl)
 * names as the keys they stand for, the {@code [db_config_start]} block's options as {@code engine.*}
 * keys, TAF's plain seconds with their unit), in registry order, and the keys dropped because they
 * have no effect here as comments saying why. Loading the result resolves to the same values as the
 * original; only the origins differ.
 */
public final class CanonicalDefinition {
    private CanonicalDefinition() {}

    /** The canonical text of the definition {@code config} was resolved from. */
    public static String write(ResolvedConfig config) {
        StringBuilder sb = new StringBuilder();
        sb.append("# ").append(config.fileDisplay()).append(" in canonical keys, written by taf convert.\n");
        sb.append("# Relative paths are as written: keep this file next to the original.\n");
        List<ResolvedValue> set = new ArrayList<>();
        for (ResolvedValue v : config.values()) {
            if (v.origin().kind() == Origin.Kind.FILE) {
                set.add(v);
            }
        }
        ResolvedValue name = config.find(Keys.NAME.name()).orElseThrow();
        if (name.origin().kind() == Origin.Kind.DEFAULT) {
            // The default is the file's base name: a converted copy under another name would change it.
            sb.append("\n# the original's file name, which named its results\n");
            sb.append(line(name.key(), name.value()));
        }
        if (!set.isEmpty()) {
            sb.append('\n');
        }
        for (ResolvedValue v : set) {
            sb.append(line(v.key(), v.value()));
        }
        if (!config.dropped().isEmpty()) {
            sb.append("\n# Dropped: these keys of TAF (perl) have no effect here.\n");
            for (ResolvedConfig.Dropped d : config.dropped()) {
                // TAF's passwords (taf.db_user_pass, ...) stay out of the new file, as explain masks ours.
                String value = d.written().contains("pass") && !d.value().isEmpty() ? "****" : d.value();
                sb.append("# ").append(oneLine(d.written() + " = " + value)).append("  (line ")
                        .append(d.origin().line()).append("): ").append(d.reason()).append('\n');
            }
        }
        return sb.toString();
    }

    private static String line(String key, String value) {
        return key + " = " + escape(value) + "\n";
    }

    /** The value as a {@code .properties} line reads it back ({@link PropertiesParser}'s escapes). */
    static String escape(String value) {
        StringBuilder sb = new StringBuilder(value.length());
        for (char c : value.toCharArray()) {
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\f' -> sb.append("\\f");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    private static String oneLine(String s) {
        return s.replace("\r", "\\r").replace("\n", "\\n");
    }
}
