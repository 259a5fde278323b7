package org.taf.runner.host;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.taf.runner.workload.ConnectionSettings;
import org.taf.runner.workload.LoadGenerator;
import org.taf.runner.workload.LoadSession;
import org.taf.runner.workload.Workload;
import org.taf.runner.workload.WorkloadOptions;
import org.taf.runner.workload.sample.SampleListener;

/**
 * Benchmark driver (not a test) for docs/benchmarks/host-probe.sh: which probe of the host tracks what the
 * workload feels? Against two engines already running (same build, same data), cycles of: four candidate
 * probes, each {@code --probe-ms} long in slices of {@code --slice-ms} (a one-thread spin loop, a two-thread
 * spin loop, a loopback TCP ping-pong between two threads, and 200 us park wake-ups), then one alternating
 * A/A mini pair: {@code --windows} windows of 1 s on each engine in turn, connections kept open (the main
 * job's design). One line per probe ({@code PROBE cycle kind rate cv}) and per mini pair
 * ({@code PAIR cycle tpsA tpsB ratioSdPct}), for the script's analysis.
 *
 * <pre>java -cp ... org.taf.runner.host.ProbeStudy --ports=3391,3392 --cycles=200 --tables=2 --table-size=10000</pre>
 */
public final class ProbeStudy {
    private ProbeStudy() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> a = new HashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            a.put(arg.substring(2, eq < 0 ? arg.length() : eq), eq < 0 ? "true" : arg.substring(eq + 1));
        }
        String[] ports = a.getOrDefault("ports", "3391,3392").split(",");
        int cycles = Integer.parseInt(a.getOrDefault("cycles", "200"));
        int probeMs = Integer.parseInt(a.getOrDefault("probe-ms", "1200"));
        int sliceMs = Integer.parseInt(a.getOrDefault("slice-ms", "100"));
        int windows = Integer.parseInt(a.getOrDefault("windows", "5"));
        List<LoadSession> loads = new ArrayList<>();
        for (String p : ports) {
            WorkloadOptions o = WorkloadOptions.builder(new ConnectionSettings("127.0.0.1", Integer.parseInt(p), "root",
                    "", "sbtest")).tables(Integer.parseInt(a.getOrDefault("tables", "2")))
                    .tableSize(Integer.parseInt(a.getOrDefault("table-size", "10000")))
                    .reportInterval(Duration.ofMillis(250)).build();
            loads.add(new LoadGenerator(o, null).open(Workload.POINT_SELECT, 2));
        }
        for (LoadSession l : loads) {
            l.run(Duration.ofSeconds(5), SampleListener.NONE); // warm-up
        }
        for (int c = 0; c < cycles; c++) {
            long t = System.currentTimeMillis() / 1000;
            print(c, t, "spin1", spin(1, probeMs, sliceMs));
            print(c, t, "spin2", spin(2, probeMs, sliceMs));
            print(c, t, "pingpong", pingPong(probeMs, sliceMs));
            print(c, t, "wake", wake(probeMs, sliceMs));
            print(c, t, "mixed", mixed(probeMs, sliceMs));
            double[] sum = new double[2];
            List<Double> logRatios = new ArrayList<>();
            for (int w = 0; w < windows; w++) {
                double ta = loads.get(0).run(Duration.ofSeconds(1), SampleListener.NONE).tps();
                double tb = loads.get(1).run(Duration.ofSeconds(1), SampleListener.NONE).tps();
                sum[0] += ta;
                sum[1] += tb;
                logRatios.add(Math.log(tb / ta));
            }
            System.out.printf(Locale.ROOT, "PAIR %d %d %.0f %.0f %.2f%n", c, t, sum[0] / windows, sum[1] / windows,
                    100 * sd(logRatios));
        }
        for (LoadSession l : loads) {
            l.close();
        }
    }

    private static void print(int cycle, long t, String kind, List<Double> slices) {
        double mean = slices.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        System.out.printf(Locale.ROOT, "PROBE %d %d %s %.1f %.2f%n", cycle, t, kind, mean, 100 * sd(slices) / mean);
    }

    private static double sd(List<Double> xs) {
        double m = xs.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        double v = xs.stream().mapToDouble(x -> (x - m) * (x - m)).sum() / (xs.size() - 1);
        return Math.sqrt(v);
    }

    /** Units of work per second in each slice, summed over {@code threads} spinning threads. */
    static List<Double> spin(int threads, int probeMs, int sliceMs) throws InterruptedException {
        int n = probeMs / sliceMs;
        long[][] counts = new long[threads][n];
        long t0 = System.nanoTime();
        List<Thread> ts = new ArrayList<>();
        for (int k = 0; k < threads; k++) {
            long[] mine = counts[k];
            Thread th = new Thread(() -> {
                long x = 1;
                while (true) {
                    for (int i = 0; i < 2000; i++) {
                        x = x * 6364136223846793005L + 1442695040888963407L;
                    }
                    int s = (int) ((System.nanoTime() - t0) / (sliceMs * 1_000_000L));
                    if (s >= n) {
                        break;
                    }
                    mine[s]++;
                }
                if (x == 42) {
                    System.out.print("");
                }
            });
            ts.add(th);
            th.start();
        }
        for (Thread th : ts) {
            th.join();
        }
        List<Double> out = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            long sum = 0;
            for (int k = 0; k < threads; k++) {
                sum += counts[k][s];
            }
            out.add(sum * 1000.0 / sliceMs);
        }
        return out;
    }

    /** Round trips per second of one byte over loopback TCP between two threads, per slice. */
    static List<Double> pingPong(int probeMs, int sliceMs) throws IOException, InterruptedException {
        int n = probeMs / sliceMs;
        long[] counts = new long[n];
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            AtomicBoolean done = new AtomicBoolean();
            Thread echo = new Thread(() -> {
                try (Socket s = server.accept()) {
                    s.setTcpNoDelay(true);
                    InputStream in = s.getInputStream();
                    OutputStream out = s.getOutputStream();
                    int b;
                    while ((b = in.read()) >= 0) {
                        out.write(b);
                    }
                } catch (IOException e) {
                    if (!done.get()) {
                        throw new UncheckedIOException(e);
                    }
                }
            });
            echo.start();
            try (Socket c = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort())) {
                c.setTcpNoDelay(true);
                InputStream in = c.getInputStream();
                OutputStream out = c.getOutputStream();
                long t0 = System.nanoTime();
                while (true) {
                    out.write(1);
                    in.read();
                    int s = (int) ((System.nanoTime() - t0) / (sliceMs * 1_000_000L));
                    if (s >= n) {
                        break;
                    }
                    counts[s]++;
                }
                done.set(true);
            }
            echo.join();
        }
        List<Double> out = new ArrayList<>();
        for (long k : counts) {
            out.add(k * 1000.0 / sliceMs);
        }
        return out;
    }

    /** Tasks per second of a thread that spins 100 us and then parks 100 us, per slice: CPU and wake-ups at once. */
    static List<Double> mixed(int probeMs, int sliceMs) {
        int n = probeMs / sliceMs;
        long[] counts = new long[n];
        long t0 = System.nanoTime();
        while (true) {
            long spinUntil = System.nanoTime() + 100_000;
            while (System.nanoTime() < spinUntil) {
                Thread.onSpinWait();
            }
            LockSupport.parkNanos(100_000);
            int s = (int) ((System.nanoTime() - t0) / (sliceMs * 1_000_000L));
            if (s >= n) {
                break;
            }
            counts[s]++;
        }
        List<Double> out = new ArrayList<>();
        for (long k : counts) {
            out.add(k * 1000.0 / sliceMs);
        }
        return out;
    }

    /** Wake-ups per second of a thread parking 200 us at a time, per slice. */
    static List<Double> wake(int probeMs, int sliceMs) {
        int n = probeMs / sliceMs;
        long[] counts = new long[n];
        long t0 = System.nanoTime();
        while (true) {
            LockSupport.parkNanos(200_000);
            int s = (int) ((System.nanoTime() - t0) / (sliceMs * 1_000_000L));
            if (s >= n) {
                break;
            }
            counts[s]++;
        }
        List<Double> out = new ArrayList<>();
        for (long k : counts) {
            out.add(k * 1000.0 / sliceMs);
        }
        return out;
    }
}
