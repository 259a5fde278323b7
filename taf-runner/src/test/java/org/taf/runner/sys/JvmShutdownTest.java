package org.taf.runner.sys;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class JvmShutdownTest {

    /** Prints what the probe says before exit and from inside a shutdown hook. */
    public static void main(String[] args) {
        System.out.println("before=" + JvmShutdown.inProgress());
        Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("hook=" + JvmShutdown.inProgress())));
        System.exit(0);
    }

    @Test
    void theProbeSaysFalseWhileRunningAndTrueInsideAShutdownHook() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                JvmShutdownTest.class.getName()).redirectErrorStream(true).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(out.lines()).containsExactly("before=false", "hook=true");
    }
}
