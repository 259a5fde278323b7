package org.taf.engine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OptionFileTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void readsOnlyServerSectionsWithOrigins() throws IOException {
        Path f = write("my.cnf", """
                # a comment
                [client]
                port = 1111
                [mysqld]
                port = 3307            # trailing comment
                innodb-buffer-pool-size = 2G
                ; another comment
                [mysql]
                user = nobody
                [engine]
                log_error = 'my err.log'
                skip-log-bin
                performance_schema
                """);
        List<Setting> s = OptionFile.read(f);
        assertThat(s).extracting(Setting::name, Setting::value).containsExactly(
                org.assertj.core.groups.Tuple.tuple("port", "3307"),
                org.assertj.core.groups.Tuple.tuple("innodb-buffer-pool-size", "2G"),
                org.assertj.core.groups.Tuple.tuple("log_error", "my err.log"),
                org.assertj.core.groups.Tuple.tuple("log-bin", "OFF"),
                org.assertj.core.groups.Tuple.tuple("performance_schema", "ON"));
        assertThat(s.get(0).origin()).isEqualTo(f + ":5");
    }

    @Test
    void quotedValuesKeepHashesAndApplyEscapes() {
        assertThat(OptionFile.value(" \"a # b\\tc\" ", "x")).isEqualTo("a # b\tc");
        assertThat(OptionFile.value("C:\\data\\x", "x")).isEqualTo("C:\\data\\x");
        assertThatThrownBy(() -> OptionFile.value("'open", "f:3")).hasMessageContaining("f:3");
    }

    @Test
    void followsIncludesAndIncludeDirs() throws IOException {
        Files.createDirectory(dir.resolve("conf.d"));
        write("conf.d/b.cnf", "[mysqld]\nmax_connections=20\n");
        write("conf.d/a.cnf", "[mysqld]\nmax_connections=10\n");
        write("conf.d/ignored.txt", "[mysqld]\nport=1\n");
        write("inc.cnf", "[mysqld]\nport=4000\n");
        Path f = write("my.cnf", "[mysqld]\n!include inc.cnf\n!includedir conf.d\n");
        assertThat(OptionFile.read(f)).extracting(Setting::value).containsExactly("4000", "10", "20");
    }

    @Test
    void reportsFileAndLineOfMalformedLines() throws IOException {
        Path f = write("bad.cnf", "[mysqld]\nport\n");
        assertThatThrownBy(() -> OptionFile.read(f)).isInstanceOf(EngineConfigException.class)
                .hasMessage(f + ":2: option 'port' requires a value");
        Path g = write("bad2.cnf", "[mysqld\n");
        assertThatThrownBy(() -> OptionFile.read(g)).hasMessageContaining(g + ":1: section header");
        assertThatThrownBy(() -> OptionFile.read(dir.resolve("missing.cnf")))
                .hasMessageContaining("cannot read option file").hasMessageContaining("missing.cnf");
    }

    @Test
    void refusesIncludeCycles() throws IOException {
        write("a.cnf", "!include b.cnf\n");
        write("b.cnf", "!include a.cnf\n");
        assertThatThrownBy(() -> OptionFile.read(dir.resolve("a.cnf"))).hasMessageContaining("cycle");
    }
}
