package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class PidRecordTest {
    private final PidRecord record = new PidRecord(12345, 9876543, 12000, 9870000, 41234,
            List.of("/usr/sbin/mariadbd", "--no-defaults", "--init-file=a\\b", "multi\nline\rarg"));

    @Test
    void theFileStartsWithThePidAloneThenKeyValueLines() {
        assertThat(record.format()).isEqualTo("""
                12345
                start_ticks=9876543
                runner_pid=12000
                runner_start_ticks=9870000
                port=41234
                arg=/usr/sbin/mariadbd
                arg=--no-defaults
                arg=--init-file=a\\\\b
                arg=multi\\nline\\rarg
                """);
    }

    @Test
    void roundTrips() {
        assertThat(PidRecord.parse(record.format())).isEqualTo(record);
    }

    @Test
    void unknownKeysOfALaterVersionAreIgnored() {
        assertThat(PidRecord.parse(record.format() + "container_id=abc\n")).isEqualTo(record);
    }

    @Test
    void badRecordsNameTheLine() {
        assertThatThrownBy(() -> PidRecord.parse("abc\n")).hasMessage("line 1: 'abc' is not a number");
        assertThatThrownBy(() -> PidRecord.parse("12\nstart_ticks=x\n")).hasMessage("line 2: 'x' is not a number");
        assertThatThrownBy(() -> PidRecord.parse("12\nhello\n")).hasMessage("line 2 is not key=value: 'hello'");
        assertThatThrownBy(() -> PidRecord.parse("12\nstart_ticks=1\n")).hasMessageContaining("missing");
    }
}
