package org.taf.runner.report.post;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.taf.runner.report.SummaryRow;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SideRecord;

/**
 * How a post with several comparisons names them: short labels that differ where the comparisons
 * differ (a sweep's value, "2"; a named comparison's name, "regression"), and the sides drawn once as
 * a chain ("6cf9f02 → 7f8f212 (regression) → 4b844b8 (fix)", or "98be4fb: innodb_buffer_pool_instances
 * 1 → 2, 4, 8"). A long label cut to fit a chart ("innodb_buffer_pool_i…") is cut exactly where its
 * comparisons differ, so none is cut.
 */
final class ComparisonLabels {
    private ComparisonLabels() {}

    /**
     * The comparison's short label: "" when the run has one comparison (nothing to tell apart); the
     * patch's value of the one engine setting every comparison varies (a sweep); else its name.
     */
    static String shortLabel(RunRecord run, ComparisonRecord c) {
        if (run.comparisons().size() < 2) {
            return "";
        }
        String key = sweptKey(run);
        if (key != null) {
            return c.patch().engineSettings().get(key);
        }
        return c.label() != null && !c.label().isBlank() && c.label().length() <= SHORT ? c.label() : c.name();
    }

    /**
     * The comparison as the headline names it above its answer: its label, else its name; "" when the run has one
     * comparison or is a sweep, whose sentences name their sides ("innodb_buffer_pool_instances=2 is ...").
     */
    static String name(RunRecord run, ComparisonRecord c) {
        if (run.comparisons().size() < 2 || sweptKey(run) != null) {
            return "";
        }
        return c.label() != null && !c.label().isBlank() ? c.label() : c.name();
    }

    /** A label up to this long is short enough to stand for its comparison on a phone: "11.8", "fix". */
    private static final int SHORT = 16;

    /**
     * The one engine setting that all comparisons of a run vary on one commit, with the parent at one
     * value and each patch at another; null when the run is not such a sweep.
     */
    static String sweptKey(RunRecord run) {
        String key = null;
        for (ComparisonRecord c : run.comparisons()) {
            if (c.parent() == null || c.patch() == null || !Objects.equals(tree(c.parent()), tree(c.patch()))) {
                return null;
            }
            List<String> differing = differing(c.parent().engineSettings(), c.patch().engineSettings());
            if (differing.size() != 1 || key != null && !key.equals(differing.get(0))
                    || !c.parent().engineSettings().containsKey(differing.get(0))) {
                return null; // a setting only the patch names is a change of one side, not a sweep's value
            }
            key = differing.get(0);
        }
        return key;
    }

    /**
     * The sides of every comparison, drawn once: for a sweep, the commit and the setting's values
     * ("98be4fb: innodb_buffer_pool_instances 1 → 2, 4, 8"); for comparisons that chain (a patch is
     * the next one's parent), the commits with each comparison's short label after its patch; else ""
     * (one comparison: the headline and the table name its two sides).
     */
    static String chain(RunRecord run) {
        if (run.comparisons().size() < 2) {
            return "";
        }
        String key = sweptKey(run);
        if (key != null) {
            ComparisonRecord first = run.comparisons().get(0);
            Set<String> values = new LinkedHashSet<>();
            run.comparisons().forEach(c -> values.add(c.patch().engineSettings().get(key)));
            return SummaryRow.shortSha(first.parent()) + ": " + key + " "
                    + first.parent().engineSettings().get(key) + " \u2192 " + String.join(", ", values);
        }
        List<String> parts = new ArrayList<>();
        SideRecord previous = null;
        for (ComparisonRecord c : run.comparisons()) {
            if (previous == null || !Objects.equals(tree(previous), tree(c.parent()))) {
                if (previous != null) {
                    return ""; // not a chain: each comparison's own row names its sides
                }
                parts.add(SummaryRow.shortSha(c.parent()));
            }
            parts.add(SummaryRow.shortSha(c.patch()) + " (" + c.name() + ")");
            previous = c.patch();
        }
        return String.join(" \u2192 ", parts);
    }

    private static String tree(SideRecord s) {
        String tree = s.treeId() != null ? s.treeId() : s.commit() == null ? "" : s.commit().sha();
        return tree + "|" + Objects.toString(s.patchDiff(), "");
    }

    private static List<String> differing(Map<String, String> a, Map<String, String> b) {
        Set<String> keys = new LinkedHashSet<>(a.keySet());
        keys.addAll(b.keySet());
        return keys.stream().filter(k -> !Objects.equals(a.get(k), b.get(k))).toList();
    }
}
