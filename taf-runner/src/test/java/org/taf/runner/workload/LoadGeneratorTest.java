package org.taf.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.taf.runner.workload.sample.Counts;
import org.taf.runner.workload.sample.IntervalSample;
import org.taf.runner.workload.sample.SampleListener;

/**
 * The run loop against scripted sessions: stopping (listener, stop(), interrupt, duration), error handling
 * (retry, reconnect, abort) and closing. Intervals are short; nothing asserts how fast anything is.
 */
@Timeout(60)
class LoadGeneratorTest {
    private static final ConnectionSettings LOCAL = new ConnectionSettings("127.0.0.1", 3306, "root", "", "sbtest");
    private static final WorkloadOptions OPTIONS = WorkloadOptions.builder(LOCAL).tables(2)
            .randType(RandType.UNIFORM).reportInterval(Duration.ofMillis(20)).build();
    private static final Duration LONG = Duration.ofSeconds(50);

    private static LoadGenerator generator(FakeSession.Factory sessions, PrintStream live) {
        return new LoadGenerator(OPTIONS, live, sessions, System::nanoTime);
    }

    private static void assertAllClosed(FakeSession.Factory sessions) {
        assertThat(sessions.opened).isNotEmpty().allMatch(s -> s.closed, "closed");
    }

    @Test
    void listenerStopsTheRunAndSeesEverySample() {
        FakeSession.Factory sessions = new FakeSession.Factory();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<IntervalSample> seen = new CopyOnWriteArrayList<>();
        WorkloadResult r = generator(sessions, new PrintStream(out, true, StandardCharsets.UTF_8))
                .run(Workload.OLTP_RO, 3, LONG, s -> {
                    seen.add(s);
                    return seen.size() == 3 ? SampleListener.Action.STOP : SampleListener.Action.CONTINUE;
                });
        assertThat(r.stopReason()).isEqualTo(WorkloadResult.End.LISTENER);
        assertThat(r.samples()).hasSize(3).isEqualTo(seen);
        assertThat(r.threads()).isEqualTo(3);
        assertThat(r.samples()).allMatch(s -> s.threads() == 3);
        assertThat(r.totals().events()).isPositive();
        // statements of finished events only: 14 reads and 2 others each
        assertThat(r.totals().reads()).isGreaterThanOrEqualTo(14 * r.totals().events());
        long sampled = r.samples().stream().mapToLong(IntervalSample::events).sum();
        assertThat(r.totals().events()).isGreaterThanOrEqualTo(sampled);
        String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
        assertThat(lines).hasSize(3);
        assertThat(lines[0])
                .matches("\\[ \\d+s \\] thds: 3 tps: [0-9.]+ qps: [0-9.]+ \\(r/w/o: [0-9.]+/0\\.00/[0-9.]+\\) "
                        + "lat \\(ms,95%\\): [0-9.]+ err/s: 0\\.00 reconn/s: 0\\.00");
        assertThat(sessions.opened).hasSize(3);
        assertAllClosed(sessions);
    }

    @Test
    void durationEndsTheRun() {
        FakeSession.Factory sessions = new FakeSession.Factory();
        WorkloadResult r = new LoadGenerator(OPTIONS.toBuilder().reportInterval(Duration.ofSeconds(10)).build(), null,
                sessions, System::nanoTime).run(Workload.POINT_SELECT, 2, Duration.ofMillis(100), SampleListener.NONE);
        assertThat(r.stopReason()).isEqualTo(WorkloadResult.End.DURATION);
        assertThat(r.samples()).isEmpty(); // shorter than one interval
        assertThat(r.elapsedSeconds()).isGreaterThanOrEqualTo(0.1);
        assertThat(r.totals().events()).isPositive().isEqualTo(r.totals().reads());
        assertAllClosed(sessions);
    }

    @Test
    void deadlocksRestartTheEventAndCountAsErrors() {
        AtomicInteger executions = new AtomicInteger();
        FakeSession.Factory sessions = new FakeSession.Factory((session, sql) ->
                sql.startsWith("SELECT SUM") && executions.incrementAndGet() % 3 == 0
                        ? new SQLException("Deadlock found when trying to get lock", "40001", SqlErrors.DEADLOCK)
                        : null);
        WorkloadResult r = generator(sessions, null).run(Workload.OLTP_RO, 2, LONG, stopAfter(2));
        Counts t = r.totals();
        assertThat(t.errors()).isPositive();
        assertThat(t.events()).isPositive();
        // a restarted event re-runs its BEGIN and points: more statements than 16 per finished event
        assertThat(t.other()).isGreaterThan(2 * t.events());
        assertThat(t.reconnects()).isZero();
        assertAllClosed(sessions);
    }

