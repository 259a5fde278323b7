#!/usr/bin/env bash
# Benchmark (not a test): the gate's canaries, night after night, as the nightly's Canaries stage runs them
# (docs/health.md), one after the other on this host, then `taf health` over them (gate-health.md).
# Each night is `taf canary properties/gate.properties`: HEAD against itself (A/A), then HEAD against itself
# with canary.cpu_work rounds of taf_statement_cpu_work on the patch side (planted). Every night reads the
# host first with the shared probe, so a night measured in a noisy spell can be told apart.
#
#   bash docs/benchmarks/canary-nights.sh                  # 6 nights into a new /tmp/taf-canary.XXXXXX
#   NIGHTS=2 OUT=/tmp/c bash docs/benchmarks/canary-nights.sh   # 2 more nights into the same database
#
# Settings (environment):
#   NIGHTS  canary pairs to run                                      (default 6)
#   OUT     directory for the database, results and tables; reused   (default a new /tmp/taf-canary.XXXXXX)
#   PROBE   the host probe, run for 10 s before each night           (default ../shared/tools/host-probe.py)
#   EXTRA   more -D overrides for every run, e.g. -Dcanary.cpu_work=400
# Output: $OUT/nights.tsv (night, start, probe CV %, wall s, A/A exit, planted exit), $OUT/health.txt,
# $OUT/night-N.log; the health lines on stdout.
set -euo pipefail
cd "$(dirname "$0")/../.."

NIGHTS=${NIGHTS:-6}
OUT=${OUT:-$(mktemp -d /tmp/taf-canary.XXXXXX)}
PROBE=${PROBE:-../shared/tools/host-probe.py}
EXTRA=${EXTRA:-}
mkdir -p "$OUT"
DB="jdbc:sqlite:$OUT/results.db"
[ -f "$OUT/nights.tsv" ] || printf 'night\tstart\tprobe_cv_pct\twall_s\taa_exit\tplanted_exit\n' > "$OUT/nights.tsv"
first=$(($(wc -l < "$OUT/nights.tsv")))

for ((n = first; n < first + NIGHTS; n++)); do
    cv=$(python3 "$PROBE" 10 | sed -n 's/.*CV \([0-9.]*\)%.*/\1/p')
    start=$(date -u +%FT%TZ)
    t0=$(date +%s)
    # shellcheck disable=SC2086
    ./taf canary properties/gate.properties -q -Dresults.db.url="$DB" -Doutput.results_dir="$OUT/results" $EXTRA \
        > "$OUT/night-$n.log" 2>&1 || true
    wall=$(($(date +%s) - t0))
    aa=$(sed -n 's/^taf canary: A\/A, .*: //p' "$OUT/night-$n.log")
    planted=$(sed -n 's/^taf canary: planted, .*: //p' "$OUT/night-$n.log")
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$n" "$start" "$cv" "$wall" "${aa:-error}" "${planted:-error}" \
        | tee -a "$OUT/nights.tsv"
done

./taf health -Dresults.db.url="$DB" | tee "$OUT/health.txt" || true
echo "tables: $OUT/nights.tsv $OUT/health.txt"
