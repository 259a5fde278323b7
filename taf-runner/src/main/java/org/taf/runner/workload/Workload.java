package org.taf.runner.workload;

import static org.taf.runner.workload.OltpStatement.DISTINCT_RANGE;
import static org.taf.runner.workload.OltpStatement.INDEX_UPDATE;
import static org.taf.runner.workload.OltpStatement.NON_INDEX_UPDATE;
import static org.taf.runner.workload.OltpStatement.ORDER_RANGE;
import static org.taf.runner.workload.OltpStatement.POINT;
import static org.taf.runner.workload.OltpStatement.SIMPLE_RANGE;
import static org.taf.runner.workload.OltpStatement.SUM_RANGE;

import java.sql.SQLException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The workloads by TAF test name, each one sysbench script (1.0.20 unless noted) with its statements, counts
 * and draw order. One event is one "transaction" of sysbench's tps.
 */
public enum Workload {
    /** oltp_point_select: one point SELECT, no transaction. */
    POINT_SELECT("POINT_SELECT", "oltp_point_select", false, Workload::pointSelect),
    /** oltp_read_only: BEGIN, point_selects points, the four range kinds, COMMIT (16 statements). */
    OLTP_RO("OLTP_RO", "oltp_read_only", false, Workload::readOnly),
    /** oltp_read_write: OLTP_RO's reads plus index update, non-index update, delete + insert (20). */
    OLTP_RW("OLTP_RW", "oltp_read_write", true, ctx -> {
        OltpScript s = new OltpScript(ctx, true, POINT, SIMPLE_RANGE, SUM_RANGE, ORDER_RANGE, DISTINCT_RANGE,
                INDEX_UPDATE, NON_INDEX_UPDATE,
                OltpStatement.DELETE, OltpStatement.INSERT);
        return () -> {
            s.begin();
            s.pointSelects(ctx.options().pointSelects());
            s.allRanges();
            s.writes();
            s.commit();
        };
    }),
    /** oltp_write_only: BEGIN, index update, non-index update, delete + insert, COMMIT (6). */
    OLTP_WO("OLTP_WO", "oltp_write_only", true, ctx -> {
        OltpScript s = new OltpScript(ctx, true, INDEX_UPDATE, NON_INDEX_UPDATE,
                OltpStatement.DELETE, OltpStatement.INSERT);
        return () -> {
            s.begin();
            s.writes();
            s.commit();
        };
    }),
    /** oltp_update_index: index_updates UPDATEs of k. */
    UPDATE_KEY("UPDATE_KEY", "oltp_update_index", true, ctx -> {
        OltpScript s = new OltpScript(ctx, false, INDEX_UPDATE);
        return () -> s.indexUpdates(ctx.options().indexUpdates());
    }),
    /** oltp_update_non_index: non_index_updates UPDATEs of c. */
    UPDATE_NO_KEY("UPDATE_NO_KEY", "oltp_update_non_index", true, ctx -> {
        OltpScript s = new OltpScript(ctx, false, NON_INDEX_UPDATE);
        return () -> s.nonIndexUpdates(ctx.options().nonIndexUpdates());
    }),
    /** oltp_insert: one text INSERT with id 0 (auto-increment). */
    INSERT("INSERT", "oltp_insert", true, ListScripts.insert()),
    /** oltp_delete: one DELETE of a random id. */
    DELETE("DELETE", "oltp_delete", true, ctx -> {
        OltpScript s = new OltpScript(ctx, false, OltpStatement.DELETE);
        return s::delete;
    }),
    /** oltp_read_only reduced to simple_ranges simple range SELECTs (--skip-trx, no points, no other ranges). */
    SELECT_SIMPLE_RANGES("SELECT_SIMPLE_RANGES", "oltp_read_only --skip-trx (simple ranges only)", false,
            ctx -> rangesOnly(ctx, SIMPLE_RANGE)),
    /** As above with SUM(k) ranges. */
    SELECT_SUM_RANGES("SELECT_SUM_RANGES", "oltp_read_only --skip-trx (sum ranges only)", false,
            ctx -> rangesOnly(ctx, SUM_RANGE)),
    /** As above with ORDER BY c ranges. */
    SELECT_ORDER_RANGES("SELECT_ORDER_RANGES", "oltp_read_only --skip-trx (order ranges only)", false,
            ctx -> rangesOnly(ctx, ORDER_RANGE)),
    /** As above with DISTINCT c ranges. */
    SELECT_DISTINCT_RANGES("SELECT_DISTINCT_RANGES", "oltp_read_only --skip-trx (distinct ranges only)", false,
            ctx -> rangesOnly(ctx, DISTINCT_RANGE)),
    /** select_random_points: sbtest1, k IN (random_points values of this thread's slice). */
    RANDOM_POINTS("RANDOM-POINTS", "select_random_points", false, ListScripts.randomPoints()),
    /** select_random_ranges: sbtest1, count(k) over number_of_ranges ranges of delta. */
    RANDOM_RANGES("RANDOM-RANGES", "select_random_ranges", false, ListScripts.randomRanges()),
    /** Callaghan's oltp_points_covered: SELECT id ... WHERE id IN (...). */
    POINTS_COVERED_PK("POINTS-COVERED-PK", "oltp_points_covered (mytools)", false,
            ListScripts.inList("id", "id")),
    /** --covered=false: SELECT id, c ... WHERE id IN (...). */
    POINTS_NOTCOVERED_PK("POINTS-NOTCOVERED-PK", "oltp_points_covered --covered=false (mytools)", false,
            ListScripts.inList("id, c", "id")),
    /** --on-id=false: SELECT k ... WHERE k IN (...). */
    POINTS_COVERED_SI("POINTS-COVERED-SI", "oltp_points_covered --on-id=false (mytools)", false,
            ListScripts.inList("k", "k")),
    /** --on-id=false --covered=false: SELECT k, c ... WHERE k IN (...). */
    POINTS_NOTCOVERED_SI("POINTS-NOTCOVERED-SI", "oltp_points_covered --on-id=false --covered=false (mytools)",
            false, ListScripts.inList("k, c", "k")),
    /** Callaghan's oltp_range_covered: SELECT id ... WHERE id BETWEEN low AND low + range_size. */
    RANGE_COVERED_PK("RANGE-COVERED-PK", "oltp_range_covered (mytools)", false, ListScripts.rangeCovered("id", "id")),
    /** Callaghan's oltp_inlist_select --hot-points: SELECT c ... WHERE id IN (the ids after table_size/2). */
    HOT_POINTS("HOT-POINTS", "oltp_inlist_select --hot-points (mytools)", false, ListScripts.hotPoints()),
    /** --on-id=false: SELECT k ... WHERE k BETWEEN low AND low + range_size (the secondary index covers it). */
    RANGE_COVERED_SI("RANGE-COVERED-SI", "oltp_range_covered --on-id=false (mytools)", false,
            ListScripts.rangeCovered("k", "k")),
    /** --covered=false: SELECT id, c ... WHERE id BETWEEN ... (c is read from the row). */
    RANGE_NOTCOVERED_PK("RANGE-NOTCOVERED-PK", "oltp_range_covered --covered=false (mytools)", false,
            ListScripts.rangeCovered("id, c", "id")),
    /** --on-id=false --covered=false: SELECT k, c ... WHERE k BETWEEN ... (each row looked up by its id). */
    RANGE_NOTCOVERED_SI("RANGE-NOTCOVERED-SI", "oltp_range_covered --on-id=false --covered=false (mytools)", false,
            ListScripts.rangeCovered("k, c", "k")),
    /**
     * TAF (perl)'s TPC-B imitation: oltp_read_write with 3 point selects, no ranges, 3 index updates, no
     * non-index update and 1 delete + insert, in a transaction.
     */
    TPCB_KEY("TPCB_KEY", "oltp_read_write --point-selects=3 --index-updates=3 --non-index-updates=0"
            + " --delete-inserts=1, no ranges", true, ctx -> tpcb(ctx, INDEX_UPDATE)),
    /** As TPCB_KEY with 3 non-index updates instead of the index updates. */
    TPCB_NO_KEY("TPCB_NO_KEY", "oltp_read_write --point-selects=3 --index-updates=0 --non-index-updates=3"
            + " --delete-inserts=1, no ranges", true, ctx -> tpcb(ctx, NON_INDEX_UPDATE)),
    /** POINT_SELECT with every statement sent as text, so the server parses each one (--db-ps-mode=disable). */
    PARSER("PARSER", "oltp_point_select --db-ps-mode=disable", false, ctx -> pointSelect(ctx.overText())),
    /** OLTP_RO with every statement, BEGIN and COMMIT included, sent as text (--db-ps-mode=disable). */
    PARSER_RO("PARSER-RO", "oltp_read_only --db-ps-mode=disable", false, ctx -> readOnly(ctx.overText())),
    /** Callaghan's oltp_scan: a full scan of the thread's table that returns no row. */
    SCAN("SCAN", "oltp_scan (mytools)", false, ListScripts.scan()),
    /**
     * HammerDB's TPROC-C (TAF (perl)'s hammerdb-tprocc suite, test {@code tprocc}): each thread a virtual user
     * homed on a warehouse, the five transactions at the standard mix; an event is one transaction, and the
     * committed new orders are counted besides (NOPM, the rate its cells are judged by).
     */
    TPROC_C("TPROC-C", "HammerDB TPROC-C, timed driver without keying or thinking time", true, TproccEvents::create,
            "TPROCC");

