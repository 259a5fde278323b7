package org.taf.runner.stats;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Which question each cell of a run asks ({@code verdict.question} and {@code verdict.question.<workload>}):
 * one for every workload, and per workload where the definition says otherwise (the gate asks
 * non-inferiority of its noisy OLTP_RW cell and equivalence of POINT_SELECT).
 *
 * @param question   the question of every workload not named in {@code byWorkload}
 * @param byWorkload workload (TAF's test name, upper case) to its own question
 */
public record Questions(Question question, Map<String, Question> byWorkload) {
    /** Every cell asks equivalence: TAF's default, and what every results file before format 5 asked. */
    public static final Questions EQUIVALENCE = new Questions(Question.EQUIVALENCE, Map.of());

    public Questions {
        Objects.requireNonNull(question, "question");
        Map<String, Question> copy = new TreeMap<>();
        (byWorkload == null ? Map.<String, Question>of() : byWorkload)
                .forEach((w, q) -> copy.put(w.toUpperCase(Locale.ROOT), Objects.requireNonNull(q, w)));
        byWorkload = Map.copyOf(copy);
    }

    /** The question of {@code workload}'s cells. */
    public Question of(String workload) {
        return byWorkload.getOrDefault(workload.toUpperCase(Locale.ROOT), question);
    }

    /** Whether some cell may ask {@code q}. */
    public boolean asks(Question q) {
        return question == q || byWorkload.containsValue(q);
    }
}
