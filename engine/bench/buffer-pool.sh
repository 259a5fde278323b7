#!/usr/bin/env bash
# Buffer-pool page fixes (JMH, BufferPoolHitBenchmark): 1, 2, 8 and 32 threads, data twice the pool,
# instances 1 vs 4, hot-set and uniform access — at two commits side by side (default: the commits
# before and after the make-young fix, as in properties/mdev33966.properties), interleaved per thread
# count so that drift of a shared machine hits both alike. The benchmark source of the working tree
# is used at both commits (it is test code; only the engine under it differs).
#   engine/bench/buffer-pool.sh [PARENT [PATCH]]      results in engine/target/buffer-pool/
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
parent=${1:-5e8996f1825ddec1468e78be68a8742e30ea8225}
patch=${2:-2443614d4052dbcc5ba7483d91fca6f9b613e877}
out=$root/engine/target/buffer-pool
mkdir -p "$out"
bench=engine/src/test/java/org/taf/engine/bench/BufferPoolHitBenchmark.java
for side in parent patch; do
  rev=${!side}
  dir=$out/tree-$side
  if [ ! -d "$dir" ]; then git worktree add -q --detach "$dir" "$rev"; fi
  git -C "$dir" checkout -q --detach "$rev"
  mkdir -p "$dir/$(dirname "$bench")" && cp "$bench" "$dir/$bench"
  (cd "$dir" && mvn -B -q -ntp -o -pl engine -am -DskipTests test-compile)
done
cp=$(cd "$out/tree-parent" && mvn -B -q -ntp -o -pl engine dependency:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile=/dev/stdout)
: > "$out/results.csv"
for t in 1 2 8 32; do
  for side in parent patch; do
    dir=$out/tree-$side
    java -cp "$dir/engine/target/test-classes:$dir/engine/target/classes:$cp" org.openjdk.jmh.Main \
      BufferPoolHitBenchmark -t "$t" -rf csv -rff "$out/$side-$t.csv" > "$out/$side-$t.log" 2>&1
    grep '^counters' "$out/$side-$t.log" | sed "s/^/$side threads=$t /" | tee -a "$out/counters.txt"
    tail -n +2 "$out/$side-$t.csv" | sed "s/^/$side,$t,/" >> "$out/results.csv"
  done
done
echo "results: $out/results.csv, counters: $out/counters.txt"
