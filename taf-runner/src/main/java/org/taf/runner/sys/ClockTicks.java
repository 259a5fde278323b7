package org.taf.runner.sys;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The kernel's clock ticks per second ({@code USER_HZ}, {@code getconf CLK_TCK}), the unit of the
 * CPU times in {@code /proc/<pid>/stat} and {@code /proc/stat}. Read once per JVM.
 */
public final class ClockTicks {
    /** What Linux reports on every mainstream architecture; used when {@code getconf} is unavailable. */
    public static final int LINUX_DEFAULT = 100;

    private static volatile int cached;

    private ClockTicks() {}

    /** Ticks per second, from {@code getconf CLK_TCK}, falling back to {@link #LINUX_DEFAULT}. */
    public static int perSecond() {
        int value = cached;
        if (value == 0) {
            value = readGetconf();
            cached = value;
        }
        return value;
    }

    // USER_HZ is fixed by the kernel ABI per architecture; getconf is the portable way to ask.
    // A fallback of 100 is right on x86 and arm64; ClockTicksTest checks it against the JVM's own
    // CPU time so a wrong value would not go unnoticed.
    private static int readGetconf() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            if (p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0) {
                int hz = Integer.parseInt(out);
                if (hz > 0) {
                    return hz;
                }
            }
            p.destroyForcibly();
        } catch (IOException | NumberFormatException e) {
            // fall through to the default
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return LINUX_DEFAULT;
    }
}
