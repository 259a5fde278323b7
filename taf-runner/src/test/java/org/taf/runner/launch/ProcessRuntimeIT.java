package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.sys.Processes;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.Ticker;

/** The process runtime with real processes: stock MariaDB, sysbench, and shell scripts that misbehave. */
class ProcessRuntimeIT {
    @TempDir
    static Path shared;
    static Path template;

    @TempDir
    Path tmp;
    Path data;
    EngineRegistry registry;
    ProcessRuntime runtime;
    final List<Long> seen = new ArrayList<>();

    @BeforeAll
    static void installTemplate() throws Exception {
        template = Mariadb.installTemplate(shared.resolve("template"));
    }

    @BeforeEach
    void freshDatadir() {
        data = DataDirectories.copyTemplate(template, tmp.resolve("data"));
        registry = new EngineRegistry(false);
        runtime = new ProcessRuntime(
                tmp.resolve("state"), new SocketProbe(), Ticker.system(), Sleeper.system(), registry);
    }

    @AfterEach
    void nothingLeftRunning() throws Exception {
        registry.stopAll();
        for (long pid : seen) {
            assertThat(Processes.running(pid)).as("process " + pid + " of this test still runs").isFalse();
        }
        assertThat(Mariadb.processesMentioning(tmp.toString())).as("processes mentioning " + tmp).isEmpty();
        assertThat(registry.engines()).isEmpty();
        Path records = tmp.resolve("state/engines");
        if (Files.isDirectory(records)) {
            try (var left = Files.list(records)) {
                assertThat(left).as("pid records left").isEmpty();
            }
        }
    }

    private LaunchSpec spec(List<String> command, int port) {
        return LaunchSpec.of(command, tmp, port, data, tmp.resolve("logs/engine.log"))
                .withTimeouts(Duration.ofSeconds(60), Duration.ofSeconds(30));
    }

    private RunningEngine start(LaunchSpec spec) {
        RunningEngine engine = runtime.start(spec);
        Processes.tree(ProcessHandle.of(engine.pid()).orElseThrow()).forEach(h -> seen.add(h.pid()));
        return engine;
    }