    @Test
    void lockWaitTimeoutAndRecordChangedAreRetriedToo() {
        for (int code : new int[] {SqlErrors.LOCK_WAIT_TIMEOUT, SqlErrors.RECORD_CHANGED}) {
            AtomicBoolean once = new AtomicBoolean();
            FakeSession.Factory sessions = new FakeSession.Factory((session, sql) ->
                    once.compareAndSet(false, true) ? new SQLException("retry me", "HY000", code) : null);
            // Stopped once an event has finished, not after the first 20-ms interval: on a loaded machine that
            // interval can end before the worker ran its first statement (seen once in the full suite).
            WorkloadResult r = generator(sessions, null).run(Workload.UPDATE_KEY, 1, LONG,
                    s -> s.counts().events() > 0 ? SampleListener.Action.STOP : SampleListener.Action.CONTINUE);
            assertThat(r.totals().errors()).as("error %d", code).isEqualTo(1);
        }
    }

    @Test
    void otherErrorsAbortNamingTheStatementAndTheServersMessage() {
        FakeSession.Factory sessions = new FakeSession.Factory((session, sql) ->
                new SQLException("Table 'sbtest.sbtest1' doesn't exist", "42S02", 1146));
        assertThatThrownBy(() -> generator(sessions, null).run(Workload.POINT_SELECT, 2, LONG, SampleListener.NONE))
                .isInstanceOf(WorkloadException.class)
                .hasMessageMatching(
                        "POINT_SELECT thread [01]: statement `SELECT c FROM sbtest[12] WHERE id=\\?` failed on"
                            + " 127\\.0\\.0\\.1:3306: error 1146 \\(42S02\\): Table 'sbtest\\.sbtest1' doesn't exist");
        assertAllClosed(sessions);
    }

    @Test
    void aDroppedConnectionReconnectsAndIsCounted() {
        AtomicBoolean dropped = new AtomicBoolean();
        FakeSession.Factory sessions = new FakeSession.Factory((session, sql) ->
                dropped.compareAndSet(false, true)
                        ? new SQLNonTransientConnectionException("socket closed", "08000")
                        : null);
        WorkloadResult r = generator(sessions, null).run(Workload.POINT_SELECT, 2, LONG, stopAfter(2));
        assertThat(r.totals().reconnects()).isEqualTo(1);
        assertThat(r.totals().errors()).isZero();
        assertThat(sessions.opened).hasSize(3); // two threads plus one re-opened connection
        assertAllClosed(sessions);
    }

    @Test
    void aKilledConnectionIsADroppedOneToo() {
        assertThat(SqlErrors.isConnectionLost(new SQLException("Connection was killed", "70100",
                SqlErrors.CONNECTION_KILLED))).isTrue();
        assertThat(SqlErrors.isConnectionLost(new SQLException("x", "08S01", 0))).isTrue();
        assertThat(SqlErrors.isConnectionLost(new SQLException("Duplicate entry", "23000", 1062))).isFalse();
        assertThat(SqlErrors.isRetryable(new SQLException("Duplicate entry", "23000", 1062))).isFalse();
    }

    @Test
    void anUnreachableServerIsAClearError() {
        FakeSession.Factory sessions = new FakeSession.Factory().failOpens(
                new SQLNonTransientConnectionException("Socket fail to connect to 127.0.0.1:3306. Connection refused",
                        "08000"));
        assertThatThrownBy(() -> generator(sessions, null).run(Workload.POINT_SELECT, 1, LONG, SampleListener.NONE))
                .isInstanceOf(WorkloadException.class)
                .hasMessage("cannot connect to 127.0.0.1:3306 (user root, database sbtest): error 0 (08000): "
                        + "Socket fail to connect to 127.0.0.1:3306. Connection refused");
    }

