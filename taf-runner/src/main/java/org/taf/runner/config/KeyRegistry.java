package org.taf.runner.config;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Looks key names up: canonical keys and patterns from {@link Keys}, TAF's legacy names as
 * aliases, {@code TAF_*} environment names, and did-you-mean suggestions for unknown names.
 */
public final class KeyRegistry {
    private static final String ENV_PREFIX = "TAF_";
    private static final KeyRegistry STANDARD = new KeyRegistry(Keys.all(), legacyAliases());

    private final List<KeySpec> specs;
    private final Map<String, Key<?>> keys = new LinkedHashMap<>();
    private final List<KeyPattern> patterns = new ArrayList<>();
    private final Map<String, Alias> aliases = new LinkedHashMap<>();
    private final Map<String, String> envNames = new HashMap<>();

    KeyRegistry(List<KeySpec> specs, List<Alias> aliasList) {
        this.specs = List.copyOf(specs);
        for (KeySpec spec : specs) {
            if (spec instanceof Key<?> k) {
                keys.put(k.name(), k);
                addEnvName(k.name());
            } else {
                patterns.add((KeyPattern) spec);
            }
        }
        for (Alias a : aliasList) {
            if (!keys.containsKey(a.canonical()) || keys.containsKey(a.name())) {
                throw new IllegalStateException("bad alias " + a);
            }
            aliases.put(a.name(), a);
            // TAF_WARMUP_THREADS is both warmup_threads and warmup.threads: the canonical key keeps it.
            boolean sameAsCanonical = a.canonical().equals(envNames.get(envName(a.name())));
            if (!a.name().startsWith("taf.") && !sameAsCanonical) {
                addEnvName(a.name());
            }
        }
    }

    /** The registry of {@link Keys} with TAF's legacy names. */
    public static KeyRegistry standard() {
        return STANDARD;
    }

    /** Every key and pattern in declaration order. */
    public List<KeySpec> specs() {
        return specs;
    }

    /** A fixed key by canonical name. */
    public Optional<Key<?>> key(String name) {
        return Optional.ofNullable(keys.get(name));
    }

    /** The legacy aliases, in declaration order. */
    List<Alias> aliases() {
        return List.copyOf(aliases.values());
    }

    /** Resolves a name as written in a file, {@code -D} or the environment. */
    Optional<KeyMatch> lookup(String name) {
        Key<?> k = keys.get(name);
        if (k != null) {
            return Optional.of(new KeyMatch(name, k, Optional.empty()));
        }
        Alias a = aliases.get(name);
        if (a != null) {
            return Optional.of(new KeyMatch(a.canonical(), keys.get(a.canonical()), Optional.of(a)));
        }
        for (KeyPattern p : patterns) {
            if (p.matches(name)) {
                return Optional.of(new KeyMatch(name, p, Optional.empty()));
            }
        }
        return Optional.empty();
    }

    /** The position of a canonical key's declaration, for stable listings (patterns share theirs). */
    int order(String key) {
        KeySpec spec = lookup(key).map(KeyMatch::spec).orElseThrow();
        return specs.indexOf(spec);
    }

    /** Where a key is listed: its declaration, except that all keys of one comparison are listed together. */
    int rank(String key) {
        return comparisonName(key).isEmpty() ? order(key) : specs.indexOf(Keys.CMP_PARENT);
    }

    /** The comparison a {@code comparison.<name>.*} key belongs to, else the empty string. */
    String comparisonName(String key) {
        KeySpec spec = lookup(key).map(KeyMatch::spec).orElseThrow();
        return spec instanceof KeyPattern p && p.template().startsWith("comparison.") ? p.captures(key)[0] : "";
    }

