package org.taf.runner.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.taf.runner.sys.Durations;

/**
 * Loads a test definition: reads the file, its includes and its profile, applies {@code -D}
 * overrides and {@code TAF_*} environment variables, and checks everything, reporting all
 * problems of one load together. Precedence, lowest first: built-in defaults, included files
 * (later includes over earlier, a file over its own includes), the profile file, the file,
 * {@code -D}, the environment.
 *
 * <pre>{@code
 * TestDefinition def = new ConfigLoader(LoadContext.system()).load(Path.of("properties/quick.properties"), Map.of());
 * }</pre>
 */
public final class ConfigLoader {
    private final LoadContext context;
    private final KeyRegistry registry;

    public ConfigLoader(LoadContext context) {
        this(context, KeyRegistry.standard());
    }

    ConfigLoader(LoadContext context, KeyRegistry registry) {
        this.context = context;
        this.registry = registry;
    }

    /**
     * Loads, layers, validates and types the definition in {@code file}.
     *
     * @param file      the test definition, relative to the working directory or absolute
     * @param overrides {@code -D} options in command-line order (a later one wins)
     * @throws ConfigException with every problem found
     */
    public TestDefinition load(Path file, Map<String, String> overrides) {
        return new DefinitionBuilder(resolve(file, overrides)).build();
    }

    /** Loads and layers without the cross-key checks: every effective value and its origin. */
    public ResolvedConfig resolve(Path file, Map<String, String> overrides) {
        Path main = context.workDir().resolve(file).normalize();
        if (!Files.isRegularFile(main)) {
            throw new ConfigException(context.display(main) + ": no such file");
        }
        Problems problems = new Problems();
        SourceReader reader = new SourceReader(registry, context, problems);
        SourceFile source = reader.read(main, Origin.Kind.FILE);

        List<Setting> includes = new ArrayList<>();
        collectIncludes(reader, source, List.of(main), includes, problems);
        List<Setting> cli = new ArrayList<>();
        overrides.forEach((k, v) -> reader.override(k, v, Origin.cli()).ifPresent(cli::add));
        List<Setting> env = environment(reader, problems);
        once(cli, problems);
        once(env, problems);

        List<Setting> upper = new ArrayList<>(includes);
        upper.addAll(source.settings());
        upper.addAll(cli);
        upper.addAll(env);
        Optional<Setting> profileSetting = last(upper, Keys.PROFILE.name());
        Optional<Path> profileFile = findProfile(main, profileSetting, problems);
        List<Setting> profile = profileFile.map(p -> reader.read(p, Origin.Kind.PROFILE).settings()).orElse(List.of());

        Map<String, Setting> effective = new LinkedHashMap<>();
        defaults(main, problems).forEach(s -> effective.put(s.key(), s));
        for (List<Setting> layer : List.of(includes, profile, source.settings(), cli, env)) {
            layer.forEach(s -> effective.put(s.key(), s));
        }
        yieldDefaults(effective);
        problems.throwIfAny();
        return new ResolvedConfig(main, context.display(main), source.text(), profileFile, effective, registry,
                problems.warnings(), problems.dropped());
    }

    private void collectIncludes(SourceReader reader, SourceFile from, List<Path> chain, List<Setting> out,
            Problems problems) {
        for (Setting s : from.settings()) {
            if (!s.key().equals(Keys.INCLUDE.name())) {
                continue;
            }
            @SuppressWarnings("unchecked")
            List<Path> paths = (List<Path>) s.value();
            for (Path inc : paths) {
                String where = s.origin().where() + ": include " + context.display(inc);
                if (chain.contains(inc)) {
                    List<String> cycle = new ArrayList<>(chain.subList(chain.indexOf(inc), chain.size()).stream()
                            .map(context::display).toList());
                    cycle.add(context.display(inc));
                    problems.error(where + ": include cycle " + String.join(" -> ", cycle));
                } else if (!Files.isRegularFile(inc)) {
                    problems.error(where + ": no such file");
                } else {
                    SourceFile child = reader.read(inc, Origin.Kind.INCLUDE);
                    List<Path> longer = new ArrayList<>(chain);
                    longer.add(inc);
                    collectIncludes(reader, child, longer, out, problems);
                    out.addAll(child.settings());
                }
            }
        }
    }

    private List<Setting> environment(SourceReader reader, Problems problems) {
        List<Setting> out = new ArrayList<>();
        context.env().forEach((name, value) -> {
            if (!KeyRegistry.isTafEnv(name) || KeyRegistry.OTHER_ENV.containsKey(name)) {
                return;
            }
            Optional<String> key = registry.keyForEnv(name);
            if (key.isEmpty()) {
                // Only a warning: the environment is shared with other tools and names no file:line.
                problems.warn("env " + name + ": no TAF key is named so; ignored");
                return;
            }
            reader.override(key.get(), value, Origin.env(name)).ifPresent(out::add);
        });
        return out;
    }

