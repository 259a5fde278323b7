package org.taf.runner.config;

import static org.taf.runner.config.Checks.notNull;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.taf.runner.profile.ProfileOptions;

/**
 * A loaded, checked test definition: the typed result of the configuration stage, grouped by the
 * stage that uses each part. Paths are absolute. Made by {@link ConfigLoader#load}.
 *
 * @param name        the definition's name (default: the file's base name)
 * @param comments    why the run is made (default empty)
 * @param repository  git repository whose commits are compared
 * @param cacheDir    cache of checked-out trees and built artifacts (default ~/.cache/taf)
 * @param comparisons what to compare, at least one, names unique
 * @param engine      global {@code engine.*} variables (each side's own are in {@link Side#engine()})
 * @param workload    {@code workload.*}
 * @param measure     {@code measure.*}
 * @param warmup      {@code warmup.*}
 * @param rest        {@code rest.*}
 * @param verdict     {@code verdict.*}
 * @param build       {@code build.*}
 * @param launch      {@code launch.*}
 * @param profile     {@code profile} and {@code profile.*}
 * @param output      {@code output.*}
 * @param post        {@code post.*}
 * @param stats       {@code stats.*}
 * @param config      every effective key with its value and origin, and the file's verbatim text
 */
public record TestDefinition(String name, String comments, Path repository, Path cacheDir,
        List<Comparison> comparisons, EngineSettings engine, WorkloadSettings workload, MeasureSettings measure,
        WarmupSettings warmup, RestSettings rest, VerdictSettings verdict, BuildSettings build,
        LaunchSettings launch, ProfileOptions profile, OutputSettings output, PostSettings post,
        StatsSettings stats, ResolvedConfig config) {

    public TestDefinition {
        notNull("name", name);
        notNull("comments", comments);
        notNull("repository", repository);
        notNull("cache.dir", cacheDir);
        comparisons = List.copyOf(comparisons);
        if (comparisons.isEmpty()) {
            throw new IllegalArgumentException("a test definition needs at least one comparison");
        }
        Set<String> names = new HashSet<>();
        comparisons.forEach(c -> {
            if (!names.add(c.name())) {
                throw new IllegalArgumentException("duplicate comparison name " + c.name());
            }
        });
        for (Object part : new Object[] {engine, workload, measure, warmup, rest, verdict, build, launch, profile,
            output, post, stats, config}) {
            notNull("settings", part);
        }
    }

    /** The definition file's text, verbatim (the post shows it). */
    public String sourceText() {
        return config.sourceText();
    }

    /** The definition file, absolute. */
    public Path file() {
        return config.file();
    }

    /** Engine runs per comparison side: workloads x thread counts x iterations. */
    public int measurementsPerSide() {
        return workload.tests().size() * workload.threads().size() * measure.iterations();
    }
}
