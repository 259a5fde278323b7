package org.taf.runner.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.taf.runner.launch.LaunchOptions;
import org.taf.runner.profile.CpuSet;
import org.taf.runner.sys.Durations;
import org.taf.runner.workload.Workload;

/** The factory vocabulary of value types: {@code integer(1, 64)}, {@code listOf(duration(...))}, ... */
public final class ValueTypes {
    private ValueTypes() {}

    /** Builds a type from a parser and a description. */
    static <T> ValueType<T> of(String description, Parser<T> parser) {
        return of(description, parser, List.of());
    }

    static <T> ValueType<T> of(String description, Parser<T> parser, List<String> extremes) {
        return new ValueType<>() {
            @Override
            public List<String> extremes() {
                return extremes;
            }

            @Override
            public T parse(String raw, ValueContext context) throws InvalidValueException {
                return parser.parse(raw, context);
            }

            @Override
            public String describe() {
                return description;
            }
        };
    }

    /** A parse function that may fail with a rule. */
    @FunctionalInterface
    interface Parser<T> {
        T parse(String raw, ValueContext context) throws InvalidValueException;
    }

    /** Any text, including the empty string. */
    public static ValueType<String> string() {
        return of("string", (raw, ctx) -> raw);
    }

    /** Text matching {@code regex} entirely; {@code rule} says what it must be. */
    public static ValueType<String> matching(String description, String regex, String rule) {
        Pattern p = Pattern.compile(regex);
        return of(description, (raw, ctx) -> {
            if (!p.matcher(raw).matches()) {
                throw new InvalidValueException(rule);
            }
            return raw;
        });
    }

    /** A 32-bit integer in {@code [min, max]}. */
    public static ValueType<Integer> integer(int min, int max) {
        return of("int" + range(min, max, Integer.MAX_VALUE), (raw, ctx) -> {
            long v = parseLong(raw, "an integer");
            checkRange(v, min, max);
            return (int) v;
        }, List.of(Integer.toString(min), Integer.toString(max)));
    }

    /** A 64-bit integer in {@code [min, max]}. */
    public static ValueType<Long> longInteger(long min, long max) {
        return of("long" + range(min, max, Long.MAX_VALUE), (raw, ctx) -> {
            long v = parseLong(raw, "an integer");
            checkRange(v, min, max);
            return v;
        }, List.of(Long.toString(min), Long.toString(max)));
    }

    /** {@code true/false}, also {@code yes/no}, {@code on/off}, {@code 1/0}, any case. */
    public static ValueType<Boolean> bool() {
        return of("bool", (raw, ctx) -> switch (raw.toLowerCase(Locale.ROOT)) {
            case "true", "yes", "on", "1" -> true;
            case "false", "no", "off", "0" -> false;
            default -> throw new InvalidValueException("must be true or false");
        });
    }

    /** A percentage in {@code [min, max]}; a trailing {@code %} is allowed. */
    public static ValueType<Double> percent(double min, double max) {
        return of("percent in [" + num(min) + ", " + num(max) + "]", (raw, ctx) -> {
            String s = raw.endsWith("%") ? raw.substring(0, raw.length() - 1).trim() : raw;
            double v = parseDouble(s);
            if (v < min || v > max) {
                throw new InvalidValueException("must be between " + num(min) + " and " + num(max));
            }
            return v;
        }, List.of(num(min), num(max)));
    }

    /** A number strictly between {@code 0} and {@code 1}, e.g. a confidence level. */
    public static ValueType<Double> fraction() {
        return of("number in (0, 1)", (raw, ctx) -> {
            double v = parseDouble(raw);
            if (v <= 0 || v >= 1) {
                throw new InvalidValueException("must be between 0 and 1 (exclusive)");
            }
            return v;
        });
    }

    /** A duration with a unit ({@link Units#parseDuration}) of at least {@code min}. */
    public static ValueType<Duration> duration(Duration min) {
        String floor = Durations.format(min);
        return of("duration (ms, s, m, h) >= " + floor, (raw, ctx) -> {
            Duration d = Units.parseDuration(raw);
            if (d.compareTo(min) < 0) {
                throw new InvalidValueException("must be >= " + floor);
            }
            return d;
        }, List.of(floor));
    }

    /** A byte size ({@link Units#parseSize}) of at least {@code min} bytes. */
    public static ValueType<Long> size(long min) {
        return of("size (K, M, G, T) >= " + min, (raw, ctx) -> {
            long v = Units.parseSize(raw);
            if (v < min) {
                throw new InvalidValueException("must be >= " + min + " bytes");
            }
            return v;
        });
    }

