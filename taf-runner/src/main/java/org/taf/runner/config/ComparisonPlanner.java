package org.taf.runner.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.sys.EditDistance;

/**
 * Turns the comparison keys into {@link Comparison}s: the single {@code parent}/{@code patch} (or
 * {@code patch_diff}) pair, or the named ones of {@code comparisons}, each either a pair or a sweep
 * of one engine variable on one revision, expanded into one comparison per value after the first.
 */
final class ComparisonPlanner {
    private final ResolvedConfig config;
    private final Problems problems;
    private final EngineSettings global;

    ComparisonPlanner(ResolvedConfig config, Problems problems) {
        this.config = config;
        this.problems = problems;
        this.global = engine(Keys.ENGINE, config);
    }

    /** The global {@code engine.*} variables. */
    EngineSettings globalEngine() {
        return global;
    }

    List<Comparison> plan() {
        List<String> names = config.get(Keys.COMPARISONS);
        return names.isEmpty() ? List.of(single()) : named(names);
    }

    private Comparison single() {
        for (KeyPattern p : List.of(Keys.CMP_PARENT, Keys.CMP_PATCH, Keys.CMP_REVISION, Keys.CMP_PATCH_DIFF,
                Keys.CMP_LABEL, Keys.CMP_PARENT_ENGINE, Keys.CMP_PATCH_ENGINE, Keys.CMP_SWEEP)) {
            for (Setting s : config.matching(p)) {
                problems.error(s.origin().where() + ": " + s.key() + ": no comparison named "
                        + p.captures(s.key())[0] + " (comparisons is empty)");
            }
        }
        String parentRev = config.get(Keys.PARENT);
        Side parent = new Side(parentRev, Optional.empty(), global.overlay(engine(Keys.PARENT_ENGINE, config)));
        EngineSettings patchEngine = global.overlay(engine(Keys.PATCH_ENGINE, config));
        Optional<Path> diff = config.get(Keys.PATCH_DIFF);
        Side patch;
        if (diff.isPresent()) {
            Setting diffSetting = config.setting(Keys.PATCH_DIFF.name()).orElseThrow();
            config.setting(Keys.PATCH.name()).filter(s -> s.origin().kind() != Origin.Kind.DEFAULT)
                    .ifPresent(s -> conflict(s, diffSetting));
            checkFile(diffSetting, diff.get());
            patch = new Side(parentRev, diff, patchEngine);
        } else {
            patch = new Side(config.get(Keys.PATCH), Optional.empty(), patchEngine);
        }
        return new Comparison(ComparisonRecord.SINGLE, label(parent, patch), parent, patch);
    }

    private List<Comparison> named(List<String> names) {
        Setting declared = config.setting(Keys.COMPARISONS.name()).orElseThrow();
        if (config.get(Keys.PATCH_DIFF).isPresent()) {
            Setting s = config.setting(Keys.PATCH_DIFF.name()).orElseThrow();
            problems.error(s.origin().where() + ": patch_diff applies to the single comparison; with comparisons "
                    + "use comparison.<name>.patch_diff");
        }
        for (KeyPattern p : List.of(Keys.PARENT_ENGINE, Keys.PATCH_ENGINE)) {
            for (Setting s : config.matching(p)) {
                problems.error(s.origin().where() + ": " + s.key()
                        + " applies to the single comparison; with comparisons use comparison.<name>." + s.key());
            }
        }
        Map<String, Map<KeyPattern, List<Setting>>> byName = groupByName(names);
        List<Comparison> out = new ArrayList<>();
        for (String name : names) {
            Map<KeyPattern, List<Setting>> keys = byName.getOrDefault(name, Map.of());
            if (keys.isEmpty()) {
                problems.error(declared.origin().where() + ": comparisons names " + name
                        + " but no comparison." + name + ".* key is set");
            } else if (keys.containsKey(Keys.CMP_SWEEP)) {
                out.addAll(sweep(name, keys));
            } else {
                out.add(pair(name, keys));
            }
        }
        Set<String> seen = new HashSet<>();
        for (Comparison c : out) {
            if (!seen.add(c.name())) {
                problems.error(declared.origin().where() + ": two comparisons are named " + c.name()
                        + " (a sweep step and another comparison); rename one");
            }
        }
        return out;
    }

    private Map<String, Map<KeyPattern, List<Setting>>> groupByName(List<String> names) {
        Map<String, Map<KeyPattern, List<Setting>>> byName = new LinkedHashMap<>();
        for (KeySpec spec : Keys.all()) {
            if (!(spec instanceof KeyPattern p) || !p.template().startsWith("comparison.")) {
                continue;
            }
            for (Setting s : config.matching(p)) {
                String name = p.captures(s.key())[0];
                if (!names.contains(name)) {
                    String hint = EditDistance.closest(name, names).map(n -> "; did you mean " + n + "?").orElse("");
                    problems.error(s.origin().where() + ": " + s.key() + ": no comparison named " + name
                            + " in comparisons (" + String.join(", ", names) + ")" + hint);
                    continue;
                }
                byName.computeIfAbsent(name, n -> new LinkedHashMap<>()).computeIfAbsent(p, x -> new ArrayList<>())
                        .add(s);
            }
        }
        return byName;
    }