    @Test
    void startsMariadbReadyAfterTheHandshakeAndStopsItGracefully() throws Exception {
        int port = PortFinder.freePort();
        RunningEngine engine = start(spec(Mariadb.command(data, port), port));

        assertThat(engine.serverVersion()).contains("MariaDB");
        assertThat(engine.isAlive()).isTrue();
        assertThat(engine.port()).isEqualTo(port);
        assertThat(registry.engines()).containsExactly(engine);
        assertThat(PortFinder.isFree(port)).isFalse();
        Path record = tmp.resolve("state/engines/" + engine.pid() + ".pid");
        PidRecord r = PidRecord.parse(Files.readString(record));
        assertThat(r.pid()).isEqualTo(engine.pid());
        assertThat(r.command()).isEqualTo(Mariadb.command(data, port));
        assertThat(r.runnerPid()).isEqualTo(ProcessHandle.current().pid());
        try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port + "/?user=root");
             ResultSet rs = c.createStatement().executeQuery("SELECT @@port, @@datadir")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(port);
            assertThat(Path.of(rs.getString(2))).isEqualTo(data);
        }

        StopResult stop = engine.stop();
        assertThat(stop.how()).isEqualTo(StopResult.How.GRACEFUL);
        assertThat(stop.exitCode()).isZero();
        assertThat(engine.isAlive()).isFalse();
        assertThat(Processes.running(engine.pid())).isFalse();
        assertThat(record).doesNotExist();
        assertThat(engine.stop()).isSameAs(stop);
        assertThat(Files.readString(engine.logFile())).contains("ready for connections").contains("Shutdown complete");
    }

    @Test
    void cpuSamplerGrowsUnderSysbenchLoad() throws Exception {
        int port = PortFinder.freePort();
        try (RunningEngine engine = start(spec(Mariadb.command(data, port), port))) {
            try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port + "/?user=root")) {
                c.createStatement().execute("CREATE DATABASE sbtest");
            }
            sysbench(port, "prepare");
            double idleBefore = engine.cpuSampler().cpuSeconds();
            sysbench(port, "--threads=2", "--time=0", "--events=1", "run"); // connects and disconnects: about idle
            double idle = engine.cpuSampler().cpuSeconds() - idleBefore;

            double before = engine.cpuSampler().cpuSeconds();
            double mainBefore = mainThreadSeconds(engine.pid());
            sysbench(port, "--threads=2", "--time=3", "run");
            double used = engine.cpuSampler().cpuSeconds() - before;
            double main = mainThreadSeconds(engine.pid()) - mainBefore;
            // the host is shared with other jobs, so how much CPU the engine gets varies (0.4 to 3.4 s
            // seen here); that it clearly grows, and that the queries' threads are counted, does not
            assertThat(used)
                    .as("engine CPU seconds under sysbench (idle: %.2f)", idle)
                    .isGreaterThan(0.1)
                    .isGreaterThan(5 * idle);
            assertThat(used).as("whole process vs its main thread (%.2f s)", main).isGreaterThan(5 * main);
        }
    }

    // utime + stime of the main thread alone (/proc/<pid>/task/<pid>/stat): mariadbd serves queries on other threads
    private static double mainThreadSeconds(long pid) throws Exception {
        return org.taf.runner.sys.ProcPidStat.read(Path.of("/proc", Long.toString(pid), "task"), pid).orElseThrow()
                .cpuSeconds(org.taf.runner.sys.ClockTicks.perSecond());
    }

    private static void sysbench(int port, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                "sysbench",
                "oltp_point_select",
                "--db-driver=mysql",
                "--mysql-host=127.0.0.1",
                "--mysql-port=" + port,
                "--mysql-user=root",
                "--mysql-db=sbtest",
                "--tables=1",
                "--table-size=10000"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
    }

    @Test
    void aPortInUseIsAClearErrorAndNothingStarts() throws Exception {
        try (ServerSocket held = new ServerSocket()) {
            held.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
            int port = held.getLocalPort();
            assertThatThrownBy(() -> start(spec(Mariadb.command(data, port), port)))
                    .isInstanceOf(LaunchException.class)
                    .hasMessageStartingWith("port " + port + " on 127.0.0.1 is already in use by pid "
                            + ProcessHandle.current().pid());
            assertThat(tmp.resolve("logs/engine.log")).doesNotExist();
        }
    }

    @Test
    void anEngineThatExitsAtOnceIsReportedWithExitCodeAndLogTail() {
        int port = PortFinder.freePort();
        assertThatThrownBy(() -> start(spec(Mariadb.command(data, port, "--no-such-option"), port)))
                .isInstanceOf(LaunchException.class)
                .hasMessageStartingWith("engine exited with code ")
                .hasMessageContaining("before answering on 127.0.0.1:" + port)
                .hasMessageContaining("lines of " + tmp.resolve("logs/engine.log"))
                .hasMessageContaining("unknown option '--no-such-option'");
    }

    @Test
    void aMissingProgramIsNamed() {
        int port = PortFinder.freePort();
        assertThatThrownBy(
                        () -> start(spec(List.of(tmp.resolve("no-such-engine").toString()), port)))
                .isInstanceOf(LaunchException.class)
                .hasMessage(
                        "the engine program " + tmp.resolve("no-such-engine") + " does not exist or is not executable");
    }

    @Test
    void aStartupTimeoutNamesWhatWasAwaitedAndKillsTheWholeTree() throws Exception {
        int port = PortFinder.freePort();
        String marker = uniqueSleep();
        // ignores SIGTERM, never listens; its child sleeps on
        LaunchSpec spec = spec(
                        List.of(
                                "/bin/sh",
                                "-c",
                                "trap '' TERM; echo starting; sleep " + marker + "; echo never",
                                tmp.toString()),
                        port)
                .withTimeouts(Duration.ofMillis(1500), Duration.ofSeconds(30));
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> runtime.start(spec))
                .isInstanceOf(LaunchException.class)
                .hasMessageStartingWith("engine did not answer a MySQL handshake on 127.0.0.1:" + port + " within 1.5s")
                .hasMessageContaining("ConnectException")
                .hasMessageContaining("    starting");
        // killed at once with SIGKILL: no shutdown timeout is owed to an engine that never got ready
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(20));
        assertThat(Mariadb.processesMentioning(marker)).as("the wrapper's sleeping child").isEmpty();
    }

    @Test
    void anEngineIgnoringSigtermIsKilledWithItsWholeTree() throws Exception {
        int port = PortFinder.freePort();
        String marker = uniqueSleep();
        // a wrapper that ignores SIGTERM, with two children: a sleeper and mariadbd itself
        List<String> cmd = new ArrayList<>(
                List.of("/bin/sh", "-c", "trap '' TERM; sleep " + marker + " & \"$@\"; wait", "wrapper"));
        cmd.addAll(Mariadb.command(data, port));
        RunningEngine engine = start(spec(cmd, port).withTimeouts(Duration.ofSeconds(60), Duration.ofSeconds(1)));
        List<Long> tree = Processes.tree(ProcessHandle.of(engine.pid()).orElseThrow()).stream()
                .map(ProcessHandle::pid)
                .toList();
        assertThat(tree).hasSizeGreaterThanOrEqualTo(3);
        assertThat(Mariadb.processesMentioning(marker)).as("the wrapper and its sleeper").hasSize(2);

        StopResult stop = engine.stop();
        assertThat(stop.how()).isEqualTo(StopResult.How.FORCED);
        assertThat(stop.exitCode()).isEqualTo(128 + 9);
        assertThat(stop.took()).isGreaterThanOrEqualTo(Duration.ofSeconds(1));
        assertThat(tree).allMatch(pid -> !Processes.running(pid));
        assertThat(Mariadb.processesMentioning(marker)).isEmpty();
    }

    @Test
    void anEngineThatCrashedIsReportedAsExitedBeforeStop() throws Exception {
        int port = PortFinder.freePort();
        RunningEngine engine = start(spec(Mariadb.command(data, port), port));
        ProcessHandle handle = ProcessHandle.of(engine.pid()).orElseThrow();
        handle.destroyForcibly();
        handle.onExit().get(30, TimeUnit.SECONDS);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (engine.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(10); // the Process object learns of the exit from its own reaper thread
        }
        assertThat(engine.isAlive()).isFalse();
        StopResult stop = engine.stop();
        assertThat(stop.how()).isEqualTo(StopResult.How.EXITED_BEFORE_STOP);
        assertThat(stop.exitCode()).isEqualTo(137);
    }

    // a unique argument for sleep, to find its process by command line
    private static String uniqueSleep() {
        return "1000." + ThreadLocalRandom.current().nextInt(100_000, 999_999);
    }
}
