package org.taf.runner.config;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.taf.runner.sys.EditDistance;

/**
 * Looks key names up: canonical keys and patterns from {@link Keys}, old names (TAF's, and our renamed keys') as
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
            // Only bare names get a TAF_* variable: TAF_TAF_THREADS or TAF_SYSBENCH_LUA_... would name nothing new.
            // A renamed key keeps its old variable (TAF_PROFILE_JFR), as its files keep their old name.
            if ((a.renamed() || !a.name().contains(".")) && !sameAsCanonical) {
                addEnvName(a.name());
            }
        }
    }

    /** The registry of {@link Keys} with the old names. */
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

    /** The old names, in declaration order: renamed keys of ours, then TAF (perl)'s. */
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
        // TAF's prefixed names are suggested only to those who write TAF's prefix.
        boolean tafPrefix = normalized.startsWith("taf.");
        aliases.keySet().stream().filter(a -> tafPrefix || !a.startsWith("taf.")).forEach(candidates::add);
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
                case "<name>", "<workload>", "<metric>" -> k[i];
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

    /**
     * {@code TAF_*} variables that set no key, with what they do: loading a definition leaves them to their
     * readers instead of warning that no key is named so.
     */
    static final java.util.Map<String, String> OTHER_ENV = java.util.Map.of(
            "TAF_JAVA", "a JDK 25 or newer (its java, or its home) that launch.java = auto tries first",
            "TAF_MEASURE_LOCK", "the file of the host-wide measuring lock (default /run/taf/measure.lock)");

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

    /** Our keys' old names, then TAF (perl)'s property names that map onto ours (see {@link TafPerl}). */
    static List<Alias> legacyAliases() {
        List<Alias> all = new ArrayList<>();
        // "profile" names the host profile alone (profile.*); JFR recording is its own key.
        all.add(Alias.renamed("profile.jfr", Keys.JFR.name()));
        all.addAll(TafPerl.aliases());
        return all;
    }
}
