package org.taf.runner.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.taf.runner.stats.StopReason;

/**
 * Moves a results file forward one format version at a time, as asv's {@code update_to_N}: each step
 * rewrites the JSON tree of version N into version N + 1, so an old file reads as today's record with
 * nothing guessed silently. What a step cannot know it says in the record (the analysis of a format 1
 * verdict is named as such).
 */
final class FormatUpgrade {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    /** What an MDE carried over from format 3 says of its origin. */
    static final String UNRECORDED_BASIS = "measured from this cell's pairs (results format 3 and earlier kept its"
            + " percentage only)";
    /** A format 3 note of an exclusion: side, iteration from 1, flags, the rule. */
    private static final Pattern EXCLUSION_NOTE =
            Pattern.compile("excluded (parent|patch) iteration (\\d+) \\(([^)]*)\\): (.*)", Pattern.DOTALL);

    private FormatUpgrade() {}

    /** Upgrades {@code tree} (a whole results file) from {@code version} to {@link ResultsStore#FORMAT_VERSION}. */
    static ObjectNode toCurrent(ObjectNode tree, int version) {
        if (version == 1) {
            tree = toV2(tree);
        }
        if (version <= 2) {
            tree = toV3(tree);
        }
        if (version <= 3) {
            tree = toV4(tree);
        }
        if (version <= 4) {
            tree = UpgradeToV5.apply(tree);
        }
        if (version <= 5) {
            tree = UpgradeToV6.apply(tree);
        }
        if (version <= 6) {
            // Format 7 records what idle CPUs did (environment.cpu_idle); older runs did not say: null.
            tree.put("format_version", 7);
        }
        return tree;
    }

    /**
     * Format 3 to 4: a cell's verdict is the stats stage's own {@code CellVerdict}, where format 3 kept a digest.
     * Its cell is the cell it is in. The classic verdict was its outcome alone: its medians, ratio and change are
     * NaN (null in the file). The MDE was its percentage: its noise is the TPS metric's SD (the MDE was made
     * from it), its pairs the TPS metric's, its level the verdict's, its power the judgement's, its basis
     * {@link #UNRECORDED_BASIS}, and its warning the note that said it. The variance components were SDs: the
     * variances are their squares, a between-start estimate kept as truncated is NaN, the degrees of freedom
     * follow from the counts (between: starts - 2, the two sides' starts pooled, as every analysis that
     * stored components pooled them), and the starts' cost is the cell's own ({@code CellRecord.startSeconds}).
     * The notes become the warnings, less the exclusions, which become records again with the rule they named
     * (the rule is null when nothing was excluded). The verdict's analysis is the judgement's, and goes.
     * The judgement, which a run now records from its start, gains the host-noise limits its iterations were
     * flagged by, from the stored settings; a run that never reached its verdicts gets the whole judgement so.
     * The engine's JVM says why it was the one ({@code launch.java = auto} came with format 4; before, the JVM
     * was always the one {@code launch.java} named, or its default, the runner's own).
     */
    static ObjectNode toV4(ObjectNode run) {
        run.put("format_version", 4);
        if (run.path("environment").get("engine_jvm") instanceof ObjectNode jvm) {
            jvm.put("reason", "launch.java names it");
        }
        Map<String, String> settings = settingsOf(run);
        if (!(run.get("judgement") instanceof ObjectNode)) {
            List<String> metrics = Arrays.stream(settings.getOrDefault("verdict.metrics", "tps").split(","))
                    .map(m -> m.strip().toUpperCase(Locale.ROOT)).filter(m -> !m.isEmpty()).toList();
            ObjectNode j = judgement(run, settings, Analysis.PAIRED, metrics);
            if (settings.containsKey("verdict.counter_margin_pct")) {
                j.put("counter_margin_pct", number(settings, "verdict.counter_margin_pct", 10));
            }
        }
        ObjectNode noise = ((ObjectNode) run.get("judgement")).putObject("host_noise");
        noise.put("max_other_pct", number(settings, "profile.noise.max_other_pct",
                NoiseThresholds.DEFAULT.maxOtherPct()));
        noise.put("max_steal_pct", number(settings, "profile.noise.max_steal_pct",
                NoiseThresholds.DEFAULT.maxStealPct()));
        double power = run.path("judgement").path("power").asDouble(0.8);
        for (JsonNode c : run.path("comparisons")) {
            for (JsonNode cell : c.path("cells")) {
                if (cell.get("verdict") instanceof ObjectNode v) {
                    ((ObjectNode) cell).set("verdict", cellVerdict((ObjectNode) cell, v, power));
                }
            }
        }
        return run;
    }

