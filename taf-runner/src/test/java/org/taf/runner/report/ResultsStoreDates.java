package org.taf.runner.report;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Run ids as the runner makes them: {@code yyyyMMdd-HHmmss}. */
public final class ResultsStoreDates {
    private static final DateTimeFormatter ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private ResultsStoreDates() {}

    public static String id(Instant t) {
        return ID.format(t);
    }
}
