package org.taf.runner.report.site;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.taf.runner.report.Messages;

/**
 * What an earlier run of a story did otherwise than a later one, in plain words: "on AMD EPYC instead of Intel
 * Xeon; the engine on Java 17 instead of 25; at 1, 2, 4, 8, 16 threads instead of 1, 4, 16". From the two runs'
 * {@link RunSetup}s: the host first, since a number measured on another CPU is another number, TAF's own commit
 * last; the design's settings (warm-up, rest, outputs) are left out, as a reader compares results, not files.
 */
final class Differences {
    /** Phrases before "and N more": a line, not a table. */
    private static final int SHOWN = 6;
    private static final String POOL = "innodb_buffer_pool_size";

    private Differences() {}

    /** What the run of {@code earlier} did otherwise than the run of {@code later}. */
    static String of(RunSetup earlier, RunSetup later, Messages m) {
        List<String> out = new ArrayList<>();
        if (differ(earlier.cpu(), later.cpu())) {
            out.add(m.get("differences.cpu", earlier.cpu(), later.cpu()));
        }
        if (earlier.cpus() != later.cpus() && earlier.cpus() > 0 && later.cpus() > 0) {
            out.add(m.get("differences.cpus", earlier.cpus(), later.cpus()));
        }
        if (differ(earlier.java(), later.java())) {
            out.add(m.get("differences.java", earlier.java(), later.java()));
        }
        if (differ(modes(earlier, m), modes(later, m))) {
            out.add(m.get("differences.mode", modes(earlier, m), modes(later, m)));
        }
        if (differ(join(earlier.threads()), join(later.threads()))) {
            out.add(m.get("differences.threads", join(earlier.threads()), join(later.threads())));
        }
        if (differ(join(earlier.workloads()), join(later.workloads()))) {
            out.add(m.get("differences.workloads", join(earlier.workloads()), join(later.workloads())));
        }
        TreeSet<String> keys = new TreeSet<>(earlier.engine().keySet());
        keys.addAll(later.engine().keySet());
        for (String k : keys) {
            String a = value(earlier.engine().get(k), m);
            String b = value(later.engine().get(k), m);
            if (!a.equals(b)) {
                out.add(k.equals(POOL) ? m.get("differences.pool", a, b) : m.get("differences.setting", k, a, b));
            }
        }
        if (earlier.maxPairs() != later.maxPairs()) {
            out.add(m.get("differences.pairs", earlier.maxPairs(), later.maxPairs()));
        }
        if (differ(earlier.runner(), later.runner())) {
            out.add(m.get("differences.runner", earlier.runner(), later.runner()));
        }
        if (out.isEmpty()) {
            return m.get("differences.none");
        }
        if (out.size() > SHOWN) {
            int more = out.size() - SHOWN;
            out.subList(SHOWN, out.size()).clear();
            out.add(m.get("list.more", more));
        }
        return String.join("; ", out);
    }

    /** Whether two facts both known differ: an unknown one (an older record's) says nothing. */
    private static boolean differ(String a, String b) {
        return !Objects.equals(a, b) && !a.isEmpty() && !b.isEmpty();
    }

    private static String modes(RunSetup s, Messages m) {
        return s.modes().stream().map(mode -> mode.equals("restart") ? m.get("differences.restart")
                : mode.equals("alternate") ? m.get("differences.alternate") : mode).collect(Collectors.joining(", "));
    }

    private static String value(String v, Messages m) {
        return v == null || v.isEmpty() ? m.get("differences.unset") : v;
    }

    private static String join(List<?> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }
}
