package org.taf.runner.workload;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.taf.runner.workload.sample.SampleListener;

/**
 * Benchmark driver (not a test) for docs/benchmarks/load-generator.sh: warms up, then runs one workload
 * against a server and prints one machine-readable line
 * {@code RESULT workload threads seconds tps qps client-cpu-seconds}, the last being this JVM's CPU time
 * (all threads: workers, JIT, GC) during the measured run only. For TPROC-C ({@code --warehouses=N}, for
 * docs/benchmarks/tprocc.sh) the line goes on with {@code nopm tpm errors}, after the TPC-C consistency
 * conditions are checked; {@code --prepare} then loads and checks the warehouses.
 *
 * <pre>java -cp ... org.taf.runner.workload.LoadGeneratorBench --port=3306 --workload=POINT_SELECT \
 *     --threads=2 --time=20 --warmup=5 --tables=4 --table-size=100000 [--prepare] [--live]</pre>
 */
public final class LoadGeneratorBench {
    private LoadGeneratorBench() {}

    public static void main(String[] args) {
        Map<String, String> a = new HashMap<>();
        for (String arg : args) {
            if (!arg.startsWith("--")) {
                throw new IllegalArgumentException("arguments look like --name=value: " + arg);
            }
            int eq = arg.indexOf('=');
            a.put(eq < 0 ? arg.substring(2) : arg.substring(2, eq), eq < 0 ? "true" : arg.substring(eq + 1));
        }
        ConnectionSettings db = new ConnectionSettings(a.getOrDefault("host", "127.0.0.1"),
                Integer.parseInt(a.getOrDefault("port", "3306")), a.getOrDefault("user", "root"),
                a.getOrDefault("password", ""), a.getOrDefault("db", "sbtest"));
        WorkloadOptions o = WorkloadOptions.builder(db)
                .tables(Integer.parseInt(a.getOrDefault("tables", "4")))
                .tableSize(Integer.parseInt(a.getOrDefault("table-size", "100000")))
                .randType(RandType.parse(a.getOrDefault("rand-type", "uniform")))
                .seed(Long.parseLong(a.getOrDefault("seed", "1")))
                .warehouses(Integer.parseInt(a.getOrDefault("warehouses", "1")))
                .build();
        Workload w = Workload.byName(a.getOrDefault("workload", "POINT_SELECT"));
        if (w == Workload.TPROC_C && a.containsKey("prepare")) {
            new DataLoader(db).prepare(o.dataSpec(List.of(w)), Integer.parseInt(a.getOrDefault("threads", "2")));
            TproccConsistency.check(db, o.warehouses(), "after loading");
            return;
        }
        if (a.containsKey("prepare")) {
            DataLoader loader = new DataLoader(db);
            loader.cleanup(o.tables());
            loader.prepare(o.dataSpec(1), Integer.parseInt(a.getOrDefault("threads", "2")));
            return;
        }
        int threads = Integer.parseInt(a.getOrDefault("threads", "2"));
        LoadGenerator g = new LoadGenerator(o, a.containsKey("live") ? System.out : null);
        int warmup = Integer.parseInt(a.getOrDefault("warmup", "5"));
        if (warmup > 0) {
            g.run(w, threads, Duration.ofSeconds(warmup), SampleListener.NONE);
        }
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpuBefore = os.getProcessCpuTime();
        WorkloadResult r = g.run(w, threads, Duration.ofSeconds(Integer.parseInt(a.getOrDefault("time", "20"))),
                SampleListener.NONE);
        double cpu = (os.getProcessCpuTime() - cpuBefore) / 1e9;
        String line = String.format(Locale.ROOT, "RESULT %s %d %.2f %.2f %.2f %.2f", w, threads, r.elapsedSeconds(),
                r.tps(), r.qps(), cpu);
        if (w == Workload.TPROC_C) {
            TproccConsistency.check(db, o.warehouses(), "after the run");
            line += String.format(Locale.ROOT, " %.0f %.0f %d", r.nopm(), r.tps() * 60, r.totals().errors());
        }
        System.out.println(line);
    }
}
