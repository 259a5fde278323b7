#!/usr/bin/env bash
# Benchmark (not a test): A/A runs of OLTP_RW with idle CPUs halting (profile.cpu.idle = unchanged) and
# polling (poll), alternating, in the nightly's design (properties/write-path.properties: restart pairs, one
# 10-s window a start, TPS warm-up, JDK 25 with an AOT cache; gate-and-nightly.md, "Idle CPUs"). Needs root
# (/dev/cpu_dma_latency).
#
#   bash docs/benchmarks/idle-poll.sh                 # 2 runs each way, 8 pairs a run (about 35 minutes)
#
# Settings (environment):
#   RUNS   runs each way, alternating unchanged then poll                 (default 2)
#   PAIRS  restart pairs a run                                            (default 8)
#   OUT    directory for the repository, results and the table          (default a new /tmp/taf-idle.XXXXXX)
# Output: $OUT/runs.tsv, one row a run: idle, minutes, TPS of the parent's starts (geometric mean), the
# between-start CV of each side, the pairs' log-ratio SD of TPS and of CPU per transaction, unsettled starts,
# the longest warm-up.
set -euo pipefail
cd "$(dirname "$0")/../.."

RUNS=${RUNS:-2}
PAIRS=${PAIRS:-8}
OUT=${OUT:-$(mktemp -d /tmp/taf-idle.XXXXXX)}
mkdir -p "$OUT"
# Two commits of the same engine: a text file differs, so each side has its own build and AOT cache, as the
# nightly's baseline and tonight's main do.
bash docs/benchmarks/slow-write-repo.sh "$OUT/repo" 2 0 0
# The nightly's own definition (included, not copied) on that repository, HEAD~1 against HEAD
cat >"$OUT/aa.properties" <<EOF
# idle-poll.sh: an A/A run of OLTP_RW in the nightly's design
include = $PWD/properties/write-path.properties
repository = $OUT/repo
cache.dir = $OUT/cache
output.results_dir = $OUT/results
output.site_dir = $OUT/site
output.publish = false
results.db.url = jdbc:sqlite:$OUT/results.db
measure.iterations = $PAIRS
stats.max_pairs = $PAIRS
EOF

printf 'run\tidle\tminutes\tparent_tps\tcv_parent\tcv_patch\tsd_tps\tsd_cpu_per_tx\tunsettled\tlongest_warmup_s\n' \
    >"$OUT/runs.tsv"
for ((r = 1; r <= RUNS; r++)); do
    for idle in unchanged poll; do
        name="idle-$r-$idle"
        start=$(date +%s)
        ./taf run "$OUT/aa.properties" --quiet -Dname="$name" -Dprofile.cpu.idle="$idle" >"$OUT/$name.log" 2>&1 || true
        minutes=$(python3 -c "print(round(($(date +%s) - $start) / 60, 1))")
        json=$(find "$OUT/results" -maxdepth 2 -path "*-$name/results.json" | sort | tail -1)
        python3 - "${json:-/nonexistent}" "$name" "$idle" "$minutes" >>"$OUT/runs.tsv" <<'PY'
import json, math, statistics as st, sys
path, name, idle, minutes = sys.argv[1:5]
try:
    run = json.load(open(path))
    cell = run["comparisons"][0]["cells"][0]
    def tps(it):  # the start's TPS as the verdict takes it: the 10% trimmed mean of its samples
        x = sorted(s["events"] / s["interval_seconds"] for s in it["samples"])
        k = max(int(len(x) * 0.1), 1 if len(x) >= 3 else 0)
        return st.mean(x[k:len(x) - k])
    parent, patch = [tps(i) for i in cell["parent"]], [tps(i) for i in cell["patch"]]
    metric = {m["metric"]: m for m in cell["verdict"]["metrics"]}
    starts = cell["parent"] + cell["patch"]
    row = [name, idle, minutes, round(math.exp(st.mean(math.log(x) for x in parent))),
           "%.1f%%" % (100 * st.stdev(parent) / st.mean(parent)), "%.1f%%" % (100 * st.stdev(patch) / st.mean(patch)),
           "%.1f%%" % (100 * metric["TPS"]["sd_log"]), "%.1f%%" % (100 * metric["CPU_PER_TX"]["sd_log"]),
           sum("NOT_SETTLED" in i["flags"] for i in starts),
           max(round(i["warmup"].get("cut_at_seconds") or 0) for i in starts)]
except Exception as e:  # a failed run is a row too
    row = [name, idle, minutes, "error: %s" % e] + [""] * 6
print("\t".join(str(x) for x in row))
PY
        echo "idle-poll: $name done in $minutes min" >&2
    done
done
column -t -s $'\t' "$OUT/runs.tsv"
