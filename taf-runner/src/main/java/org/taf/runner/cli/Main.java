package org.taf.runner.cli;

/** Entry point of {@code taf}; the commands land with the runner-core issue. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        System.err.println("taf: the runner is not built yet");
        System.exit(3);
    }
}
