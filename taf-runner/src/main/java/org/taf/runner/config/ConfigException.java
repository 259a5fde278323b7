package org.taf.runner.config;

import java.util.List;
import org.taf.runner.TafException;

/**
 * Bad configuration: a missing file, an unknown key, a bad value, a conflict between keys. Carries
 * every problem found in one pass ({@link #problems()}), each naming file:line (or {@code -D},
 * {@code env TAF_...}), the key, the value and the rule; the message is them, one per line.
 */
public final class ConfigException extends TafException {
    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    public ConfigException(List<String> problems) {
        super(String.join("\n", problems));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a ConfigException needs at least one problem");
        }
        this.problems = List.copyOf(problems);
    }

    public ConfigException(String problem) {
        this(List.of(problem));
    }

    /**
     * One problem found by a stage's options record rather than by the keys' own rules: {@code cause} is the
     * record's refusal (so tests can tell the two apart; the message is the same to a user).
     */
    public ConfigException(String problem, Throwable cause) {
        super(problem, cause);
        this.problems = List.of(problem);
    }

    /** Each problem, one line each, in the order found. */
    public List<String> problems() {
        return problems;
    }
}