    private static ObjectNode cellVerdict(ObjectNode cell, ObjectNode v3, double power) {
        ObjectNode v = F.objectNode();
        ObjectNode key = v.putObject("cell");
        key.set("workload", cell.get("workload"));
        key.set("threads", cell.get("threads"));
        v.set("verdict", v3.get("verdict"));
        v.set("reason", v3.get("reason"));
        v.set("metrics", v3.get("metrics"));
        if (v3.hasNonNull("classic")) {
            ObjectNode classic = v.putObject("classic");
            for (String unknown : new String[] {"parent_median_tps", "patch_median_tps", "ratio", "change_pct"}) {
                classic.putNull(unknown);
            }
            classic.set("outcome", v3.get("classic"));
        } else {
            v.putNull("classic");
        }
        v.set("measured_pairs", v3.get("measured_pairs"));
        v.set("level", v3.get("level"));
        v.set("stop_reason", v3.get("stop_reason"));
        ArrayNode warnings = F.arrayNode();
        ArrayNode excluded = F.arrayNode();
        String rule = null;
        String mdeWarning = null;
        for (JsonNode n : v3.path("notes")) {
            Matcher m = EXCLUSION_NOTE.matcher(n.asText());
            if (m.matches()) {
                ObjectNode e = excluded.addObject();
                e.put("side", m.group(1).toUpperCase(Locale.ROOT));
                e.put("index", Integer.parseInt(m.group(2)) - 1);
                ArrayNode flags = e.putArray("flags");
                Arrays.stream(m.group(3).split(",\\s*")).filter(f -> !f.isBlank()).forEach(flags::add);
                rule = m.group(4);
            } else {
                warnings.add(n);
                String text = n.asText();
                if (text.startsWith("this run cannot see ") || text.startsWith("too few pairs to estimate")) {
                    mdeWarning = text;
                }
            }
        }
        JsonNode tps = null;
        for (JsonNode m : v3.path("metrics")) {
            if ("TPS".equals(m.path("metric").asText())) {
                tps = m;
            }
        }
        if (tps == null) {
            v.putNull("mde");
        } else {
            ObjectNode mde = v.putObject("mde");
            mde.set("pct", v3.get("mde_pct"));
            mde.set("sigma", tps.get("sd_log"));
            mde.set("pairs", tps.get("pairs"));
            mde.set("alpha", v3.get("level"));
            mde.put("power", power);
            mde.put("basis", UNRECORDED_BASIS);
            mde.put("warning", mdeWarning);
        }
        if (v3.get("variance") instanceof ObjectNode var) {
            ObjectNode c = v.putObject("components");
            int starts = var.path("starts").asInt();
            int values = var.path("samples").asInt();
            c.put("within_variance", Math.pow(var.path("within_sd").asDouble(), 2));
            if (var.path("between_truncated").asBoolean()) {
                c.putNull("between_variance_raw");
            } else {
                c.put("between_variance_raw", Math.pow(var.path("between_sd").asDouble(), 2));
            }
            c.put("starts", starts);
            c.put("values", values);
            c.put("within_df", values - starts);
            c.put("between_df", starts >= 4 ? starts - 2 : starts - 1);
        } else {
            v.putNull("components");
        }
        v.set("excluded", excluded);
        v.put("exclusion_rule", rule);
        v.set("warnings", warnings);
        v.set("findings", v3.has("findings") ? v3.get("findings") : F.arrayNode());
        v.set("counters", v3.hasNonNull("counters") ? v3.get("counters") : F.arrayNode());
        return v;
    }

    /**
     * Format 2 to 3: the post's settings get their own record in the definition ({@link PostRecord}), read
     * back from the definition's settings; the narrative's text was not recorded, so it is null and a
     * publish looks for the file the settings name.
     */
    static ObjectNode toV3(ObjectNode run) {
        run.put("format_version", 3);
        if (run.get("definition") instanceof ObjectNode definition) {
            List<DefinitionRecord.SettingRecord> settings = new java.util.ArrayList<>();
            for (JsonNode s : definition.path("settings")) {
                settings.add(new DefinitionRecord.SettingRecord(s.path("key").asText(), s.path("value").asText(null),
                        s.path("origin").asText(null)));
            }
            definition.set("post", ResultsStore.json().valueToTree(PostRecord.fromSettings(settings)));
        }
        return run;
    }

