#!/usr/bin/env bash
# Benchmark (not a test): a fleet's year of nightly runs in the results database, and what publishing it costs
# (issue 35). org.taf.runner.report.site.FleetPublishBenchmark in the runner's test sources writes HOSTS x NIGHTS
# synthetic runs of CELLS cells each (5 x 365 x 30 = 54,750 cell-runs) into the database, then times
#   1. the first `taf publish --from-db` (an empty site: every post, history page and change-point search),
#   2. a nightly one after one more night (HOSTS x CELLS = 150 cell-runs): only what they change is rendered,
#   3. a history page of one series of NIGHTS points, and one workload's page across the fleet.
# Prints a Markdown table of seconds.
#
#   bash docs/benchmarks/fleet-publish.sh                      # SQLite, 5 hosts x 30 cells x 365 nights
#   DB=mariadb bash docs/benchmarks/fleet-publish.sh           # a mariadbd started for it (/usr/sbin/mariadbd)
#   DB='jdbc:mariadb://127.0.0.1:3306/taf?user=root' bash docs/benchmarks/fleet-publish.sh   # a shared one
#   HOSTS=1 CELLS=5 NIGHTS=20 bash docs/benchmarks/fleet-publish.sh                           # a smoke run
#
# Settings (environment):
#   DB      sqlite (default: a file in DIR), mariadb (a server started and stopped here), or a results.db.url
#   HOSTS   hosts of the fleet                          (default 5)
#   CELLS   cells per run, a multiple of 5, at most 30  (default 30: 5 workloads x threads 1-32)
#   NIGHTS  nights                                      (default 365)
#   DIR     where the database and the site go          (default a new /tmp/taf-fleet-bench.XXXXXX)
# Needs: Java 17, Maven (offline is fine); a quiet machine: the figures are wall-clock seconds. The first
# publish of the full fleet takes tens of minutes and a few GB of disk under DIR.
set -euo pipefail
cd "$(dirname "$0")/../.."

DB=${DB:-sqlite}
DIR=${DIR:-$(mktemp -d /tmp/taf-fleet-bench.XXXXXX)}
# The runner's jar holds every runtime dependency, and the driver and its fixtures need no test library: no
# dependency plugin to resolve (it needs artifacts an offline machine may not have).
mvn -B -ntp -q -o -pl taf-runner -am -DskipTests package
CP="$PWD/taf-runner/target/test-classes:$PWD/taf-runner/target/taf-runner.jar"
url=()
if [ "$DB" != sqlite ]; then url=(url="$DB"); fi
(cd taf-runner && java -Xmx4g -cp "$CP" org.taf.runner.report.site.FleetPublishBenchmark dir="$DIR" \
    hosts="${HOSTS:-5}" cells="${CELLS:-30}" nights="${NIGHTS:-365}" "${url[@]}")
echo "fleet-publish: database and site in $DIR" >&2
