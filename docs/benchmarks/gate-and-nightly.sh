#!/usr/bin/env bash
# Benchmark (not a test): the nightly chain end to end (gate-and-nightly.md). Makes a temporary repository
# holding this engine with COMMITS commits; commit STEP adds a committed CPU loop to the write path (UPDATE
# statements only, WRITE_ROUNDS xorshift rounds each: about 3% CPU per OLTP_RW transaction once calibrated).
# Tags commit 0 as the pinned baseline, then runs a short nightly at each commit as the Jenkinsfile does
# (`taf run --against-baseline`, patch = that commit), then asks `taf changes --regressions` for the change
# points of the ratio series and bisects the first (`taf bisect` between the nights around it).
# With STEP=0 it is the A/A series: the same number of nights, no slowdown; every change point is false.
#
#   bash docs/benchmarks/gate-and-nightly.sh                          # the study: 24 nights, step at 12
#   STEP=0 bash docs/benchmarks/gate-and-nightly.sh                   # the A/A series of the same length
#   COMMITS=3 STEP=2 PAIRS=3 DURATION=3s BISECT=0 bash docs/benchmarks/gate-and-nightly.sh   # a smoke run of the script
#
# Settings (environment):
#   COMMITS       nights, one commit each                                   (default 24)
#   STEP          the commit (1..COMMITS-1) that slows the write path; 0: none, the A/A series  (default 12)
#   WRITE_ROUNDS  xorshift rounds per UPDATE statement in that commit; calibrate to ~3% CPU per OLTP_RW
#                 transaction on the machine (its cpu_per_tx ratio in one A/B run); the default is a rough
#                 guess from one smoke run on the 2-vCPU VM, where 20000 rounds read cpu_per_tx 1.163  (default 4000)
#   PAIRS         pairs of each night, at least 3 (no adaptive loop)         (default 5)
#   DURATION      measure.duration of a window                              (default 10s)
#   BISECT        1: bisect the first regression change point found         (default 1)
#   OUT           directory for the repository, results and tables          (default a new /tmp/taf-nightly.XXXXXX)
#   EXTRA         more -D overrides for every run
# Output: $OUT/nights.tsv (night, commit, ratio, interval, verdict), $OUT/changes.tsv (taf changes),
# $OUT/bisect.log; the lines "step:", "change points:" and "culprit:" on stdout.
set -euo pipefail
cd "$(dirname "$0")/../.."
SRC=$(pwd)

COMMITS=${COMMITS:-24}
STEP=${STEP:-12}
WRITE_ROUNDS=${WRITE_ROUNDS:-4000}
PAIRS=${PAIRS:-5}
DURATION=${DURATION:-10s}
BISECT=${BISECT:-1}
OUT=${OUT:-$(mktemp -d /tmp/taf-nightly.XXXXXX)}
EXTRA=${EXTRA:-}
mkdir -p "$OUT"
REPO="$OUT/repo"
WRITE_PLAN=engine/src/main/java/org/taf/engine/sql/exec/WritePlan.java
RUN_TARGET='        long[] counts = new long[2]; // matched, changed'

# The repository: this engine's sources and poms, one commit a night; the step's commit adds the loop.
rm -rf "$REPO"
mkdir -p "$REPO/taf-runner" "$REPO/engine/src"
cp pom.xml "$REPO/"
cp taf-runner/pom.xml "$REPO/taf-runner/"
cp engine/pom.xml "$REPO/engine/"
cp -r engine/src/main "$REPO/engine/src/"
grep -qF "$RUN_TARGET" "$REPO/$WRITE_PLAN" || { echo "gate-and-nightly: WritePlan.run moved" >&2; exit 3; }
git -C "$REPO" init -q -b main
git -C "$REPO" config user.name "TAF benchmark"
git -C "$REPO" config user.email "taf@example.org"
for ((i = 0; i < COMMITS; i++)); do
    if ((i == STEP && STEP > 0)); then
        python3 - "$REPO/$WRITE_PLAN" "$WRITE_ROUNDS" "$RUN_TARGET" <<'PY'
import sys
path, rounds, target = sys.argv[1], sys.argv[2], sys.argv[3]
code = open(path).read()
loop = ("        if (targets != null && StatementCpuWork.spin(" + rounds + "L, System.nanoTime()) == 0) {"
        " // the benchmark's write-path slowdown\n            throw new AssertionError();\n        }\n")
open(path, "w").write(code.replace(target, loop + target, 1))
PY
        msg="Slow down the write path ($WRITE_ROUNDS rounds per UPDATE)"
    else
        echo "notes of night $i" >"$REPO/NOTES.txt"
        msg="Notes $i"
    fi
    git -C "$REPO" add -A
    git -C "$REPO" commit -q -m "$msg"
    ((i == 0)) && git -C "$REPO" tag v1.0
done
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
# no adaptive loop: a night is PAIRS pairs, as cheap as the nightly's budget allows
measure.iterations = $((PAIRS < 3 ? 3 : PAIRS))
stats.max_pairs = $((PAIRS < 3 ? 3 : PAIRS))
EOF

printf 'night\tcommit\tratio\tci_low\tci_high\tverdict\texit\n' >"$OUT/nights.tsv"
for ((i = 0; i < COMMITS; i++)); do
    sha=${SHAS[$i]}
    code=0
    # shellcheck disable=SC2086
    ./taf run "$OUT/nightly.properties" --against-baseline --quiet -Dpatch="$sha" \
        -Dcomments="night $i: ${sha:0:12} against v1.0" $EXTRA >"$OUT/night-$i.log" 2>&1 || code=$?
    run=$(find "$OUT/results" -mindepth 2 -maxdepth 2 -name results.json ! -path '*/bisect-*' 2>/dev/null \
        | sort | tail -1 | xargs -r dirname)
    [[ $run == "${prev:-}" ]] && run=/nonexistent # this night left no run of its own
    prev=$run
    python3 - "$run/results.json" "$i" "$sha" "$code" >>"$OUT/nights.tsv" <<'PY'
import json, sys
path, night, sha, code = sys.argv[1:5]
try:
    cell = json.load(open(path))["comparisons"][0]["cells"][0]
    v = cell.get("verdict") or {}
    tps = next((m for m in v.get("metrics", []) if m.get("metric") == "TPS"), {})
    print("\t".join([night, sha[:12], str(tps.get("ratio")), str(tps.get("ci_low")), str(tps.get("ci_high")),
                     str(v.get("verdict")), code]))
except Exception as e:  # a failed night is a row too: the series skips it
    print("\t".join([night, sha[:12], "", "", "", "error: %s" % e, code]))
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
