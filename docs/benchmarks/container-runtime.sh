#!/usr/bin/env bash
# Benchmark (not a test): the container runtime's overhead. The same A/A comparison (HEAD vs HEAD,
# POINT_SELECT, 2 threads) runs with the container-pinned profile (engine on CPU 1 with 2G, load
# generator on CPU 0) twice per round: once with profile.runtime=process (taskset, same CPUs) and once
# with profile.runtime=container (Docker, --cpuset-cpus, --memory), alternating which goes first so that
# drift and neighbours' noise fall on both alike. Every run measures ITERATIONS iterations per side.
# Prints a Markdown table: TPS per runtime (mean over all iterations), the container/process ratio and
# the coefficient of variation of iteration TPS; raw numbers go to $OUT (TSV).
#
#   bash docs/benchmarks/container-runtime.sh                     # 1 round, 5 iterations per side, 20 s each
#   ROUNDS=2 ITERATIONS=5 DURATION=30s bash docs/benchmarks/container-runtime.sh
#   EXTRA="-Dlaunch.jvm_args=-Xmx1g" bash docs/benchmarks/container-runtime.sh   # more settings, both runtimes
#
# Needs: Java 17, Maven, Docker (dockerd running: bash .ci/setup), python3. Builds the engine at HEAD once
# (cached); results go under $WORK (a temporary directory), never into site/.
set -euo pipefail
cd "$(dirname "$0")/../.."

ROUNDS=${ROUNDS:-1}
ITERATIONS=${ITERATIONS:-5}
DURATION=${DURATION:-20s}
WORK=${WORK:-$(mktemp -d /tmp/taf-container-bench.XXXXXX)}
mkdir -p "$WORK"
OUT=${OUT:-$WORK/iterations.tsv}

run() { # runtime round
    ./taf run properties/quick.properties -Dprofile=container-pinned -Dprofile.runtime="$1" \
        -Dparent=HEAD -Dpatch=HEAD -Dname="bench-$1-$2" -Dmeasure.iterations="$ITERATIONS" \
        -Dmeasure.duration="$DURATION" -Doutput.results_dir="$WORK/results-$1-$2" -Doutput.publish=false \
         -Doutput.junit=false ${EXTRA:-} >"$WORK/$1-$2.log" 2>&1 || true # exit 1/2 (a verdict) is not a failure here
    python3 - "$WORK/results-$1-$2" "$1" "$2" >>"$OUT" <<'PY'
import json, pathlib, sys
root, runtime, rnd = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3]
for f in root.rglob("results.json"):
    run = json.loads(f.read_text())
    for comparison in run["comparisons"]:
        for cell in comparison["cells"]:
            for side in ("parent", "patch"):
                for it in cell[side]:
                    if it.get("failure") or not it["samples"]:
                        continue
                    events = sum(s["events"] for s in it["samples"])
                    seconds = sum(s["interval_seconds"] for s in it["samples"])
                    print(f"{runtime}\t{rnd}\t{side}\t{it['index']}\t{events / seconds:.1f}")
PY
}

printf 'runtime\tround\tside\titeration\ttps\n' >"$OUT"
for r in $(seq 1 "$ROUNDS"); do
    if (( r % 2 )); then order="process container"; else order="container process"; fi
    for runtime in $order; do
        echo "round $r: $runtime" >&2
        run "$runtime" "$r"
    done
done

python3 - "$OUT" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
tps = {rt: [float(r["tps"]) for r in rows if r["runtime"] == rt] for rt in ("process", "container")}
print("| runtime | iterations | mean TPS | CV of iteration TPS |")
print("|---|---:|---:|---:|")
for rt, v in tps.items():
    if len(v) < 2:
        print(f"| {rt} | {len(v)} | - | - |")
        continue
    m = statistics.mean(v)
    print(f"| {rt} | {len(v)} | {m:,.0f} | {statistics.stdev(v) / m:.1%} |")
if all(len(v) >= 2 for v in tps.values()):
    print(f"\ncontainer / process TPS ratio: {statistics.mean(tps['container']) / statistics.mean(tps['process']):.3f}")
PY
echo "raw: $OUT; logs and results: $WORK" >&2
