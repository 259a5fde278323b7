package org.taf.runner.sys;

/**
 * Whether the JVM has begun to shut down (SIGTERM, Ctrl-C, System.exit). The JDK has no query for it;
 * registering a hook is refused once shutdown has begun, so a probe hook answers it.
 */
public final class JvmShutdown {
    private JvmShutdown() {}

    /** True once shutdown hooks have started to run. */
    public static boolean inProgress() {
        Thread probe = new Thread(() -> { }, "taf-shutdown-probe");
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException shuttingDown) {
            return true;
        }
    }
}
