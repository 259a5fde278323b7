package org.taf.runner.git;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Starts a {@code main} of the test classpath in a separate JVM: a second runner process, for real. */
public final class ChildJvm {
    private ChildJvm() {}

    public static Process start(Class<?> main, Map<String, String> env, Path output, String... args)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .redirectInput(new File("/dev/null"));
        builder.environment().putAll(env);
        return builder.start();
    }
}