    private final String tafName;
    private final String origin;
    private final boolean writes;
    private final Event.Factory events;
    /** Another name it goes by (TAF (perl)'s test name), or null. */
    private final String alias;

    Workload(String tafName, String origin, boolean writes, Event.Factory events) {
        this(tafName, origin, writes, events, null);
    }

    Workload(String tafName, String origin, boolean writes, Event.Factory events, String alias) {
        this.tafName = tafName;
        this.origin = origin;
        this.writes = writes;
        this.events = events;
        this.alias = alias;
    }

    private static Event pointSelect(EventContext ctx) throws SQLException {
        OltpScript s = new OltpScript(ctx, false, POINT);
        return () -> s.pointSelects(1);
    }

    private static Event readOnly(EventContext ctx) throws SQLException {
        OltpScript s = new OltpScript(ctx, true, POINT, SIMPLE_RANGE, SUM_RANGE, ORDER_RANGE, DISTINCT_RANGE);
        return () -> {
            s.begin();
            s.pointSelects(ctx.options().pointSelects());
            s.allRanges();
            s.commit();
        };
    }

    /** TAF (perl) fixes these counts on the command line, whatever workload.* says. */
    private static final int TPCB_POINTS = 3;
    private static final int TPCB_UPDATES = 3;

    private static Event tpcb(EventContext ctx, OltpStatement update) throws SQLException {
        OltpScript s = new OltpScript(ctx, true, POINT, update, OltpStatement.DELETE, OltpStatement.INSERT);
        return () -> {
            s.begin();
            s.pointSelects(TPCB_POINTS);
            if (update == INDEX_UPDATE) {
                s.indexUpdates(TPCB_UPDATES);
            } else {
                s.nonIndexUpdates(TPCB_UPDATES);
            }
            s.deleteInserts(1);
            s.commit();
        };
    }

