package org.taf.runner.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.taf.runner.stats.Question;

/**
 * Format 5 to 6 ({@link FormatUpgrade}'s next step): each metric of a cell says which question it asked
 * ({@code verdict.question.<metric>} and {@code verdict.question.<workload>.<metric>} came with format 6), and the
 * judgement's questions gain those two kinds of keys. In format 5 a cell asked one question of all its metrics:
 * each metric gets its cell's, and the keys per metric are none. Nothing is guessed.
 */
final class UpgradeToV6 {
    private UpgradeToV6() {}

    static ObjectNode apply(ObjectNode run) {
        run.put("format_version", 6);
        if (run.path("judgement").get("questions") instanceof ObjectNode q) {
            q.putObject("by_metric");
            q.putObject("by_workload_metric");
        }
        for (JsonNode c : run.path("comparisons")) {
            for (JsonNode cell : c.path("cells")) {
                if (cell.get("verdict") instanceof ObjectNode v) {
                    String question = v.path("question").asText(Question.EQUIVALENCE.name());
                    for (JsonNode m : v.path("metrics")) {
                        ((ObjectNode) m).put("question", question);
                    }
                }
            }
        }
        return run;
    }
}
