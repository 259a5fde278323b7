package org.taf.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.taf.runner.workload.sample.IntervalSample;
import org.taf.runner.workload.sample.SampleListener;

/**
 * A load kept open across windows (alternate mode) against scripted sessions: connections survive the
 * windows, workers run only inside one, each window counts only its own events, and a failure or a close
 * ends the load with every connection closed. Nothing asserts how fast anything is.
 */
@Timeout(60)
class LoadSessionTest {
    private static final ConnectionSettings LOCAL = new ConnectionSettings("127.0.0.1", 3306, "root", "", "sbtest");
    private static final WorkloadOptions OPTIONS = WorkloadOptions.builder(LOCAL).tables(2)
            .randType(RandType.UNIFORM).reportInterval(Duration.ofMillis(20)).build();
    private static final Duration LONG = Duration.ofSeconds(50);

    private static LoadSession open(FakeSession.Factory sessions, int threads) {
        return new LoadGenerator(OPTIONS, null, sessions, System::nanoTime).open(Workload.POINT_SELECT, threads);
    }

    private static SampleListener stopAfter(int samples) {
        AtomicInteger n = new AtomicInteger();
        return s -> n.incrementAndGet() >= samples ? SampleListener.Action.STOP : SampleListener.Action.CONTINUE;
    }

    private static int executed(FakeSession.Factory sessions) {
        return sessions.opened.stream().mapToInt(s -> s.executed.size()).sum();
    }

    @Test
    void connectionsOutliveTheWindowsAndWorkersWaitBetweenThem() throws InterruptedException {
        FakeSession.Factory sessions = new FakeSession.Factory();
        try (LoadSession load = open(sessions, 3)) {
            assertThat(sessions.opened).hasSize(3);
            Thread.sleep(50);
            assertThat(executed(sessions)).as("nothing runs before the first window").isZero();

            WorkloadResult first = load.run(LONG, stopAfter(2));
            assertThat(first.stopReason()).isEqualTo(WorkloadResult.End.LISTENER);
            assertThat(first.samples()).hasSize(2);
            int afterFirst = executed(sessions);
            assertThat(afterFirst).isPositive();
            Thread.sleep(50);
            assertThat(executed(sessions)).as("paused between windows").isEqualTo(afterFirst);

            WorkloadResult second = load.run(LONG, stopAfter(3));
            assertThat(second.samples()).hasSize(3);
            assertThat(sessions.opened).as("no reconnect for the second window").hasSize(3)
                    .noneMatch(s -> s.closed);
            // Each window counts only its own events: together they are every event executed.
            assertThat(first.totals().events() + second.totals().events()).isEqualTo(executed(sessions));
            assertThat(second.totals().events()).isEqualTo(executed(sessions) - afterFirst);
            long sampled = second.samples().stream().mapToLong(IntervalSample::events).sum();
            assertThat(second.totals().events()).isGreaterThanOrEqualTo(sampled);
        }
        assertThat(sessions.opened).hasSize(3).allMatch(s -> s.closed, "closed");
    }

    @Test
    void aWindowEndsOnlyOnceTheEventsInFlightAreDone() {
        AtomicBoolean slow = new AtomicBoolean();
        AtomicInteger inFlight = new AtomicInteger();
        FakeSession.Factory sessions = new FakeSession.Factory((session, sql) -> {
            if (slow.get()) {
                inFlight.incrementAndGet();
                try {
                    Thread.sleep(100); // a statement still running when the window's last sample is taken
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    inFlight.decrementAndGet();
                }
            }
            return null;
        });
        try (LoadSession load = open(sessions, 2)) {
            load.run(LONG, s -> {
                slow.set(true);
                return SampleListener.Action.STOP;
            });
            assertThat(inFlight.get()).as("no statement runs once the window returned").isZero();
            int after = executed(sessions);
            slow.set(false);
            assertThat(executed(sessions)).isEqualTo(after);
        }
    }

