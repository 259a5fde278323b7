package org.taf.runner.report.flame;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.taf.runner.jfr.JfrRecordingOptions;

/**
 * Records {@link FlameWorkload} in a child JVM started with {@link JfrRecordingOptions}'s arguments,
 * as the engine will be, and returns the recording and the workload's phase boundary. The committed
 * fixture ({@code src/test/resources/flame/fixture.jfr}, with {@code fixture.properties}) was made
 * by this; remake it with {@code -Dtaf.flame.fixture.update=true} (then regenerate the goldens).
 */
final class JfrFixture {
    static final Path FIXTURE = Path.of("src/test/resources/flame/fixture.jfr");
    static final Path FIXTURE_PROPERTIES = Path.of("src/test/resources/flame/fixture.properties");
    static final String UPDATE_FLAG = "taf.flame.fixture.update";
    private static final long TIMEOUT_S = 120;
    private static boolean remade;

    /** A recording and the middle of the workload's quiet gap between its two phases. */
    record Recorded(Path file, Instant boundary) {
    }

    private JfrFixture() {}

    static Recorded record(Path dir) throws Exception {
        return record(dir, Path.of(System.getProperty("java.home"), "bin", "java"));
    }

    /** Records with the JVM {@code java}, e.g. another JDK than the one running the tests. */
    static Recorded record(Path dir, Path java) throws Exception {
        Files.createDirectories(dir);
        JfrRecordingOptions options = JfrRecordingOptions.defaults();
        Path settings = options.writeSettings(dir);
        Path recording = dir.resolve("workload.jfr");
        Path log = dir.resolve("workload.log");
        Path classes = Path.of(FlameWorkload.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> cmd = new ArrayList<>();
        cmd.add(java.toString());
        cmd.addAll(options.jvmArguments(recording, settings));
        cmd.addAll(List.of("-Xlog:jfr+startup=warning", "-Xmx64m", "-cp", classes.toString(),
                FlameWorkload.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new IllegalStateException(
                    "workload did not exit within " + TIMEOUT_S + "s; " + cmd + "\n" + tail(log));
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        if (p.exitValue() != 0 || !Files.isRegularFile(recording)) {
            throw new IllegalStateException("workload exited with " + p.exitValue() + " and recording "
                    + (Files.isRegularFile(recording) ? "written" : "missing") + "; " + cmd + "\n" + tail(log));
        }
        String boundary = out.lines().filter(l -> l.startsWith("boundary=")).findFirst()
                .orElseThrow(() -> new IllegalStateException("no boundary= line in the workload's output:\n" + out));
        return new Recorded(recording, Instant.parse(boundary.substring("boundary=".length())));
    }

    /** The committed fixture, remade first (once per JVM) when {@value #UPDATE_FLAG} is set. */
    static synchronized Recorded committed(Path scratch) throws Exception {
        if (Boolean.getBoolean(UPDATE_FLAG) && !remade) {
            remade = true;
            Recorded r = record(scratch);
            Files.copy(r.file(), FIXTURE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            Files.writeString(
                    FIXTURE_PROPERTIES,
                    "# made by JfrFixture from FlameWorkload; the middle of its quiet gap\n" + "boundary="
                            + r.boundary() + "\n",
                    StandardCharsets.UTF_8);
        }
        String props = Files.readString(FIXTURE_PROPERTIES, StandardCharsets.UTF_8);
        String boundary = props.lines().filter(l -> l.startsWith("boundary=")).findFirst().orElseThrow();
        return new Recorded(FIXTURE, Instant.parse(boundary.substring("boundary=".length())));
    }

    private static String tail(Path log) throws IOException {
        if (!Files.exists(log)) {
            return "(no output)";
        }
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }
}
