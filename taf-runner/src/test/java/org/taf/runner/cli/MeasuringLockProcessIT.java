package org.taf.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.config.LoadContext;
import org.taf.runner.git.ChildJvm;
import picocli.CommandLine;

/**
 * The host-wide measuring lock between real processes: two runner JVMs contend and measure one after the
 * other, a holder killed with SIGKILL frees it at once (the kernel's doing), and {@code --no-wait} refuses
 * naming the holder, while the commands that do not measure never wait for it.
 */
class MeasuringLockProcessIT {
    private static final Duration BOUND = Duration.ofSeconds(40);

    @TempDir
    Path tmp;

    @Test
    void twoProcessesMeasureOneAfterTheOtherAndTheSecondSaysWhomItWaitsFor() throws Exception {
        Path lock = tmp.resolve("measure.lock");
        Process first = holder(lock, "first", "properties/quick.properties");
        Process second = null;
        try {
            awaitFile(tmp.resolve("first.held"), first);
            second = holder(lock, "second", "properties/gate.properties");
            awaitText(tmp.resolve("second.out"), "waiting for the measuring lock", second);
            assertThat(tmp.resolve("second.held")).as("the second must not hold it while the first does")
                    .doesNotExist();
            Files.writeString(tmp.resolve("first.release"), "go");
            awaitFile(tmp.resolve("second.held"), second);
            Files.writeString(tmp.resolve("second.release"), "go");
            assertThat(first.waitFor(BOUND.toSeconds(), TimeUnit.SECONDS)).isTrue();
            assertThat(second.waitFor(BOUND.toSeconds(), TimeUnit.SECONDS)).isTrue();
            assertThat(second.exitValue()).as(out("second")).isZero();

            // The measured intervals do not overlap: the second took it after the first let go.
            long firstReleased = Long.parseLong(Files.readString(tmp.resolve("first.done")).strip());
            long secondHeld = Long.parseLong(Files.readString(tmp.resolve("second.held")).strip());
            assertThat(secondHeld).isGreaterThanOrEqualTo(firstReleased);
            String said = out("second");
            assertThat(said.lines().filter(l -> l.contains("waiting for the measuring lock")).count()).isOne();
            assertThat(said).contains("held by pid " + first.pid() + " (taf run properties/quick.properties, since ");
        } finally {
            first.destroyForcibly();
            if (second != null) {
                second.destroyForcibly();
            }
        }
    }

    @Test
    void aKilledHolderFreesTheLockAndNoWaitRefusesALiveOne() throws Exception {
        Path lock = tmp.resolve("measure.lock");
        Process first = holder(lock, "first", "properties/quick.properties");
        try {
            awaitFile(tmp.resolve("first.held"), first);
            LoadContext context = new LoadContext(Path.of("").toAbsolutePath().getParent(),
                    Map.of(MeasuringLock.ENV, lock.toString()), Path.of(System.getProperty("java.home")), tmp);
            for (List<String> args : List.of(List.of("run", "--no-wait"),
                    List.of("compare", "--no-wait", "--parent", "HEAD~1", "--patch", "HEAD"),
                    List.of("calibrate", "--no-wait", "properties/quick.properties", "-Dresults.db.url=none"),
                    List.of("bisect", "--no-wait", "--good", "HEAD~1", "--bad", "HEAD", "-Dresults.db.url=none"),
                    List.of("host", "--no-wait"))) {
                StringWriter err = new StringWriter();
                assertThat(taf(context, err, args)).as(args + ": " + err).isEqualTo(3);
                assertThat(err.toString()).as(args.get(0)).contains("error: the measuring lock " + lock
                        + " is held by pid " + first.pid() + " (taf run properties/quick.properties, since ")
                        .contains("; not waiting (--no-wait)");
            }
            // The commands that measure nothing do not wait for it.
            StringWriter err = new StringWriter();
            CompletableFuture<Integer> validate = CompletableFuture.supplyAsync(() ->
                    taf(context, err, List.of("explain", "properties/quick.properties")));
            assertThat(validate.get(BOUND.toSeconds(), TimeUnit.SECONDS)).as(err.toString()).isZero();

            first.destroyForcibly().waitFor(BOUND.toSeconds(), TimeUnit.SECONDS); // SIGKILL: no hook runs
            Process second = holder(lock, "second", "properties/gate.properties");
            try {
                awaitFile(tmp.resolve("second.held"), second);
                assertThat(out("second")).doesNotContain("waiting");
            } finally {
                second.destroyForcibly();
            }
        } finally {
            first.destroyForcibly();
        }
    }

    private static int taf(LoadContext context, StringWriter err, List<String> args) {
        CommandLine cl = Main.commandLine(context);
        cl.setOut(new PrintWriter(new StringWriter(), true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args.toArray(String[]::new));
    }

    private Process holder(Path lock, String name, String definition) throws Exception {
        return ChildJvm.start(Holder.class, Map.of(), tmp.resolve(name + ".out"), lock.toString(),
                definition, tmp.resolve(name + ".held").toString(), tmp.resolve(name + ".release").toString(),
                tmp.resolve(name + ".done").toString());
    }

    private String out(String name) throws Exception {
        return Files.readString(tmp.resolve(name + ".out"), StandardCharsets.UTF_8);
    }

    private static void awaitFile(Path file, Process child) throws Exception {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (!Files.exists(file)) {
            assertThat(child.isAlive()).as("child alive while we wait for " + file).isTrue();
            assertThat(System.nanoTime()).as(file + " in time").isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    private static void awaitText(Path file, String text, Process child) throws Exception {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (!Files.exists(file) || !Files.readString(file, StandardCharsets.UTF_8).contains(text)) {
            assertThat(child.isAlive()).as("child alive while we wait for '" + text + "'").isTrue();
            assertThat(System.nanoTime()).as("'" + text + "' in time").isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    /**
     * A measuring command's hold, as the commands take it: takes the lock (waiting, saying so), writes the
     * time it got it into {@code held}, keeps it until {@code release} exists, then writes the time it let
     * go into {@code done}. Arguments: lock file, definition, held, release, done.
     */
    public static final class Holder {
        public static void main(String[] args) throws Exception {
            Path cwd = Path.of("").toAbsolutePath();
            LoadContext context = new LoadContext(cwd, Map.of(MeasuringLock.ENV, args[0]),
                    Path.of(System.getProperty("java.home")), cwd);
            try (var held = new MeasuringLock().take(context, "run", Path.of(args[1]))) {
                Files.writeString(Path.of(args[2]), Long.toString(System.currentTimeMillis()));
                long deadline = System.nanoTime() + BOUND.toNanos();
                while (!Files.exists(Path.of(args[3])) && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
            }
            Files.writeString(Path.of(args[4]), Long.toString(System.currentTimeMillis()));
        }
    }
}
