#!/usr/bin/env bash
# Benchmark (not a test): the nightly chain end to end (gate-and-nightly.md). Makes a temporary repository
# holding this engine with COMMITS commits; commit STEP adds a committed CPU loop to the write path (UPDATE
# statements only, WRITE_ROUNDS xorshift rounds each: about 3% CPU per OLTP_RW transaction once calibrated).
# Tags commit 0 as the pinned baseline, then runs a short nightly at each commit as the Jenkinsfile does
# (`taf run --against-baseline`, patch = that commit), then asks `taf changes --regressions` for the change
# points of the ratio series and bisects the first (`taf bisect` between the nights around it).
# With STEP=0 it is the A/A series: the same number of nights, no slowdown; every change point is false.
#
#   bash docs/benchmarks/gate-and-nightly.sh                          # the study in the shipped design
#   STEP=0 bash docs/benchmarks/gate-and-nightly.sh                   # the A/A series of the same length
#   COMMITS=3 STEP=2 PAIRS=3 DURATION=3s BISECT=0 bash docs/benchmarks/gate-and-nightly.sh   # a smoke run of the script
#
# A night is properties/write-path.properties, the nightly's own definition (included, not copied), on the
# temporary repository with v1.0 as its baseline; PAIRS, DURATION and IDLE override its values.
# Settings (environment):
#   COMMITS       nights, one commit each: 6 before the step, 10 after it   (default 16)
#   STEP          the commit (1..COMMITS-1) that slows the write path; 0: none, the A/A series  (default 6)
#   WRITE_ROUNDS  xorshift rounds per UPDATE statement in that commit; calibrate to ~3% CPU per OLTP_RW
#                 transaction on the machine (its cpu_per_tx ratio in one A/B run). On the 2-vCPU VM, with
#                 idle CPUs polling, 4000 rounds measured +3.4% [2.3%, 4.4%] CPU per transaction in 12 pairs
#                 (2026-12-05, gate-and-nightly.md)                         (default 4000)
#   PAIRS         pairs of each night, at least 3 (no adaptive loop)         (default: write-path's, 20)
#   DURATION      measure.duration of a window                              (default: write-path's, 10s)
#   IDLE          profile.cpu.idle: poll (needs root) or unchanged          (default: write-path's, poll)
#   BISECT        1: bisect the first regression change point found, with write-path's own pairs (20), not
#                 PAIRS: at 8 pairs the bisect of a 3.5% step was INCONCLUSIVE, at 20 it named the commit
#                 (2026-12-05)                                              (default 1)
#   OUT           directory for the repository, results and tables          (default a new /tmp/taf-nightly.XXXXXX)
#   EXTRA         more -D overrides for every run
# Output: $OUT/nights.tsv (night, commit, ratio, interval, verdict), $OUT/changes.tsv (taf changes),
# $OUT/bisect.log; the lines "step:", "change points:" and "culprit:" on stdout.
set -euo pipefail
cd "$(dirname "$0")/../.."

COMMITS=${COMMITS:-16}
STEP=${STEP:-6}
WRITE_ROUNDS=${WRITE_ROUNDS:-4000}
PAIRS=${PAIRS:-}
DURATION=${DURATION:-}
IDLE=${IDLE:-}
BISECT=${BISECT:-1}
OUT=${OUT:-$(mktemp -d /tmp/taf-nightly.XXXXXX)}
EXTRA=${EXTRA:-}
mkdir -p "$OUT"
REPO="$OUT/repo"

# The repository: this engine's sources and poms, one commit a night; the step's commit adds the loop.
bash docs/benchmarks/slow-write-repo.sh "$REPO" "$COMMITS" "$STEP" "$WRITE_ROUNDS"
mapfile -t SHAS < <(git -C "$REPO" rev-list --first-parent --reverse main)

