package org.taf.runner.warmup;

import org.taf.runner.sys.Durations;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A recorded series of cumulative engine CPU readings, replayed by {@link ReplayCpuSampler} to run
 * the detectors on real or synthetic data with a fake clock.
 *
 * <p>CSV form: {@code #} comment lines (how it was recorded), a header {@code elapsed_s,cpu_seconds}
 * with an optional third column {@code phase}, then one row per reading.
 *
 * @param samples readings in time order, elapsed strictly increasing, CPU never decreasing
 */
public record CpuTrace(List<Sample> samples) {

    /**
     * One reading.
     *
     * @param elapsed    time since the first reading of the recording
     * @param cpuSeconds cumulative engine CPU seconds
     * @param phase      a free label of the recording ({@code idle}, {@code run}, ...), "" if none
     */
    public record Sample(Duration elapsed, double cpuSeconds, String phase) {}

    public CpuTrace {
        samples = List.copyOf(samples);
        if (samples.size() < 2) {
            throw new IllegalArgumentException("a CPU trace needs at least 2 readings, got " + samples.size());
        }
        for (int i = 1; i < samples.size(); i++) {
            Sample a = samples.get(i - 1);
            Sample b = samples.get(i);
            if (b.elapsed().compareTo(a.elapsed()) <= 0 || b.cpuSeconds() < a.cpuSeconds()) {
                throw new IllegalArgumentException("CPU trace reading " + (i + 1) + " (" + Durations.format(b.elapsed())
                        + ", " + b.cpuSeconds() + " s) does not follow reading " + i + " ("
                        + Durations.format(a.elapsed()) + ", " + a.cpuSeconds()
                        + " s): time must increase and CPU must not decrease");
            }
        }
    }

    /** Total length of the recording. */
    public Duration length() {
        return samples.get(samples.size() - 1).elapsed().minus(samples.get(0).elapsed());
    }

    /**
     * The readings of one phase, with elapsed time and CPU rebased to its first reading.
     *
     * @throws IllegalArgumentException when the phase has fewer than 2 readings
     */
    public CpuTrace phase(String phase) {
        return rebased(samples.stream().filter(s -> s.phase().equals(phase)).toList(), "phase '" + phase + "'");
    }

    private static CpuTrace rebased(List<Sample> selected, String what) {
        if (selected.isEmpty()) {
            throw new IllegalArgumentException("the CPU trace has no readings in " + what);
        }
        Sample first = selected.get(0);
        return new CpuTrace(selected.stream()
                .map(s -> new Sample(s.elapsed().minus(first.elapsed()), s.cpuSeconds() - first.cpuSeconds(),
                        s.phase()))
                .toList());
    }

    /**
     * The readings from {@code from} on, with elapsed time and CPU rebased to the first of them.
     *
     * @throws IllegalArgumentException when fewer than 2 readings remain
     */
    public CpuTrace from(Duration from) {
        return rebased(samples.stream().filter(s -> s.elapsed().compareTo(from) >= 0).toList(),
                "after " + Durations.format(from));
    }

    /**
     * A synthetic trace from CPU percentages, one per interval: the engine used {@code percents[i]}
     * of a core during the i-th interval.
     */
    public static CpuTrace ofPercents(Duration interval, double... percents) {
        List<Sample> out = new ArrayList<>(percents.length + 1);
        double cpu = 0;
        out.add(new Sample(Duration.ZERO, 0, ""));
        double seconds = interval.toNanos() / 1e9;
        for (int i = 0; i < percents.length; i++) {
            cpu += percents[i] / 100 * seconds;
            out.add(new Sample(interval.multipliedBy(i + 1L), cpu, ""));
        }
        return new CpuTrace(out);
    }

    /**
     * Reads the CSV form.
     *
     * @throws IllegalArgumentException naming file:line for a bad header or row
     * @throws IOException              when the file cannot be read
     */
    public static CpuTrace readCsv(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<Sample> out = new ArrayList<>();
        boolean header = false;
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.get(n - 1).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] cells = line.split(",", -1);
            if (!header) {
                String h = line.toLowerCase(Locale.ROOT);
                if (!h.equals("elapsed_s,cpu_seconds") && !h.equals("elapsed_s,cpu_seconds,phase")) {
                    throw new IllegalArgumentException(file + ":" + n
                            + ": expected header 'elapsed_s,cpu_seconds[,phase]', got '" + line + "'");
                }
                header = true;
                continue;
            }
            if (cells.length < 2 || cells.length > 3) {
                throw new IllegalArgumentException(file + ":" + n + ": expected 2 or 3 cells, got '" + line + "'");
            }
            try {
                long nanos = Math.round(Double.parseDouble(cells[0]) * 1e9);
                out.add(new Sample(Duration.ofNanos(nanos), Double.parseDouble(cells[1]),
                        cells.length == 3 ? cells[2] : ""));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(file + ":" + n + ": bad number in '" + line + "'", e);
            }
        }
        try {
            return new CpuTrace(out);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }
}
