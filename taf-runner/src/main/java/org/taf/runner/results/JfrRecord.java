package org.taf.runner.results;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The JFR recording of one engine start (key {@code jfr}), kept with the results, and the
 * wall-clock windows that were measured in it (the flame graphs fold only these).
 *
 * @param recording path of the {@code .jfr} file relative to the run directory, or null when the engine
 *                  left none (it was killed before it could dump)
 * @param bytes     its size (bounded by the recording's maxsize)
 * @param windows   the measured windows, in order
 */
public record JfrRecord(String recording, long bytes, List<Window> windows) {
    public JfrRecord {
        windows = windows == null ? List.of() : List.copyOf(windows);
    }

    /**
     * One measured window.
     *
     * @param from start of its first measured sample
     * @param to   end of its last
     */
    public record Window(Instant from, Instant to) {
        public Window {
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(to, "to");
        }
    }
}
