package org.taf.engine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerArgumentsTest {
    @TempDir
    Path dir;

    @Test
    void commandLineWinsOverTheOptionFile() throws IOException {
        Path f = Files.writeString(dir.resolve("my.cnf"), "[mysqld]\nport=3307\nmax-connections=7\n");
        ServerArguments a = ServerArguments.parse(List.of("--defaults-file=" + f, "--port=4000",
                "--innodb-buffer-pool-size=64M", "--skip-log-bin"));
        assertThat(a.config().port()).isEqualTo(4000);
        assertThat(a.config().maxConnections()).isEqualTo(7);
        assertThat(a.config().bufferPoolSize()).isEqualTo(64L << 20);
        assertThat(a.config().value("log_bin")).isEqualTo("OFF");
        assertThat(a.help()).isFalse();
    }

    @Test
    void mariaDbsFlushMethodLoadsWithoutEffect() throws IOException {
        Path f = Files.writeString(dir.resolve("my.cnf"), "[mysqld]\ninnodb_flush_method = O_DIRECT\n");
        ServerArguments a = ServerArguments.parse(List.of("--defaults-file=" + f));
        assertThat(a.config().value("innodb_flush_method")).isEqualTo("O_DIRECT");
        assertThat(Variables.find("innodb-flush-method").orElseThrow().effective()).isFalse();
    }

    @Test
    void badValuesNameWhereTheyWereWritten() throws IOException {
        Path f = Files.writeString(dir.resolve("my.cnf"), "[mysqld]\n\nport=abc\n");
        assertThatThrownBy(() -> ServerArguments.parse(List.of("--defaults-file=" + f)))
                .isInstanceOf(EngineConfigException.class)
                .hasMessage(f + ":3: port = 'abc': not a number");
        assertThatThrownBy(() -> ServerArguments.parse(List.of("--max_connections=0")))
                .hasMessage("command line: max_connections = '0': must be between 1 and 100000");
        assertThatThrownBy(() -> ServerArguments.parse(List.of("--no-such-thing=1")))
                .hasMessage("command line: unknown variable 'no-such-thing'");
        assertThatThrownBy(() -> ServerArguments.parse(List.of("port=1")))
                .hasMessageContaining("unexpected argument 'port=1'");
    }

    @Test
    void looseUnknownOptionsAreIgnored() {
        ServerArguments a = ServerArguments.parse(List.of("--loose-no-such-thing=1", "--loose-port=5"));
        assertThat(a.config().port()).isEqualTo(5);
    }

    @Test
    void badUsersAreRefusedAtStartup() {
        assertThatThrownBy(() -> ServerArguments.parse(List.of("--users=root")))
                .hasMessageContaining("entry 'root' must be user:password");
    }

    @Test
    void helpAndVersionFlags() {
        assertThat(ServerArguments.parse(List.of("--help")).help()).isTrue();
        assertThat(ServerArguments.parse(List.of("-V")).version()).isTrue();
    }
}
