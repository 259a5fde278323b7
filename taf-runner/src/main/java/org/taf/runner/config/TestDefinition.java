package org.taf.runner.config;

import static org.taf.runner.config.Checks.atLeast;
import static org.taf.runner.config.Checks.notNull;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.taf.runner.build.BuildSpec;
import org.taf.runner.host.HostOptions;
import org.taf.runner.launch.LaunchOptions;
import org.taf.runner.profile.ProfileOptions;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.warmup.RestOptions;
import org.taf.runner.warmup.WarmupOptions;
import org.taf.runner.workload.Workload;
import org.taf.runner.workload.WorkloadOptions;

/**
 * A loaded, checked test definition: the typed result of the configuration stage, grouped by the
 * stage that uses each part. A stage's part is that stage's own options record, built from the keys and
 * checked once, when the definition loads; what only the run and the outputs read ({@code measure.*},
 * {@code output.*}, {@code post.*}) is config's. Paths are absolute. Made by {@link ConfigLoader#load}.
 *
 * @param name        the definition's name (default: the file's base name)
 * @param comments    why the run is made (default empty)
 * @param repository  git repository whose commits are compared
 * @param cacheDir    cache of checked-out trees and built artifacts (default ~/.cache/taf)
 * @param comparisons what to compare, at least one, names unique
 * @param tests       {@code workload.tests}: the workloads of each comparison, in run order, at least one
 * @param threads     {@code workload.threads}: the client thread counts of each workload, in run order, each >= 1
 * @param engine      global {@code engine.*} variables (each side's own are in {@link Side#engine()})
 * @param workload    the rest of {@code workload.*}: the load generator's options, its account on
 *                    127.0.0.1:3306 (each engine start has its own port: {@link WorkloadOptions#onPort})
 * @param measure     {@code measure.*}
 * @param warmup      {@code warmup.*}, {@code warmup.threads = 0} resolved to the largest thread count
 * @param rest        {@code rest.*}
 * @param build       {@code build.*}
 * @param launch      {@code launch.*}
 * @param profile     {@code profile} and {@code profile.*}, its noise thresholds included
 * @param output      {@code output.*}
 * @param post        {@code post.*}
 * @param stats       {@code stats.*} and {@code verdict.*}, with {@code measure.iterations} as the first look
 * @param host        {@code host.*}: the host probe and the quiet rule
 * @param config      every effective key with its value and origin, and the file's verbatim text
 */
public record TestDefinition(String name, String comments, Path repository, Path cacheDir,
        List<Comparison> comparisons, List<Workload> tests, List<Integer> threads, EngineSettings engine,
        WorkloadOptions workload, MeasureSettings measure, WarmupOptions warmup, RestOptions rest, BuildSpec build,
        LaunchOptions launch, ProfileOptions profile, OutputSettings output, PostSettings post, StatsOptions stats,
        HostOptions host, ResolvedConfig config) {

    public TestDefinition {
        notNull("name", name);
        notNull("comments", comments);
        notNull("repository", repository);
        notNull("cache.dir", cacheDir);
        comparisons = List.copyOf(comparisons);
        if (comparisons.isEmpty()) {
            throw new IllegalArgumentException("a test definition needs at least one comparison");
        }
        tests = List.copyOf(tests);
        threads = List.copyOf(threads);
        if (tests.isEmpty() || threads.isEmpty()) {
            throw new IllegalArgumentException("workload.tests and workload.threads must not be empty");
        }
        threads.forEach(t -> atLeast("workload.threads", t, 1));
        Set<String> names = new HashSet<>();
        comparisons.forEach(c -> {
            if (!names.add(c.name())) {
                throw new IllegalArgumentException("duplicate comparison name " + c.name());
            }
        });
        for (Object part : new Object[] {engine, workload, measure, warmup, rest, build, launch, profile,
            output, post, stats, host, config}) {
            notNull("settings", part);
        }
    }

    /** This definition with other comparisons under another name (calibrate's A/A run). */
    public TestDefinition withComparisons(String newName, List<Comparison> newComparisons) {
        return new TestDefinition(newName, comments, repository, cacheDir, newComparisons, tests, threads, engine,
                workload, measure, warmup, rest, build, launch, profile, output, post, stats, host, config);
    }

    /** This definition with other launch options ({@code launch.java = auto} resolved). */
    public TestDefinition withLaunch(LaunchOptions newLaunch) {
        return new TestDefinition(name, comments, repository, cacheDir, comparisons, tests, threads, engine,
                workload, measure, warmup, rest, build, newLaunch, profile, output, post, stats, host, config);
    }

    /** The definition file's text, verbatim (the post shows it). */
    public String sourceText() {
        return config.sourceText();
    }

    /** The definition file, absolute. */
    public Path file() {
        return config.file();
    }

    /** The largest thread count: the default warm-up concurrency. */
    public int maxThreads() {
        return threads.stream().mapToInt(Integer::intValue).max().orElseThrow();
    }
}
