package org.taf.runner.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.taf.runner.config.LoadContext;
import org.taf.runner.sys.HostLock;
import picocli.CommandLine.Option;

/**
 * The host-wide measuring lock of the commands that measure ({@code run}, {@code compare}, {@code calibrate},
 * {@code bisect}, {@code canary}, {@code host}), and their {@code --no-wait}: one of them measures on a host at a
 * time, so two people's runs never disturb each other's numbers. It is held for the whole command, builds included,
 * since a build beside a measurement disturbs it as much as a second engine. An OS lock ({@link HostLock}): the
 * kernel frees it when its holder dies. Engines in containers run on this host, so they count too.
 */
final class MeasuringLock {
    /** The lock file when neither {@code TAF_MEASURE_LOCK} nor a writable {@code /run} says otherwise. */
    static final Path RUN_FILE = Path.of("/run/taf/measure.lock");
    static final String ENV = "TAF_MEASURE_LOCK";

    @Option(names = "--no-wait",
            description = "when another taf command is measuring on this host, exit 3 at once naming it"
                    + " (default: wait for it, saying so once)")
    boolean noWait;

    /**
     * Takes the lock, or waits for it saying once on stderr whom it waits for.
     *
     * @param command    the command, e.g. {@code run}
     * @param definition the definition file as given (null: the command's default, {@code quick.properties})
     * @throws HostLock.Busy with {@code --no-wait} when another process holds it (exit 3, the holder named)
     */
    HostLock.Held take(LoadContext context, String command, Path definition) {
        Path file = file(context);
        String def = context.display(context.workDir().resolve(
                definition == null ? DefinitionOptions.QUICK : definition));
        try {
            return HostLock.acquire(file, "the measuring lock", HostLock.Holder.self("taf " + command, def), !noWait,
                    who -> System.err.println("taf: waiting for the measuring lock " + file + ": held by " + who));
        } catch (HostLock.Busy e) {
            throw new HostLock.Busy(e.getMessage() + "; not waiting (--no-wait)", e.holder());
        }
    }

    /**
     * {@code TAF_MEASURE_LOCK}, else {@code /run/taf/measure.lock} where {@code /run} is writable (root: one
     * lock for every user of the host), else {@code ~/.cache/taf/state/measure.lock} (that user's runs only).
     */
    static Path file(LoadContext context) {
        String env = context.env().get(ENV);
        if (env != null && !env.isBlank()) {
            return context.workDir().resolve(env);
        }
        Path run = RUN_FILE.getParent().getParent();
        if (Files.isDirectory(run) && (Files.isWritable(RUN_FILE.getParent()) || Files.isWritable(run))) {
            return RUN_FILE;
        }
        return context.userHome().resolve(".cache/taf/state/measure.lock");
    }
}
