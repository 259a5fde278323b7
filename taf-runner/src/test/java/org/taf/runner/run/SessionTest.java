package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The command line a session records for the post, which reproduces the run when pasted into a shell. */
class SessionTest {
    @Test
    void theCommandLineOfAStepReadsBackInAShell() {
        // Each step's post shows the command that reproduces it; its comments hold spaces.
        assertThat(Session.command(Path.of("e2e.properties"), Map.of("comments", "step 2: it's slow"), "run"))
                .isEqualTo("./taf run e2e.properties '-Dcomments=step 2: it'\\''s slow'");
        assertThat(Session.shellWord("-Dparent=HEAD~1")).as("a tilde inside a word is not expanded")
                .isEqualTo("-Dparent=HEAD~1");
        assertThat(Session.shellWord("-Dname=$x")).isEqualTo("'-Dname=$x'");
        assertThat(Session.shellWord("-Dcomparisons=")).isEqualTo("-Dcomparisons=");
    }
}
