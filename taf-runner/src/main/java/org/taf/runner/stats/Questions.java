package org.taf.runner.stats;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Which question each metric of each cell asks ({@code verdict.question} and its keys per workload, per metric and
 * per workload and metric). The most specific key wins: {@code verdict.question.<workload>.<metric>}, then
 * {@code verdict.question.<metric>}, then {@code verdict.question.<workload>}, then {@code verdict.question}. The
 * gate asks non-inferiority of OLTP_RW's metrics and of POINT_SELECT's CPU per transaction, and equivalence of
 * POINT_SELECT's TPS: CPU per transaction spreads more than TPS on a shared VM, and a per-commit gate needs only
 * "not worse" of it.
 *
 * @param question         the question of every metric no other key names
 * @param byWorkload       workload (TAF's test name, upper case) to the question of its cells' metrics
 * @param byMetric         metric to its question in every cell
 * @param byWorkloadMetric workload to metric to the question of that metric in that workload's cells
 */
public record Questions(Question question, Map<String, Question> byWorkload, Map<Metric, Question> byMetric,
                        Map<String, Map<Metric, Question>> byWorkloadMetric) {
    /** Every metric asks equivalence: TAF's default, and what every results file before format 5 asked. */
    public static final Questions EQUIVALENCE = new Questions(Question.EQUIVALENCE, Map.of());

    public Questions {
        Objects.requireNonNull(question, "question");
        byWorkload = byName(byWorkload);
        byMetric = byMetric(byMetric);
        Map<String, Map<Metric, Question>> copy = new TreeMap<>();
        (byWorkloadMetric == null ? Map.<String, Map<Metric, Question>>of() : byWorkloadMetric)
                .forEach((w, m) -> copy.put(w.toUpperCase(Locale.ROOT), byMetric(m)));
        byWorkloadMetric = Map.copyOf(copy);
    }

    /** Questions per workload only, as before {@code verdict.question.<metric>} existed. */
    public Questions(Question question, Map<String, Question> byWorkload) {
        this(question, byWorkload, Map.of(), Map.of());
    }

    /** The question {@code metric} asks in {@code workload}'s cells: the most specific key that names it. */
    public Question of(String workload, Metric metric) {
        String w = workload.toUpperCase(Locale.ROOT);
        Question q = byWorkloadMetric.getOrDefault(w, Map.of()).get(metric);
        if (q != null) {
            return q;
        }
        q = byMetric.get(metric);
        return q != null ? q : byWorkload.getOrDefault(w, question);
    }

    /**
     * The question of {@code workload}'s cells as a whole, over their gating metrics: NON_INFERIORITY when any of
     * them asks it (such a cell passes as NOT_WORSE, leaving smaller changes of those metrics open), else
     * EQUIVALENCE.
     */
    public Question ofCell(String workload, List<Metric> gating) {
        return gating.stream().anyMatch(m -> of(workload, m) == Question.NON_INFERIORITY) ? Question.NON_INFERIORITY
                : Question.EQUIVALENCE;
    }

    private static Map<String, Question> byName(Map<String, Question> in) {
        Map<String, Question> copy = new TreeMap<>();
        (in == null ? Map.<String, Question>of() : in)
                .forEach((w, q) -> copy.put(w.toUpperCase(Locale.ROOT), Objects.requireNonNull(q, w)));
        return Map.copyOf(copy);
    }

    private static Map<Metric, Question> byMetric(Map<Metric, Question> in) {
        Map<Metric, Question> copy = new EnumMap<>(Metric.class);
        (in == null ? Map.<Metric, Question>of() : in)
                .forEach((m, q) -> copy.put(Objects.requireNonNull(m, "metric"), Objects.requireNonNull(q, m.label())));
        return Map.copyOf(copy);
    }
}
