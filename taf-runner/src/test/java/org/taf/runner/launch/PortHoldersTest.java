package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PortHoldersTest {
    @TempDir
    Path tmp;

    /**
     * A fake /proc: the resources' net/tcp, tcp6 and 555/cmdline, plus fd links made here (resources cannot hold
     * links).
     */
    private Path fakeProc() throws Exception {
        Path proc = tmp.resolve("proc");
        Path src = Path.of(PortHoldersTest.class.getResource("proc").toURI());
        Files.createDirectories(proc.resolve("net"));
        Files.createDirectories(proc.resolve("555/fd"));
        Files.createDirectories(proc.resolve("556/fd"));
        for (String f : new String[] {"net/tcp", "net/tcp6", "555/cmdline"}) {
            Files.copy(src.resolve(f), proc.resolve(f), StandardCopyOption.REPLACE_EXISTING);
        }
        Files.createSymbolicLink(proc.resolve("556/fd/3"), Path.of("socket:[1167]"));
        Files.createSymbolicLink(proc.resolve("555/fd/0"), Path.of("/dev/null"));
        Files.createSymbolicLink(proc.resolve("555/fd/7"), Path.of("socket:[424242]"));
        return proc;
    }

    @Test
    void findsTheListenerOfAPortAndItsCommand() throws Exception {
        assertThat(PortHolders.find(fakeProc(), 3306))
                .contains(new PortHolders.Holder(555, "/usr/sbin/mariadbd --no-defaults --port=3306"));
    }

    @Test
    void findsIpv6Listeners() throws Exception {
        assertThat(PortHolders.listenerInodes(fakeProc().resolve("net/tcp6"), 8080)).containsExactly("636363");
    }

    @Test
    void aConnectedSocketIsNotAListener() throws Exception {
        assertThat(PortHolders.find(fakeProc(), 3307)).isEmpty();
    }

    @Test
    void anUnknownPortHasNoHolder() throws Exception {
        assertThat(PortHolders.find(fakeProc(), 1)).isEmpty();
    }

    @Test
    void findsThisJvmHoldingARealPort() throws Exception {
        try (ServerSocket held = new ServerSocket()) {
            held.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
            assertThat(PortHolders.find(Path.of("/proc"), held.getLocalPort()))
                    .hasValueSatisfying(h -> assertThat(h.pid()).isEqualTo(ProcessHandle.current().pid()));
        }
    }

    @Test
    void requireFreeNamesThePortAndTheHolder() throws Exception {
        try (ServerSocket held = new ServerSocket()) {
            held.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
            int port = held.getLocalPort();
            assertThat(PortFinder.isFree(port)).isFalse();
            assertThatThrownBy(() -> PortFinder.requireFree(port))
                    .isInstanceOf(LaunchException.class)
                    .hasMessageStartingWith("port " + port + " on 127.0.0.1 is already in use by pid "
                            + ProcessHandle.current().pid() + " (")
                    .hasMessageContaining("java")
                    .hasMessageEndingWith("; choose another launch.port or 0 for a free one");
        }
    }

    @Test
    void aPortHeldOnAllInterfacesIsInUseToo() throws Exception {
        try (ServerSocket held = new ServerSocket(0)) {
            assertThat(PortFinder.isFree(held.getLocalPort())).isFalse();
        }
    }

    @Test
    void freePortIsFree() {
        int port = PortFinder.freePort();
        assertThat(port).isBetween(1, 65535);
        assertThat(PortFinder.isFree(port)).isTrue();
        PortFinder.requireFree(port);
    }
}
