package org.taf.runner.launch;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;

/**
 * Ports on 127.0.0.1: a free one for {@code launch.port = 0}, and the check that a chosen one is
 * free before the engine starts, naming whoever holds it.
 */
public final class PortFinder {
    private PortFinder() {}

    /**
     * A port that was free a moment ago (the kernel's pick for port 0). Another process could
     * take it before the engine binds; the engine then dies with "address in use" and the launch
     * error says so.
     */
    public static int freePort() {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(SocketProbe.LOOPBACK, 0));
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new LaunchException("cannot find a free port on 127.0.0.1: " + e.getMessage(), e);
        }
    }

    /** True when a socket can bind 127.0.0.1:{@code port} now. */
    public static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            // SO_REUSEADDR (Java's default on Linux) ignores TIME_WAIT leftovers, as the engine will
            socket.bind(new InetSocketAddress(SocketProbe.LOOPBACK, port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Throws unless 127.0.0.1:{@code port} is free.
     *
     * @throws LaunchException "port N on 127.0.0.1 is already in use by pid P (command)" when the
     *                         holder can be found in /proc, else without the holder
     */
    public static void requireFree(int port) {
        if (!isFree(port)) {
            String holder = PortHolders.find(Path.of("/proc"), port)
                    .map(h -> " by pid " + h.pid() + " (" + h.command() + ")")
                    .orElse(" (its process is not visible in /proc/net/tcp and /proc/*/fd)");
            throw new LaunchException("port " + port + " on 127.0.0.1 is already in use" + holder
                    + "; choose another launch.port or 0 for a free one");
        }
    }
}
