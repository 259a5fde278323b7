#!/usr/bin/env bash
# Benchmark (not a test): what jfr = true costs the engine (issue 14). A/B pairs of fresh engine
# starts on copies of one prepared datadir, one start without JFR and one with TAF's recording
# (the settings TAF writes: CPU samples every 10 ms, lock waits from 100 us, 32 MB bound), the order
# flipping every pair; each start runs stock sysbench for WARMUP seconds (discarded) and TIME
# seconds (measured). Prints, per workload, the geometric mean of the pair ratios (with / without)
# with a 95% t interval, and the engine's CPU per transaction the same way.
#
#   bash docs/benchmarks/jfr-overhead.sh
#   PAIRS=8 TIME=10 WORKLOADS="oltp_point_select" THREADS=8 bash docs/benchmarks/jfr-overhead.sh
#
# Settings (environment):
#   PAIRS      A/B pairs per workload                                 (default 6)
#   TIME       measured seconds per start                              (default 10)
#   WARMUP     discarded seconds per start                             (default 5)
#   THREADS    sysbench threads                                        (default 2)
#   WORKLOADS  sysbench workloads                                      (default "oltp_point_select oltp_read_write")
#   TABLES, TABLE_SIZE  data                                          (default 2 x 10000)
set -euo pipefail
PAIRS=${PAIRS:-6}
TIME=${TIME:-10}
WARMUP=${WARMUP:-5}
THREADS=${THREADS:-2}
WORKLOADS=${WORKLOADS:-"oltp_point_select oltp_read_write"}
TABLES=${TABLES:-2}
TABLE_SIZE=${TABLE_SIZE:-10000}
root="$(cd "$(dirname "$0")/../.." && pwd)"
jar="$root/engine/target/engine.jar"
[ -f "$jar" ] || (cd "$root" && mvn -B -ntp -q -o -pl engine -am package -DskipTests)
work="$(mktemp -d /tmp/taf-jfr.XXXXXX)"
pid=""
cleanup() {
  [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
# TAF's own recording settings, with its defaults filled in (JfrRecordingOptions.defaults()).
sed -e 's/@SAMPLE_PERIOD@/10 ms/' -e 's/@LOCK_THRESHOLD@/100000 ns/' \
  "$root/taf-runner/src/main/resources/org/taf/runner/jfr/taf.jfc" >"$work/taf.jfc"
JFR_OPTS="-XX:StartFlightRecording=name=taf,settings=$work/taf.jfc,disk=true,maxsize=33554432,dumponexit=true,filename=$work/engine.jfr -XX:FlightRecorderOptions=stackdepth=128"

start() { # datadir extra-java-opts; sets pid and port
  local out="$work/engine.out"
  # shellcheck disable=SC2086
  java $2 -jar "$jar" --datadir="$1" --port=0 --innodb-buffer-pool-size=256M >"$out" 2>&1 &
  pid=$!
  for _ in $(seq 1 600); do
    port=$(sed -n 's/^engine: ready for connections on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$out")
    [ -n "$port" ] && return 0
    sleep 0.1
  done
  cat "$out" >&2
  exit 1
}
stop() {
  kill -TERM "$pid"
  wait "$pid" 2>/dev/null || true
  pid=""
}
sb() { # workload command [options...]
  local w=$1 cmd=$2
  shift 2
  sysbench "$w" --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$port" --mysql-user=root \
    --tables="$TABLES" --table-size="$TABLE_SIZE" "$@" "$cmd"
}
ticks=$(getconf CLK_TCK)
cpu_seconds() { awk -v t="$ticks" '{ sub(/.*\) /, ""); print ($12 + $13) / t }' "/proc/$1/stat"; }

mkdir -p "$work/template"
start "$work/template" ""
mariadb --protocol=TCP -h127.0.0.1 -P"$port" -uroot -e "CREATE DATABASE sbtest"
sb oltp_read_write prepare --threads=2 >/dev/null
stop

echo "workload pair order tps_off tps_on cpu_us_off cpu_us_on" >"$work/pairs.txt"
for w in $WORKLOADS; do
  for i in $(seq 1 "$PAIRS"); do
    order="off on"
    [ $((i % 2)) -eq 0 ] && order="on off"
    declare -A tps cpu
    for mode in $order; do
      rm -rf "$work/data" "$work/engine.jfr"
      cp -r "$work/template" "$work/data"
      if [ "$mode" = on ]; then start "$work/data" "$JFR_OPTS"; else start "$work/data" ""; fi
      sb "$w" run --threads="$THREADS" --time="$WARMUP" >/dev/null
      c0=$(cpu_seconds "$pid")
      res=$(sb "$w" run --threads="$THREADS" --time="$TIME")
      c1=$(cpu_seconds "$pid")
      t=$(sed -n 's/.*transactions: *[0-9]* *(\([0-9.]*\) per sec.*/\1/p' <<<"$res")
      n=$(sed -n 's/.*transactions: *\([0-9]*\) .*/\1/p' <<<"$res")
      tps[$mode]=$t
      cpu[$mode]=$(python3 -c "print(($c1 - $c0) * 1e6 / $n)")
      stop
      if [ "$mode" = on ]; then ls -l "$work/engine.jfr" | awk '{print "recording bytes: " $5}' >&2; fi
    done
    echo "$w $i ${order// /-} ${tps[off]} ${tps[on]} ${cpu[off]} ${cpu[on]}" | tee -a "$work/pairs.txt" >&2
  done
done
python3 - "$work/pairs.txt" <<'EOF'
import math, statistics, sys
from collections import defaultdict
rows = [l.split() for l in open(sys.argv[1]).read().splitlines()[1:]]
by = defaultdict(list)
for w, i, order, t0, t1, c0, c1 in rows:
    by[w].append((math.log(float(t1) / float(t0)), math.log(float(c1) / float(c0))))
T975 = {2: 12.706, 3: 4.303, 4: 3.182, 5: 2.776, 6: 2.571, 7: 2.447, 8: 2.365, 9: 2.306, 10: 2.262, 12: 2.201,
        16: 2.131, 20: 2.093}
def interval(d):
    n = len(d)
    m = statistics.mean(d)
    if n < 2:
        return math.exp(m), None, None
    t = T975.get(n - 1) or T975[min(T975, key=lambda k: abs(k - (n - 1)))]
    h = t * statistics.stdev(d) / math.sqrt(n)
    return math.exp(m), math.exp(m - h), math.exp(m + h)
print("| workload | pairs | TPS with / without JFR [95% CI] | CPU per tx with / without [95% CI] |")
print("|---|---:|---|---|")
for w, d in by.items():
    r, lo, hi = interval([x[0] for x in d])
    c, clo, chi = interval([x[1] for x in d])
    fmt = lambda a, b, x: f"{a:.3f}" + (f" [{b:.3f}, {x:.3f}]" if b else "")
    print(f"| {w} | {len(d)} | {fmt(r, lo, hi)} | {fmt(c, clo, chi)} |")
EOF
