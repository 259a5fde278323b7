package org.taf.engine.sql.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Statement;

/**
 * SHOW VARIABLES, STATUS (the engine's counters — buffer pool reads, pages made young, pool
 * mutex waits — and the server's), TABLES, DATABASES and WARNINGS, with LIKE patterns.
 */
final class ShowPlans {
    private ShowPlans() {}

    static Plan show(Session s, Statement.Show show) {
        LikePattern like = show.like() == null ? null : LikePattern.compile(show.like());
        return switch (show.kind()) {
            case VARIABLES -> nameValue("Variable_name", () -> filter(s.variables(show.global()), like));
            case STATUS -> nameValue("Variable_name", () -> {
                Map<String, Object> all = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
                all.putAll(s.engine().status());
                all.putAll(s.context().serverStatus().get());
                return filter(all, like);
            });
            case TABLES -> tables(s, show.database(), like);
            case DATABASES -> list("Database", () -> {
                List<Object[]> rows = new ArrayList<>();
                for (String db : s.engine().databases()) {
                    if (like == null || like.matches(db)) {
                        rows.add(new Object[] {db});
                    }
                }
                return rows;
            });
            case WARNINGS -> new RowsPlan(new ResultColumns(List.of(
                    ResultColumn.computed("Level", SqlType.VARCHAR),
                    ResultColumn.computed("Code", SqlType.INT),
                    ResultColumn.computed("Message", SqlType.VARCHAR))), List::of);
        };
    }

    private static Plan tables(Session s, String from, LikePattern like) {
        String db = from != null ? from : s.database();
        if (db == null) {
            throw new SqlException(ErrorCode.NO_DB_SELECTED, "No database selected");
        }
        return list("Tables_in_" + db, () -> {
            if (!s.engine().databaseExists(db)) {
                throw new SqlException(ErrorCode.BAD_DB, "Unknown database '" + db + "'");
            }
            List<Object[]> rows = new ArrayList<>();
            for (String t : s.engine().tableNames(db)) {
                if (like == null || like.matches(t)) {
                    rows.add(new Object[] {t});
                }
            }
            return rows;
        });
    }

    private static Plan list(String column, java.util.function.Supplier<List<Object[]>> rows) {
        return new RowsPlan(new ResultColumns(List.of(ResultColumn.computed(column, SqlType.VARCHAR))), rows);
    }

    private static Plan nameValue(String nameColumn, java.util.function.Supplier<List<Object[]>> rows) {
        return new RowsPlan(new ResultColumns(List.of(ResultColumn.computed(nameColumn, SqlType.VARCHAR),
                ResultColumn.computed("Value", SqlType.VARCHAR))), rows);
    }

    private static List<Object[]> filter(Map<String, ?> values, LikePattern like) {
        List<Object[]> rows = new ArrayList<>();
        for (Map.Entry<String, ?> e : values.entrySet()) {
            if (like == null || like.matches(e.getKey())) {
                Object v = e.getValue();
                rows.add(new Object[] {e.getKey(), v == null ? "" : Values.toText(v)});
            }
        }
        return rows;
    }
}
