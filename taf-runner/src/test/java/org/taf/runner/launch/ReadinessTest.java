package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.taf.runner.warmup.ManualTime;

class ReadinessTest {
    private final ManualTime time = new ManualTime();
    private final List<Integer> probedPorts = new ArrayList<>();
    private OptionalInt exit = OptionalInt.empty();

    private final StartupWatch engine = new StartupWatch() {
        @Override
        public OptionalInt exitCode() {
            return exit;
        }

        @Override
        public String logTail() {
            return "last 1 lines of /tmp/x/engine.log:\n    [ERROR] Aborting";
        }
    };

    /** Refuses {@code refusals} times, then greets. */
    private HandshakeProbe probe(int refusals) {
        return port -> {
            probedPorts.add(port);
            if (probedPorts.size() <= refusals) {
                throw new ConnectException("Connection refused");
            }
            return new Handshake(10, "11.4.2-TAF", 7);
        };
    }

    @Test
    void returnsTheHandshakeAsSoonAsTheEngineGreets() throws Exception {
        Handshake h = new Readiness(probe(4), time, time).await(4000, Duration.ofSeconds(60), engine);
        assertThat(h.serverVersion()).isEqualTo("11.4.2-TAF");
        assertThat(probedPorts).hasSize(5).containsOnly(4000);
        // backing off from 50 ms, doubling, never more than 500 ms
        assertThat(time.sleeps()).containsExactly(Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(200),
                Duration.ofMillis(400));
    }

    @Test
    void theFirstAttemptNeedsNoSleep() throws Exception {
        new Readiness(probe(0), time, time).await(4000, Duration.ofSeconds(60), engine);
        assertThat(time.sleeps()).isEmpty();
    }

    @Test
    void timesOutNamingPortTimeoutLastErrorAndLog() {
        Readiness r = new Readiness(probe(Integer.MAX_VALUE), time, time);
        assertThatThrownBy(() -> r.await(4000, Duration.ofSeconds(3), engine))
                .isInstanceOf(LaunchException.class)
                .hasMessageStartingWith(
                        "engine did not answer a MySQL handshake on 127.0.0.1:4000 within 3s (launch.startup_timeout;"
                                + " last attempt: ConnectException: Connection refused)")
                .hasMessageContaining("[ERROR] Aborting");
        assertThat(time.sleeps()).allMatch(d -> d.compareTo(Duration.ofMillis(500)) <= 0);
        assertThat(time.sleeps().stream().mapToLong(Duration::toMillis).sum()).isEqualTo(3000);
    }

    @Test
    void anEngineThatExitsIsReportedWithItsExitCode() {
        HandshakeProbe refuseThenDie = port -> {
            probedPorts.add(port);
            if (probedPorts.size() == 3) {
                exit = OptionalInt.of(7);
            }
            throw new ConnectException("Connection refused");
        };
        assertThatThrownBy(() -> new Readiness(refuseThenDie, time, time).await(4000, Duration.ofSeconds(60), engine))
                .isInstanceOf(LaunchException.class)
                .hasMessageStartingWith(
                        "engine exited with code 7 during startup, 350ms after it was started, before answering on"
                                + " 127.0.0.1:4000")
                .hasMessageContaining("[ERROR] Aborting");
        assertThat(probedPorts).hasSize(3);
    }

    @Test
    void anEngineThatDiesAtTheDeadlineIsReportedAsDead() {
        HandshakeProbe dieLate = port -> {
            time.advance(Duration.ofSeconds(10)); // one long attempt past the deadline, during which it died
            exit = OptionalInt.of(1);
            throw new IOException("Connection reset");
        };
        assertThatThrownBy(() -> new Readiness(dieLate, time, time).await(4000, Duration.ofSeconds(5), engine))
                .hasMessageStartingWith("engine exited with code 1 during startup");
    }

    @Test
    void aServerThatIsNotMysqlIsRetriedThenNamed() {
        HandshakeProbe http = port -> {
            throw new java.net.ProtocolException("first packet has sequence id 49, expected 0");
        };
        assertThatThrownBy(() -> new Readiness(http, time, time).await(4000, Duration.ofSeconds(1), engine))
                .hasMessageContaining("last attempt: ProtocolException: first packet has sequence id 49");
    }

    @Test
    void interruptionPropagates() {
        Readiness r = new Readiness(probe(Integer.MAX_VALUE), time, d -> {
            throw new InterruptedException();
        });
        assertThatThrownBy(() -> r.await(4000, Duration.ofSeconds(3), engine)).isInstanceOf(InterruptedException.class);
    }
}
