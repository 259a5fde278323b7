package org.taf.runner.results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The stored noise of every host and cell calibrated so far: {@code noise.json} in the results
 * directory, versioned like results.json.
 *
 * @param formatVersion {@link NoiseStore#FORMAT_VERSION}
 * @param entries       at most one per host fingerprint, workload and threads, sorted by them
 */
public record NoiseFile(int formatVersion, List<NoiseRecord> entries) {
    private static final Comparator<NoiseRecord> ORDER = Comparator.comparing(NoiseRecord::hostFingerprint)
            .thenComparing(NoiseRecord::workload).thenComparingInt(NoiseRecord::threads);

    public NoiseFile {
        entries = entries == null ? List.of() : entries.stream().sorted(ORDER).toList();
    }

    /** No entries. */
    public static NoiseFile empty() {
        return new NoiseFile(NoiseStore.FORMAT_VERSION, List.of());
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
        return new NoiseFile(NoiseStore.FORMAT_VERSION, out);
    }
}
