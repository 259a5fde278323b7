package org.taf.runner.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The JVM that runs the engine, and why: {@code launch.java} as named, or for {@code launch.java = auto} a
 * JDK 25 or newer (the AOT cache's, JEP 514/515) found through {@code TAF_JAVA}, then {@code JAVA_HOME}, then
 * the JDKs under the usual directories (the newest), else the runner's own JDK without the AOT cache. So the
 * main job runs wherever Java 17 does, at the cost of a longer warm-up where no JDK 25 is installed.
 *
 * @param java     the java executable
 * @param version  what it says of itself
 * @param aotCache whether the engine starts from an AOT cache: {@code launch.aot_cache}, and a JDK that has it
 * @param reason   why this JVM, as the run's record keeps it
 * @param warning  what to tell the user once: the AOT cache asked for and not to be had
 */
public record EngineJava(Path java, JavaVersion version, boolean aotCache, String reason, Optional<String> warning) {
    /** The first feature release with the AOT cache of method profiles. */
    public static final int AOT_FEATURE = 25;
    /** Where JDKs are usually installed: Debian's and Red Hat's packages, and the Temurin images'. */
    public static final List<Path> JVM_DIRECTORIES = List.of(Path.of("/usr/lib/jvm"), Path.of("/opt/java"));
    /** The reason of a JVM that {@code launch.java} names. */
    public static final String NAMED = "launch.java names it";
    private static final Pattern RELEASE = Pattern.compile("(?m)^JAVA_VERSION=\"(1\\.)?(\\d+)");

    /**
     * Resolves {@code launch}'s java.
     *
     * @param env        the environment ({@code TAF_JAVA}, {@code JAVA_HOME})
     * @param runnerHome the runner's own {@code java.home}: the fallback
     * @param roots      the directories whose subdirectories are JDKs ({@link #JVM_DIRECTORIES}; tests inject theirs)
     * @throws LaunchException when the java named, or the runner's, cannot say its version
     */
    public static EngineJava resolve(LaunchOptions launch, Map<String, String> env, Path runnerHome,
                                     List<Path> roots) {
        if (!launch.javaAuto()) {
            return new EngineJava(launch.java(), JavaVersion.of(launch.java()), launch.aotCache(), NAMED,
                    Optional.empty());
        }
        List<String> tried = new ArrayList<>();
        for (String var : List.of("TAF_JAVA", "JAVA_HOME")) {
            String value = env.get(var);
            if (value == null || value.isBlank()) {
                tried.add(var + " unset");
                continue;
            }
            Path home = Path.of(value);
            // JAVA_HOME is a JDK's home; TAF_JAVA may be one, or its java.
            Path java = var.equals("JAVA_HOME") || Files.isDirectory(home) ? home.resolve("bin/java") : home;
            Optional<JavaVersion> v = probe(java);
            if (v.isPresent() && v.get().feature() >= AOT_FEATURE) {
                return found(java, v.get(), launch, "launch.java = auto: " + var);
            }
            tried.add(var + " " + (v.isEmpty() ? java + " does not run" : "is JDK " + v.get().feature()));
        }
        Path best = null;
        int bestFeature = 0;
        for (Path root : roots) {
            for (Path home : homes(root)) {
                int feature = feature(home);
                if (feature >= AOT_FEATURE && feature > bestFeature) {
                    best = home;
                    bestFeature = feature;
                }
            }
        }
        if (best != null) {
            Optional<JavaVersion> v = probe(best.resolve("bin/java"));
            if (v.isPresent() && v.get().feature() >= AOT_FEATURE) {
                return found(best.resolve("bin/java"), v.get(), launch,
                        "launch.java = auto: the newest JDK 25+ under " + best.getParent());
            }
        }
        tried.add(roots.isEmpty() ? "no JVM directory searched"
                : "none under " + String.join(", ", roots.stream().map(Path::toString).toList()));
        Path own = runnerHome.resolve("bin/java");
        JavaVersion v = JavaVersion.of(own);
        String reason = "launch.java = auto: no JDK " + AOT_FEATURE + " or newer (" + String.join("; ", tried)
                + "): the runner's own JDK " + v.feature() + (launch.aotCache() ? ", without the AOT cache" : "");
        Optional<String> warning = !launch.aotCache() ? Optional.empty() : Optional.of("launch.java = auto found no"
                + " JDK " + AOT_FEATURE + " or newer (" + String.join("; ", tried) + "): the engine runs on this"
                + " runner's JDK " + v.feature() + " (" + own + ") without the AOT cache, so every engine start"
                + " warms up longer (on the 2-vCPU VM, 9-12 s to its plateau instead of 3 s,"
                + " docs/benchmarks/engine-start.md); set TAF_JAVA to a JDK " + AOT_FEATURE + " to have it");
        return new EngineJava(own, v, false, reason, warning);
    }

    /** The launch settings with this JVM and whether it starts from the AOT cache. */
    public LaunchOptions applyTo(LaunchOptions launch) {
        return launch.withJava(java, aotCache);
    }

    private static EngineJava found(Path java, JavaVersion v, LaunchOptions launch, String reason) {
        return new EngineJava(java, v, launch.aotCache(), reason, Optional.empty());
    }

    private static Optional<JavaVersion> probe(Path java) {
        if (!Files.isExecutable(java)) {
            return Optional.empty();
        }
        try {
            return Optional.of(JavaVersion.of(java));
        } catch (LaunchException e) {
            return Optional.empty();
        }
    }

    /** The JDKs directly under {@code root}: directories with an executable {@code bin/java}, by name. */
    private static List<Path> homes(Path root) {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(root)) {
            return dirs.filter(d -> Files.isExecutable(d.resolve("bin/java"))).sorted().toList();
        } catch (IOException e) {
            return List.of(); // unreadable: searched as empty
        }
    }

    /** A JDK's feature release from its {@code release} file, else from {@code java -version}; 0 if neither. */
    private static int feature(Path home) {
        try {
            Matcher m = RELEASE.matcher(Files.readString(home.resolve("release")));
            if (m.find()) {
                return Integer.parseInt(m.group(2));
            }
        } catch (IOException | RuntimeException e) {
            // no release file: ask the JVM
        }
        return probe(home.resolve("bin/java")).map(JavaVersion::feature).orElse(0);
    }
}
