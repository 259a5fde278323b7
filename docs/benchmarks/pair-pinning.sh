#!/usr/bin/env bash
# Experiment (not a test; issue 18): does pinning each load-generator thread and the engine thread that
# serves its connection to one CPU (pair 0 on CPU 0, pair 1 on CPU 1) make engine starts steadier than
# leaving the scheduler free? One engine start per round and mode, alternating free and pair, driven by
# TAF's load generator (LoadGeneratorBench, 5 s warm-up in its own JVM, then TIME seconds), POINT_SELECT
# at 2 threads on the quick data set. The pinning is done from outside with taskset: engine threads
# named engine-connecti(on-N) and client threads taf-load-POINT_(SELECT-N), both taken in creation
# order, which is the order the workers open their connections.
#
#   JAR=... AOT=... TPL=... bash docs/benchmarks/pair-pinning.sh
#
# JAR: a built engine.jar (~/.cache/taf/builds/<key>/engine.jar); AOT: its JDK 25 AOT cache (a run's
# results.json, environment.engine_jvm.aot_cache); TPL: a prepared 2 x 10,000-row datadir
# (~/.cache/taf/data/<key>/datadir whose data.txt says sbtest-v1-2x10000-seed1). The runner's test
# classes must be compiled (mvn -pl taf-runner -am test-compile, and ./taf once for the runner jar).
# Settings: ROUNDS (6), TIME (15), MODES ("free pair"), OUT (a new /tmp directory).
set -u
cd "$(dirname "$0")/../.."
J25=${J25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
: "${JAR:?set JAR to an engine.jar}" "${AOT:?set AOT to its AOT cache}" "${TPL:?set TPL to a datadir}"
CP=$PWD/taf-runner/target/test-classes:$PWD/taf-runner/target/taf-runner.jar
ROUNDS=${ROUNDS:-6}; MODES=${MODES:-"free pair"}; TIME=${TIME:-15}; PORT=${PORT:-3399}
OUT=${OUT:-$(mktemp -d /tmp/taf-pairpin.XXXXXX)}
newest2() { # $1 pid, $2 thread name (as /proc shows it, 15 characters): the two newest thread ids
    for t in /proc/"$1"/task/*; do [[ "$(cat "$t/comm" 2>/dev/null)" == "$2" ]] && basename "$t"; done | sort -n | tail -2
}
pin() { # $1 engine pid, $2 client pid: re-pin every 0.3 s, so the measured run's new threads are caught
    for _ in $(seq 1 200); do
        mapfile -t e < <(newest2 "$1" engine-connecti)
        mapfile -t c < <(newest2 "$2" taf-load-POINT_)
        if [[ ${#e[@]} == 2 && ${#c[@]} == 2 ]]; then
            for i in 0 1; do taskset -p -c "$i" "${e[$i]}" >/dev/null 2>&1; taskset -p -c "$i" "${c[$i]}" >/dev/null 2>&1; done
        fi
        sleep 0.3
    done
}
for r in $(seq 1 "$ROUNDS"); do
    for m in $MODES; do
        rm -rf "$OUT/data"; cp -a "$TPL" "$OUT/data"
        "$J25" -XX:AOTCache="$AOT" -jar "$JAR" --datadir="$OUT/data" --port="$PORT" --bind_address=127.0.0.1 \
            --pid_file="$OUT/engine.pid" --log_error="$OUT/engine.log" --innodb_buffer_pool_size=64M >/dev/null &
        epid=$!
        for _ in $(seq 1 100); do (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && break; sleep 0.1; done
        sleep 1
        java -cp "$CP" org.taf.runner.workload.LoadGeneratorBench --port="$PORT" --workload=POINT_SELECT --threads=2 \
            --time="$TIME" --warmup=5 --tables=2 --table-size=10000 --live >"$OUT/out.$r.$m" 2>&1 &
        cpid=$!
        pp=""
        if [[ $m == pair ]]; then pin "$epid" "$cpid" & pp=$!; fi
        wait "$cpid"
        [[ -n $pp ]] && kill "$pp" 2>/dev/null
        kill "$epid"; wait "$epid" 2>/dev/null
        echo "$r $m $(grep RESULT "$OUT/out.$r.$m")"
    done
done
python3 - "$OUT" "$TIME" $MODES <<'PY'
import glob, math, re, statistics as st, sys
out, time, modes = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
for m in modes:
    levels, within = [], []
    for f in sorted(glob.glob(f"{out}/out.*.{m}")):
        tps = [float(x) for x in re.findall(r"tps: ([0-9.]+)", open(f).read())][-time:][2:]
        levels.append(st.median(tps))
        within.append(100 * st.stdev(math.log(x) for x in tps))
    print(f"{m}: {len(levels)} starts, kTPS {[round(x / 1e3, 1) for x in levels]},"
          f" between-start CV {100 * st.stdev(math.log(x) for x in levels):.2f}%,"
          f" within a start (1 s) {st.mean(within):.1f}%")
PY
