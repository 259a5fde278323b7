package org.taf.runner.config;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses values with units ({@code sys.Durations} formats durations back): durations ({@code 500ms},
 * {@code 30s}, {@code 5m}, {@code 1h}, combined as {@code 1m30s}), byte sizes with binary suffixes ({@code 4K},
 * {@code 128M}, {@code 2G}, {@code 1T}; a bare number is bytes) and CPU frequencies
 * ({@code 2100MHz}, {@code 2.1GHz}, {@code 800000kHz}; kept in kHz, the unit of Linux cpufreq).
 */
public final class Units {
    private static final Pattern DURATION_PART = Pattern.compile("(\\d+)(ms|s|m|h)");
    private static final Pattern SIZE = Pattern.compile("(\\d+)([KMGT]?)", Pattern.CASE_INSENSITIVE);
    private static final Pattern FREQUENCY =
            Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(kHz|MHz|GHz)", Pattern.CASE_INSENSITIVE);

    private Units() {}

    /** Parses a duration such as {@code 30s} or {@code 1m30s}; a unit is required. */
    public static Duration parseDuration(String raw) throws InvalidValueException {
        String s = raw.trim().toLowerCase(Locale.ROOT);
        if (s.matches("\\d+")) {
            throw new InvalidValueException("needs a unit (ms, s, m, h), e.g. " + s + "s");
        }
        Matcher m = DURATION_PART.matcher(s);
        Duration total = Duration.ZERO;
        int end = 0;
        while (m.find() && m.start() == end) {
            long n;
            try {
                n = Long.parseLong(m.group(1));
            } catch (NumberFormatException e) {
                throw new InvalidValueException("is too large");
            }
            total = total.plus(switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                default -> Duration.ofHours(n);
            });
            end = m.end();
        }
        if (end == 0 || end != s.length()) {
            throw new InvalidValueException("must be a duration like 500ms, 30s, 5m, 1h or 1m30s");
        }
        return total;
    }

    /** Parses a byte size such as {@code 128M} (binary multiples: K = 1024). */
    public static long parseSize(String raw) throws InvalidValueException {
        Matcher m = SIZE.matcher(raw.trim());
        if (!m.matches()) {
            throw new InvalidValueException("must be a size like 4096, 4K, 128M, 2G or 1T");
        }
        int shift = switch (m.group(2).toUpperCase(Locale.ROOT)) {
            case "K" -> 10;
            case "M" -> 20;
            case "G" -> 30;
            case "T" -> 40;
            default -> 0;
        };
        try {
            long n = Long.parseLong(m.group(1));
            if (n > (Long.MAX_VALUE >> shift)) {
                throw new InvalidValueException("is too large");
            }
            return n << shift;
        } catch (NumberFormatException e) {
            throw new InvalidValueException("is too large");
        }
    }

    /** Parses a frequency such as {@code 2100MHz} into kHz. */
    public static long parseFrequencyKhz(String raw) throws InvalidValueException {
        Matcher m = FREQUENCY.matcher(raw.trim());
        if (!m.matches()) {
            throw new InvalidValueException("must be a frequency like 2100MHz, 2.1GHz or 800000kHz");
        }
        double factor = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "khz" -> 1;
            case "mhz" -> 1_000;
            default -> 1_000_000;
        };
        double khz = Double.parseDouble(m.group(1)) * factor;
        if (khz != Math.rint(khz) || khz > Long.MAX_VALUE) {
            throw new InvalidValueException("must be a whole number of kHz");
        }
        return (long) khz;
    }
}
