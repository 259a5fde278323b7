package org.taf.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class WorkloadOptionsTest {
    private static final ConnectionSettings LOCAL = new ConnectionSettings("127.0.0.1", 3306, "sbtest", "pw", "sbtest");

    @Test
    void defaultsAreSysbench1020s() {
        WorkloadOptions o = WorkloadOptions.builder(LOCAL).build();
        assertThat(o.tables()).isEqualTo(1);
        assertThat(o.tableSize()).isEqualTo(10_000);
        assertThat(o.randType()).isEqualTo(RandType.SPECIAL);
        assertThat(o.rangeSize()).isEqualTo(100);
        assertThat(o.randomPoints()).isEqualTo(10);
        assertThat(o.pointSelects()).isEqualTo(10);
        assertThat(o.simpleRanges() + o.sumRanges() + o.orderRanges() + o.distinctRanges()).isEqualTo(4);
        assertThat(o.indexUpdates() + o.nonIndexUpdates() + o.deleteInserts()).isEqualTo(3);
        assertThat(o.numberOfRanges()).isEqualTo(10);
        assertThat(o.delta()).isEqualTo(5);
        assertThat(o.reportInterval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(o.toBuilder().build()).isEqualTo(o);
        assertThat(o.dataSpec(7)).isEqualTo(new DataSpec(1, 10_000, 7));
    }

    static Stream<Arguments> badOptions() {
        return Stream.of(
                bad(b -> b.tables(0), "tables (0) must be at least 1"),
                bad(b -> b.tableSize(-5), "table_size (-5) must be at least 1"),
                bad(
                        b -> b.randType(null),
                        "rand_type (null) must be one of uniform, special, gaussian, pareto, zipfian"),
                bad(b -> b.rangeSize(0), "range_size (0) must be at least 1"),
                bad(b -> b.randomPoints(0), "random_points (0) must be between 1 and 10000"),
                bad(b -> b.randomPoints(10_001), "random_points (10001) must be between 1 and 10000"),
                bad(b -> b.pointSelects(-1), "point_selects (-1) must be at least 0"),
                bad(b -> b.simpleRanges(-1), "simple_ranges (-1) must be at least 0"),
                bad(b -> b.sumRanges(-1), "sum_ranges (-1) must be at least 0"),
                bad(b -> b.orderRanges(-1), "order_ranges (-1) must be at least 0"),
                bad(b -> b.distinctRanges(-1), "distinct_ranges (-1) must be at least 0"),
                bad(b -> b.indexUpdates(-2), "index_updates (-2) must be at least 0"),
                bad(b -> b.nonIndexUpdates(-3), "non_index_updates (-3) must be at least 0"),
                bad(b -> b.deleteInserts(-4), "delete_inserts (-4) must be at least 0"),
                bad(b -> b.numberOfRanges(0), "number_of_ranges (0) must be between 1 and 10000"),
                bad(b -> b.delta(-1), "delta (-1) must be at least 0"),
                bad(b -> b.reportInterval(Duration.ZERO), "report_interval (PT0S) must be between 1ms and 1h"),
                bad(b -> b.reportInterval(Duration.ofHours(2)), "report_interval (PT2H) must be between 1ms and 1h"),
                bad(b -> b.reportInterval(null), "report_interval (null) must be between 1ms and 1h"),
                bad(b -> b.connection(null), "connection (null) must be given"),
                bad(
                        b -> b.tableSize(Integer.MAX_VALUE - 10),
                        "table_size (2147483637) plus range_size (100), delta (5) or random_points (10) must stay "
                                + "within an SQL INTEGER (2147483647)"));
    }

    private static Arguments bad(UnaryOperator<WorkloadOptions.Builder> change, String message) {
        return Arguments.of(change, message);
    }

    @ParameterizedTest
    @MethodSource("badOptions")
    void rejectsBadValuesNamingKeyValueAndRule(UnaryOperator<WorkloadOptions.Builder> change, String message) {
        assertThatThrownBy(() -> change.apply(WorkloadOptions.builder(LOCAL)).build())
                .isInstanceOf(WorkloadException.class)
                .hasMessage(message);
    }

    @Test
    void connectionSettingsAreValidated() {
        assertThatThrownBy(() -> new ConnectionSettings("127.0.0.1", 0, "u", "", "db"))
                .isInstanceOf(WorkloadException.class).hasMessage("port (0) must be between 1 and 65535");
        assertThatThrownBy(() -> new ConnectionSettings("127.0.0.1", 70000, "u", "", "db"))
                .hasMessage("port (70000) must be between 1 and 65535");
        assertThatThrownBy(() -> new ConnectionSettings("bad host", 3306, "u", "", "db"))
                .hasMessage("host (bad host) must be a host name or an IP address");
        assertThatThrownBy(() -> new ConnectionSettings("h", 3306, " ", "", "db"))
                .hasMessage("user ( ) must not be blank");
        assertThatThrownBy(() -> new ConnectionSettings("h", 3306, "u", null, "db"))
                .hasMessage("password (null) must be given; use \"\" for none");
        assertThatThrownBy(() -> new ConnectionSettings("h", 3306, "u", "", "sb-test"))
                .hasMessage("database (sb-test) must be 1 to 64 letters, digits, '_' or '$'");
    }

    @Test
    void connectionSettingsNeverPrintThePassword() {
        ConnectionSettings c = new ConnectionSettings("127.0.0.1", 3307, "root", "s3cret", "sbtest");
        assertThat(c.toString()).isEqualTo("ConnectionSettings[root@127.0.0.1:3307/sbtest]").doesNotContain("s3cret");
        assertThat(new ConnectionSettings("::1", 3307, "root", "", "sbtest").address()).isEqualTo("[::1]:3307");
    }

    @Test
    void dataSpecKeysItsData() {
        assertThat(new DataSpec(4, 100_000, 42).cacheKey()).isEqualTo("sbtest-v1-4x100000-seed42");
        assertThat(new DataSpec(4, 100_000, 42).cacheKey()).isNotEqualTo(new DataSpec(4, 100_000, 43).cacheKey());
        assertThat(new DataSpec(1, 0, 0).tableSize()).isZero();
        assertThatThrownBy(() -> new DataSpec(0, 10, 1)).isInstanceOf(WorkloadException.class)
                .hasMessage("tables (0) must be at least 1");
        assertThatThrownBy(() -> new DataSpec(1, -1, 1)).hasMessage("table_size (-1) must be at least 0");
    }
}
