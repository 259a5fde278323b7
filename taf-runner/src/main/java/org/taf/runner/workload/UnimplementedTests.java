package org.taf.runner.workload;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The tests of TAF (perl)'s sysbench-lua suite ({@code test_suites/sysbench-lua.pm}: standard, extended
 * and BMK lists) that TAF here does not run as a {@link Workload}, each with why and what to run instead.
 */
public final class UnimplementedTests {
    private static final Map<String, String> REASONS = new LinkedHashMap<>();

    static {
        String counts = " with the counts of workload.* (TAF's sysbench_lua.oltp_*): TAF here reads them for"
                + " every test";
        REASONS.put("POINT_SELECT_MODIFIABLE", "use POINT_SELECT: sysbench's oltp_point_select.lua runs one point"
                + " select per event whatever --point-selects says");
        REASONS.put("SELECT_SIMPLE_RANGES_MODIFIABLE", "use SELECT_SIMPLE_RANGES" + counts);
        REASONS.put("SELECT_SUM_RANGES_MODIFIABLE", "use SELECT_SUM_RANGES" + counts);
        REASONS.put("SELECT_ORDER_RANGES_MODIFIABLE", "use SELECT_ORDER_RANGES" + counts);
        REASONS.put("SELECT_DISTINCT_RANGES_MODIFIABLE", "use SELECT_DISTINCT_RANGES" + counts);
        REASONS.put("OLTP_RO_MODIFIABLE", "use OLTP_RO" + counts);
        REASONS.put("OLTP_RW_MODIFIABLE", "use OLTP_RW" + counts);
        REASONS.put("OLTP_WO_MODIFIABLE", "use OLTP_WO" + counts);
        REASONS.put("OLTP_RW_PS_ONLY_MODIFIABLE", "use OLTP_RW with workload.simple_ranges, sum_ranges, order_ranges"
                + " and distinct_ranges = 0 (sysbench's --range-selects=off)");
        REASONS.put("UPDATE_KEY_TRANSACTIONAL_MODIFIABLE", "use UPDATE_KEY: sysbench's oltp_update_index.lua runs"
                + " the same workload.index_updates UPDATEs and no BEGIN/COMMIT whatever --skip-trx says");
        REASONS.put("UPDATE_NO_KEY_TRANSACTIONAL_MODIFIABLE", "use UPDATE_NO_KEY: sysbench's"
                + " oltp_update_non_index.lua runs the same workload.non_index_updates UPDATEs and no BEGIN/COMMIT");
        REASONS.put("UPDATE_KEY_NO_KEY_INT_TRANSACTIONAL_MODIFIABLE", "use UPDATE_NO_KEY: TAF (perl) runs it with"
                + " oltp_update_non_index.lua, which runs only the non-index UPDATEs");
        REASONS.put("OLTP_INSERT_INTO", "not implemented: oltp_insert_into.lua is not a sysbench 1.0.20 or mytools"
                + " script");
        String bmk = "not implemented: a script of BMK (Dimitri Kravtchuk's kit), not of sysbench";
        for (String name : new String[] {"BMK_RW_UPDATE_RANGE", "BMK_WO_UPDATE_RANGE", "BMK_RW_UPDATE_INDEX_RANGE",
            "BMK_RW_UPDATE_NON_INDEX_RANGE", "BMK_RW_PS_UPDATE_RANGE", "BMK_RW_PS_UPDATE_INDEX_RANGE",
            "BMK_RW_PS_UPDATE_NON_INDEX_RANGE", "CONNECT"}) {
            REASONS.put(name, bmk);
        }
    }

    private UnimplementedTests() {}

    /** Why TAF (perl)'s test {@code name} (any case) is not implemented here, or empty when it is not one of them. */
    public static Optional<String> reason(String name) {
        return Optional.ofNullable(REASONS.get(name.trim().toUpperCase(Locale.ROOT)));
    }

    /** Every such test with its reason, in TAF (perl)'s order. */
    public static Map<String, String> all() {
        return java.util.Collections.unmodifiableMap(REASONS);
    }
}
