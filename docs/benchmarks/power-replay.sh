#!/usr/bin/env bash
# Benchmark (not a test), second half of the power study (power-study.md): replays comparisons made of
# the real A/B pairs that power-pairs.sh measured, through TAF's own adaptive loop and verdict
# (org.taf.runner.run.PowerReplay, in the runner's test sources), at each budget and pair of
# thresholds, and writes the tables of the study to $OUT/table.md (every replicate: $OUT/replays.tsv).
#
#   RESULTS=/tmp/taf-pairs.XXXXXX/results bash docs/benchmarks/power-replay.sh
#
# Settings (environment):
#   RESULTS     directory holding power-pairs.sh's runs (searched for results.json)   (required)
#   OUT         where the tables go                          (default a new /tmp/taf-replay.XXXXXX)
#   REPLICATES  replayed comparisons per budget, thresholds and effect               (default 400)
#   BUDGETS     stats.budget values                                                  (default 2m,5m,10m)
#   THRESHOLDS  verdict.warning_pct/verdict.fail_pct pairs (gain = fail)             (default 3/5,1/2)
#   PLANNED     measure.iterations: pairs before the adaptive loop                   (default 3)
#   MAX_PAIRS   stats.max_pairs                                                      (default 20)
#   SEED        seed of the drawn pair orders                                        (default 1)
#   EXCLUDE     pairs with an iteration flagged so are left out of the pools, e.g. HOST_NOISE (default none)
#   ANALYSES    paired (today's verdict) and/or unpaired (results format 1's MWU + bootstrap, for the
#               before/after table)                                                  (default paired,unpaired)
set -euo pipefail
cd "$(dirname "$0")/../.."

RESULTS=${RESULTS:?RESULTS must name the directory of power-pairs.sh results}
OUT=${OUT:-$(mktemp -d /tmp/taf-replay.XXXXXX)}
CPFILE=$(mktemp)
trap 'rm -f "$CPFILE"' EXIT
mvn -B -ntp -q -pl taf-runner -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile="$CPFILE"
CP="taf-runner/target/test-classes:taf-runner/target/classes:$(cat "$CPFILE")"
java -cp "$CP" org.taf.runner.run.PowerReplay results="$RESULTS" out="$OUT" \
    replicates="${REPLICATES:-400}" budgets="${BUDGETS:-2m,5m,10m}" thresholds="${THRESHOLDS:-3/5,1/2}" \
    planned="${PLANNED:-3}" max_pairs="${MAX_PAIRS:-20}" seed="${SEED:-1}" exclude="${EXCLUDE:-}" \
    analyses="${ANALYSES:-paired,unpaired}"
echo "power-replay: tables in $OUT/table.md, every replicate in $OUT/replays.tsv" >&2
