package org.taf.runner.report.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.taf.runner.report.Messages;

/** What an earlier run of a story did otherwise, in plain words, never a dump of its definition's settings. */
class DifferencesTest {
    private static final Messages M = Messages.english();
    private static final RunSetup NEWEST = new RunSetup("Intel Xeon", 2, "25", List.of("alternate"), List.of(1, 4, 16),
            List.of("POINTS-COVERED-PK"), Map.of("innodb_buffer_pool_size", "8M", "innodb_old_blocks_time", "1000"),
            12, "e8af181");

    @Test
    void aHostChangeComesFirstThenEverythingElseThatDiffered() {
        RunSetup earlier = new RunSetup("AMD EPYC", 2, "17", List.of("restart"), List.of(1, 2, 4, 8, 16),
                List.of("POINTS-COVERED-PK"), Map.of("innodb_buffer_pool_size", "24M", "innodb_old_blocks_time",
                "1000"), 10, "e8af181");
        assertThat(Differences.of(earlier, NEWEST, M)).isEqualTo("on AMD EPYC instead of Intel Xeon; the engine on"
                + " Java 17 instead of 25; measured with an engine restart for every window instead of in alternating"
                + " windows; at 1, 2, 4, 8, 16 threads instead of 1, 4, 16; a 24M buffer pool instead of 8M; up to 10"
                + " pairs instead of 12");
    }

    @Test
    void anEngineSettingOrTafItselfOrNothing() {
        RunSetup earlier = new RunSetup("Intel Xeon", 4, "25", List.of("alternate"), List.of(1, 4, 16),
                List.of("POINTS-COVERED-PK"), Map.of("innodb_buffer_pool_size", "8M"), 12,
                "e975177 with local changes");
        assertThat(Differences.of(earlier, NEWEST, M)).isEqualTo("on 4 CPUs instead of 2; innodb_old_blocks_time"
                + " unset instead of 1000; TAF at e975177 with local changes instead of e8af181");
        assertThat(Differences.of(NEWEST, NEWEST, M)).isEqualTo("the same setup");
    }

    @Test
    void whatAnOlderRecordDoesNotKnowIsNotADifference() {
        RunSetup older = new RunSetup("", 0, "", List.of("alternate"), List.of(1, 4, 16), List.of("POINTS-COVERED-PK"),
                NEWEST.engine(), 12, "");
        assertThat(Differences.of(older, NEWEST, M)).isEqualTo("the same setup");
    }

    @Test
    void manyDifferencesEndWithHowManyMore() {
        RunSetup earlier = new RunSetup("AMD EPYC", 8, "17", List.of("restart"), List.of(2), List.of("OLTP_RO"),
                Map.of("innodb_buffer_pool_size", "1G"), 6, "1234567");
        assertThat(Differences.of(earlier, NEWEST, M)).startsWith("on AMD EPYC instead of Intel Xeon; on 8 CPUs")
                .endsWith("; and 4 more").doesNotContain("=");
    }

    @Test
    void theHostsWordsAndReleasesAreReadPlainly() {
        assertThat(RunSetup.cpu("Intel(R) Xeon(R) Processor")).isEqualTo("Intel Xeon");
        assertThat(RunSetup.cpu("Intel(R) Core(TM) i7-8650U CPU @ 1.90GHz")).isEqualTo("Intel Core i7-8650U");
        assertThat(RunSetup.cpu("AMD EPYC 7B13 64-Core Processor")).isEqualTo("AMD EPYC 7B13 64-Core");
        assertThat(RunSetup.java("openjdk version \"25.0.3\" 2026-04-21 LTS")).isEqualTo("25");
        assertThat(RunSetup.java("OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1")).isEqualTo("17");
        assertThat(RunSetup.runner("0.1.0-SNAPSHOT+ge8af181a9b3e")).isEqualTo("e8af181");
        assertThat(RunSetup.runner("0.1.0-SNAPSHOT+ge975177bbb4d.dirty")).isEqualTo("e975177 with local changes");
        assertThat(RunSetup.runner("0.1.0-SNAPSHOT")).isEmpty();
    }
}