    /** The closest known key to an unknown name, for "did you mean". */
    Optional<String> suggest(String unknown) {
        String normalized = unknown.toLowerCase(Locale.ROOT).replace('-', '_');
        if (!normalized.equals(unknown) && lookup(normalized).isPresent()) {
            return Optional.of(normalized);
        }
        if (normalized.startsWith("taf.") && lookup(normalized.substring(4)).isPresent()) {
            return Optional.of(normalized.substring(4));
        }
        List<String> candidates = new ArrayList<>();
        for (KeySpec spec : specs) {
            if (spec instanceof Key<?> k) {
                if (!normalized.contains(".") && k.name().endsWith("." + normalized)) {
                    return Optional.of(k.name());
                }
                candidates.add(k.name());
            } else {
                fill((KeyPattern) spec, normalized).ifPresent(candidates::add);
            }
        }
        aliases.keySet().stream().filter(a -> !a.startsWith("taf.")).forEach(candidates::add);
        return EditDistance.closest(normalized, candidates);
    }

    /** The pattern's template with its placeholders taken from {@code key}'s segments at the same places. */
    private static Optional<String> fill(KeyPattern pattern, String key) {
        String[] t = pattern.template().split("\\.");
        String[] k = key.split("\\.");
        if (k.length < t.length) {
            return Optional.empty();
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < t.length; i++) {
            String seg = switch (t[i]) {
                case "<name>" -> k[i];
                case "<variable>" -> String.join(".", java.util.Arrays.copyOfRange(k, i, k.length));
                default -> t[i];
            };
            sb.append(i == 0 ? "" : ".").append(seg);
        }
        return Optional.of(sb.toString());
    }

    /** {@code TAF_} + the key in upper case with dots as {@code _}: {@code TAF_WORKLOAD_TABLE_SIZE}. */
    public static String envName(String key) {
        return ENV_PREFIX + key.toUpperCase(Locale.ROOT).replace('.', '_');
    }

    /** Whether an environment variable is in TAF's namespace. */
    static boolean isTafEnv(String name) {
        return name.startsWith(ENV_PREFIX);
    }

    /**
     * The key (canonical or alias) an environment variable sets: a fixed key, or
     * {@code TAF_ENGINE_X}, {@code TAF_PARENT_ENGINE_X}, {@code TAF_PATCH_ENGINE_X} for engine
     * variables. Comparison keys are not reachable from the environment (their names are ambiguous).
     */
    Optional<String> keyForEnv(String envName) {
        String key = envNames.get(envName);
        if (key != null) {
            return Optional.of(key);
        }
        for (String prefix : List.of("engine.", "parent.engine.", "patch.engine.")) {
            String envPrefix = envName(prefix);
            if (envName.startsWith(envPrefix) && envName.length() > envPrefix.length()) {
                return Optional.of(prefix + envName.substring(envPrefix.length()).toLowerCase(Locale.ROOT));
            }
        }
        return Optional.empty();
    }

    private void addEnvName(String key) {
        String previous = envNames.put(envName(key), key);
        if (previous != null) {
            throw new IllegalStateException(key + " and " + previous + " share " + envName(key));
        }
    }

    /** TAF's property names that map onto ours, bare and with TAF's {@code taf.} prefix. */
    static List<Alias> legacyAliases() {
        String[][] table = {
            {"threads", "workload.threads", ""},
            {"duration", "measure.duration", "s"},
            {"iterations", "measure.iterations", ""},
            {"tests", "workload.tests", ""},
            {"warmup_threads", "warmup.threads", ""},
            {"warmup_duration", "warmup.max", "s"},
            {"db_process_rest_enable", "rest.enabled", ""},
            {"db_process_rest_low", "rest.low_pct", ""},
            {"db_process_rest_high", "rest.high_pct", ""},
            {"db_process_rest_consecutive", "rest.consecutive", ""},
            {"db_process_rest_max_attempts", "rest.max_attempts", ""},
            {"db_process_rest_interval", "rest.interval", "s"},
            {"results_threshold_warning_pct", "verdict.warning_pct", ""},
            {"results_threshold_fail_pct", "verdict.fail_pct", ""},
            {"results_threshold_gain_pct", "verdict.gain_pct", ""},
        };
        List<Alias> out = new ArrayList<>();
        for (String[] row : table) {
            out.add(new Alias(row[0], row[1], !row[2].isEmpty()));
        }
        for (String[] row : table) {
            out.add(new Alias("taf." + row[0], row[1], !row[2].isEmpty()));
        }
        // "comments" is canonical already; TAF wrote it taf.comments.
        out.add(new Alias("taf.comments", "comments", false));
        return out;
    }
}
