#!/usr/bin/env bash
# Benchmark (not a test): false change points per 100 A/A nights, and how soon a step is flagged, on nightly
# ratio series replayed from measured nights (org.taf.runner.stats.NightlyReplay, in the runner's test
# sources) through today's change-point search (gate-and-nightly.md). Seconds, no measuring.
#
#   NIGHTS=/tmp/taf-nightly.X/nights.tsv STEP=12 bash docs/benchmarks/nightly-replay.sh
#
# Settings (environment):
#   NIGHTS      gate-and-nightly.sh's nights.tsv files, comma-separated: the measured nights   (required)
#   STEP        the night their series stepped at (that script's STEP; 0: an A/A series)    (default 0)
#   LENGTH      nights per replayed A/A series                                                (default 100)
#   REPLICATES  replayed series                                                               (default 1000)
#   EFFECT      the step replayed in the second table, a fraction (0.03: a 3% drop)            (default 0.03)
#   AT, WITHIN  its night, and the nights after it by which it must be flagged                 (default 12, 10)
#   SEED        seed of the draws                                                             (default 1)
#   METRIC      the nights.tsv column replayed: ratio (TPS) or cpu_per_tx                     (default ratio)
set -euo pipefail
cd "$(dirname "$0")/../.."

NIGHTS=${NIGHTS:?NIGHTS must name gate-and-nightly.sh nights.tsv files}
CPFILE=$(mktemp)
trap 'rm -f "$CPFILE"' EXIT
mvn -B -ntp -q -pl taf-runner -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile="$CPFILE" -Dcheckstyle.skip
CP="taf-runner/target/test-classes:taf-runner/target/classes:$(cat "$CPFILE")"
common=(nights="$NIGHTS" step="${STEP:-0}" replicates="${REPLICATES:-1000}" seed="${SEED:-1}"
    column="${METRIC:-ratio}")
echo "## A/A: no step"
java -cp "$CP" org.taf.runner.stats.NightlyReplay "${common[@]}" length="${LENGTH:-100}"
AT=${AT:-12}
WITHIN=${WITHIN:-10}
echo "## a step of ${EFFECT:-0.03} at night $AT, the series ending $WITHIN nights after it"
java -cp "$CP" org.taf.runner.stats.NightlyReplay "${common[@]}" length=$((AT + WITHIN)) effect="${EFFECT:-0.03}" \
    at="$AT" within="$WITHIN"