    /**
     * Format 1 to 2: the verdict's TPS numbers and its CPU record become one list of metrics, the
     * duplicated CPU fields in milliseconds go, the reason leaves the notes, sides name their role as an
     * enum, iterations get their launch time (unknown: 0) and one window, the environment names the
     * engine's JVM, and the thresholds the run was judged by come from its stored settings.
     */
    static ObjectNode toV2(ObjectNode run) {
        Map<String, String> settings = settingsOf(run);
        double level = run.path("adaptive").path("level").asDouble(number(settings, "stats.fdr", 0.05));
        run.put("format_version", 2);
        judgement(run, settings, Analysis.FORMAT_1, List.of("TPS"));
        if (run.get("environment") instanceof ObjectNode env) {
            ObjectNode jvm = env.putObject("engine_jvm");
            jvm.put("java", settings.get("launch.java"));
            jvm.put("version", env.path("jvm").asText(null));
            ArrayNode args = jvm.putArray("args");
            String raw = settings.getOrDefault("launch.jvm_args", "");
            for (String a : raw.split(",")) {
                if (!a.isBlank()) {
                    args.add(a.strip());
                }
            }
            jvm.putNull("aot_cache");
        }
        for (JsonNode c : run.path("comparisons")) {
            for (String side : new String[] {"parent", "patch"}) {
                if (c.get(side) instanceof ObjectNode s && s.hasNonNull("role")) {
                    s.put("role", s.get("role").asText().toUpperCase(Locale.ROOT));
                }
            }
            for (JsonNode cell : c.path("cells")) {
                ((ObjectNode) cell).put("mode", "RESTART");
                ((ObjectNode) cell).put("windows", 1);
                for (String side : new String[] {"parent", "patch"}) {
                    for (JsonNode it : cell.path(side)) {
                        ((ObjectNode) it).put("launch_seconds", 0.0);
                        ((ObjectNode) it).putArray("windows").add(0);
                    }
                }
                if (cell.get("verdict") instanceof ObjectNode v) {
                    ((ObjectNode) cell).set("verdict", verdict(v, level));
                }
            }
        }
        return run;
    }

    /** The run's stored settings by key. */
    private static Map<String, String> settingsOf(ObjectNode run) {
        Map<String, String> settings = new HashMap<>();
        for (JsonNode s : run.path("definition").path("settings")) {
            settings.put(s.path("key").asText(), s.path("value").asText());
        }
        return settings;
    }

    /** The rules of a run that did not record them, from its stored settings (their defaults when unset). */
    private static ObjectNode judgement(ObjectNode run, Map<String, String> settings, String analysis,
                                        List<String> metrics) {
        ObjectNode judgement = run.putObject("judgement");
        judgement.put("analysis", analysis);
        judgement.put("warning_pct", number(settings, "verdict.warning_pct", 3));
        judgement.put("fail_pct", number(settings, "verdict.fail_pct", 5));
        judgement.put("gain_pct", number(settings, "verdict.gain_pct", 5));
        metrics.forEach(judgement.putArray("metrics")::add);
        judgement.put("confidence", number(settings, "stats.confidence", 0.95));
        judgement.put("fdr", number(settings, "stats.fdr", 0.05));
        judgement.put("power", number(settings, "stats.power", 0.8));
        judgement.put("first_look", Math.max(3, (int) number(settings, "measure.iterations", 3)));
        judgement.put("max_pairs", (int) number(settings, "stats.max_pairs", 20));
        judgement.put("budget_seconds", seconds(settings.getOrDefault("stats.budget", "10m")));
        return judgement;
    }

