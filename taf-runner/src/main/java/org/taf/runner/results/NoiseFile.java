package org.taf.runner.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The stored noise of every host and cell calibrated so far: {@code noise.json} in the results
 * directory, versioned like results.json.
 *
 * @param formatVersion {@link NoiseStore#FORMAT_VERSION}
 * @param entries       at most one per host fingerprint, workload and threads, sorted by them
 * @param probes        the host probe's latest readings per host (absent in files written before it), from which a
 *                      reading's capacity is judged: the best this host has shown
 */
public record NoiseFile(int formatVersion, List<NoiseRecord> entries, List<HostProbes> probes) {
    /** Readings kept per host: the latest, so an old best on other hardware under the same fingerprint fades. */
    public static final int PROBES_KEPT = 500;

    private static final Comparator<NoiseRecord> ORDER = Comparator.comparing(NoiseRecord::hostFingerprint)
            .thenComparing(NoiseRecord::workload).thenComparingInt(NoiseRecord::threads);

    @JsonCreator
    public NoiseFile {
        entries = entries == null ? List.of() : entries.stream().sorted(ORDER).toList();
        probes = probes == null ? List.of() : probes.stream()
                .sorted(Comparator.comparing(HostProbes::hostFingerprint)).toList();
    }

    /** A file without probe readings. */
    public NoiseFile(int formatVersion, List<NoiseRecord> entries) {
        this(formatVersion, entries, List.of());
    }

    /**
     * The host probe's readings on one host, oldest first.
     *
     * @param hostFingerprint the host
     * @param readings        at most {@link #PROBES_KEPT}
     */
    public record HostProbes(String hostFingerprint, List<ProbeRecord> readings) {
        public HostProbes {
            Objects.requireNonNull(hostFingerprint, "hostFingerprint");
            readings = readings == null ? List.of() : List.copyOf(readings);
        }
    }

    /** No entries. */
    public static NoiseFile empty() {
        return new NoiseFile(NoiseStore.FORMAT_VERSION, List.of());
    }

    /** The probe's stored readings on {@code fingerprint}, oldest first (empty when none). */
    public List<ProbeRecord> probesOf(String fingerprint) {
        return probes.stream().filter(p -> p.hostFingerprint().equals(fingerprint)).findFirst()
                .map(HostProbes::readings).orElse(List.of());
    }

    /** This file with {@code fresh} readings of {@code fingerprint} appended, the latest {@link #PROBES_KEPT} kept. */
    public NoiseFile withProbes(String fingerprint, List<ProbeRecord> fresh) {
        List<ProbeRecord> all = new ArrayList<>(probesOf(fingerprint));
        all.addAll(fresh);
        List<ProbeRecord> kept = all.subList(Math.max(0, all.size() - PROBES_KEPT), all.size());
        List<HostProbes> out = new ArrayList<>(probes.stream()
                .filter(p -> !p.hostFingerprint().equals(fingerprint)).toList());
        out.add(new HostProbes(fingerprint, kept));
        return new NoiseFile(NoiseStore.FORMAT_VERSION, entries, out);
    }

    /** The entry for this host and cell, if calibrated. */
    public Optional<NoiseRecord> find(String fingerprint, String workload, int threads) {
        return entries.stream().filter(e -> e.isFor(fingerprint, workload, threads)).findFirst();
    }

    /**
     * This file with {@code fresh} entries replacing those of the same host and cell (designs not measured again kept).
     */
    public NoiseFile with(List<NoiseRecord> fresh) {
        List<NoiseRecord> out = new ArrayList<>(entries);
        for (NoiseRecord f : fresh) {
            NoiseRecord merged = f;
            for (NoiseRecord e : out) {
                if (e.isFor(f.hostFingerprint(), f.workload(), f.threads())) {
                    merged = f.keepingDesignsOf(e);
                }
            }
            out.removeIf(e -> e.isFor(f.hostFingerprint(), f.workload(), f.threads()));
            out.add(merged);
        }
        return new NoiseFile(NoiseStore.FORMAT_VERSION, out, probes);
    }
}
