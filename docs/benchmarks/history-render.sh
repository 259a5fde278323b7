#!/usr/bin/env bash
# Benchmark (not a test): how long a history page takes for one series of 1,000 nightly runs, split into
# the series and their change points (E-divisive with its defaults, R = 499 permutations), the view, and
# the template. Prints the driver's RESULT line (times in ms, best of ROUNDS after a warm-up round).
#
#   bash docs/benchmarks/history-render.sh                 # 1,000 runs, 3 rounds
#   NIGHTS=5000 ROUNDS=5 bash docs/benchmarks/history-render.sh
#
# Needs: Java 17, Maven (offline is fine once the reactor's dependencies are in ~/.m2).
set -euo pipefail
cd "$(dirname "$0")/../.."

NIGHTS=${NIGHTS:-1000}
ROUNDS=${ROUNDS:-3}
CPFILE=$(mktemp)
mvn -B -ntp -o -q -pl taf-runner -am test-compile dependency:build-classpath -Dmdep.includeScope=runtime \
    -Dmdep.outputFile="$CPFILE"
CP="taf-runner/target/test-classes:taf-runner/target/classes:$(cat "$CPFILE")"
rm -f "$CPFILE"
echo "RESULT nights series-and-change-points-ms view-ms render-ms bytes change-points"
java -cp "$CP" org.taf.runner.report.site.HistoryRenderBenchmark "$NIGHTS" "$ROUNDS"
