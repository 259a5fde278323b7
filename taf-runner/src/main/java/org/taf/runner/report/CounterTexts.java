package org.taf.runner.report;

import java.util.List;
import java.util.Map;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.CountersRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.stats.CounterChange;

/** The engine's counters as the outputs print them; the comparison comes from the stats stage. */
public final class CounterTexts {
    /** What the counters a post leads with count, in a reader's words (SHOW STATUS names are for the tables). */
    private static final Map<String, String> HUMAN = Map.ofEntries(
            Map.entry("cpu_per_tx", "CPU per transaction"),
            Map.entry("cs_per_tx", "context switches per transaction"),
            Map.entry("tps", "transactions per second"),
            Map.entry("Innodb_buffer_pool_mutex_acquisitions", "pool-mutex acquisitions"),
            Map.entry("Innodb_buffer_pool_mutex_waits", "pool-mutex waits"),
            Map.entry("Innodb_buffer_pool_pages_made_young", "pages made young"),
            Map.entry("Innodb_buffer_pool_pages_made_not_young", "pages left old"),
            Map.entry("Innodb_buffer_pool_reads", "page reads (pool misses)"),
            Map.entry("Innodb_buffer_pool_read_requests", "page requests"),
            Map.entry("Innodb_buffer_pool_pages_evicted", "pages evicted"),
            Map.entry("Innodb_buffer_pool_wait_free", "waits for a free page"),
            Map.entry("Innodb_buffer_LRU_search_scanned", "LRU pages scanned"),
            Map.entry("Innodb_buffer_LRU_search_num_scan", "LRU scans"),
            Map.entry("Innodb_buffer_pool_pages_flushed", "pages flushed"),
            Map.entry("Innodb_buffer_pool_pages_LRU_flushed", "pages flushed from the LRU tail"),
            Map.entry("Innodb_log_lsn_lock_acquisitions", "lsn_lock acquisitions"),
            Map.entry("Innodb_log_lsn_lock_waits", "lsn_lock waits"),
            Map.entry("Innodb_log_lsn_lock_spin_rounds", "lsn_lock spin rounds"),
            Map.entry("Innodb_log_waits", "log buffer waits"),
            Map.entry("Innodb_log_writes", "log writes"),
            Map.entry("Innodb_log_write_requests", "log write requests"),
            Map.entry("Innodb_log_group_commits", "group commits"),
            Map.entry("Innodb_os_log_fsyncs", "log fsyncs"),
            Map.entry("Innodb_os_log_written", "log bytes written"),
            Map.entry("Innodb_row_lock_waits", "row-lock waits"),
            Map.entry("Innodb_row_lock_time", "row-lock wait time (ms)"),
            Map.entry("Innodb_deadlocks", "deadlocks"),
            Map.entry("Innodb_rw_latches_created", "rw-latches created"),
            Map.entry("Innodb_rw_latches_freed", "rw-latches freed"),
            Map.entry("Innodb_rw_latch_list_mutex_waits", "latch-list mutex waits"),
            Map.entry("Innodb_pages_read", "pages read"),
            Map.entry("Innodb_pages_written", "pages written"),
            Map.entry("Innodb_dblwr_pages_written", "doublewrite pages"),
            Map.entry(CountersRecord.VOLUNTARY, "voluntary context switches"),
            Map.entry(CountersRecord.INVOLUNTARY, "involuntary context switches"),
            Map.entry(CountersRecord.MINOR_FAULTS, "minor page faults"));

    private CounterTexts() {}

    /** What a counter is, in a reader's words, for the process ones; the engine's go by their SHOW STATUS names. */
    public static String label(String name) {
        return switch (name) {
            case CountersRecord.VOLUNTARY -> "voluntary context switches";
            case CountersRecord.INVOLUNTARY -> "involuntary context switches";
            case CountersRecord.MINOR_FAULTS -> "minor page faults";
            default -> name;
        };
    }

    /** A counter or metric in a reader's words ("pool-mutex acquisitions"); an unknown one by its own name. */
    public static String human(String name) {
        return HUMAN.getOrDefault(name, name);
    }

    /**
     * Beyond this factor either way one side is near zero beside the other: the change reads "new in patch" or
     * "gone in patch", never ×479,000. The stats stage adds half a count to every count, so a side that counted
     * nothing shows a level such as 0.0000022 per transaction, and its ratio says only how long the run was.
     */
    public static final double NEAR_ZERO = Formats.FACTOR_LIMIT;

    /**
     * "counter.new" when the parent's side is near zero beside the patch's (its starts counted none, or a
     * thousandth of the patch's count), "counter.gone" the other way round, else null: a change a ratio can say.
     */
    public static String oneSide(CellRecord cell, CounterChange c) {
        long parent = total(cell.parent(), c.name());
        long patch = total(cell.patch(), c.name());
        if (parent == 0 && patch > 0 || c.ratio() > NEAR_ZERO) {
            return "counter.new";
        }
        if (patch == 0 && parent > 0 || c.ratio() > 0 && c.ratio() < 1 / NEAR_ZERO) {
            return "counter.gone";
        }
        return null;
    }

    /**
     * How a count per transaction changed, in words a reader can use: "new in patch" and "gone in patch" where one
     * side is near zero ({@link #oneSide}), else {@link Formats#change} (−44.2%, +37.1%, ×3.54).
     */
    public static String change(Formats f, Messages m, CellRecord cell, CounterChange c) {
        String side = oneSide(cell, c);
        return side != null ? m.get(side) : f.change(c.ratio());
    }

    /** The change's interval in the change's own terms ([−44.1%, −42.9%]); a dash where one side is near zero. */
    public static String interval(Formats f, CellRecord cell, CounterChange c) {
        return oneSide(cell, c) != null ? Formats.NONE : f.changeInterval(c.ciLow(), c.ciHigh());
    }

    /** A side's level as shown: 0 when its starts counted none (see {@link #oneSide}), else the compared one. */
    public static String level(Formats f, CellRecord cell, CounterChange c, boolean patch) {
        return total(patch ? cell.patch() : cell.parent(), c.name()) == 0 ? "0"
                : f.perTx(patch ? c.patch() : c.parent());
    }

    /** The counter's count over a side's measured starts; -1 when none of them has counters. */
    static long total(List<IterationRecord> side, String name) {
        long sum = 0;
        boolean any = false;
        for (IterationRecord it : side) {
            CountersRecord c = it.counters();
            if (it.succeeded() && c != null && c.transactions() > 0) {
                any = true;
                Long n = c.engine().containsKey(name) ? c.engine().get(name) : c.process().get(name);
                sum += n == null ? 0 : n;
            }
        }
        return any ? sum : -1;
    }

    /**
     * {@code Innodb_buffer_pool_mutex_waits 0.210 -> 2.05 per tx, ratio 9.762 [9.500, 10.010] (x9.76)}; a side near
     * zero says "new in patch" or "gone in patch" in place of the factor (the summaries are English, as "per tx").
     */
    public static String line(Formats f, CounterChange c) {
        String change = c.ratio() > NEAR_ZERO ? "new in patch"
                : c.ratio() > 0 && c.ratio() < 1 / NEAR_ZERO ? "gone in patch" : f.change(c.ratio());
        return label(c.name()) + " " + f.perTx(c.parent()) + " -> " + f.perTx(c.patch()) + " per tx, ratio "
                + f.ratio(c.ratio()) + " " + f.interval(c.ciLow(), c.ciHigh()) + " (" + change + ")";
    }
}
