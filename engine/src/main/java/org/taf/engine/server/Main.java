package org.taf.engine.server;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.util.List;
import org.taf.engine.config.EngineConfig;
import org.taf.engine.config.EngineConfigException;
import org.taf.engine.config.ServerArguments;
import org.taf.engine.config.Variable;
import org.taf.engine.config.Variables;

/**
 * Entry point of {@code engine.jar}:
 * {@code java -jar engine.jar [--defaults-file=FILE] [--variable=value ...]}. Prints exactly one
 * line to stdout when it accepts connections ({@code engine: ready for connections on
 * 127.0.0.1:3306 (version 11.4.2-TAF)}), logs to {@code log_error}, and on SIGTERM shuts down
 * cleanly (the JVM then exits with 143, as on any SIGTERM). A bad variable, a datadir in use or a
 * port taken: one {@code engine: error: ...} line on stderr and exit code 1.
 */
public final class Main {
    /** Exit code for any startup failure. */
    public static final int FAILED = 1;

    private Main() {}

    public static void main(String[] args) {
        int code = start(args, System.out, System.err);
        if (code >= 0) {
            System.exit(code);
        }
        // otherwise the acceptor thread keeps the JVM running until SIGTERM
    }

    /**
     * Starts the server (or prints help/version).
     *
     * @return the exit code if the process should end now, or -1 when the server is running
     */
    static int start(String[] args, PrintStream out, PrintStream err) {
        ServerArguments parsed;
        try {
            parsed = ServerArguments.parse(List.of(args));
        } catch (EngineConfigException e) {
            err.println("engine: error: " + e.getMessage());
            return FAILED;
        }
        EngineConfig config = parsed.config();
        if (parsed.help()) {
            help(out);
            return 0;
        }
        if (parsed.version()) {
            out.println("engine " + config.version());
            return 0;
        }
        ServerLog log;
        try {
            log = ServerLog.open(config.logError(), Clock.systemDefaultZone());
        } catch (IOException e) {
            err.println("engine: error: cannot open log_error " + config.logError() + ": " + e.getMessage());
            return FAILED;
        }
        Server server;
        try {
            server = Server.start(config, log);
        } catch (ServerException e) {
            log.error(e.getMessage());
            log.close();
            err.println("engine: error: " + e.getMessage());
            return FAILED;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            log.close();
        }, "engine-shutdown"));
        out.println("engine: ready for connections on " + server.address() + " (version " + config.version() + ")");
        out.flush();
        return -1;
    }

    private static void help(PrintStream out) {
        out.println("Usage: java -jar engine.jar [--defaults-file=FILE] [--variable=value ...]");
        out.println("Option files: MariaDB format, sections [mysqld], [server], [mariadb], [mariadbd], [engine];");
        out.println("the command line wins. Dashes and underscores in names are the same. Variables:");
        for (Variable v : Variables.all().values()) {
            out.printf("  --%-32s %s (default: %s)%n", v.name(), v.description(),
                    v.defaultValue().isEmpty() ? "derived" : v.defaultValue());
        }
    }
}
