package org.taf.runner.jfr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Folds the events of one {@link FlameKind} in a JFR recording into {@link CollapsedStacks}.
 * Immutable; configure with the {@code with...} methods, then {@link #fold}.
 *
 * <p>Frames are named {@code package.Class.method} (with {@code :line} when asked). Generated
 * classes lose their run-specific suffixes ({@code Foo$$Lambda$14+0x00007f8a80007c10.1524126153.run}
 * as JDK 17 records it, {@code Foo$$Lambda.0x0000000053044c20.run} as JDK 25 does, become
 * {@code Foo$$Lambda.run}) so that two recordings of the same code fold alike. Synthetic frames are
 * in brackets: a stack that JFR cut at its depth limit starts with {@code [truncated]} (its real
 * root is lost, so such stacks group together), an event without a stack is {@code [no stack trace]},
 * and a lock wait ends with what was waited for, {@code [monitor org.Foo]} or
 * {@code [park java.util.concurrent.locks.ReentrantLock$NonfairSync]}.
 *
 * <p>The window selects by start time: a wait that straddles an edge counts wholly, on the side
 * where it began. That keeps the halves of a split window adding up to the whole.
 *
 * @param kind        which events, and so the weight: 1 per CPU sample, or nanoseconds waited
 * @param from        only events that start at or after this instant (default: no bound)
 * @param to          only events that start before this instant (default: no bound)
 * @param threads     only events of threads whose Java name matches (default: all threads)
 * @param lineNumbers append {@code :line} to frames (default false: lines split a method's weight
 *                    and differ between a parent and a patch that moved code)
 */
public record JfrFolder(FlameKind kind, Instant from, Instant to, Predicate<String> threads, boolean lineNumbers) {
    private static final Pattern LAMBDA = Pattern.compile("\\$\\$Lambda\\$\\d+");
    /**
     * A hidden class's address: {@code +0x00007f8a80007c10.1524126153} in JDK 17's JFR, {@code .0x...}
     * in JDK 25's, {@code /0x...} in {@link Class#getName}. No Java name has a part that starts with a digit.
     */
    private static final Pattern HIDDEN_SUFFIX = Pattern.compile("[+/.]0x[0-9a-fA-F]+(\\.\\d+)?");
    private static final Pattern GENERATED_NUMBER = Pattern.compile(
            "(GeneratedMethodAccessor|GeneratedConstructorAccessor|GeneratedSerializationConstructorAccessor)\\d+");

    public JfrFolder {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(threads, "threads");
        if (!from.isBefore(to)) {
            throw new IllegalArgumentException("JFR window [" + from + ", " + to
                    + ") is empty: from must be before to");
        }
    }

    /**
     * What a fold found.
     *
     * @param stacks    the folded stacks of the kept events
     * @param events    events kept (in the window and of the selected threads)
     * @param truncated kept events whose stack JFR cut at its depth limit
     * @param first     start of the earliest event of the kind in the file, kept or not: when it is
     *                  later than the window's start (by more than a sampling period), the recording
     *                  lost the window's beginning (its size bound dropped old chunks)
     * @param last      start of the latest event of the kind in the file, kept or not
     */
    public record Folded(CollapsedStacks stacks, long events, long truncated, Optional<Instant> first,
            Optional<Instant> last) {
    }

    /** All events of {@code kind}, every thread, no window, no line numbers. */
    public static JfrFolder of(FlameKind kind) {
        return new JfrFolder(kind, Instant.MIN, Instant.MAX, t -> true, false);
    }

    /** Only events starting in [{@code from}, {@code to}): the measured window. */
    public JfrFolder withWindow(Instant from, Instant to) {
        return new JfrFolder(kind, from, to, threads, lineNumbers);
    }

    /** Only events of threads whose Java name (empty if unknown) matches {@code names}. */
    public JfrFolder withThreads(Predicate<String> names) {
        return new JfrFolder(kind, from, to, names, lineNumbers);
    }

    /** Only events of threads whose name starts with {@code prefix}, e.g. {@code engine-connection-}. */
    public JfrFolder withThreadPrefix(String prefix) {
        Objects.requireNonNull(prefix, "prefix");
        return withThreads(name -> name.startsWith(prefix));
    }

    public JfrFolder withLineNumbers(boolean on) {
        return new JfrFolder(kind, from, to, threads, on);
    }

    /**
     * Reads {@code recording} and folds its events.
     *
     * @throws FlameException naming the file when it is missing, empty, or not a readable recording
     */
    public Folded fold(Path recording) {
        checkReadable(recording);
        CollapsedStacks.Builder stacks = CollapsedStacks.builder();
        long kept = 0;
        long truncated = 0;
        Instant first = null;
        Instant last = null;
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                String type = e.getEventType().getName();
                if (!kind.events().contains(type)) {
                    continue;
                }
                Instant start = e.getStartTime();
                first = first == null || start.isBefore(first) ? start : first;
                last = last == null || start.isAfter(last) ? start : last;
                if (start.isBefore(from) || !start.isBefore(to) || !threads.test(threadName(e))) {
                    continue;
                }
                RecordedStackTrace trace = e.getStackTrace();
                if (trace != null && trace.isTruncated()) {
                    truncated++;
                }
                // a wait cannot be negative; a clock step could make it so, and it should not fail the fold
                long weight = kind == FlameKind.CPU ? 1 : Math.max(0, e.getDuration().toNanos());
                stacks.add(frames(e, type, trace), weight);
                kept++;
            }
        } catch (IOException | RuntimeException e) {
            throw new FlameException("JFR recording " + recording + " cannot be read (corrupt or cut short?): " + e, e);
        }
        return new Folded(stacks.build(), kept, truncated, Optional.ofNullable(first), Optional.ofNullable(last));
    }

    private static void checkReadable(Path recording) {
        try {
            if (Files.size(recording) == 0) {
                throw new FlameException("JFR recording " + recording + " is empty (did the engine stop before JFR"
                        + " dumped it?)");
            }
        } catch (NoSuchFileException e) {
            throw new FlameException("JFR recording " + recording + " does not exist");
        } catch (IOException e) {
            throw new FlameException("JFR recording " + recording + " cannot be read: " + e, e);
        }
    }

    private List<String> frames(RecordedEvent e, String type, RecordedStackTrace trace) {
        List<String> out = new ArrayList<>();
        if (trace == null) {
            out.add("[no stack trace]");
        } else {
            if (trace.isTruncated()) {
                out.add("[truncated]");
            }
            List<RecordedFrame> frames = trace.getFrames(); // leaf first
            for (int i = frames.size() - 1; i >= 0; i--) {
                out.add(frameName(frames.get(i)));
            }
        }
        if (type.equals("jdk.JavaMonitorEnter")) {
            out.add(blocker("monitor", e, "monitorClass"));
        } else if (type.equals("jdk.ThreadPark")) {
            out.add(blocker("park", e, "parkedClass"));
        }
        return out;
    }

    private String frameName(RecordedFrame f) {
        RecordedMethod m = f.getMethod();
        String name = m == null ? "[unknown]" : className(m.getType()) + "." + m.getName();
        if (lineNumbers && f.getLineNumber() > 0) {
            name += ":" + f.getLineNumber();
        }
        return sanitize(name);
    }

    private static String blocker(String what, RecordedEvent e, String field) {
        RecordedClass c = e.hasField(field) ? e.getValue(field) : null;
        return c == null ? "[" + what + "]" : "[" + what + " " + sanitize(className(c)) + "]";
    }

    private static String className(RecordedClass c) {
        return c == null ? "[unknown]" : stableClassName(c.getName());
    }

    /** {@code name} without the parts that differ from run to run (see the class comment). */
    public static String stableClassName(String name) {
        String n = LAMBDA.matcher(name).replaceAll(Matcher.quoteReplacement("$$Lambda"));
        n = HIDDEN_SUFFIX.matcher(n).replaceAll("");
        return GENERATED_NUMBER.matcher(n).replaceAll("$1");
    }

    /** The sampled thread for CPU samples (their event thread is the sampler), else the event's thread. */
    private static String threadName(RecordedEvent e) {
        RecordedThread t = e.hasField("sampledThread") ? e.getThread("sampledThread") : e.getThread();
        String name = t == null ? null : t.getJavaName();
        return name == null ? "" : name;
    }

    /** Names cannot hold ';' or line breaks in the folded format; JVM names almost never do. */
    private static String sanitize(String s) {
        return s.replace(';', ':').replace('\n', ' ').replace('\r', ' ');
    }
}
