package org.taf.runner.config;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.taf.runner.launch.EngineCommands;

/**
 * Turns raw key/value pairs (a file's lines, {@code -D} options, environment variables) into
 * checked {@link Setting}s: the key must be known (else a did-you-mean), appear once per file, and
 * its value must satisfy the key's type. Every problem goes to {@link Problems}; reading goes on.
 */
final class SourceReader {
    static final String LAUNCHER_REASON = "the launcher sets it on every engine it starts (127.0.0.1, launch.port,"
            + " a data directory of the run)";

    /**
     * One line to check, in line order: a properties line, or a line of the {@code [db_config_start]} block.
     *
     * @param key     the key to look up, e.g. {@code engine.innodb_buffer_pool_size}
     * @param written how messages and origins name it, e.g. {@code [mysqld] innodb_buffer_pool_size}
     * @param value   the value as written
     * @param line    its line
     * @param kind    what it is
     */
    private record Entry(String key, String written, String value, int line, Kind kind) {
        /** A properties line; a server option, one the launcher sets, or a section for other programs. */
        enum Kind { PROPERTY, OPTION, LAUNCHER, OTHER_SECTION }
    }

    private final KeyRegistry registry;
    private final LoadContext context;
    private final Problems problems;

    SourceReader(KeyRegistry registry, LoadContext context, Problems problems) {
        this.registry = registry;
        this.context = context;
        this.problems = problems;
    }

