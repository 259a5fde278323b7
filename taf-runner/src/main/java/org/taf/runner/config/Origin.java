package org.taf.runner.config;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where an effective value came from. Rendered by {@link #toString()} as {@code default},
 * {@code include common.properties:3}, {@code profile profiles/default.properties:2},
 * {@code quick.properties:7}, {@code -D} or {@code env TAF_WORKLOAD_THREADS}, followed by
 * {@code (as threads)} when a legacy alias was written.
 *
 * @param kind     the layer
 * @param file     the file, for {@link Kind#INCLUDE}, {@link Kind#PROFILE} and {@link Kind#FILE}
 * @param location how the file is shown (relative to the working directory when under it), the
 *                 environment variable for {@link Kind#ENV}, or why a default changed; empty otherwise
 * @param line     1-based line in the file, 0 when there is no file
 * @param alias    the legacy name that was written, if any
 */
public record Origin(Kind kind, Optional<Path> file, String location, int line, Optional<String> alias) {

    /** The layers, lowest precedence first. */
    public enum Kind { DEFAULT, INCLUDE, PROFILE, FILE, CLI, ENV }

    public Origin {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(alias, "alias");
        boolean fileKind = kind == Kind.INCLUDE || kind == Kind.PROFILE || kind == Kind.FILE;
        if (fileKind != file.isPresent() || (fileKind && line < 1)) {
            throw new IllegalArgumentException("a " + kind + " origin needs a file and a line: " + file + ":" + line);
        }
    }

    /** The built-in default. */
    public static Origin defaultValue() {
        return new Origin(Kind.DEFAULT, Optional.empty(), "", 0, Optional.empty());
    }

    /** A default that yielded to {@code key}, a value the user set: {@code default, shortened to warmup.max}. */
    public static Origin shortenedTo(String key) {
        return new Origin(Kind.DEFAULT, Optional.empty(), "shortened to " + key, 0, Optional.empty());
    }

    /** Line {@code line} of {@code file} in layer {@code kind}. */
    public static Origin file(Kind kind, Path file, String location, int line) {
        return new Origin(kind, Optional.of(file), location, line, Optional.empty());
    }

    /** A {@code -Dkey=value} option. */
    public static Origin cli() {
        return new Origin(Kind.CLI, Optional.empty(), "", 0, Optional.empty());
    }

    /** The environment variable {@code name}. */
    public static Origin env(String name) {
        return new Origin(Kind.ENV, Optional.empty(), name, 0, Optional.empty());
    }

    /** This origin, noting that the legacy name {@code alias} was written. */
    public Origin withAlias(String alias) {
        return new Origin(kind, file, location, line, Optional.of(alias));
    }

    /** The place for the start of an error message: {@code quick.properties:7}, {@code -D}, {@code env TAF_X}. */
    public String where() {
        return switch (kind) {
            case DEFAULT -> location.isEmpty() ? "default" : "default, " + location;
            case INCLUDE, PROFILE, FILE -> location + ":" + line;
            case CLI -> "-D";
            case ENV -> "env " + location;
        };
    }

    @Override
    public String toString() {
        String base = switch (kind) {
            case INCLUDE -> "include " + where();
            case PROFILE -> "profile " + where();
            default -> where();
        };
        return alias.map(a -> base + " (as " + a + ")").orElse(base);
    }
}
