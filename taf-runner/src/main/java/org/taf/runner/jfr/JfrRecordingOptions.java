package org.taf.runner.jfr;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.taf.runner.sys.AtomicWrite;

/**
 * How the engine JVM records JFR: the arguments that start a JFR recording at JVM start,
 * kept on disk with a size bound and dumped to a file when the JVM exits (stop the engine with
 * SIGTERM, so the dump happens), with TAF's settings file ({@code taf.jfc}) that turns on
 * only CPU samples and lock contention. The measured window is cut out later, at read time, by
 * event start time ({@link JfrFolder#window}).
 *
 * <p>Defaults and why:
 * <ul>
 * <li>{@code maxSize} 32 MiB: JFR drops the oldest chunks beyond it, and the measured window is the
 * end of an engine's life, so what is lost first is start-up and warm-up. The bound is approximate
 * (JFR works in chunks), so the file may exceed it by a chunk.
 * <li>{@code samplePeriod} 10 ms (the JDK's own "profile" preset; its "default" uses 20 ms): a 30 s
 * window then holds about 3,000 samples per busy thread, so a frame with 1% of the time has about 30
 * and its share is known to roughly ±20% per iteration; 20 ms would halve that for little saving.
 * <li>{@code lockThreshold} 100 µs: a transaction here takes tens of microseconds, so the waits that
 * cost throughput are far below the presets' 10-20 ms; below about 100 µs a wait is mostly the
 * wake-up latency of the parked thread, and every recorded wait walks the stack, so recording all
 * of them would cost most where contention is heaviest. Waits shorter than this are not seen: the
 * lock graph is a lower bound.
 * <li>{@code stackDepth} 128 (JFR's default is 64): a connection thread's stack through protocol,
 * session, planner, executor, index and buffer pool plus JDK frames can pass 64, and a cut stack
 * loses its root, which is what a flame graph groups by. Only deeper stacks pay for the extra depth.
 * </ul>
 *
 * @param maxSizeBytes  bound of the recording on disk, bytes (default 32 MiB, at least 1 MiB)
 * @param samplePeriod  period of {@code jdk.ExecutionSample}, whole milliseconds, 1 ms to 1 s (default 10 ms)
 * @param lockThreshold shortest wait recorded by {@code jdk.JavaMonitorEnter} and {@code jdk.ThreadPark},
 *                      0 to 1 s (default 100 µs)
 * @param stackDepth    frames kept per stack trace, 1 to 2048 (default 128)
 */
public record JfrRecordingOptions(long maxSizeBytes, Duration samplePeriod, Duration lockThreshold, int stackDepth) {
    public static final long DEFAULT_MAX_SIZE = 32L << 20;
    public static final Duration DEFAULT_SAMPLE_PERIOD = Duration.ofMillis(10);
    public static final Duration DEFAULT_LOCK_THRESHOLD = Duration.ofNanos(100_000);
    public static final int DEFAULT_STACK_DEPTH = 128;
    /** The name of the settings file that {@link #writeSettings} writes. */
    public static final String SETTINGS_FILE = "taf.jfc";

    public JfrRecordingOptions {
        Objects.requireNonNull(samplePeriod, "JFR sample period");
        Objects.requireNonNull(lockThreshold, "JFR lock threshold");
        if (maxSizeBytes < (1L << 20)) {
            throw new IllegalArgumentException("JFR max size (" + maxSizeBytes + " bytes) must be at least 1M");
        }
        if (samplePeriod.compareTo(Duration.ofMillis(1)) < 0 || samplePeriod.compareTo(Duration.ofSeconds(1)) > 0
                || samplePeriod.toNanosPart() % 1_000_000 != 0) {
            throw new IllegalArgumentException("JFR sample period (" + human(samplePeriod)
                    + ") must be a whole number of milliseconds from 1ms to 1s");
        }
        if (lockThreshold.isNegative() || lockThreshold.compareTo(Duration.ofSeconds(1)) > 0) {
            throw new IllegalArgumentException("JFR lock threshold (" + human(lockThreshold)
                    + ") must be from 0 to 1s");
        }
        if (stackDepth < 1 || stackDepth > 2048) {
            throw new IllegalArgumentException("JFR stack depth (" + stackDepth + ") must be from 1 to 2048");
        }
    }

    /** The defaults above. */
    public static JfrRecordingOptions defaults() {
        return new JfrRecordingOptions(DEFAULT_MAX_SIZE, DEFAULT_SAMPLE_PERIOD, DEFAULT_LOCK_THRESHOLD,
                DEFAULT_STACK_DEPTH);
    }

    /** The settings file's text with these options filled in (the same options give the same bytes). */
    public String settings() {
        try (InputStream in = JfrRecordingOptions.class.getResourceAsStream(SETTINGS_FILE)) {
            if (in == null) {
                throw new IllegalStateException(SETTINGS_FILE + " is missing from the runner's resources");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .replace("@SAMPLE_PERIOD@", samplePeriod.toMillis() + " ms")
                    .replace("@LOCK_THRESHOLD@", lockThreshold.toNanos() + " ns");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes {@link #SETTINGS_FILE} into {@code dir} (created if needed), replacing an older one.
     *
     * @return the file written, to pass to {@link #jvmArguments}
     */
    public Path writeSettings(Path dir) throws IOException {
        Path file = dir.resolve(SETTINGS_FILE);
        AtomicWrite.write(file, settings().getBytes(StandardCharsets.UTF_8));
        return file;
    }

    /**
     * The engine JVM's arguments that record to {@code recording} with {@code settings} (see
     * {@link #writeSettings}). Paths are made absolute (the engine may run in another directory);
     * they must be the paths the engine JVM sees, and may not contain a comma, which separates JFR's
     * options.
     */
    public List<String> jvmArguments(Path recording, Path settings) {
        String file = optionPath("recording", recording);
        String jfc = optionPath("settings", settings);
        return List.of("-XX:StartFlightRecording=name=taf,settings=" + jfc + ",disk=true,maxsize=" + maxSizeBytes
                + ",dumponexit=true,filename=" + file, "-XX:FlightRecorderOptions=stackdepth=" + stackDepth);
    }

    private static String optionPath(String what, Path p) {
        String s = Objects.requireNonNull(p, what).toAbsolutePath().normalize().toString();
        if (s.contains(",")) {
            throw new IllegalArgumentException("JFR " + what + " path (" + s + ") must not contain a comma");
        }
        return s;
    }

    private static String human(Duration d) {
        if (Math.abs(d.getSeconds()) > 1_000_000) {
            return d.toString();
        }
        long ns = d.toNanos();
        return ns % 1_000_000 == 0 ? ns / 1_000_000 + "ms" : ns % 1_000 == 0 ? ns / 1_000 + "us" : ns + "ns";
    }
}