{
    echo "# gate-and-nightly.sh: one night of the nightly's write-path series, against the pinned baseline v1.0"
    echo "include = $PWD/properties/write-path.properties"
    echo "repository = $REPO"
    echo "baseline = v1.0"
    echo "cache.dir = $OUT/cache"
    echo "output.results_dir = $OUT/results"
    echo "output.site_dir = $OUT/site"
    echo "output.publish = false"
    echo "results.db.url = jdbc:sqlite:$OUT/results.db"
    [[ -n $DURATION ]] && echo "measure.duration = $DURATION"
    [[ -n $IDLE ]] && echo "profile.cpu.idle = $IDLE"
    # A fixed number of pairs, no adaptive loop, as write-path.properties
    [[ -n $PAIRS ]] && printf 'measure.iterations = %s\nstats.max_pairs = %s\n' $((PAIRS < 3 ? 3 : PAIRS)) \
        $((PAIRS < 3 ? 3 : PAIRS))
    true
} >"$OUT/nightly.properties"
# The bisect's runs: the same night without the PAIRS override
grep -v -e '^measure.iterations' -e '^stats.max_pairs' "$OUT/nightly.properties" >"$OUT/bisect.properties"

printf 'night\tcommit\tratio\tci_low\tci_high\tcpu_per_tx\tverdict\texit\n' >"$OUT/nights.tsv"
for ((i = 0; i < COMMITS; i++)); do
    sha=${SHAS[$i]}
    code=0
    # shellcheck disable=SC2086
    # The patch is a branch moved to tonight's commit, as the Jenkinsfile's nightly runs HEAD (a baseline-ratio
    # series is keyed on the baseline, so -Dpatch=<sha> would do too since 2026-12-05)
    git -C "$REPO" branch -f night "$sha"
    ./taf run "$OUT/nightly.properties" --against-baseline --quiet -Dpatch=night \
        -Dcomments="night $i: ${sha:0:12} against v1.0" $EXTRA >"$OUT/night-$i.log" 2>&1 || code=$?
    run=$(find "$OUT/results" -mindepth 2 -maxdepth 2 -name results.json ! -path '*/bisect-*' 2>/dev/null \
        | sort | tail -1 | xargs -r dirname || true) # no results directory yet when the first night failed
    [[ $run == "${prev:-}" ]] && run=/nonexistent # this night left no run of its own
    prev=$run
    python3 - "$run/results.json" "$i" "$sha" "$code" >>"$OUT/nights.tsv" <<'PY'
import json, sys
path, night, sha, code = sys.argv[1:5]
try:
    cell = json.load(open(path))["comparisons"][0]["cells"][0]
    v = cell.get("verdict") or {}
    metric = {m.get("metric"): m for m in v.get("metrics", [])}
    tps, cpu = metric.get("TPS", {}), metric.get("CPU_PER_TX", {})
    print("\t".join([night, sha[:12], str(tps.get("ratio")), str(tps.get("ci_low")), str(tps.get("ci_high")),
                     str(cpu.get("ratio")), str(v.get("verdict")), code]))
except Exception as e:  # a failed night is a row too: the series skips it
    print("\t".join([night, sha[:12], "", "", "", "", "error: %s" % e, code]))
PY
    tail -1 "$OUT/nights.tsv" >&2
done

((STEP > 0)) && echo "step: night $STEP, ${SHAS[$STEP]}"
./taf changes -Doutput.results_dir="$OUT/results" --regressions --format tsv >"$OUT/changes.tsv"
echo "change points: $(($(wc -l <"$OUT/changes.tsv") - 1)) regression(s) in $COMMITS nights (see $OUT/changes.tsv)"
if ((BISECT == 1)) && (($(wc -l <"$OUT/changes.tsv") > 1)); then
    IFS=$'\t' read -r _ good bad _ < <(sed -n 2p "$OUT/changes.tsv")
    code=0
    ./taf bisect --good "$good" --bad "$bad" "$OUT/bisect.properties" >"$OUT/bisect.log" 2>&1 || code=$?
    echo "culprit: $(grep -m1 '^culprit' "$OUT/bisect.log" || echo "none (exit $code)")"
fi
echo "gate-and-nightly: everything in $OUT" >&2
