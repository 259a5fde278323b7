package org.taf.runner.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * TAF (perl)'s embedded server option file: the lines between {@code [db_config_start]} and
 * {@code [db_config_end]} of a definition, in MariaDB's option-file syntax. The options of the server's
 * sections ({@code [mysqld]}, {@code [server]}, {@code [mariadb]}, {@code [mariadbd]}) become engine
 * variables: {@code name = value} or {@code name} alone (a bare flag, which the engine reads as ON),
 * {@code -} and {@code _} the same, {@code #} and {@code ;} comments, quoted values. A {@code loose-}
 * prefix is kept ({@code engine.loose_x}), so the engine, like MariaDB, ignores the option when it does
 * not know it; any other option the engine does not know is refused when it starts, as for every
 * {@code engine.*} key.
 */
final class DbConfigBlock {
    static final String START = "[db_config_start]";
    static final String END = "[db_config_end]";
    /** Sections of an option file that the server reads; the others are for clients and tools. */
    static final Set<String> SERVER_SECTIONS = Set.of("mysqld", "server", "mariadb", "mariadbd");

    /**
     * One server option of the block.
     *
     * @param written  the name as written, e.g. {@code bind-address} or {@code loose-x}
     * @param variable the engine variable, lower_snake, e.g. {@code bind_address} or {@code loose_x}
     * @param section  the section it is in, e.g. {@code mysqld}
     * @param value    the value, unquoted; empty for an option written alone
     * @param line     its 1-based line in the definition
     */
    record Option(String written, String variable, String section, String value, int line) {}

    /**
     * A definition split in two: its properties text with the block's lines blanked (so that lines keep
     * their numbers), and the block's options.
     *
     * @param properties the text without the block
     * @param options    the server options, in the order written
     * @param skipped    the header lines of sections other than the server's
     */
    record Split(String properties, List<Option> options, List<Skipped> skipped) {}

    /** A section for other programs than the server ({@code [client]}, ...), at {@code line}. */
    record Skipped(String section, int line) {}

    private DbConfigBlock() {}

    /** Splits {@code text}; problems (a block not closed, an option outside a section) name {@code display}:line. */
    static Split split(String text, String display, Problems problems) {
        String[] lines = text.split("\r\n|\r|\n", -1);
        List<Option> options = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        StringBuilder rest = new StringBuilder();
        int start = -1;
        String section = null;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            boolean inBlock = start >= 0;
            if (!inBlock && line.equalsIgnoreCase(START)) {
                start = i + 1;
                section = null;
            } else if (inBlock && line.equalsIgnoreCase(END)) {
                start = -1;
            } else if (inBlock) {
                section = option(line, i + 1, section, display, options, skipped, problems);
            } else {
                rest.append(lines[i]);
            }
            if (i + 1 < lines.length) {
                rest.append('\n');
            }
        }
        if (start >= 0) {
            problems.error(display + ":" + start + ": " + START + " without " + END);
        }
        return new Split(rest.toString(), List.copyOf(options), List.copyOf(skipped));
    }

    /** Reads one line of the block; returns the section in effect after it (null before the first). */
    private static String option(String line, int number, String section, String display, List<Option> out,
            List<Skipped> skipped, Problems problems) {
        String where = display + ":" + number;
        if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
            return section;
        }
        if (line.startsWith("[")) {
            int end = line.indexOf(']');
            if (end < 0) {
                problems.error(where + ": section header without ']': " + line);
                return section;
            }
            String name = line.substring(1, end).strip().toLowerCase(Locale.ROOT);
            if (!SERVER_SECTIONS.contains(name)) {
                skipped.add(new Skipped(name, number));
            }
            return name;
        }
        if (line.startsWith("!include")) {
            problems.error(where + ": " + line + ": the " + START + " block must hold the options themselves");
            return section;
        }
        if (section == null) {
            problems.error(where + ": option '" + line + "' before any [section] of the " + START + " block;"
                    + " write [mysqld] above it");
            return null;
        }
        if (!SERVER_SECTIONS.contains(section)) {
            return section;
        }
        int eq = line.indexOf('=');
        String written = (eq < 0 ? stripComment(line) : line.substring(0, eq)).strip();
        String value = eq < 0 ? "" : value(line.substring(eq + 1));
        String variable = written.toLowerCase(Locale.ROOT).replace('-', '_');
        if (!variable.matches(KeyPattern.VARIABLE)) {
            problems.error(where + ": '" + written + "' is not an option name (letters, digits, '-' or '_')");
            return section;
        }
        out.add(new Option(written, variable, section, value, number));
        return section;
    }

    /** The value after '=': one pair of quotes removed, else a trailing {@code #} comment dropped. */
    private static String value(String raw) {
        String v = raw.strip();
        if (v.length() >= 2 && (v.charAt(0) == '"' || v.charAt(0) == '\'')) {
            int close = v.indexOf(v.charAt(0), 1);
            if (close > 0) {
                return v.substring(1, close);
            }
        }
        return stripComment(v);
    }

    private static String stripComment(String s) {
        int hash = s.indexOf('#');
        return (hash < 0 ? s : s.substring(0, hash)).strip();
    }
}
