package org.taf.runner.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Moves a results file forward one format version at a time, as asv's {@code update_to_N}: each step
 * rewrites the JSON tree of version N into version N + 1, so an old file reads as today's record with
 * nothing guessed silently. What a step cannot know it says in the record (the analysis of a format 1
 * verdict is named as such).
 */
final class FormatUpgrade {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

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
        return tree;
    }

    /**
     * Format 3 to 4: the engine's JVM says why it was the one ({@code launch.java = auto} came with format 4;
     * before, the JVM was always the one {@code launch.java} named, or its default, the runner's own).
     */
    static ObjectNode toV4(ObjectNode run) {
        run.put("format_version", 4);
        if (run.path("environment").get("engine_jvm") instanceof ObjectNode jvm) {
            jvm.put("reason", "launch.java names it");
        }
        return run;
    }

    /**
     * Format 2 to 3: the post's settings get their own record in the definition ({@link PostRecord}), read
     * back from the definition's settings; the narrative's text was not recorded, so it is null and a
     * publish looks for the file the settings name.
     */
    static ObjectNode toV3(ObjectNode run) {
        run.put("format_version", 3);
        if (run.get("definition") instanceof ObjectNode definition) {
            java.util.List<DefinitionRecord.SettingRecord> settings = new java.util.ArrayList<>();
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
        Map<String, String> settings = new HashMap<>();
        for (JsonNode s : run.path("definition").path("settings")) {
            settings.put(s.path("key").asText(), s.path("value").asText());
        }
        double fdr = number(settings, "stats.fdr", 0.05);
        double level = run.path("adaptive").path("level").asDouble(fdr);
        run.put("format_version", 2);
        ObjectNode judgement = run.putObject("judgement");
        judgement.put("analysis", Analysis.FORMAT_1);
        judgement.put("warning_pct", number(settings, "verdict.warning_pct", 3));
        judgement.put("fail_pct", number(settings, "verdict.fail_pct", 5));
        judgement.put("gain_pct", number(settings, "verdict.gain_pct", 5));
        judgement.putArray("metrics").add("TPS");
        judgement.put("confidence", number(settings, "stats.confidence", 0.95));
        judgement.put("fdr", fdr);
        judgement.put("power", number(settings, "stats.power", 0.8));
        judgement.put("first_look", Math.max(3, (int) number(settings, "measure.iterations", 3)));
        judgement.put("max_pairs", (int) number(settings, "stats.max_pairs", 20));
        judgement.put("budget_seconds", seconds(settings.getOrDefault("stats.budget", "10m")));
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
        // Early format 1 files wrote free text here ("planned iterations"): no stop reason of today's.
        String stop = v1.path("stop_reason").asText("");
        if (java.util.Arrays.stream(org.taf.runner.stats.StopReason.values()).anyMatch(r -> r.name().equals(stop))) {
            v.put("stop_reason", stop);
        } else {
            v.putNull("stop_reason");
        }
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
