package org.taf.runner.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The words of one edition of the site, from {@code templates/messages_<edition>.properties}
 * (UTF-8, inside the runner jar). Another language is another bundle, not a fork of the templates.
 * Placeholders are {@code {0}}, {@code {1}} ... and are replaced by already formatted text (numbers
 * are formatted by the view models with {@link #numberLocale()}), so no MessageFormat quoting rules.
 * The bundle's {@code format.locale} key names the locale for numbers (default English).
 */
public final class Messages {
    private final String edition;
    private final Map<String, String> texts;
    private final Locale numberLocale;

    private Messages(String edition, Map<String, String> texts) {
        this.edition = edition;
        this.texts = Collections.unmodifiableMap(new TreeMap<>(texts));
        this.numberLocale = Locale.forLanguageTag(texts.getOrDefault("format.locale", "en"));
    }

    /** The English edition. */
    public static Messages english() {
        return load("en");
    }

    /** The edition {@code edition} (e.g. "en", "ru") from the classpath. */
    public static Messages load(String edition) {
        String name = "templates/messages_" + edition + ".properties";
        try (InputStream in = Messages.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new ReportException(
                        "no message bundle " + name + " on the classpath (edition '" + edition + "')");
            }
            Properties p = new Properties();
            try (Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
                p.load(r);
            }
            Map<String, String> texts = new TreeMap<>();
            p.stringPropertyNames().forEach(k -> texts.put(k, p.getProperty(k)));
            return new Messages(edition, texts);
        } catch (IOException e) {
            throw new ReportException("cannot read message bundle " + name + ": " + e.getMessage(), e);
        }
    }

    /** The edition's name, e.g. "en"; also the {@code lang} of the pages. */
    public String edition() {
        return edition;
    }

    /** Locale for numbers (grouping and decimal separators). */
    public Locale numberLocale() {
        return numberLocale;
    }

    /** Whether the bundle has {@code key}. */
    public boolean has(String key) {
        return texts.containsKey(key);
    }

    /** Every key and text, sorted by key. */
    public Map<String, String> all() {
        return texts;
    }

    /**
     * The text of {@code key} with {@code {i}} replaced by {@code args[i]}.
     *
     * @throws IllegalStateException when the key is missing: a template or view names a word the
     *                               bundle lacks, which is a bug caught by the tests
     */
    public String get(String key, Object... args) {
        return get(key, List.of(args));
    }

    /** {@link #get(String, Object...)} with a list of arguments. */
    public String get(String key, List<?> args) {
        String text = texts.get(key);
        if (text == null) {
            throw new IllegalStateException("message bundle '" + edition + "' has no key " + key);
        }
        if (args.isEmpty()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 32);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int close = c == '{' ? text.indexOf('}', i) : -1;
            if (close > i + 1 && text.substring(i + 1, close).chars().allMatch(Character::isDigit)) {
                int n = Integer.parseInt(text.substring(i + 1, close));
                if (n >= args.size()) {
                    throw new IllegalStateException("message " + key + " uses {" + n + "} but got " + args.size()
                            + " arguments");
                }
                out.append(args.get(n));
                i = close;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