    @Test
    void aFailedOpenClosesTheConnectionsAlreadyOpened() {
        FakeSession.Factory sessions = new FakeSession.Factory();
        SessionFactory thirdFails = counters -> {
            if (sessions.opened.size() == 2) {
                throw new SQLNonTransientConnectionException("Too many connections", "08004", 1040);
            }
            return sessions.open(counters);
        };
        LoadGenerator g = new LoadGenerator(OPTIONS, null, thirdFails, System::nanoTime);
        assertThatThrownBy(() -> g.run(Workload.POINT_SELECT, 4, LONG, SampleListener.NONE))
                .hasMessageContaining("Too many connections");
        assertThat(sessions.opened).hasSize(2);
        assertAllClosed(sessions);
    }

    @Test
    void stopFromAnotherThreadEndsTheRun() {
        FakeSession.Factory sessions = new FakeSession.Factory();
        LoadGenerator g = generator(sessions, null);
        WorkloadResult r = g.run(Workload.POINT_SELECT, 2, LONG, s -> {
            new Thread(g::stop).start(); // as a shutdown hook would
            return SampleListener.Action.CONTINUE;
        });
        assertThat(r.stopReason()).isEqualTo(WorkloadResult.End.STOPPED);
        assertThat(r.elapsedSeconds()).isLessThan(LONG.toSeconds());
        assertAllClosed(sessions);
        g.stop(); // no run in progress: nothing happens
    }

    @Test
    void interruptingTheCallerStopsTheRunAndKeepsTheFlag() throws Exception {
        // Told by a latch that the load runs, not by polling the session's list of statements: that list's
        // monitor is taken by the worker for every statement, and a poller starved of it (CI, 2026-12-04)
        // interrupted only after the 50 s window had ended, by which time the list had filled the heap.
        CountDownLatch running = new CountDownLatch(1);
        FakeSession.Factory sessions = new FakeSession.Factory((session, sql) -> {
            running.countDown();
            return null;
        });
        LoadGenerator g = generator(sessions, null);
        AtomicReference<WorkloadResult> result = new AtomicReference<>();
        AtomicBoolean flag = new AtomicBoolean();
        Thread caller = new Thread(() -> {
            result.set(g.run(Workload.POINT_SELECT, 1, LONG, SampleListener.NONE));
            flag.set(Thread.currentThread().isInterrupted());
        });
        caller.start();
        assertThat(running.await(LONG.toSeconds(), TimeUnit.SECONDS)).as("the load runs").isTrue();
        caller.interrupt();
        caller.join();
        assertThat(result.get().stopReason()).isEqualTo(WorkloadResult.End.INTERRUPTED);
        assertThat(flag).isTrue();
        assertAllClosed(sessions);
    }

    @Test
    void aStatementHungInTheServerIsCutOffAfterTheGracePeriod() {
        AtomicBoolean hang = new AtomicBoolean();
        AtomicBoolean hung = new AtomicBoolean();
        FakeSession.Factory sessions = new FakeSession.Factory((session, sql) -> {
            if (hang.get()) {
                hung.set(true);
                while (!session.aborted) {
                    Thread.onSpinWait();
                }
                return new SQLNonTransientConnectionException("connection aborted", "08000");
            }
            return null;
        });
        WorkloadResult r = generator(sessions, null).run(Workload.POINT_SELECT, 1, LONG, s -> {
            hang.set(true);
            while (!hung.get()) {
                Thread.onSpinWait(); // until the worker is stuck inside a statement
            }
            return SampleListener.Action.STOP;
        });
        assertThat(r.stopReason()).isEqualTo(WorkloadResult.End.LISTENER);
        assertThat(sessions.opened).hasSize(1).allMatch(s -> s.aborted && s.closed);
        assertThat(r.totals().reconnects()).as("a cut at stop is not a reconnect").isZero();
    }

    @Test
    void rejectsBadArguments() {
        LoadGenerator g = generator(new FakeSession.Factory(), null);
        assertThatThrownBy(() -> g.run(Workload.POINT_SELECT, 0, LONG, SampleListener.NONE))
                .isInstanceOf(WorkloadException.class).hasMessage("threads (0) must be between 1 and 4096");
        assertThatThrownBy(() -> g.run(Workload.POINT_SELECT, 1, Duration.ZERO, SampleListener.NONE))
                .isInstanceOf(WorkloadException.class).hasMessage("duration (PT0S) must be at least 1ms");
    }

    private static SampleListener stopAfter(int samples) {
        AtomicInteger n = new AtomicInteger();
        return s -> n.incrementAndGet() >= samples ? SampleListener.Action.STOP : SampleListener.Action.CONTINUE;
    }
}
