package org.taf.engine.server;

/** Entry point of {@code engine.jar}; the server lands with the engine-server issue. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        System.err.println("engine: the server is not built yet");
        System.exit(3);
    }
}