    private Comparison pair(String name, Map<KeyPattern, List<Setting>> keys) {
        Optional<String> revision = one(keys, Keys.CMP_REVISION).map(s -> (String) s.value());
        String parentRev = one(keys, Keys.CMP_PARENT).map(s -> (String) s.value())
                .or(() -> revision).orElse(config.get(Keys.PARENT));
        String patchRev = one(keys, Keys.CMP_PATCH).map(s -> (String) s.value())
                .or(() -> revision).orElse(config.get(Keys.PATCH));
        Side parent = new Side(parentRev, Optional.empty(), global.overlay(engine(Keys.CMP_PARENT_ENGINE, keys)));
        EngineSettings patchEngine = global.overlay(engine(Keys.CMP_PATCH_ENGINE, keys));
        Optional<Setting> diff = one(keys, Keys.CMP_PATCH_DIFF);
        Side patch;
        if (diff.isPresent()) {
            one(keys, Keys.CMP_PATCH).ifPresent(s -> conflict(s, diff.get()));
            Path file = (Path) diff.get().value();
            checkFile(diff.get(), file);
            patch = new Side(parentRev, Optional.of(file), patchEngine);
        } else {
            patch = new Side(patchRev, Optional.empty(), patchEngine);
        }
        String label = one(keys, Keys.CMP_LABEL).map(Setting::raw).filter(l -> !l.isEmpty())
                .orElse(label(parent, patch));
        return new Comparison(name, label, parent, patch);
    }

    private List<Comparison> sweep(String name, Map<KeyPattern, List<Setting>> keys) {
        List<Setting> sweeps = keys.get(Keys.CMP_SWEEP);
        Setting sweep = sweeps.get(0);
        if (sweeps.size() > 1) {
            problems.error(sweeps.get(1).origin().where() + ": " + sweeps.get(1).key() + ": comparison " + name
                    + " already sweeps " + sweep.key() + "; a comparison sweeps one variable");
        }
        for (KeyPattern p : List.of(Keys.CMP_PARENT, Keys.CMP_PATCH, Keys.CMP_PATCH_DIFF, Keys.CMP_PARENT_ENGINE,
                Keys.CMP_PATCH_ENGINE)) {
            for (Setting s : keys.getOrDefault(p, List.of())) {
                problems.error(s.origin().where() + ": " + s.key() + " cannot be combined with the sweep "
                        + sweep.key() + " (" + sweep.origin().where() + "); a sweep runs on comparison." + name
                        + ".revision");
            }
        }
        Optional<Setting> revision = one(keys, Keys.CMP_REVISION);
        if (revision.isEmpty()) {
            problems.error(sweep.origin().where() + ": " + sweep.key() + " needs comparison." + name
                    + ".revision (the commit the sweep runs on)");
            return List.of();
        }
        String rev = (String) revision.get().value();
        String variable = Keys.CMP_SWEEP.captures(sweep.key())[1];
        @SuppressWarnings("unchecked")
        List<String> values = (List<String>) sweep.value();
        Optional<String> userLabel = one(keys, Keys.CMP_LABEL).map(Setting::raw).filter(l -> !l.isEmpty());
        Side base = new Side(rev, Optional.empty(), global.overlay(EngineSettings.of(Map.of(variable, values.get(0)))));
        List<Comparison> out = new ArrayList<>();
        for (String v : values.subList(1, values.size())) {
            Side step = new Side(rev, Optional.empty(), global.overlay(EngineSettings.of(Map.of(variable, v))));
            String generated = label(base, step);
            out.add(new Comparison(name + "-" + v.replaceAll("[^A-Za-z0-9_.-]", "_"),
                    userLabel.map(l -> l + ": " + generated).orElse(generated), base, step));
        }
        return out;
    }

    /** {@code HEAD~1 vs HEAD}; for one revision, the engine variables that differ. */
    static String label(Side parent, Side patch) {
        if (!parent.describe().equals(patch.describe()) || parent.engine().equals(patch.engine())) {
            return parent.describe() + " vs " + patch.describe();
        }
        return parent.describe() + ": " + differing(parent.engine(), patch.engine()) + " vs "
                + differing(patch.engine(), parent.engine());
    }

    private static String differing(EngineSettings a, EngineSettings b) {
        List<String> parts = new ArrayList<>();
        Set<String> names = new java.util.TreeSet<>(a.asMap().keySet());
        names.addAll(b.asMap().keySet());
        for (String n : names) {
            if (!a.get(n).equals(b.get(n))) {
                parts.add(n + "=" + a.get(n).orElse("(default)"));
            }
        }
        return String.join(", ", parts);
    }

    /** Engine variables from settings of an {@code ...engine.<variable>} pattern (the variable is its last capture). */
    private static EngineSettings engine(KeyPattern pattern, List<Setting> settings) {
        Map<String, String> values = new TreeMap<>();
        for (Setting s : settings) {
            String[] captures = pattern.captures(s.key());
            values.put(captures[captures.length - 1], s.raw());
        }
        return EngineSettings.of(values);
    }

    private static EngineSettings engine(KeyPattern pattern, ResolvedConfig config) {
        return engine(pattern, config.matching(pattern));
    }

    private static EngineSettings engine(KeyPattern pattern, Map<KeyPattern, List<Setting>> keys) {
        return engine(pattern, keys.getOrDefault(pattern, List.of()));
    }

    private static Optional<Setting> one(Map<KeyPattern, List<Setting>> keys, KeyPattern p) {
        List<Setting> list = keys.getOrDefault(p, List.of());
        return list.isEmpty() ? Optional.empty() : Optional.of(list.get(0));
    }

    private void conflict(Setting patch, Setting diff) {
        problems.error(diff.origin().where() + ": " + diff.key() + " and " + patch.key() + " ("
                + patch.origin().where() + ") are both set; a diff is applied on the parent, so set only one");
    }

    private void checkFile(Setting s, Path file) {
        if (!Files.isRegularFile(file)) {
            problems.error(s.origin().where() + ": " + s.key() + " = " + s.raw() + ": no such file (" + file + ")");
        }
    }
}
