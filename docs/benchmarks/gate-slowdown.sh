#!/usr/bin/env bash
# Benchmark (not a test): the per-commit gate on a commit that slows the write path (gate-and-nightly.md).
# Makes a temporary repository of two commits (slow-write-repo.sh): commit 1 adds WRITE_ROUNDS xorshift
# rounds to every UPDATE statement, about 10% CPU per OLTP_RW transaction on the 2-vCPU VM with the
# default. Then runs the gate as Jenkins does (properties/gate.properties, parent = commit 0, patch =
# commit 1) RUNS times, and counts the runs that say REGRESSED (exit 1) within 15 minutes.
# WRITE_ROUNDS=0 makes commit 1 change a text file only: the gate's A/A on the same repository.
#
#   bash docs/benchmarks/gate-slowdown.sh                     # 3 runs, ~10% CPU on the write path
#   RUNS=5 WRITE_ROUNDS=0 bash docs/benchmarks/gate-slowdown.sh   # 5 A/A runs of the gate
#
# Settings (environment):
#   RUNS          gate runs                                                  (default 3)
#   WRITE_ROUNDS  xorshift rounds per UPDATE statement in commit 1; 20000 read cpu_per_tx 1.163 in a
#                 smoke run on the VM, so 12000 is about 10%                 (default 12000)
#   OUT           directory for the repository, results and the table       (default a new /tmp/taf-gate.XXXXXX)
#   EXTRA         more -D overrides for every run
# Output: $OUT/runs.tsv (run, exit, seconds, and per cell: verdict, pairs, TPS and CPU/tx ratios), and
# the line "answered within 15 min:" on stdout.
set -euo pipefail
cd "$(dirname "$0")/../.."

RUNS=${RUNS:-3}
WRITE_ROUNDS=${WRITE_ROUNDS:-12000}
OUT=${OUT:-$(mktemp -d /tmp/taf-gate.XXXXXX)}
EXTRA=${EXTRA:-}
mkdir -p "$OUT"
REPO="$OUT/repo"
if ((WRITE_ROUNDS > 0)); then
    bash docs/benchmarks/slow-write-repo.sh "$REPO" 2 1 "$WRITE_ROUNDS"
    expect=1
else
    bash docs/benchmarks/slow-write-repo.sh "$REPO" 2 0 0
    expect=0
fi

printf 'run\texit\tseconds\tcell\tverdict\tpairs\ttps\ttps_low\ttps_high\tcpu_per_tx\tcpu_low\tcpu_high\n' \
    >"$OUT/runs.tsv"
hits=0
for ((r = 1; r <= RUNS; r++)); do
    name=$(printf 'gate-slow-%02d' "$r")
    start=$(date +%s)
    code=0
    # shellcheck disable=SC2086
    ./taf run properties/gate.properties --quiet -Drepository="$REPO" -Dparent=HEAD~1 -Dpatch=HEAD \
        -Dname="$name" -Doutput.results_dir="$OUT/results" -Doutput.publish=false \
        -Dcache.dir="$OUT/cache" -Dresults.db.url="jdbc:sqlite:$OUT/results.db" $EXTRA \
        >"$OUT/$name.log" 2>&1 || code=$?
    seconds=$(($(date +%s) - start))
    ((code == expect && seconds <= 900)) && hits=$((hits + 1))
    json=$(find "$OUT/results" -maxdepth 2 -path "*-$name/results.json" | sort | tail -1)
    python3 - "${json:-/nonexistent}" "$r" "$code" "$seconds" >>"$OUT/runs.tsv" <<'PY'
import json, sys
path, run, code, seconds = sys.argv[1:5]
try:
    for c in json.load(open(path))["comparisons"][0]["cells"]:
        v = c.get("verdict") or {}
        m = {x.get("metric"): x for x in v.get("metrics", [])}
        t, u = m.get("TPS", {}), m.get("CPU_PER_TX", {})
        print("\t".join(str(x) for x in [run, code, seconds, "%s@%s" % (c["workload"], c["threads"]),
              v.get("verdict"), v.get("measured_pairs"), t.get("ratio"), t.get("ci_low"), t.get("ci_high"),
              u.get("ratio"), u.get("ci_low"), u.get("ci_high")]))
except Exception as e:  # a failed run is a row too
    print("\t".join([run, code, seconds, "", "error: %s" % e] + [""] * 7))
PY
    echo "gate-slowdown: run $r/$RUNS exit $code after ${seconds}s" >&2
done
echo "answered within 15 min: $hits of $RUNS runs (exit $expect expected; table in $OUT/runs.tsv)"
