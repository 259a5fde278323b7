package org.taf.runner.report.site;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.taf.runner.report.Messages;
import org.taf.runner.results.DefinitionRecord;

/**
 * What an earlier run of a story did otherwise than its newest: the settings its definition had that
 * the newest's has not ("measure.mode = restart"), so that a reader of the index sees why the two
 * posts differ. Outputs and post texts are left out: they do not change a number.
 */
final class Differences {
    /** Settings named before "and N more": a line, not a table. */
    private static final int SHOWN = 4;
    private static final List<String> IGNORED = List.of("output.", "post.", "results.db.", "comments");

    private Differences() {}

    /** What the definition of settings {@code a} (the earlier run's) set otherwise than {@code b}'s (the newest's). */
    static String of(Map<String, String> a, Map<String, String> b, Messages m) {
        List<String> out = new ArrayList<>();
        int more = 0;
        java.util.Set<String> keys = new java.util.TreeSet<>(a.keySet());
        keys.addAll(b.keySet());
        for (String k : keys) {
            if (IGNORED.stream().anyMatch(k::startsWith) || Objects.equals(a.get(k), b.get(k))) {
                continue;
            }
            if (out.size() < SHOWN) {
                out.add(k + " = " + (a.get(k) == null ? m.get("differences.unset") : a.get(k)));
            } else {
                more++;
            }
        }
        if (more > 0) {
            out.add(m.get("list.more", more));
        }
        return out.isEmpty() ? m.get("differences.none") : String.join(", ", out);
    }

    /** A definition's settings, key to value ("" for none); none without a definition. */
    static Map<String, String> settings(DefinitionRecord d) {
        Map<String, String> out = new TreeMap<>();
        if (d != null) {
            d.settings().forEach(s -> out.put(s.key(), s.value() == null ? "" : s.value()));
        }
        return out;
    }
}
