#!/usr/bin/env bash
# Benchmark (not a test): the nightly chain end to end (gate-and-nightly.md). Makes a temporary repository
# holding this engine with COMMITS commits; commit STEP adds a committed CPU loop to the write path (UPDATE
# statements only, WRITE_ROUNDS xorshift rounds each: about 3% CPU per OLTP_RW transaction once calibrated).
# Tags commit 0 as the pinned baseline, then runs a short nightly at each commit as the Jenkinsfile does
# (`taf run --against-baseline`, patch = that commit), then asks `taf changes --regressions` for the change
# points of the ratio series and bisects the first (`taf bisect` between the nights around it).
# With STEP=0 it is the A/A series: the same number of nights, no slowdown; every change point is false.
#
#   bash docs/benchmarks/gate-and-nightly.sh                          # the study: 16 nights, step at 6
#   STEP=0 bash docs/benchmarks/gate-and-nightly.sh                   # the A/A series of the same length
#   COMMITS=3 STEP=2 PAIRS=3 DURATION=3s BISECT=0 bash docs/benchmarks/gate-and-nightly.sh   # a smoke run of the script
#
# Settings (environment):
#   COMMITS       nights, one commit each: 6 before the step, 10 after it   (default 16)
#   STEP          the commit (1..COMMITS-1) that slows the write path; 0: none, the A/A series  (default 6)
#   WRITE_ROUNDS  xorshift rounds per UPDATE statement in that commit; calibrate to ~3% CPU per OLTP_RW
#                 transaction on the machine (its cpu_per_tx ratio in one A/B run). On the 2-vCPU VM, with
#                 idle CPUs halting, 4000 rounds measured +2.1% [0.4%, 3.8%] CPU per transaction and no TPS
#                 change in 16 pairs (2026-12-05, gate-and-nightly.md), so about 6000 for 3%  (default 4000)
#   PAIRS         pairs of each night, at least 3 (no adaptive loop)         (default 4)
#   DURATION      measure.duration of a window                              (default 10s)
#   IDLE          profile.cpu.idle: unchanged, or poll as properties/write-path.properties (needs root)
#                                                                           (default unchanged)
#   BISECT        1: bisect the first regression change point found         (default 1)
#   OUT           directory for the repository, results and tables          (default a new /tmp/taf-nightly.XXXXXX)
#   EXTRA         more -D overrides for every run
# Output: $OUT/nights.tsv (night, commit, ratio, interval, verdict), $OUT/changes.tsv (taf changes),
# $OUT/bisect.log; the lines "step:", "change points:" and "culprit:" on stdout.
set -euo pipefail
cd "$(dirname "$0")/../.."

COMMITS=${COMMITS:-16}
STEP=${STEP:-6}
WRITE_ROUNDS=${WRITE_ROUNDS:-4000}
PAIRS=${PAIRS:-4}
DURATION=${DURATION:-10s}
IDLE=${IDLE:-unchanged}
BISECT=${BISECT:-1}
OUT=${OUT:-$(mktemp -d /tmp/taf-nightly.XXXXXX)}
EXTRA=${EXTRA:-}
mkdir -p "$OUT"
REPO="$OUT/repo"

# The repository: this engine's sources and poms, one commit a night; the step's commit adds the loop.
bash docs/benchmarks/slow-write-repo.sh "$REPO" "$COMMITS" "$STEP" "$WRITE_ROUNDS"
mapfile -t SHAS < <(git -C "$REPO" rev-list --first-parent --reverse main)

cat >"$OUT/nightly.properties" <<EOF
# gate-and-nightly.sh: one short nightly of OLTP_RW against the pinned baseline v1.0
repository = $REPO
baseline = v1.0
cache.dir = $OUT/cache
output.results_dir = $OUT/results
output.site_dir = $OUT/site
output.publish = false
results.db.url = jdbc:sqlite:$OUT/results.db
workload.tests = OLTP_RW
workload.threads = 2
workload.tables = 1
workload.table_size = 10000
measure.duration = $DURATION
# The engine on JDK 25 with an AOT cache after a short rest, as the gate's, but warmed up by the default
# rule (TPS settled over 10 s): with the gate's 3-second JIT-quiet warm-up, starts of one side spread
# 1,074-1,426 TPS on 2026-12-05 and a night's interval was +-15-40%
launch.java = auto
launch.aot_cache = true
rest.interval = 250ms
rest.consecutive = 3
profile.cpu.idle = $IDLE
# A night is PAIRS pairs of one window per start, without the adaptive loop, in the same design every night
# (auto would switch to alternating engines once the first night stored its noise)
measure.mode = restart
measure.iterations = $((PAIRS < 3 ? 3 : PAIRS))
stats.max_pairs = $((PAIRS < 3 ? 3 : PAIRS))
EOF

printf 'night\tcommit\tratio\tci_low\tci_high\tcpu_per_tx\tverdict\texit\n' >"$OUT/nights.tsv"
for ((i = 0; i < COMMITS; i++)); do
    sha=${SHAS[$i]}
    code=0
    # shellcheck disable=SC2086
    ./taf run "$OUT/nightly.properties" --against-baseline --quiet -Dpatch="$sha" \
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
    ./taf bisect --good "$good" --bad "$bad" "$OUT/nightly.properties" >"$OUT/bisect.log" 2>&1 || code=$?
    echo "culprit: $(grep -m1 '^culprit' "$OUT/bisect.log" || echo "none (exit $code)")"
fi
echo "gate-and-nightly: everything in $OUT" >&2