    /** A CPU frequency ({@link Units#parseFrequencyKhz}), in kHz. */
    public static ValueType<Long> frequency() {
        return of("frequency (kHz, MHz, GHz)", (raw, ctx) -> Units.parseFrequencyKhz(raw));
    }

    /** One of {@code values}, matched case-insensitively, returned as declared. */
    public static <E extends Enum<E>> ValueType<E> oneOf(E[] values, Function<E, String> label) {
        List<String> labels = new ArrayList<>();
        for (E e : values) {
            labels.add(label.apply(e));
        }
        String all = String.join("|", labels);
        return of(all, (raw, ctx) -> {
            for (E e : values) {
                if (label.apply(e).equalsIgnoreCase(raw)) {
                    return e;
                }
            }
            throw new InvalidValueException("must be one of " + String.join(", ", labels));
        });
    }

    /**
     * A workload by TAF test name (or TAF (perl)'s name of it, {@code tprocc}), any case; a TAF (perl) test not
     * implemented here says why.
     */
    public static ValueType<Workload> workload() {
        String all = java.util.Arrays.stream(Workload.values()).map(Workload::tafName).collect(Collectors.joining("|"));
        return of(all, (raw, ctx) -> {
            for (Workload w : Workload.values()) {
                if (w.named(raw)) {
                    return w;
                }
            }
            throw new InvalidValueException(Workload.notImplemented(raw)
                    .orElse("must be one of " + all.replace("|", ", ")));
        });
    }

    /** A file system path; {@code ~/} is the user's home, relative paths resolve against the origin's directory. */
    public static ValueType<Path> path() {
        return of("path", (raw, ctx) -> {
            if (raw.isEmpty()) {
                throw new InvalidValueException("must be a path");
            }
            Path p = raw.equals("~") ? ctx.userHome()
                    : raw.startsWith("~/") ? ctx.userHome().resolve(raw.substring(2)) : Path.of(raw);
            return ctx.baseDir().resolve(p).normalize();
        });
    }

    /**
     * Where runs are stored: {@code none} (not stored: empty), {@code jdbc:sqlite:FILE} ({@code ~/} and relative
     * paths resolved like {@link #path()}, so the URL is absolute) or {@code jdbc:mariadb://HOST:PORT/DATABASE?...}
     * (kept as written). Only these two drivers ship with TAF.
     */
    public static ValueType<Optional<String>> resultsDbUrl() {
        String rule = "must be none, jdbc:sqlite:FILE or jdbc:mariadb://HOST:PORT/DATABASE";
        return of("none, jdbc:sqlite:FILE or jdbc:mariadb://...", (raw, ctx) -> {
            if (raw.equalsIgnoreCase("none")) {
                return Optional.empty();
            }
            if (raw.startsWith(SQLITE)) {
                String file = raw.substring(SQLITE.length());
                if (file.isEmpty() || file.startsWith(":")) { // ":memory:" would drop every run at exit
                    throw new InvalidValueException(rule + " (an SQLite URL names a file)");
                }
                return Optional.of(SQLITE + path().parse(file, ctx));
            }
            if (raw.startsWith("jdbc:mariadb://") && raw.length() > "jdbc:mariadb://".length()) {
                if (raw.toLowerCase(java.util.Locale.ROOT).matches(".*[?&;]password=.*")) {
                    // explain, the post and results.json show this key: a password belongs in the masked one.
                    throw new InvalidValueException("carries a password, which explain and results.json would show:"
                            + " set results.db.password (masked) instead");
                }
                return Optional.of(raw);
            }
            throw new InvalidValueException(rule);
        });
    }

    private static final String SQLITE = "jdbc:sqlite:";

    /** A path relative to a source tree, kept relative; it may not leave the tree. */
    public static ValueType<Path> treePath() {
        return of("path inside the source tree", (raw, ctx) -> {
            Path p = Path.of(raw).normalize();
            if (raw.isEmpty() || p.isAbsolute() || p.startsWith("..")) {
                throw new InvalidValueException("must be a relative path inside the source tree");
            }
            return p;
        });
    }

    /**
     * A git revision as JGit resolves it (sha, branch, tag, {@code HEAD~1}); only its form is
     * checked here, the git stage resolves it.
     */
    public static ValueType<String> revision() {
        return of("revision (sha, branch, tag, HEAD~1, ...)", (raw, ctx) -> {
            if (raw.isEmpty() || raw.chars().anyMatch(c -> c <= ' ' || c == 0x7f)) {
                throw new InvalidValueException("must be a revision without spaces");
            }
            if (raw.contains("..")) {
                throw new InvalidValueException("must be a single revision, not a range");
            }
            return raw;
        });
    }