    private static ObjectNode verdict(ObjectNode v1, double level) {
        ObjectNode v = F.objectNode();
        v.set("verdict", v1.get("verdict"));
        ArrayNode notes = F.arrayNode();
        JsonNode old = v1.path("notes");
        v.put("reason", old.size() > 0 ? old.get(0).asText() : "");
        for (int i = 1; i < old.size(); i++) {
            notes.add(old.get(i));
        }
        v.put("analysis", Analysis.FORMAT_1);
        v.set("classic", v1.get("classic"));
        ArrayNode metrics = v.putArray("metrics");
        ArrayNode findings = F.arrayNode();
        String verdict = v1.path("verdict").asText();
        if (v1.hasNonNull("parent_tps") && v1.hasNonNull("patch_tps") && v1.hasNonNull("ratio")) {
            ObjectNode tps = metrics.addObject();
            tps.put("metric", "TPS");
            tps.set("parent", v1.get("parent_tps"));
            tps.set("patch", v1.get("patch_tps"));
            tps.set("ratio", v1.get("ratio"));
            tps.set("ci_low", v1.get("ci_low"));
            tps.set("ci_high", v1.get("ci_high"));
            tps.set("confidence", v1.get("confidence"));
            tps.set("p_value", v1.get("p_value"));
            tps.set("p_adjusted", v1.get("p_adjusted"));
            tps.set("pairs", v1.get("pairs_used"));
            tps.putNull("sd_log");
            tps.put("change", switch (verdict) {
                case "REGRESSED" -> "WORSE";
                case "IMPROVED" -> "BETTER";
                case "NO_CHANGE" -> "SAME";
                default -> "UNKNOWN";
            });
            tps.put("gates", true);
        }
        if (v1.get("cpu") instanceof ObjectNode c) {
            ObjectNode cpu = metrics.addObject();
            cpu.put("metric", "CPU_PER_TX");
            cpu.set("parent", c.get("parent_us_per_tx"));
            cpu.set("patch", c.get("patch_us_per_tx"));
            cpu.set("ratio", c.get("ratio"));
            cpu.set("ci_low", c.get("ci_low"));
            cpu.set("ci_high", c.get("ci_high"));
            cpu.set("confidence", v1.get("confidence"));
            cpu.set("p_value", c.get("p_value"));
            cpu.putNull("p_adjusted");
            cpu.put("pairs", Math.min(c.path("parent_iterations").asInt(), c.path("patch_iterations").asInt()));
            cpu.putNull("sd_log");
            cpu.put("change", switch (c.path("change").asText()) {
                case "HIGHER" -> "WORSE";
                case "LOWER" -> "BETTER";
                case "SAME" -> "SAME";
                default -> "UNKNOWN";
            });
            cpu.put("gates", false);
            if (c.hasNonNull("disagreement")) {
                findings.add(c.get("disagreement"));
                removeText(notes, c.get("disagreement").asText());
            }
        }
        v.set("measured_pairs", v1.get("pairs_used"));
        v.put("level", level);
        // Early format 1 files wrote free text here ("planned iterations"): they ran no adaptive loop.
        String stop = v1.path("stop_reason").asText("");
        v.put("stop_reason", Arrays.stream(StopReason.values()).anyMatch(r -> r.name().equals(stop)) ? stop
                : StopReason.PLANNED_ONLY.name());
        v.set("mde_pct", v1.get("mde_pct"));
        v.putNull("variance");
        v.set("notes", notes);
        v.set("findings", findings);
        return v;
    }

    private static void removeText(ArrayNode a, String text) {
        for (int i = a.size() - 1; i >= 0; i--) {
            if (a.get(i).asText().equals(text)) {
                a.remove(i);
            }
        }
    }

    private static double number(Map<String, String> settings, String key, double otherwise) {
        try {
            return Double.parseDouble(settings.getOrDefault(key, String.valueOf(otherwise)).replace("%", "").strip());
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    /** A stored duration setting ({@code 2m}, {@code 90s}, {@code 1h}) in seconds. */
    private static long seconds(String raw) {
        String s = raw.strip();
        try {
            if (s.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(s.substring(0, s.length() - 2).strip())).toSeconds();
            }
            long n = Long.parseLong(s.substring(0, s.length() - 1).strip());
            return switch (s.charAt(s.length() - 1)) {
                case 's' -> n;
                case 'm' -> n * 60;
                case 'h' -> n * 3600;
                default -> 600;
            };
        } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
            return 600;
        }
    }

    /** The analyses, as records name them. */
    static final class Analysis {
        /** Today's: the paired analysis of A/B pairs. */
        static final String PAIRED = "paired t over A/B pairs";
        /** What format 1 files were judged by. */
        static final String FORMAT_1 = "unpaired: Mann-Whitney on iteration medians, hierarchical bootstrap (format 1)";

        private Analysis() {}
    }
}