    private static Event rangesOnly(EventContext ctx, OltpStatement kind) throws SQLException {
        OltpScript s = new OltpScript(ctx, false, kind);
        int count = switch (kind) {
            case SIMPLE_RANGE -> ctx.options().simpleRanges();
            case SUM_RANGE -> ctx.options().sumRanges();
            case ORDER_RANGE -> ctx.options().orderRanges();
            case DISTINCT_RANGE -> ctx.options().distinctRanges();
            default -> throw new IllegalArgumentException(kind + " is not a range");
        };
        return () -> s.ranges(kind, count);
    }

    /** The name TAF users write: {@code POINT_SELECT}, {@code POINTS-COVERED-PK}, ... */
    public String tafName() {
        return tafName;
    }

    /** The sysbench (or mytools) script and options this workload reproduces. */
    public String origin() {
        return origin;
    }

    /** Whether the workload changes data (then prepared data must be restored between iterations). */
    public boolean writes() {
        return writes;
    }

    Event.Factory events() {
        return events;
    }

    /** Whether it counts new orders (TPROC-C): its samples' rate is new orders per minute, HammerDB's NOPM. */
    public boolean countsNewOrders() {
        return this == TPROC_C;
    }

    /** Whether {@code name} (any case) is its TAF name or its alias: {@code TPROC-C} is also TAF (perl)'s tprocc. */
    public boolean named(String name) {
        return tafName.equalsIgnoreCase(name) || (alias != null && alias.equalsIgnoreCase(name));
    }

    /**
     * The workload with this TAF name; case and '-' versus '_' do not matter.
     *
     * @throws WorkloadException naming the value and listing every known name
     */
    public static Workload byName(String name) {
        String wanted = normalize(name);
        for (Workload w : values()) {
            if (normalize(w.tafName).equals(wanted) || (w.alias != null && normalize(w.alias).equals(wanted))) {
                return w;
            }
        }
        throw new WorkloadException(unknown(name));
    }

    private static String unknown(String name) {
        return notImplemented(name).orElse("unknown workload '" + name + "'; known workloads: " + known());
    }

    /**
     * For a test of TAF (perl) that TAF here does not implement: a message naming it, saying why and listing
     * the workloads implemented; empty for any other name.
     */
    public static java.util.Optional<String> notImplemented(String name) {
        return UnimplementedTests.reason(name == null ? "" : name)
                .map(r -> "'" + name.trim() + "' is a TAF (perl) test that TAF here does not implement (" + r
                        + "); implemented: " + known());
    }

    private static String known() {
        return Arrays.stream(values()).map(Workload::tafName).collect(Collectors.joining(", "));
    }

    private static String normalize(String name) {
        return name == null ? "" : name.trim().toUpperCase(Locale.ROOT).replace('-', '_');
    }

    @Override
    public String toString() {
        return tafName;
    }
}
