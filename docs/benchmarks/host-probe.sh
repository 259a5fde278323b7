#!/usr/bin/env bash
# Experiment (not a test; issue 44): which probe of the host tracks what the workload feels? Two engines of one
# build alive on the same data, as in the main job's pairs; ProbeStudy (test sources) cycles through four
# candidate probes (a one-thread spin loop, a two-thread spin loop, a loopback TCP ping-pong between two threads, a thread
# that spins 100 us then naps 100 us, and 200 us naps), each 1.2 s in 100 ms slices, then one A/A mini pair: 5 alternating 1 s windows of
# POINT_SELECT at 2 threads on each engine, connections kept open. The analysis asks, over all cycles, how well
# each probe's slice CV and rate rank the mini pair's ratio spread (the noise a verdict pays for) and its TPS level.
#
#   JAR=... AOT=... TPL=... bash docs/benchmarks/host-probe.sh
#
# JAR: a built engine.jar (~/.cache/taf/builds/<key>/engine.jar); AOT: its JDK 25 AOT cache
# (~/.cache/taf/aot/<key>/engine.aot); TPL: a prepared 2 x 10,000-row datadir (~/.cache/taf/data/<key>/datadir).
# The runner's test classes must be compiled (mvn -pl taf-runner -am test-compile, and ./taf once for the jar).
# Settings: CYCLES (200, about 16 s each), OUT (a new /tmp directory). Only the analysis: ANALYZE=out.txt.
set -u
cd "$(dirname "$0")/../.."
analyze() {
python3 - "$1" <<'PY'
import sys, math, statistics as st
rows = [l.split() for l in open(sys.argv[1]) if l.startswith(("PROBE", "PAIR"))]
probes, pairs = {}, {}
for r in rows:
    if r[0] == "PROBE":
        probes.setdefault(r[3], {})[int(r[1])] = (float(r[4]), float(r[5]))
    else:
        pairs[int(r[1])] = (float(r[3]), float(r[4]), float(r[5]))
def rank(xs):
    o = sorted(range(len(xs)), key=lambda i: xs[i]); r = [0.0] * len(xs)
    for k, i in enumerate(o): r[i] = k
    return r
def spearman(a, b):
    ra, rb = rank(a), rank(b)
    return st.correlation(ra, rb)
cycles = sorted(pairs)
spread = [pairs[c][2] for c in cycles]
level = [(pairs[c][0] + pairs[c][1]) / 2 for c in cycles]
print(f"{len(cycles)} cycles; mini-pair ratio spread: median {st.median(spread):.1f}%, "
      f"quartiles {st.quantiles(spread, n=4)[0]:.1f}-{st.quantiles(spread, n=4)[2]:.1f}%; "
      f"TPS {min(level):.0f}-{max(level):.0f}")
noisy = [s > 2 * st.median(spread) for s in spread]
print(f"noisy mini pairs (spread above twice the median): {sum(noisy)}")
for kind, by in sorted(probes.items()):
    cv = [by[c][1] for c in cycles]; rate = [by[c][0] for c in cycles]
    best = sorted(rate)[int(0.95 * (len(rate) - 1))]
    cap = [x / best for x in rate]
    # The probe's judgement "noisy" at its own 80th percentile of CV, against the mini pair's.
    cut = st.quantiles(cv, n=5)[3]
    flagged = [x > cut for x in cv]
    hit = sum(1 for f, n in zip(flagged, noisy) if f and n)
    print(f"{kind:9s}: CV median {st.median(cv):5.1f}%  rho(CV, pair spread) {spearman(cv, spread):+.2f}"
          f"  rho(rate, pair spread) {spearman(rate, spread):+.2f}  rho(rate, TPS) {spearman(rate, level):+.2f}"
          f"  capacity median {st.median(cap):.2f}; its noisiest 20% hold {hit} of {sum(noisy)} noisy pairs")
PY
}
if [ -n "${ANALYZE:-}" ]; then analyze "$ANALYZE"; exit 0; fi
J25=${J25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
: "${JAR:?set JAR to an engine.jar}" "${AOT:?set AOT to its AOT cache}" "${TPL:?set TPL to a datadir}"
CP=$PWD/taf-runner/target/test-classes:$PWD/taf-runner/target/taf-runner.jar
CYCLES=${CYCLES:-200}
OUT=${OUT:-$(mktemp -d /tmp/taf-hostprobe.XXXXXX)}
pids=()
for port in 3391 3392; do
    rm -rf "$OUT/data$port"; cp -a "$TPL" "$OUT/data$port"
    "$J25" -XX:AOTCache="$AOT" -jar "$JAR" --datadir="$OUT/data$port" --port="$port" --bind_address=127.0.0.1 \
        --pid_file="$OUT/engine$port.pid" --log_error="$OUT/engine$port.log" --innodb_buffer_pool_size=64M >/dev/null &
    pids+=($!)
    for _ in $(seq 1 100); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
done
trap 'kill "${pids[@]}" 2>/dev/null' EXIT
java -cp "$CP" org.taf.runner.host.ProbeStudy --ports=3391,3392 --cycles="$CYCLES" --tables=2 --table-size=10000 \
    | tee "$OUT/study.txt"
analyze "$OUT/study.txt"
echo "raw lines: $OUT/study.txt"
