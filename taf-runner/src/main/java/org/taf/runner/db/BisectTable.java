package org.taf.runner.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** The SQL of {@code taf_bisect} (schema version 3), for {@link ResultsDb}. */
final class BisectTable {
    private static final String COLUMNS = "bisect_id, definition, good_sha, bad_sha, outcome, culprit_sha, started_at,"
            + " finished_at, bisect_json";

    private BisectTable() {}

    /** Replaces the bisect of the same id (a bisect is stored again as it goes). */
    static void write(Connection c, BisectRow b, Function<java.time.Instant, String> instant) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("DELETE FROM taf_bisect WHERE bisect_id = ?")) {
            s.setString(1, b.bisectId());
            s.executeUpdate();
        }
        try (PreparedStatement s = c.prepareStatement("INSERT INTO taf_bisect (" + COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            s.setString(1, b.bisectId());
            s.setString(2, b.definition());
            s.setString(3, b.goodSha());
            s.setString(4, b.badSha());
            s.setString(5, b.outcome());
            s.setString(6, b.culpritSha());
            s.setString(7, instant.apply(b.startedAt()));
            s.setString(8, instant.apply(b.finishedAt()));
            s.setString(9, b.json());
            s.executeUpdate();
        }
    }

    /** Every bisect, oldest first. */
    static List<BisectRow> readAll(Connection c, Function<String, java.time.Instant> instant) throws SQLException {
        List<BisectRow> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS
                + " FROM taf_bisect ORDER BY started_at, bisect_id"); ResultSet r = s.executeQuery()) {
            while (r.next()) {
                out.add(new BisectRow(r.getString(1), r.getString(2), r.getString(3), r.getString(4), r.getString(5),
                        r.getString(6), instant.apply(r.getString(7)), instant.apply(r.getString(8)), r.getString(9)));
            }
        }
        return out;
    }
}
