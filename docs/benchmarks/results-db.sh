#!/usr/bin/env bash
# Benchmark (not a test): import and publish time of the results database with N synthetic runs
# (copies of the committed quick run, one hour apart; org.taf.runner.db.ResultsDbBenchmark in the
# runner's test sources). Prints a Markdown table: taf import into an empty database, taf import
# again (every run replaced), reading every run back, taf publish --from-db, and taf publish from the
# results.json files for comparison.
#
#   bash docs/benchmarks/results-db.sh                                # 1000 runs, embedded SQLite
#   RUNS=200 URL='jdbc:mariadb://127.0.0.1:3306/taf?user=root' bash docs/benchmarks/results-db.sh
#
# Settings (environment):
#   RUNS  synthetic runs                                              (default 1000)
#   URL   results.db.url                                              (default an SQLite file in DIR)
#   DIR   where the results, the database and the two sites go       (default a new /tmp/taf-db-bench.XXXXXX)
# Needs: Java 17, Maven (offline is fine). Quiet machine: the figures are wall-clock seconds.
set -euo pipefail
cd "$(dirname "$0")/../.."

RUNS=${RUNS:-1000}
DIR=${DIR:-$(mktemp -d /tmp/taf-db-bench.XXXXXX)}
CPFILE=$(mktemp)
trap 'rm -f "$CPFILE"' EXIT
mvn -B -ntp -q -o -pl taf-runner -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile="$CPFILE"
CP="$PWD/taf-runner/target/test-classes:$PWD/taf-runner/target/classes:$(cat "$CPFILE")"
# From taf-runner/, as the tests run: the template run is read from ../site-runs.
(cd taf-runner && java -cp "$CP" org.taf.runner.db.ResultsDbBenchmark \
    runs="$RUNS" dir="$DIR" ${URL:+url="$URL"})
echo "results-db: runs, database and sites in $DIR" >&2
