package org.taf.runner.profile;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * What idle CPUs do during a run ({@code profile.cpu.idle}), and the request that makes them poll: with
 * {@code poll}, a CPU latency request of 0 us held open on {@code /dev/cpu_dma_latency} (the kernel's PM QoS
 * interface, as tuned's latency-performance profile holds one), so that cpuidle picks only its polling state.
 *
 * <p>Why: on a virtual machine a halted vCPU leaves the guest, and waking it again is an interrupt through
 * the hypervisor. A client and an engine that answer each other many times a transaction wait on those
 * wake-ups, and how long they take varies with the host from one engine start to the next. On the 2-vCPU
 * development VM (Firecracker, cpuidle driver haltpoll with guest polling off) polling nearly doubled OLTP_RW's
 * TPS and more than halved the spread of its A/A pairs (docs/benchmarks/gate-and-nightly.md). The price is
 * that idle CPUs spin: a benchmark host
 * runs nothing else.
 *
 * <p>Nothing is left to restore: the kernel drops the request when the file is closed, also when the
 * runner is killed.
 */
public final class IdlePolling implements AutoCloseable {
    /** The kernel's CPU latency request device. */
    public static final Path DEVICE = Path.of("/dev/cpu_dma_latency");
    /** cpuidle's driver and governor files. */
    public static final Path CPUIDLE = Path.of("/sys/devices/system/cpu/cpuidle");

    private final FileChannel request;
    private final String note;

    private IdlePolling(FileChannel request, String note) {
        this.request = request;
        this.note = note;
    }

    /**
     * Makes idle CPUs poll when {@code mode} asks it, until {@link #close()}; describes them either way.
     *
     * @param device  the latency request device ({@link #DEVICE}; a file in tests)
     * @param cpuidle the cpuidle directory, read for the record ({@link #CPUIDLE})
     * @param strict  a request that cannot be made is an error instead of a note
     * @throws CpuPinException with {@code strict}, naming the device and why
     */
    public static IdlePolling apply(CpuIdle mode, Path device, Path cpuidle, boolean strict) {
        String host = "cpuidle " + read(cpuidle.resolve("current_driver")) + ", governor "
                + read(cpuidle.resolve("current_governor_ro"));
        if (mode == CpuIdle.UNCHANGED) {
            return new IdlePolling(null, "unchanged: " + host);
        }
        FileChannel ch = null;
        try {
            ch = FileChannel.open(device, StandardOpenOption.WRITE);
            // The 10-character hex form, which the device takes besides a binary s32: no byte order to get wrong.
            ch.write(ByteBuffer.wrap("0x00000000".getBytes(StandardCharsets.US_ASCII)));
            int target = target(device);
            if (target != 0) {
                throw new IOException("the latency read back is " + target + " us, not 0");
            }
            return new IdlePolling(ch, "poll: a CPU latency request of 0 us held on " + device + " (read back 0 us); "
                    + host);
        } catch (IOException | RuntimeException e) {
            closeQuietly(ch);
            String why = "failed: cannot hold a CPU latency request of 0 us on " + device + ": " + e
                    + " (profile.cpu.idle = poll needs root on Linux)";
            if (strict) {
                throw new CpuPinException(why + "; profile.cpu.strict = true", e);
            }
            return new IdlePolling(null, why + "; idle CPUs halt as the host decides; " + host);
        }
    }

    /**
     * The latency every CPU is held to now, in us, read from {@code device}: 0 while a request of 0 is held
     * (by this runner or anyone), 2,000,000,000 when nobody asks.
     */
    static int target(Path device) throws IOException {
        byte[] b = Files.readAllBytes(device);
        if (b.length < 4) {
            throw new IOException(device + " read " + b.length + " bytes, not a 4-byte latency");
        }
        return ByteBuffer.wrap(b, 0, 4).order(ByteOrder.nativeOrder()).getInt();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static void closeQuietly(FileChannel ch) {
        try {
            if (ch != null) {
                ch.close();
            }
        } catch (IOException ignored) {
            // nothing was held: the request ends with the file
        }
    }

    /**
     * What idle CPUs did, for the run's environment: {@code poll: ...} when the request held, {@code unchanged:
     * ...} or {@code failed: ...} otherwise, each with cpuidle's driver and governor.
     */
    public String note() {
        return note;
    }

    /** Drops the request, if one is held: idle CPUs halt again as the host decides. */
    @Override
    public void close() {
        closeQuietly(request);
    }
}
