package org.taf.runner.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.taf.runner.stats.Question;

/**
 * Format 4 to 5 ({@link FormatUpgrade}'s next step): a cell says which question it asked
 * ({@code verdict.question}: equivalence, or non-inferiority at the fail threshold, whose passing verdict is
 * NOT_WORSE), and the judgement the questions of the run. Every run before format 5 asked equivalence of every
 * cell: that is what the step writes, nothing guessed.
 */
final class UpgradeToV5 {
    private UpgradeToV5() {}

    static ObjectNode apply(ObjectNode run) {
        run.put("format_version", 5);
        if (run.get("judgement") instanceof ObjectNode j) {
            ObjectNode q = j.putObject("questions");
            q.put("question", Question.EQUIVALENCE.name());
            q.putObject("by_workload");
        }
        for (JsonNode c : run.path("comparisons")) {
            for (JsonNode cell : c.path("cells")) {
                if (cell.get("verdict") instanceof ObjectNode v) {
                    v.put("question", Question.EQUIVALENCE.name());
                }
            }
        }
        return run;
    }
}
