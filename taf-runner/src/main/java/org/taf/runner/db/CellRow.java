package org.taf.runner.db;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.DefinitionRecord;
import org.taf.runner.results.HostFingerprint;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SideRecord;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Verdict;

/**
 * One workload x threads cell of one comparison of a run, flattened into the columns history queries
 * filter and plot on, so they never parse the JSON. Derived from the run's record only ({@link #of}); a
 * field the record lacks (a side that failed to resolve, a cell without verdict) is null.
 *
 * @param runId           the run
 * @param startedAt       when the run started (orders a series)
 * @param comparison      the comparison's name in the definition
 * @param workload        TAF's test name
 * @param threads         client threads
 * @param hostFingerprint {@link HostFingerprint#id()} of the host it ran on
 * @param dataTables      {@code workload.tables}
 * @param dataRows        {@code workload.table_size}
 * @param dataSeed        {@code workload.seed}
 * @param parentSettings  the parent's engine variables, canonical: {@code k=v} sorted by key, joined by {@code ;}
 * @param patchSettings   the patch's, the same way
 * @param settingsKey     16 hex digits of the SHA-256 of both, the indexed form of "the same settings"
 * @param runnerVersion   TAF's version
 * @param parentSha       the parent's commit
 * @param patchSha        the patch's commit
 * @param verdict         the cell's verdict
 * @param ratio           patch / parent TPS
 * @param ciLow           lower end of the ratio's interval
 * @param ciHigh          upper end
 * @param parentTps       the parent's TPS
 * @param patchTps        the patch's TPS
 */
public record CellRow(String runId, Instant startedAt, String comparison, String workload, int threads,
                      String hostFingerprint, Integer dataTables, Long dataRows, Long dataSeed, String parentSettings,
                      String patchSettings, String settingsKey, String runnerVersion, String parentSha,
                      String patchSha, Verdict verdict, Double ratio, Double ciLow, Double ciHigh, Double parentTps,
                      Double patchTps) {

    /** The rows of {@code run}, in comparison and cell order. */
    public static List<CellRow> of(RunRecord run) {
        String host = run.environment() == null ? null : HostFingerprint.of(run.environment()).id();
        Integer tables = setting(run.definition(), "workload.tables").map(Integer::valueOf).orElse(null);
        Long rows = setting(run.definition(), "workload.table_size").map(Long::valueOf).orElse(null);
        Long seed = setting(run.definition(), "workload.seed").map(Long::valueOf).orElse(null);
        List<CellRow> out = new ArrayList<>();
        for (ComparisonRecord c : run.comparisons()) {
            String parentSettings = settings(c.parent());
            String patchSettings = settings(c.patch());
            String key = settingsKey(parentSettings, patchSettings);
            for (CellRecord cell : c.cells()) {
                CellVerdict v = cell.verdict();
                boolean judged = v != null && v.tps() != null;
                out.add(new CellRow(run.runId(), run.startedAt(), c.name(), cell.workload(), cell.threads(), host,
                        tables, rows, seed, parentSettings, patchSettings, key, run.runnerVersion(), sha(c.parent()),
                        sha(c.patch()), v == null ? null : v.verdict(), judged ? v.ratio() : null,
                        judged ? v.ciLow() : null, judged ? v.ciHigh() : null, judged ? v.parentTps() : null,
                        judged ? v.patchTps() : null));
            }
        }
        return out;
    }

    /** The settings key of two canonical settings strings (null sides count as empty). */
    static String settingsKey(String parentSettings, String patchSettings) {
        String both = "parent:" + (parentSettings == null ? "" : parentSettings) + "\npatch:"
                + (patchSettings == null ? "" : patchSettings);
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(both.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }

    private static String settings(SideRecord side) {
        if (side == null) {
            return null;
        }
        // engineSettings is a sorted map already; sorted again here so the canonical form never depends on it.
        return side.engineSettings().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(";"));
    }

    private static String sha(SideRecord side) {
        return side == null || side.commit() == null ? null : side.commit().sha();
    }

    private static Optional<String> setting(DefinitionRecord definition, String key) {
        if (definition == null) {
            return Optional.empty();
        }
        return definition.settings().stream().filter(s -> s.key().equals(key))
                .map(DefinitionRecord.SettingRecord::value)
                .filter(v -> v != null && v.trim().matches("-?\\d+")).map(String::trim).findFirst();
    }
}
