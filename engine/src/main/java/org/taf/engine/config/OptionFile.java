package org.taf.engine.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Reads a MariaDB option file ({@code my.cnf} format): {@code [section]} headers, {@code name = value}
 * lines, bare boolean options, {@code #} and {@code ;} comments, quoted values with backslash
 * escapes, {@code !include FILE} and {@code !includedir DIR} (its {@code *.cnf} files, by name).
 * Only the sections the server reads are kept: {@code [mysqld]}, {@code [server]},
 * {@code [mariadb]}, {@code [mariadbd]} and {@code [engine]}; the others ({@code [client]}, ...)
 * belong to other programs.
 */
public final class OptionFile {
    /** Section names whose options this server takes (lower case). */
    public static final Set<String> SECTIONS = Set.of("mysqld", "server", "mariadb", "mariadbd", "engine");

    private OptionFile() {}

    /**
     * The settings of {@code file} in the order written, each with its {@code file:line} origin.
     *
     * @throws EngineConfigException naming the file (and line) when it cannot be read or a line is malformed
     */
    public static List<Setting> read(Path file) {
        List<Setting> out = new ArrayList<>();
        read(file, out, new HashSet<>());
        return out;
    }

    private static void read(Path file, List<Setting> out, Set<Path> seen) {
        Path real = file.toAbsolutePath().normalize();
        if (!seen.add(real)) {
            throw new EngineConfigException(file + ": included more than once (an !include cycle)");
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new EngineConfigException("cannot read option file " + file + ": " + e.getMessage());
        }
        boolean inSection = false;
        for (int i = 0; i < lines.size(); i++) {
            String origin = file + ":" + (i + 1);
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
                continue;
            }
            if (line.startsWith("!include ") || line.startsWith("!includedir ")) {
                include(file, line, out, seen);
                continue;
            }
            if (line.startsWith("[")) {
                int end = line.indexOf(']');
                if (end < 0) {
                    throw new EngineConfigException(origin + ": section header without ']': " + line);
                }
                inSection = SECTIONS.contains(line.substring(1, end).strip().toLowerCase(Locale.ROOT));
                continue;
            }
            if (!inSection) {
                continue;
            }
            int eq = line.indexOf('=');
            String name = eq < 0 ? stripComment(line) : line.substring(0, eq).strip();
            String value = eq < 0 ? null : value(line.substring(eq + 1), origin);
            if (name.isEmpty()) {
                throw new EngineConfigException(origin + ": option without a name: " + line);
            }
            out.add(OptionSyntax.setting(name, value, origin));
        }
    }

    private static void include(Path file, String line, List<Setting> out, Set<Path> seen) {
        boolean dir = line.startsWith("!includedir ");
        String target = line.substring(dir ? "!includedir ".length() : "!include ".length()).strip();
        Path parent = file.toAbsolutePath().getParent();
        Path path = parent == null ? Path.of(target) : parent.resolve(target);
        if (!dir) {
            read(path, out, seen);
            return;
        }
        try (Stream<Path> files = Files.list(path)) {
            for (Path p : files.filter(p -> p.getFileName().toString().endsWith(".cnf")).sorted().toList()) {
                read(p, out, seen);
            }
        } catch (IOException e) {
            throw new EngineConfigException(file + ": cannot read !includedir " + path + ": " + e.getMessage());
        }
    }

    /** The value after '=': quotes removed, escapes applied, a trailing comment dropped when unquoted. */
    static String value(String raw, String origin) {
        String v = raw.strip();
        if (!v.isEmpty() && (v.charAt(0) == '\'' || v.charAt(0) == '"')) {
            char quote = v.charAt(0);
            int end = v.indexOf(quote, 1);
            while (end > 0 && v.charAt(end - 1) == '\\') {
                end = v.indexOf(quote, end + 1);
            }
            if (end < 0) {
                throw new EngineConfigException(origin + ": unterminated quoted value: " + v);
            }
            String rest = stripComment(v.substring(end + 1));
            if (!rest.isEmpty()) {
                throw new EngineConfigException(origin + ": text after the quoted value: " + rest);
            }
            return unescape(v.substring(1, end));
        }
        return unescape(stripComment(v));
    }

    private static String stripComment(String s) {
        int hash = s.indexOf('#');
        return (hash < 0 ? s : s.substring(0, hash)).strip();
    }

    private static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 == s.length()) {
                b.append(c);
                continue;
            }
            char n = s.charAt(++i);
            switch (n) {
                case 'n' -> b.append('\n');
                case 't' -> b.append('\t');
                case 'r' -> b.append('\r');
                case 'b' -> b.append('\b');
                case 's' -> b.append(' ');
                case '\\', '\'', '"' -> b.append(n);
                // MariaDB keeps an unknown escape as written, which matters for Windows-style paths.
                default -> b.append('\\').append(n);
            }
        }
        return b.toString();
    }
}