    /** Reads {@code file} (absolute) as layer {@code kind}; the caller has checked that it exists. */
    SourceFile read(Path file, Origin.Kind kind) {
        String display = context.display(file);
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file)))
                    .toString();
        } catch (CharacterCodingException e) {
            problems.error(display + ": not UTF-8 text");
            return new SourceFile(file, "", List.of());
        } catch (IOException e) {
            problems.error(display + ": cannot read: " + e.getMessage());
            return new SourceFile(file, "", List.of());
        }
        DbConfigBlock.Split split = DbConfigBlock.split(text, display, problems);
        List<PropertyLine> lines;
        try {
            lines = PropertiesParser.parse(split.properties(), display);
        } catch (ConfigException e) {
            e.problems().forEach(problems::error);
            return new SourceFile(file, text, List.of());
        }
        List<Setting> settings = new ArrayList<>();
        Map<String, Entry> seen = new HashMap<>();
        List<Entry> entries = entries(lines, split);
        for (Entry line : entries) {
            Origin origin = Origin.file(kind, file, display, line.line());
            if (line.kind() == Entry.Kind.OTHER_SECTION) {
                problems.warn(origin.where() + ": " + line.written() + ": this section of the " + DbConfigBlock.START
                        + " block is for other programs than the server; ignored");
                continue;
            }
            if (line.kind() == Entry.Kind.LAUNCHER) {
                problems.drop(new ResolvedConfig.Dropped(line.written(), line.value(), origin, LAUNCHER_REASON));
                continue;
            }
            if (dropped(line.key(), line.value(), origin)) {
                continue;
            }
            Optional<KeyMatch> match = match(line.key(), origin);
            if (match.isEmpty() || fallenBack(line, match.get(), entries, origin)) {
                continue;
            }
            Entry first = seen.putIfAbsent(match.get().key(), line);
            if (first != null) {
                // An error, not "last wins": a definition is short, layering covers every legitimate
                // override, and a silently ignored line would measure something else than was read.
                problems.error(origin.where() + ": duplicate key " + written(line.written(), match.get())
                        + "; first set at line " + first.line()
                        + (first.written().equals(line.written()) ? "" : " as " + first.written()));
                continue;
            }
            if (kind == Origin.Kind.PROFILE && !match.get().key().startsWith("profile.")) {
                problems.error(origin.where() + ": a profile may set only profile.* keys, not "
                        + written(line.written(), match.get()));
                continue;
            }
            Origin o = line.kind() == Entry.Kind.OPTION ? origin.withAlias(line.written()) : origin;
            setting(line.written(), line.value(), match.get(), o).ifPresent(settings::add);
        }
        return new SourceFile(file, text, List.copyOf(settings));
    }

    private static boolean isSuite(String key) {
        return key.equals("taf.test_suite") || key.equals("test_suite");
    }

    /**
     * Whether {@code line} is a fallback name (HammerDB's {@code default_duration}) that TAF (perl) reads only when
     * no other name of its key is set, and another one is set in the same file: it is then dropped with a warning.
     */
    private boolean fallenBack(Entry line, KeyMatch match, List<Entry> entries, Origin origin) {
        if (match.alias().isEmpty() || !match.alias().get().fallback()) {
            return false;
        }
        Optional<Entry> other = entries.stream().filter(e -> e != line && e.kind() == Entry.Kind.PROPERTY)
                .filter(e -> registry.lookup(e.key()).map(m -> m.key().equals(match.key())
                        && !m.alias().map(Alias::fallback).orElse(false)).orElse(false)).findFirst();
        other.ifPresent(e -> problems.drop(new ResolvedConfig.Dropped(line.key(), line.value().strip(), origin,
                "TAF (perl) reads it only when " + match.key() + " is not set otherwise; line " + e.line() + " sets "
                        + e.key())));
        return other.isPresent();
    }

    /** The properties lines and the lines of the db_config block, in line order. */
    private static List<Entry> entries(List<PropertyLine> lines, DbConfigBlock.Split split) {
        List<Entry> entries = new ArrayList<>();
        lines.forEach(l -> entries.add(new Entry(l.key(), l.key(), l.value(), l.line(), Entry.Kind.PROPERTY)));
        split.skipped().forEach(k -> entries.add(new Entry("", "[" + k.section() + "]", "", k.line(),
                Entry.Kind.OTHER_SECTION)));
        for (DbConfigBlock.Option o : split.options()) {
            String bare = o.variable().startsWith("loose_") ? o.variable().substring("loose_".length()) : o.variable();
            entries.add(new Entry("engine." + o.variable(), "[" + o.section() + "] " + o.written(), o.value(),
                    o.line(), EngineCommands.LAUNCHER_SET.contains(bare) ? Entry.Kind.LAUNCHER : Entry.Kind.OPTION));
        }
        entries.sort(java.util.Comparator.comparingInt(Entry::line));
        return entries;
    }

    /** A setting from {@code -Dkey=value} or an environment variable; empty when it has an error. */
    Optional<Setting> override(String key, String value, Origin origin) {
        if (dropped(key, value, origin)) {
            return Optional.empty();
        }
        Optional<KeyMatch> match = match(key, origin);
        if (match.isEmpty()) {
            return Optional.empty();
        }
        if (match.get().key().equals(Keys.INCLUDE.name())) {
            problems.error(origin.where() + ": include may only be set in a file");
            return Optional.empty();
        }
        return setting(key, value, match.get(), origin);
    }

    /**
     * Whether {@code key} is a TAF (perl) name without effect here; it is then warned about once and
     * dropped. {@code taf.test_suite} is dropped when it names the suite TAF here implements, and an error
     * otherwise: another suite's tests cannot run here.
     */
    private boolean dropped(String key, String value, Origin origin) {
        if (isSuite(key)) {
            String suite = value.strip();
            if (suite.equalsIgnoreCase(TafPerl.SUITE) || suite.equalsIgnoreCase(TafPerl.HAMMERDB_SUITE)) {
                problems.drop(new ResolvedConfig.Dropped(key, suite, origin, "TAF here runs the " + suite
                        + " suite's tests (workload.tests) without a suite"));
            } else {
                problems.error(origin.where() + ": " + key + " = " + suite + ": TAF here implements only the "
                        + TafPerl.SUITE + " and " + TafPerl.HAMMERDB_SUITE
                        + " suites (their tests are built into the load generator)");
            }
            return true;
        }
        Optional<String> reason = TafPerl.perlOnlyReason(key);
        reason.ifPresent(r -> problems.drop(new ResolvedConfig.Dropped(key, value.strip(), origin, r)));
        return reason.isPresent();
    }

    private Optional<KeyMatch> match(String key, Origin origin) {
        Optional<KeyMatch> match = registry.lookup(key);
        if (match.isEmpty()) {
            String hint = registry.suggest(key).map(s -> "; did you mean " + s + "?").orElse("");
            problems.error(origin.where() + ": unknown key " + (key.isEmpty() ? "''" : key) + hint);
        }
        return match;
    }

    private Optional<Setting> setting(String written, String rawValue, KeyMatch match, Origin origin) {
        String raw = rawValue.strip();
        Origin o = match.alias().map(a -> origin.withAlias(a.name())).orElse(origin);
        match.alias().filter(Alias::renamed).ifPresent(a -> problems.warn(origin.where() + ": " + a.name()
                + " is now called " + a.canonical() + "; the old name still works"));
        String adapted = match.alias().map(a -> a.adapt(raw)).orElse(raw);
        Path base = origin.file().map(Path::getParent).orElse(context.workDir());
        try {
            Object value = match.spec().type().parse(adapted, new ValueContext(base, context.userHome()));
            // The adapted value ("300s" for TAF's duration=300): what explain shows and convert writes.
            return Optional.of(new Setting(match.key(), adapted, value, o));
        } catch (InvalidValueException e) {
            problems.error(origin.where() + ": " + written(written, match) + " = " + raw + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    private static String written(String key, KeyMatch match) {
        return key.equals(match.key()) ? key : key + " (" + match.key() + ")";
    }
}
