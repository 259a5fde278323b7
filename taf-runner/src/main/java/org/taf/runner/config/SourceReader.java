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

/**
 * Turns raw key/value pairs (a file's lines, {@code -D} options, environment variables) into
 * checked {@link Setting}s: the key must be known (else a did-you-mean), appear once per file, and
 * its value must satisfy the key's type. Every problem goes to {@link Problems}; reading goes on.
 */
final class SourceReader {
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
        List<PropertyLine> lines;
        try {
            lines = PropertiesParser.parse(text, display);
        } catch (ConfigException e) {
            e.problems().forEach(problems::error);
            return new SourceFile(file, text, List.of());
        }
        List<Setting> settings = new ArrayList<>();
        Map<String, PropertyLine> seen = new HashMap<>();
        for (PropertyLine line : lines) {
            Origin origin = Origin.file(kind, file, display, line.line());
            Optional<KeyMatch> match = match(line.key(), origin);
            if (match.isEmpty()) {
                continue;
            }
            PropertyLine first = seen.putIfAbsent(match.get().key(), line);
            if (first != null) {
                // An error, not "last wins": a definition is short, layering covers every legitimate
                // override, and a silently ignored line would measure something else than was read.
                problems.error(origin.where() + ": duplicate key " + written(line.key(), match.get())
                        + "; first set at line " + first.line()
                        + (first.key().equals(line.key()) ? "" : " as " + first.key()));
                continue;
            }
            if (kind == Origin.Kind.PROFILE && !match.get().key().startsWith("profile.")) {
                problems.error(origin.where() + ": a profile may set only profile.* keys, not " + line.key());
                continue;
            }
            setting(line.key(), line.value(), match.get(), origin).ifPresent(settings::add);
        }
        return new SourceFile(file, text, List.copyOf(settings));
    }

    /** A setting from {@code -Dkey=value} or an environment variable; empty when it has an error. */
    Optional<Setting> override(String key, String value, Origin origin) {
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
        String adapted = match.alias().map(a -> a.adapt(raw)).orElse(raw);
        Path base = origin.file().map(Path::getParent).orElse(context.workDir());
        try {
            Object value = match.spec().type().parse(adapted, new ValueContext(base, context.userHome()));
            return Optional.of(new Setting(match.key(), raw, value, o));
        } catch (InvalidValueException e) {
            problems.error(origin.where() + ": " + written(written, match) + " = " + raw + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    private static String written(String key, KeyMatch match) {
        return key.equals(match.key()) ? key : key + " (" + match.key() + ")";
    }
}
