package org.taf.engine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The redo log's variables: MariaDB's names and defaults, and out-of-range values refused like any other. */
class RedoVariablesTest {
    @Test
    void defaultsAreMariaDbs() {
        EngineConfig c = EngineConfig.defaults();
        assertThat(c.flushLogAtTrxCommit()).isEqualTo(1);
        assertThat(c.logFileSize()).isEqualTo(96L << 20);
        assertThat(c.logBufferSize()).isEqualTo(16 << 20);
        assertThat(c.flushLogAtTimeout()).isEqualTo(1);
        assertThat(c.logSpinWaitDelay()).isZero();
        assertThat(c.doublewrite()).isTrue();
        assertThat(Variables.find("innodb_doublewrite")).get().extracting(Variable::effective).isEqualTo(true);
    }

    @Test
    void valuesAreParsedAsMariaDbWritesThem() {
        EngineConfig c = ServerArguments.parse(List.of(
                        "--innodb-flush-log-at-trx-commit=2",
                        "--innodb-log-file-size=4M",
                        "--innodb_log_spin_wait_delay=30",
                        "--skip-innodb-doublewrite",
                        "--innodb-log-buffer-size=1M"))
                .config();
        assertThat(c.flushLogAtTrxCommit()).isEqualTo(2);
        assertThat(c.logFileSize()).isEqualTo(4L << 20);
        assertThat(c.logSpinWaitDelay()).isEqualTo(30);
        assertThat(c.doublewrite()).isFalse();
        assertThat(c.logBufferSize()).isEqualTo(1 << 20);
    }

    @Test
    void outOfRangeAndMalformedValuesAreRefused() {
        assertThatThrownBy(() -> EngineConfig.of(Map.of("innodb_flush_log_at_trx_commit", "4")))
                .isInstanceOf(EngineConfigException.class)
                .hasMessage("innodb_flush_log_at_trx_commit = '4': must be between 0 and 3");
        assertThatThrownBy(() -> EngineConfig.of(Map.of("innodb_log_spin_wait_delay", "6001")))
                .hasMessage("innodb_log_spin_wait_delay = '6001': must be between 0 and 6000");
        assertThatThrownBy(() -> EngineConfig.of(Map.of("innodb_log_spin_wait_delay", "-1")))
                .hasMessage("innodb_log_spin_wait_delay = '-1': must be between 0 and 6000");
        assertThatThrownBy(() -> EngineConfig.of(Map.of("innodb_log_file_size", "512K")))
                .hasMessage("innodb_log_file_size = '512K': must be between 1048576 and 549755813888");
        assertThatThrownBy(() -> EngineConfig.of(Map.of("innodb_log_buffer_size", "lots")))
                .hasMessage("innodb_log_buffer_size = 'lots': not a size (use bytes or K, M, G)");
        assertThatThrownBy(() -> EngineConfig.of(Map.of("innodb_flush_log_at_timeout", "0")))
                .hasMessage("innodb_flush_log_at_timeout = '0': must be between 1 and 2700");
        assertThatThrownBy(() -> EngineConfig.of(Map.of("innodb_doublewrite", "maybe")))
                .hasMessage("innodb_doublewrite = 'maybe': must be ON or OFF");
        assertThatThrownBy(() -> ServerArguments.parse(List.of("--innodb-log-files-in-groups=2")))
                .hasMessageContaining("unknown variable 'innodb-log-files-in-groups'");
    }
}
