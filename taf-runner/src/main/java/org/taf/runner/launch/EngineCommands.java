package org.taf.runner.launch;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SortedMap;
import java.util.regex.Pattern;

/**
 * The command line of the engine TAF starts, with MariaDB-style variables ({@code engine.<variable>}
 * in properties) appended as {@code --variable=value}; an empty value gives a bare flag
 * ({@code --skip_name_resolve}). Variables the command sets itself (datadir, port, ...) are refused:
 * they come from the launch settings.
 */
public final class EngineCommands {
    /**
     * Variables the launcher sets itself on every engine it starts (datadir, port, ...), in lower_snake
     * (normalized with '-' -> '_', as MariaDB treats both the same); an {@code engine.*} key may not set them.
     */
    public static final Set<String> LAUNCHER_SET = Set.of("datadir", "port", "bind_address", "socket", "pid_file",
            "log_error", "user", "no_defaults", "defaults_file", "defaults_extra_file", "skip_grant_tables");

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_-]*");

    private EngineCommands() {}

    /**
     * The TAF engine: {@code java [jvmArgs] -jar engine.jar --datadir=DIR --port=N
     * --bind_address=127.0.0.1 --pid_file=FILE --log_error=FILE --<variable>=<value> ...}.
     *
     * @throws LaunchException for a variable with a bad name or value, or one set by the command itself
     */
    public static List<String> tafEngine(Path java, List<String> jvmArgs, Path jar, Path datadir, int port,
                                         Path pidFile, Path logFile, SortedMap<String, String> variables) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java.toString());
        cmd.addAll(jvmArgs);
        cmd.add("-jar");
        cmd.add(jar.toString());
        cmd.add("--datadir=" + datadir);
        cmd.add("--port=" + port);
        cmd.add("--bind_address=127.0.0.1");
        cmd.add("--pid_file=" + pidFile);
        cmd.add("--log_error=" + logFile);
        appendVariables(cmd, variables);
        return List.copyOf(cmd);
    }

    private static void appendVariables(List<String> cmd, SortedMap<String, String> variables) {
        variables.forEach((name, value) -> {
            if (!NAME.matcher(name).matches()) {
                throw new LaunchException("engine." + name
                        + ": not a variable name (lower-case letters, digits, '_' or '-')");
            }
            if (LAUNCHER_SET.contains(name.replace('-', '_').toLowerCase(Locale.ROOT))) {
                throw new LaunchException("engine." + name
                        + " cannot be set: the launcher sets it (use the launch.* settings)");
            }
            if (value.indexOf('\n') >= 0 || value.indexOf('\0') >= 0) {
                throw new LaunchException("engine." + name + " (" + value.replace("\n", "\\n").replace("\0", "\\0")
                        + ") must not contain a newline or NUL");
            }
            cmd.add(value.isEmpty() ? "--" + name : "--" + name + "=" + value);
        });
    }
}