    /** A Linux cpuset list such as {@code 0-3,8}. */
    public static ValueType<CpuSet> cpuset() {
        return of("cpuset (e.g. 0-3,8)", (raw, ctx) -> parseCpuSet(raw));
    }

    /** Parses {@code 0-3,8} (spaces allowed around commas); the rule broken is the message. */
    private static CpuSet parseCpuSet(String raw) throws InvalidValueException {
        TreeSet<Integer> set = new TreeSet<>();
        for (String part : splitList(raw)) {
            String[] ends = part.split("-", -1);
            if (ends.length > 2 || !ends[0].matches("\\d{1,4}")
                    || (ends.length == 2 && !ends[1].matches("\\d{1,4}"))) {
                throw new InvalidValueException("must be a cpuset like 0-3,8");
            }
            int lo = Integer.parseInt(ends[0]);
            int hi = ends.length == 2 ? Integer.parseInt(ends[1]) : lo;
            if (hi < lo || hi > CpuSet.MAX_CPU) {
                throw new InvalidValueException("has a bad range " + part + " (CPUs are 0.." + CpuSet.MAX_CPU
                        + ", low-high)");
            }
            for (int c = lo; c <= hi; c++) {
                set.add(c);
            }
        }
        if (set.isEmpty()) {
            throw new InvalidValueException("must name at least one CPU");
        }
        return new CpuSet(new ArrayList<>(set));
    }

    /** Empty means absent; anything else must satisfy {@code inner}. */
    public static <T> ValueType<Optional<T>> optional(ValueType<T> inner) {
        return of(inner.describe() + " or empty", (raw, ctx) ->
                raw.isEmpty() ? Optional.empty() : Optional.of(inner.parse(raw, ctx)));
    }

    /** A comma-separated list of at least {@code minSize} elements; {@code distinct} forbids repeats. */
    public static <T> ValueType<List<T>> listOf(ValueType<T> element, int minSize, boolean distinct) {
        String description = "list of " + element.describe();
        return of(description, (raw, ctx) -> {
            List<String> parts = splitList(raw);
            if (parts.size() < minSize) {
                throw new InvalidValueException(minSize == 1 ? "must not be empty"
                        : "needs at least " + minSize + " values");
            }
            List<T> out = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < parts.size(); i++) {
                String part = parts.get(i);
                if (part.isEmpty()) {
                    throw new InvalidValueException("element " + (i + 1) + " is empty");
                }
                T v;
                try {
                    v = element.parse(part, ctx);
                } catch (InvalidValueException e) {
                    throw parts.size() == 1 ? e
                            : new InvalidValueException("element " + (i + 1) + " (" + part + ") " + e.getMessage());
                }
                if (distinct && !seen.add(String.valueOf(v))) {
                    throw new InvalidValueException("lists " + part + " twice");
                }
                out.add(v);
            }
            return List.copyOf(out);
        });
    }

    /** Splits a comma-separated list, trimming each element; the empty string is the empty list. */
    static List<String> splitList(String raw) {
        if (raw.isBlank()) {
            return List.of();
        }
        return java.util.Arrays.stream(raw.split(",", -1)).map(String::trim).collect(Collectors.toList());
    }

    private static long parseLong(String raw, String what) throws InvalidValueException {
        try {
            return Long.parseLong(raw.startsWith("+") ? raw.substring(1) : raw);
        } catch (NumberFormatException e) {
            throw new InvalidValueException("must be " + what);
        }
    }

    private static double parseDouble(String raw) throws InvalidValueException {
        try {
            double v = Double.parseDouble(raw);
            if (!Double.isFinite(v) || raw.matches(".*[a-zA-Z].*")) {
                throw new NumberFormatException(raw);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new InvalidValueException("must be a number");
        }
    }

    private static void checkRange(long v, long min, long max) throws InvalidValueException {
        if (v < min) {
            throw new InvalidValueException("must be >= " + min);
        }
        if (v > max) {
            throw new InvalidValueException("must be <= " + max);
        }
    }

    private static String range(long min, long max, long unbounded) {
        if (max == unbounded) {
            return min == Long.MIN_VALUE || min == Integer.MIN_VALUE ? "" : " >= " + min;
        }
        return " in [" + min + ", " + max + "]";
    }

    private static String num(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    /** A java executable's path, or {@code auto} ({@link LaunchOptions#AUTO}, resolved when a run starts). */
    static ValueType<Path> javaOrAuto() {
        ValueType<Path> path = path();
        return ValueTypes.of("auto or path", (raw, ctx) -> raw.equalsIgnoreCase("auto") ? LaunchOptions.AUTO
                : path.parse(raw, ctx));
    }
}