    /**
     * The profile file: {@code profiles/<name>.properties} in the definition's directory or the
     * nearest parent that has it, else under {@code properties/} of the working directory. A missing
     * profile is an error only when one was named; the implicit {@code default} may be absent.
     */
    private Optional<Path> findProfile(Path main, Optional<Setting> setting, Problems problems) {
        String name = setting.map(s -> (String) s.value()).orElse(Keys.PROFILE.defaultValue());
        String fileName = name + ".properties";
        for (Path dir = main.getParent(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("profiles").resolve(fileName);
            if (Files.isRegularFile(candidate)) {
                return Optional.of(candidate);
            }
        }
        Path fallback = context.workDir().resolve("properties/profiles").resolve(fileName);
        if (Files.isRegularFile(fallback)) {
            return Optional.of(fallback);
        }
        setting.ifPresent(s -> problems.error(s.origin().where() + ": profile = " + name
                + ": no profiles/" + fileName + " next to " + context.display(main) + " or in a parent directory"));
        return Optional.empty();
    }

    private List<Setting> defaults(Path main, Problems problems) {
        String fileName = main.getFileName().toString();
        String baseName = fileName.endsWith(".properties")
                ? fileName.substring(0, fileName.length() - ".properties".length()) : fileName;
        ValueContext values = new ValueContext(context.workDir(), context.userHome());
        List<Setting> out = new ArrayList<>();
        for (KeySpec spec : registry.specs()) {
            if (!(spec instanceof Key<?> key)) {
                continue;
            }
            String raw = key.defaultValue().replace("${file.basename}", baseName)
                    .replace("${java.home}", context.javaHome().toString());
            try {
                out.add(new Setting(key.name(), raw, key.type().parse(raw, values), Origin.defaultValue()));
            } catch (InvalidValueException e) {
                if (raw.equals(key.defaultValue())) {
                    throw new IllegalStateException("bad built-in default of " + key.name() + ": " + e.getMessage());
                }
                problems.error(context.display(main) + ": " + key.name() + " defaults to " + raw + ", which "
                        + e.getMessage() + "; set " + key.name());
            }
        }
        return out;
    }

    /**
     * A default never conflicts with a value the user set: a warm-up shortened below {@code warmup.min}'s or
     * {@code warmup.window}'s default (TAF (perl)'s {@code taf.warmup_duration = 5}) shortens them with it. The
     * shortened value keeps a default's origin, {@code default, shortened to warmup.max}, so {@code taf explain}
     * shows it; one the user set themselves is still checked against {@code warmup.max}.
     */
    private static void yieldDefaults(Map<String, Setting> effective) {
        Setting max = effective.get(Keys.WARMUP_MAX.name());
        if (max == null || max.origin().kind() == Origin.Kind.DEFAULT) {
            return;
        }
        for (Key<Duration> shorter : List.of(Keys.WARMUP_MIN, Keys.WARMUP_WINDOW)) {
            Setting s = effective.get(shorter.name());
            if (s != null && s.origin().kind() == Origin.Kind.DEFAULT
                    && ((Duration) s.value()).compareTo((Duration) max.value()) > 0) {
                effective.put(s.key(), new Setting(s.key(), Durations.format((Duration) max.value()), max.value(),
                        Origin.shortenedTo(Keys.WARMUP_MAX.name())));
            }
        }
    }

    /**
     * Two names of one key in {@code -D} or the environment ({@code -Djfr} and its old name {@code -Dprofile.jfr},
     * or {@code -Dthreads} and {@code -Dworkload.threads}) is an error naming both, as two lines of one file are:
     * which one wins would depend on the order of a map.
     */
    private static void once(List<Setting> layer, Problems problems) {
        Map<String, Setting> seen = new HashMap<>();
        for (Setting s : layer) {
            Setting first = seen.putIfAbsent(s.key(), s);
            if (first != null) {
                problems.error(written(first) + " and " + written(s) + " both set " + s.key() + "; give one of them");
            }
        }
    }

    private static String written(Setting s) {
        return s.origin().kind() == Origin.Kind.ENV ? s.origin().where() : "-D" + s.origin().alias().orElse(s.key());
    }

    private static Optional<Setting> last(List<Setting> settings, String key) {
        Setting found = null;
        for (Setting s : settings) {
            if (s.key().equals(key)) {
                found = s;
            }
        }
        return Optional.ofNullable(found);
    }
}
