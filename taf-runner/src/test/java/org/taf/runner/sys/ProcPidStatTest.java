package org.taf.runner.sys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ProcPidStatTest {
    static final Path PROC = Fixtures.dir("proc");

    @Test
    void readsTheFieldsTafUses() throws Exception {
        ProcPidStat s = ProcPidStat.read(PROC, 4242).orElseThrow();
        assertThat(s).isEqualTo(new ProcPidStat(4242, "mariadbd", 'S', 4242, 35311, 1234, 567, 107586));
        assertThat(s.cpuSeconds(100)).isEqualTo(18.01);
        assertThat(s.running()).isTrue();
    }

    @Test
    void commMayContainSpacesAndParentheses() throws Exception {
        ProcPidStat s = ProcPidStat.read(PROC, 777).orElseThrow();
        assertThat(s.comm()).isEqualTo("evil) name) x");
        assertThat(s.utimeTicks()).isEqualTo(250);
        assertThat(s.stimeTicks()).isEqualTo(50);
        assertThat(s.startTicks()).isEqualTo(99999);
    }

    @Test
    void aZombieIsNotRunning() throws Exception {
        assertThat(ProcPidStat.read(PROC, 778).orElseThrow().running()).isFalse();
    }

    @Test
    void aMissingProcessIsEmpty() throws Exception {
        assertThat(ProcPidStat.read(PROC, 1)).isEmpty();
    }

    @Test
    void rejectsLinesThatAreNotStat() {
        assertThatThrownBy(() -> ProcPidStat.parse("hello world"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'hello world'");
        assertThatThrownBy(() -> ProcPidStat.parse("12 (x) S 1 2 3"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("truncated");
    }

    @Test
    void readsThisJvm() throws Exception {
        long self = ProcessHandle.current().pid();
        ProcPidStat s = ProcPidStat.read(Path.of("/proc"), self).orElseThrow();
        assertThat(s.pid()).isEqualTo(self);
        assertThat(s.running()).isTrue();
        assertThat(s.utimeTicks() + s.stimeTicks()).isPositive();
    }
}
