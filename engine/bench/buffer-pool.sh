#!/usr/bin/env bash
# Buffer-pool page hits (JMH): 1, 2, 8 and 32 threads, data twice the pool, instances 1 vs 4.
# Usage: engine/bench/buffer-pool.sh [output.txt]
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-engine/target/buffer-pool-bench.txt}
mvn -B -q -ntp -pl engine -am -DskipTests test-compile >/dev/null
cp=$(mvn -B -q -ntp -pl engine dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=/dev/stdout)
cp="engine/target/test-classes:engine/target/classes:$cp"
: > "$out"
for t in 1 2 8 32; do
  java -cp "$cp" org.openjdk.jmh.Main BufferPoolHitBenchmark -t "$t" -rf text -rff "engine/target/bp-$t.txt" 2>&1 \
    | grep -E "^counters|^Benchmark|fixRandomPage" | sed "s/^/threads=$t  /" | tee -a "$out"
done
