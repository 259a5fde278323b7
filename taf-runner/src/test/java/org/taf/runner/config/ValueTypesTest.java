package org.taf.runner.config;

import org.taf.runner.sys.Durations;
import org.taf.runner.workload.Workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ValueTypesTest {
    private static final ValueContext CTX = new ValueContext(Path.of("/defs"), Path.of("/home/u"));

    private static <T> T parse(ValueType<T> type, String raw) throws InvalidValueException {
        return type.parse(raw, CTX);
    }

    private static void rejects(ValueType<?> type, String raw, String rule) {
        assertThatThrownBy(() -> type.parse(raw, CTX)).isInstanceOf(InvalidValueException.class).hasMessage(rule);
    }

    @Test
    void durationsNeedUnitsAndMayCombine() throws Exception {
        ValueType<Duration> d = ValueTypes.duration(Duration.ofSeconds(1));
        assertThat(parse(d, "1500ms")).isEqualTo(Duration.ofMillis(1500));
        assertThat(parse(d, "30s")).isEqualTo(Duration.ofSeconds(30));
        assertThat(parse(d, "5m")).isEqualTo(Duration.ofMinutes(5));
        assertThat(parse(d, "1h")).isEqualTo(Duration.ofHours(1));
        assertThat(parse(d, "1m30s")).isEqualTo(Duration.ofSeconds(90));
        rejects(d, "30", "needs a unit (ms, s, m, h), e.g. 30s");
        rejects(d, "30 s", "must be a duration like 500ms, 30s, 5m, 1h or 1m30s");
        rejects(d, "-1s", "must be a duration like 500ms, 30s, 5m, 1h or 1m30s");
        rejects(d, "500ms", "must be >= 1s");
        assertThat(Durations.format(Duration.ofSeconds(90))).isEqualTo("90s");
        assertThat(Durations.format(Duration.ofMillis(100))).isEqualTo("100ms");
    }

    @Test
    void sizesUseBinarySuffixes() throws Exception {
        ValueType<Long> s = ValueTypes.size(0);
        assertThat(parse(s, "4096")).isEqualTo(4096L);
        assertThat(parse(s, "4K")).isEqualTo(4096L);
        assertThat(parse(s, "128m")).isEqualTo(128L << 20);
        assertThat(parse(s, "2G")).isEqualTo(2L << 30);
        assertThat(parse(s, "1T")).isEqualTo(1L << 40);
        rejects(s, "2GB", "must be a size like 4096, 4K, 128M, 2G or 1T");
        rejects(s, "99999999999T", "is too large");
        rejects(ValueTypes.size(4L << 20), "1M", "must be >= 4194304 bytes");
    }

    @Test
    void frequenciesAreKeptInKilohertz() throws Exception {
        assertThat(parse(ValueTypes.frequency(), "2100MHz")).isEqualTo(2_100_000L);
        assertThat(parse(ValueTypes.frequency(), "2.1GHz")).isEqualTo(2_100_000L);
        assertThat(parse(ValueTypes.frequency(), "800000khz")).isEqualTo(800_000L);
        rejects(ValueTypes.frequency(), "2100", "must be a frequency like 2100MHz, 2.1GHz or 800000kHz");
    }

    @Test
    void numbersBoolsAndPercents() throws Exception {
        rejects(ValueTypes.integer(1, 10), "0", "must be >= 1");
        rejects(ValueTypes.integer(1, 10), "11", "must be <= 10");
        rejects(ValueTypes.integer(1, 10), "two", "must be an integer");
        assertThat(parse(ValueTypes.bool(), "Yes")).isTrue();
        assertThat(parse(ValueTypes.bool(), "off")).isFalse();
        rejects(ValueTypes.bool(), "maybe", "must be true or false");
        assertThat(parse(ValueTypes.percent(0, 100), "2.5%")).isEqualTo(2.5);
        rejects(ValueTypes.percent(0, 100), "101", "must be between 0 and 100");
        rejects(ValueTypes.percent(0, 100), "NaN", "must be a number");
        rejects(ValueTypes.fraction(), "1", "must be between 0 and 1 (exclusive)");
    }

    @Test
    void enumsMatchCaseInsensitivelyAndAnswerCanonically() throws Exception {
        ValueType<Workload> w = ValueTypes.oneOf(Workload.values(), Workload::tafName);
        assertThat(parse(w, "points-covered-pk")).isEqualTo(Workload.POINTS_COVERED_PK);
        assertThat(parse(w, "point_select")).isEqualTo(Workload.POINT_SELECT);
        assertThatThrownBy(() -> parse(w, "POINTS_COVERED_PK")).hasMessageStartingWith("must be one of POINT_SELECT, ");
    }

    @Test
    void listsReportTheElementThatIsWrong() throws Exception {
        ValueType<List<Integer>> threads = ValueTypes.listOf(ValueTypes.integer(1, 100), 1, true);
        assertThat(parse(threads, " 1, 2 ,4")).containsExactly(1, 2, 4);
        rejects(threads, "0", "must be >= 1");
        rejects(threads, "1, 0", "element 2 (0) must be >= 1");
        rejects(threads, "1,,2", "element 2 is empty");
        rejects(threads, "", "must not be empty");
        rejects(threads, "2, 2", "lists 2 twice");
        rejects(ValueTypes.listOf(ValueTypes.string(), 2, true), "1", "needs at least 2 values");
    }

    @Test
    void pathsResolveAgainstTheOriginAndHome() throws Exception {
        assertThat(parse(ValueTypes.path(), "x/../y.diff")).isEqualTo(Path.of("/defs/y.diff"));
        assertThat(parse(ValueTypes.path(), "~/cache")).isEqualTo(Path.of("/home/u/cache"));
        assertThat(parse(ValueTypes.path(), "/abs")).isEqualTo(Path.of("/abs"));
        assertThat(parse(ValueTypes.treePath(), "engine/target/engine.jar"))
                .isEqualTo(Path.of("engine/target/engine.jar"));
        rejects(ValueTypes.treePath(), "../x.jar", "must be a relative path inside the source tree");
        assertThat(parse(ValueTypes.optional(ValueTypes.path()), "")).isEqualTo(Optional.empty());
    }

    @Test
    void revisionsAndCpusets() throws Exception {
        assertThat(parse(ValueTypes.revision(), "HEAD~1")).isEqualTo("HEAD~1");
        rejects(ValueTypes.revision(), "main..topic", "must be a single revision, not a range");
        rejects(ValueTypes.revision(), "a b", "must be a revision without spaces");
        assertThat(parse(ValueTypes.cpuset(), "8, 0-3,2").spec()).isEqualTo("0-3,8");
        assertThat(parse(ValueTypes.cpuset(), "1").cpus()).containsExactly(1);
        rejects(ValueTypes.cpuset(), "3-1", "has a bad range 3-1 (CPUs are 0..4095, low-high)");
        rejects(ValueTypes.cpuset(), "a", "must be a cpuset like 0-3,8");
    }

    @Test
    void resultsDatabaseUrlsAreSqliteFilesMariaDbOrNone() throws Exception {
        ValueType<Optional<String>> db = ValueTypes.resultsDbUrl();
        assertThat(parse(db, "none")).isEmpty();
        assertThat(parse(db, "NONE")).isEmpty();
        assertThat(parse(db, "jdbc:sqlite:~/.local/share/taf/results.db"))
                .contains("jdbc:sqlite:/home/u/.local/share/taf/results.db");
        assertThat(parse(db, "jdbc:sqlite:r/results.db")).contains("jdbc:sqlite:/defs/r/results.db");
        assertThat(parse(db, "jdbc:mariadb://127.0.0.1:3306/taf?user=taf"))
                .contains("jdbc:mariadb://127.0.0.1:3306/taf?user=taf");
        String rule = "must be none, jdbc:sqlite:FILE or jdbc:mariadb://HOST:PORT/DATABASE";
        rejects(db, "jdbc:sqlite::memory:", rule + " (an SQLite URL names a file)");
        rejects(db, "jdbc:sqlite:", rule + " (an SQLite URL names a file)");
        rejects(db, "jdbc:postgresql://h/taf", rule);
        rejects(db, "results.db", rule);
        String shown = "carries a password, which explain and results.json would show: set results.db.password"
                + " (masked) instead";
        rejects(db, "jdbc:mariadb://127.0.0.1:3306/taf?user=taf&password=pw", shown);
        rejects(db, "jdbc:mariadb://127.0.0.1:3306/taf?PASSWORD=pw", shown);
    }
}
