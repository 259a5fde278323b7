package org.taf.engine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** taf_statement_cpu_work: declared once, off by default, set from the option file or the command line. */
class CalibrationVariableTest {
    @TempDir
    Path dir;

    @Test
    void offByDefault() {
        assertThat(EngineConfig.defaults().statementCpuWork()).isZero();
        assertThat(Variables.find("taf-statement-cpu-work")).get().extracting(Variable::effective).isEqualTo(true);
    }

    @Test
    void setFromTheOptionFileAndTheCommandLine() throws IOException {
        Path f = Files.writeString(dir.resolve("my.cnf"), "[mysqld]\ntaf_statement_cpu_work = 2500\n");
        assertThat(ServerArguments.parse(List.of("--defaults-file=" + f)).config().statementCpuWork()).isEqualTo(2500);
        assertThat(ServerArguments.parse(List.of("--defaults-file=" + f, "--taf-statement-cpu-work=40000"))
                .config().statementCpuWork()).isEqualTo(40_000);
    }

    @Test
    void badValuesAreRefusedWithTheNameValueAndRange() {
        assertThatThrownBy(() -> EngineConfig.of(Map.of("taf_statement_cpu_work", "-1")))
                .isInstanceOf(EngineConfigException.class)
                .hasMessage("taf_statement_cpu_work = '-1': must be between 0 and 1000000000");
        assertThatThrownBy(() -> EngineConfig.of(Map.of("taf_statement_cpu_work", "5%")))
                .hasMessage("taf_statement_cpu_work = '5%': not a number");
        assertThatThrownBy(() -> ServerArguments.parse(List.of("--taf-statement-cpu-work=2000000000")))
                .hasMessage("command line: taf_statement_cpu_work = '2000000000': must be between 0 and 1000000000");
    }
}
