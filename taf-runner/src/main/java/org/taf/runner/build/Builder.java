package org.taf.runner.build;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.taf.runner.git.AtomicCacheDir;
import org.taf.runner.git.MaterializedTree;
import org.taf.runner.sys.LogTail;

/**
 * Builds a materialized tree and caches the artifact under {@code <cache>/builds/<key>/} (artifact,
 * {@code build.log}, {@code build.json}), keyed by {@link BuildKey}. A second build of the same key runs
 * nothing and reports {@code cached}. Entries appear atomically; a failed build leaves none, and its log
 * stays at {@code <cache>/builds/logs/<key>.log} for the error message. Safe for concurrent use by threads
 * and runner processes sharing the cache: one builds, the others wait and get the cached artifact.
 */
public final class Builder {
    /** Lines of log the error message ends with. */
    static final int TAIL_LINES = 30;
    static final String LOG_FILE = "build.log";

    private final Path builds;
    private final Clock clock;

    /** @param cacheRoot TAF's cache directory; builds go to its {@code builds/} sub-directory */
    public Builder(Path cacheRoot) {
        this(cacheRoot, Clock.systemUTC());
    }

    /** @param clock stamps {@code build.json} and measures how long a build took */
    public Builder(Path cacheRoot, Clock clock) {
        this.builds = cacheRoot.toAbsolutePath().normalize().resolve("builds");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Where the log of the last attempt at {@code key} is kept, whether it failed or not. */
    public Path logOf(String key) {
        return builds.resolve("logs").resolve(key + ".log");
    }

    /** The cache entry of {@code key}, {@code <cache>/builds/<key>/}, whether it exists or not. */
    public Path entryOf(String key) {
        return builds.resolve(key);
    }

    /**
     * Whether {@link #build} of a tree with this id would be a cache hit: its entry is complete (entries
     * appear atomically) and holds the artifact. It only looks: nothing is locked, built or written
     * ({@code taf plan}).
     *
     * @param treeId a {@link MaterializedTree#id()}: commit sha, or parent sha + diff hash
     */
    public boolean isCached(String treeId, BuildSpec spec) {
        Path entry = entryOf(BuildKey.of(treeId, spec));
        return Files.isDirectory(entry) && Files.isRegularFile(entry.resolve(spec.artifactFileName()));
    }

    /**
     * Returns the cached artifact of ({@code tree}, {@code spec}), building it first if needed.
     *
     * @throws BuildException if the build fails, times out or leaves no artifact; the message names the
     *                        commit, the exit status or timeout, the log path and the log's last lines
     */
    public BuildResult build(MaterializedTree tree, BuildSpec spec) {
        String key = BuildKey.of(tree.id(), spec);
        Path entry = entryOf(key);
        Path log = logOf(key);
        boolean cached;
        try {
            cached = AtomicCacheDir.createOnce(entry, temp -> buildInto(temp, tree, spec, key, log));
        } catch (IOException e) {
            throw new BuildException("cannot build " + tree.label() + " into the build cache " + entry + ": " + e,
                    log, e);
        }
        BuildMetadata metadata;
        try {
            metadata = BuildMetadata.read(entry.resolve(BuildMetadata.FILE_NAME));
        } catch (IOException e) {
            throw new BuildException("build cache entry " + entry + " of " + tree.label()
                    + " is damaged (" + e.getMessage() + "); delete the directory to rebuild", log, e);
        }
        Path artifact = entry.resolve(spec.artifactFileName());
        if (!Files.isRegularFile(artifact)) {
            throw new BuildException("build cache entry " + entry + " of " + tree.label() + " has no "
                    + spec.artifactFileName() + "; delete the directory to rebuild", log);
        }
        return new BuildResult(
                artifact, entry.resolve(LOG_FILE), key, cached, Duration.ofMillis(metadata.durationMs()));
    }

    private void buildInto(Path temp, MaterializedTree tree, BuildSpec spec, String key, Path log)
            throws IOException {
        Instant started = clock.instant();
        long deadline = System.nanoTime() + spec.timeout().toNanos();
        Files.createDirectories(log.getParent());
        Path work = temp.resolve("work");
        Files.writeString(log, "# taf build of " + tree.label() + "\n# tree " + tree.dir() + " (copied to " + work
                + ")\n# cache key " + key + "\n# started " + started + ", timeout " + human(spec.timeout()) + "\n",
                StandardCharsets.UTF_8);
        TreeCopy.copy(tree.dir(), work);

        List<String> commandsRun = new ArrayList<>();
        long firstAttempt = Files.size(log);
        BuildProcess.Outcome outcome = attempt(spec.command(), work, log, deadline, commandsRun, tree, spec);
        if (!outcome.succeeded() && !outcome.timedOut()) {
            Optional<String> online = MavenOffline.onlineRetry(spec.command(), LogTail.readFrom(log, firstAttempt));
            if (online.isPresent()) {
                note(log, "the offline build could not resolve artifacts from the local Maven repository; "
                        + "retrying once online");
                outcome = attempt(online.get(), work, log, deadline, commandsRun, tree, spec);
            }
        }
        if (outcome.timedOut()) {
            throw failure(tree, spec, log, "timed out after " + human(spec.timeout())
                    + " (build.timeout) and was killed with its child processes");
        }
        if (!outcome.succeeded()) {
            throw failure(tree, spec, log, "failed with exit status " + outcome.exitStatus());
        }
        Path built = work.resolve(spec.artifactPath());
        if (!Files.isRegularFile(built)) {
            throw failure(tree, spec, log, "succeeded but produced no " + spec.artifactPath() + " (build.artifact)");
        }
        Path artifact = temp.resolve(spec.artifactFileName());
        Files.copy(built, artifact); // a copy, not a move: the artifact may be a link into the work tree
        AtomicCacheDir.deleteRecursively(work);
        Instant finished = clock.instant();
        Duration took = Duration.between(started, finished);
        note(log, "built " + spec.artifactPath() + " in " + human(took));
        Files.copy(log, temp.resolve(LOG_FILE));
        new BuildMetadata(BuildMetadata.FORMAT_VERSION, key, tree.id(), tree.label(), spec.command(), commandsRun,
                spec.artifactPath(), sha256(artifact), Files.size(artifact), started, finished, took.toMillis(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                Optional.ofNullable(System.getenv("JAVA_HOME")).orElse(System.getProperty("java.home")))
                .write(temp.resolve(BuildMetadata.FILE_NAME));
        for (String name : List.of(spec.artifactFileName(), LOG_FILE, BuildMetadata.FILE_NAME)) {
            force(temp.resolve(name));
        }
    }

    private BuildProcess.Outcome attempt(String command, Path work, Path log, long deadline, List<String> commandsRun,
            MaterializedTree tree, BuildSpec spec) throws IOException {
        Duration left = Duration.ofNanos(deadline - System.nanoTime());
        if (left.isNegative() || left.isZero()) {
            return new BuildProcess.Outcome(-1, true);
        }
        note(log, "running: bash -c '" + command + "'");
        commandsRun.add(command);
        try {
            return BuildProcess.run(command, work, log, left);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw failure(tree, spec, log, "was interrupted; its processes were killed");
        }
    }

    /** The exception, with the log's tail as it was; the log then gets the verdict as its last line. */
    private static BuildException failure(MaterializedTree tree, BuildSpec spec, Path log, String what)
            throws IOException {
        StringBuilder message = new StringBuilder()
                .append("build of ").append(tree.label()).append(' ').append(what)
                .append("\n  command: ").append(spec.command())
                .append("\n  log: ").append(log)
                .append("\n  last lines of the log:");
        for (String line : LogTail.lines(log, TAIL_LINES)) {
            message.append("\n  | ").append(line);
        }
        note(log, what);
        return new BuildException(message.toString(), log);
    }

    /** Lines TAF adds to the log start with "# taf:" so they stand out from the build's own output. */
    private static void note(Path log, String line) throws IOException {
        Files.writeString(log, "# taf: " + line + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }

    private static String human(Duration d) {
        return d.toMillis() < 60_000 ? String.format(Locale.ROOT, "%.1fs", d.toMillis() / 1000.0)
                : d.toString().substring(2).toLowerCase(Locale.ROOT);
    }

    private static String sha256(Path file) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static void force(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
    }
}