    @Test
    void stopEndsTheWindowNotTheLoad() throws InterruptedException {
        FakeSession.Factory sessions = new FakeSession.Factory();
        try (LoadSession load = open(sessions, 2)) {
            CountDownLatch sampled = new CountDownLatch(1);
            Thread stopper = new Thread(() -> {
                try {
                    sampled.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                load.stop(); // as a warm-up that ended would
            });
            stopper.start();
            WorkloadResult r = load.run(LONG, s -> {
                sampled.countDown();
                return SampleListener.Action.CONTINUE;
            });
            stopper.join();
            assertThat(r.stopReason()).isEqualTo(WorkloadResult.End.STOPPED);
            assertThat(load.run(LONG, stopAfter(2)).samples()).as("the next window runs as usual").hasSize(2);
            assertThat(sessions.opened).hasSize(2).noneMatch(s -> s.closed);
        }
    }

    @Test
    @Timeout(20) // a pause that waited for the reconnect would take its 30 s grace
    void aWorkerStillReconnectingWhenTheWindowEndsWaitsForTheNextOne() {
        AtomicBoolean drop = new AtomicBoolean();
        FakeSession.Factory sessions = new FakeSession.Factory((session, sql) -> drop.compareAndSet(true, false)
                ? new java.sql.SQLNonTransientConnectionException("socket closed", "08000")
                : null);
        try (LoadSession load = open(sessions, 1)) {
            sessions.failOpens(new SQLException("Connection refused", "08001"), new SQLException("Connection refused",
                    "08001"), new SQLException("Connection refused", "08001"));
            AtomicInteger n = new AtomicInteger();
            WorkloadResult first = load.run(LONG, s -> {
                if (n.incrementAndGet() == 1) {
                    drop.set(true);
                }
                return n.get() >= 2 ? SampleListener.Action.STOP : SampleListener.Action.CONTINUE;
            });
            assertThat(first.totals().reconnects()).isEqualTo(1);
            WorkloadResult second = load.run(LONG, s -> second(sessions));
            assertThat(second.totals().events()).as("reconnected and running again").isPositive();
            assertThat(sessions.opened).hasSize(2); // the first connection and the one re-opened
        }
    }

    /** Runs the window until the re-opened connection executed something. */
    private static SampleListener.Action second(FakeSession.Factory sessions) {
        return sessions.opened.size() == 2 && !sessions.opened.get(1).executed.isEmpty() ? SampleListener.Action.STOP
                : SampleListener.Action.CONTINUE;
    }

    @Test
    void aFailedWindowClosesTheLoad() {
        AtomicBoolean fail = new AtomicBoolean();
        FakeSession.Factory sessions = new FakeSession.Factory((session, sql) ->
                fail.get() ? new SQLException("Table 'sbtest.sbtest1' doesn't exist", "42S02", 1146) : null);
        LoadSession load = open(sessions, 2);
        load.run(LONG, stopAfter(1));
        fail.set(true);
        assertThatThrownBy(() -> load.run(LONG, SampleListener.NONE)).isInstanceOf(WorkloadException.class)
                .hasMessageContaining("doesn't exist");
        assertThat(sessions.opened).allMatch(s -> s.closed, "closed");
        assertThatThrownBy(() -> load.run(LONG, SampleListener.NONE)).isInstanceOf(IllegalStateException.class)
                .hasMessage("the load is closed");
        load.close(); // idempotent
    }

    @Test
    void closingAPausedLoadClosesEveryConnection() {
        FakeSession.Factory sessions = new FakeSession.Factory();
        LoadSession load = open(sessions, 4);
        load.close();
        assertThat(sessions.opened).hasSize(4).allMatch(s -> s.closed, "closed");
        assertThat(executed(sessions)).isZero();
    }

    @Test
    void aFailedOpenClosesTheConnectionsAlreadyOpened() {
        FakeSession.Factory fakes = new FakeSession.Factory();
        AtomicInteger opens = new AtomicInteger();
        SessionFactory secondFails = counters -> {
            if (opens.incrementAndGet() == 2) {
                throw new SQLException("Too many connections", "08004", 1040);
            }
            return fakes.open(counters);
        };
        assertThatThrownBy(() -> new LoadGenerator(OPTIONS, null, secondFails, System::nanoTime)
                .open(Workload.POINT_SELECT, 3)).isInstanceOf(WorkloadException.class)
                .hasMessageContaining("Too many connections");
        assertThat(fakes.opened).hasSize(1).allMatch(s -> s.closed, "closed");
    }
}
