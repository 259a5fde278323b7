package org.taf.runner.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders a {@link ResolvedConfig} for {@code taf explain}: every effective key, its value and
 * where it came from, as an aligned text table or as JSON. Secrets are masked.
 */
public final class Explanation {
    /** Longer values are not padded further, so one long command does not widen every row. */
    static final int MAX_VALUE_WIDTH = 40;

    private Explanation() {}

    /** An aligned table: a header naming the file and profile, then KEY, VALUE, ORIGIN rows. */
    public static String text(ResolvedConfig config, LoadContext context) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"KEY", "VALUE", "ORIGIN"});
        for (ResolvedValue v : config.values()) {
            rows.add(new String[] {v.key(), oneLine(v.displayValue()), v.origin().toString()});
        }
        int keyWidth = rows.stream().mapToInt(r -> r[0].length()).max().orElse(0);
        int valueWidth = Math.min(MAX_VALUE_WIDTH, rows.stream().mapToInt(r -> r[1].length()).max().orElse(0));
        StringBuilder sb = new StringBuilder();
        sb.append("# ").append(config.fileDisplay()).append('\n');
        sb.append("# profile: ").append(config.profileFile().map(context::display).orElse("(none found)"))
                .append('\n');
        for (String[] r : rows) {
            sb.append(pad(r[0], keyWidth)).append("  ").append(pad(r[1], valueWidth)).append("  ").append(r[2]);
            sb.append('\n');
        }
        for (String w : config.warnings()) {
            sb.append("# warning: ").append(w).append('\n');
        }
        return sb.toString();
    }

    /**
     * The same as JSON: {@code {"file", "profile_file", "values": [{key, value, origin, origin_kind}], "warnings"}}.
     */
    public static String json(ResolvedConfig config, LoadContext context) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("file", config.fileDisplay());
        root.put("profile_file", config.profileFile().map(context::display).orElse(null));
        List<Map<String, Object>> values = new ArrayList<>();
        for (ResolvedValue v : config.values()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("key", v.key());
            m.put("value", v.displayValue());
            m.put("origin", v.origin().toString());
            m.put("origin_kind", v.origin().kind().name().toLowerCase(java.util.Locale.ROOT));
            values.add(m);
        }
        root.put("values", values);
        root.put("warnings", config.warnings());
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render explain JSON", e);
        }
    }

    private static String oneLine(String s) {
        return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t");
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }
}
