#!/usr/bin/env bash
# Benchmark (not a test; issue 44): the main job with idle CPUs halting (profile.cpu.idle = unchanged, its
# default) and polling (poll), alternating, A/A on this checkout's HEAD, PAIRS fixed pairs a run (no adaptive
# loop, so each run's pair spread is measured on the same number of pairs). Needs root (/dev/cpu_dma_latency).
#
#   bash docs/benchmarks/main-job-poll.sh        # 2 runs each way, 10 pairs a run (about 25 minutes)
#
# Settings: RUNS (runs each way, 2), PAIRS (10), OUT (a new /tmp directory).
# Output: one row a run: idle, seconds, parent TPS (geometric mean of its starts), the pairs' log-ratio SD of TPS
# and of CPU per transaction, the verdict.
set -euo pipefail
cd "$(dirname "$0")/../.."
RUNS=${RUNS:-2}
PAIRS=${PAIRS:-10}
OUT=${OUT:-$(mktemp -d /tmp/taf-mainpoll.XXXXXX)}
mkdir -p "$OUT"
printf 'idle\tseconds\ttps\tpair_sd_tps\tpair_sd_cpu\tverdict\n' | tee "$OUT/runs.tsv"
for ((r = 1; r <= RUNS; r++)); do
    for idle in unchanged poll; do
        start=$(date +%s)
        ./taf run properties/quick.properties --quiet -Dparent=HEAD -Dpatch=HEAD -Dname="poll-$idle-$r" \
            -Dprofile.cpu.idle="$idle" -Dmeasure.iterations="$PAIRS" -Dstats.max_pairs="$PAIRS" \
            -Doutput.results_dir="$OUT/results" >"$OUT/$idle-$r.log" 2>&1 || true
        seconds=$(($(date +%s) - start))
        dir=$(sed -n 's/^taf: results in \(\S*\) (exit.*/\1/p' "$OUT/$idle-$r.log" | tail -1)
        python3 - "$dir/results.json" "$idle" "$seconds" <<'PY' | tee -a "$OUT/runs.tsv"
import json, math, statistics as st, sys
r = json.load(open(sys.argv[1]))
cell = r["comparisons"][0]["cells"][0]
def tps(it):
    s = [x["events"] / x["interval_seconds"] for x in it["samples"]]
    return st.mean(s)
def cpu(it):
    tx = sum(x["events"] for x in it["samples"])
    return it["engine_cpu"]["cpu_seconds"] / tx if it.get("engine_cpu") and tx else float("nan")
par, pat = cell["parent"], cell["patch"]
d = [math.log(tps(b) / tps(a)) for a, b in zip(par, pat)]
c = [math.log(cpu(b) / cpu(a)) for a, b in zip(par, pat)]
geo = math.exp(st.mean(math.log(tps(a)) for a in par))
print(f"{sys.argv[2]}\t{sys.argv[3]}\t{geo:.0f}\t{100 * st.stdev(d):.2f}\t{100 * st.stdev(c):.2f}\t"
      f"{cell['verdict']['verdict']}")
PY
    done
done
