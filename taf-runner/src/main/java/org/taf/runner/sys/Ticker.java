package org.taf.runner.sys;

/**
 * A monotonic time source in nanoseconds, like {@link System#nanoTime()}: only differences mean
 * anything. Injected everywhere TAF waits or measures so that tests drive time by hand.
 */
@FunctionalInterface
public interface Ticker {
    /** Nanoseconds since an arbitrary fixed origin; never goes backwards. */
    long nanoTime();

    /** The JVM's monotonic clock. */
    static Ticker system() {
        return System::nanoTime;
    }
}
