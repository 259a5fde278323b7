#!/usr/bin/env bash
# Benchmark (not a test): how much slower POINT_SELECT gets for each value of the engine's
# calibration variable taf_statement_cpu_work (busy CPU rounds per statement). One engine, one data
# set; the value is changed live with SET GLOBAL between sysbench runs, in rotated order each round
# (0 A B C, then A B C 0, ...) so that drift and neighbours' noise fall on every value alike. For each
# run: sysbench's TPS and the engine's CPU time per transaction from /proc/<pid>/stat (utime+stime).
# Prints a Markdown table of medians; raw numbers go to $OUT (TSV).
#
#   bash docs/benchmarks/calibrate-cpu-work.sh                       # values 0 2000 5000 10000 20000
#   VALUES="0 3000 6000" ROUNDS=5 TIME=20 bash docs/benchmarks/calibrate-cpu-work.sh
#
# Needs: Java 17, Maven, sysbench 1.0.20, the mariadb client, python3.
set -euo pipefail
cd "$(dirname "$0")/../.."

VALUES=${VALUES:-"0 2000 5000 10000 20000"}
ROUNDS=${ROUNDS:-3}
TIME=${TIME:-10}
THREADS=${THREADS:-2}
TABLES=${TABLES:-2}
TABLE_SIZE=${TABLE_SIZE:-10000}
OUT=${OUT:-$(mktemp /tmp/taf-cpu-work.XXXXXX.tsv)}

[[ -f engine/target/engine.jar ]] || mvn -B -ntp -q -pl engine package -DskipTests
DIR=$(mktemp -d /tmp/taf-cpu-work.XXXXXX)
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
java -jar engine/target/engine.jar --datadir="$DIR/data" --port="$PORT" --bind_address=127.0.0.1 \
    --innodb_buffer_pool_size=64M --log_error="$DIR/engine.err" >"$DIR/stdout" 2>&1 &
ENGINE=$!
cleanup() { kill "$ENGINE" 2>/dev/null || true; wait "$ENGINE" 2>/dev/null || true; rm -rf "$DIR"; }
trap cleanup EXIT
for _ in $(seq 1 300); do
    mariadb -h127.0.0.1 -P"$PORT" -uroot -e 'SELECT 1' >/dev/null 2>&1 && break
    sleep 0.1
done
sql() { mariadb -h127.0.0.1 -P"$PORT" -uroot -N -e "$1"; }
sql 'CREATE DATABASE sbtest'
SB=(--db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$PORT" --mysql-user=root --mysql-db=sbtest
    --tables="$TABLES" --table-size="$TABLE_SIZE")
sysbench oltp_point_select "${SB[@]}" prepare >/dev/null
sysbench oltp_point_select "${SB[@]}" --threads="$THREADS" --time=5 run >/dev/null # warm-up
TICKS=$(getconf CLK_TCK)
cpu() { awk -v t="$TICKS" '{ sub(/.*\) /, ""); print ($12 + $13) / t }' "/proc/$ENGINE/stat"; }

printf 'round\tvalue\ttps\tevents\tcpu_s\tus_per_tx\n' >"$OUT"
read -r -a vals <<<"$VALUES"
n=${#vals[@]}
for r in $(seq 0 $((ROUNDS - 1))); do
    for i in $(seq 0 $((n - 1))); do
        v=${vals[$(((i + r) % n))]}
        sql "SET GLOBAL taf_statement_cpu_work = $v"
        c0=$(cpu)
        res=$(sysbench oltp_point_select "${SB[@]}" --threads="$THREADS" --time="$TIME" run)
        c1=$(cpu)
        tps=$(awk '/transactions:/ { gsub(/\(/, "", $3); print $3 }' <<<"$res")
        events=$(awk '/transactions:/ { print $2 }' <<<"$res")
        python3 -c "print('\t'.join(map(str, [$r, $v, $tps, $events, round($c1 - $c0, 2), round(($c1 - $c0) * 1e6 / $events, 2)])))" >>"$OUT"
    done
done

python3 - "$OUT" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
by = {}
for r in rows:
    by.setdefault(int(r['value']), []).append(r)
base = by[min(by)]
btps = statistics.median(float(r['tps']) for r in base)
bcpu = statistics.median(float(r['us_per_tx']) for r in base)
print('| taf_statement_cpu_work | runs | median TPS | TPS change | CPU us/tx | CPU/tx change |')
print('|---:|---:|---:|---:|---:|---:|')
for v in sorted(by):
    tps = statistics.median(float(r['tps']) for r in by[v])
    cpu = statistics.median(float(r['us_per_tx']) for r in by[v])
    print(f'| {v} | {len(by[v])} | {tps:,.0f} | {(tps / btps - 1) * 100:+.1f}% | {cpu:.1f} | {(cpu / bcpu - 1) * 100:+.1f}% |')
PY
echo "raw: $OUT" >&2
