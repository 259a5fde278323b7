package org.taf.runner.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The SQL of {@code taf_run.canary} (schema version 5), for {@link ResultsDb}: which runs are the newest canaries,
 * listed from the column's index, so that {@code taf health} reads the JSON of those runs only.
 */
final class CanaryIndex {
    private CanaryIndex() {}

    /**
     * The ids of the newest {@code perKind} canary runs of each kind per host fingerprint and definition name: the
     * last {@code perKind} nights' pairs when the nightly runs one pair a night.
     */
    static List<String> newest(Connection c, int perKind) throws SQLException {
        if (perKind < 1) {
            throw new IllegalArgumentException("perKind " + perKind + " must be at least 1");
        }
        Map<List<String>, Integer> taken = new HashMap<>();
        List<String> ids = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT run_id, canary, host_fingerprint, name FROM taf_run"
                + " WHERE canary IS NOT NULL ORDER BY started_at DESC, run_id DESC"); ResultSet r = s.executeQuery()) {
            while (r.next()) {
                // A run without a host or a name (one that failed before it knew them) forms a group of its own.
                List<String> group = Arrays.asList(r.getString(2), r.getString(3), r.getString(4));
                if (taken.merge(group, 1, Integer::sum) <= perKind) {
                    ids.add(r.getString(1));
                }
            }
        }
        return ids;
    }
}
