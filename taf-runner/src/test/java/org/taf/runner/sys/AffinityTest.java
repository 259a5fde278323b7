package org.taf.runner.sys;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class AffinityTest {
    @Test
    void tasksetPrefixesTheCommand() {
        assertThat(Affinity.pinned("1,3", List.of("/usr/bin/java", "-jar", "e.jar")))
                .containsExactly("taskset", "-c", "1,3", "/usr/bin/java", "-jar", "e.jar");
    }

    @Test
    void allowedListIsReadFromStatus() {
        assertThat(Affinity.allowedList("Name:\tjava\nCpus_allowed:\t2\nCpus_allowed_list:\t1\nMems_allowed:\t1\n"))
                .contains("1");
        assertThat(Affinity.allowedList("Name:\tjava\n")).isEmpty();
        assertThat(Affinity.of(ProcessHandle.current().pid())).isPresent();
    }
}
