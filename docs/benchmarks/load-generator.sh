#!/usr/bin/env bash
# Benchmark (not a test): TAF's Java load generator vs stock sysbench 1.0.20 against the same MariaDB and
# the same data, same threads, run alternately (A B, then B A, ...) so that drift and neighbours' noise
# fall on both tools alike. Prints a Markdown table; raw numbers go to $OUT (TSV).
#
#   bash docs/benchmarks/load-generator.sh                  # 3 rounds, 20 s runs, threads 2 and 8
#   ROUNDS=5 TIME=30 THREADS="2 8" bash docs/benchmarks/load-generator.sh
#   PORT=3306 bash docs/benchmarks/load-generator.sh        # use a running server (root, no password)
#
# Needs: Java 17, Maven, sysbench, mariadb-server (mariadbd, mariadb-install-db), python3.
set -euo pipefail
cd "$(dirname "$0")/../.."

ROUNDS=${ROUNDS:-3}
TIME=${TIME:-20}
WARMUP=${WARMUP:-5}
THREADS=${THREADS:-"2 8"}
TABLES=${TABLES:-4}
TABLE_SIZE=${TABLE_SIZE:-100000}
OUT=${OUT:-$(mktemp /tmp/taf-loadgen-bench.XXXXXX.tsv)}

# --- build our side and its classpath ------------------------------------------------------------
CPFILE=$(mktemp)
mvn -B -ntp -q -pl taf-runner -am test-compile dependency:build-classpath -Dmdep.includeScope=runtime \
    -Dmdep.outputFile="$CPFILE"
CP="taf-runner/target/test-classes:taf-runner/target/classes:$(cat "$CPFILE")"
rm -f "$CPFILE"

# --- a fresh MariaDB on a free port, unless PORT names a running server ---------------------------
SERVER_PID=""
DIR=""
cleanup() {
    if [[ -n "$SERVER_PID" ]]; then
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    [[ -n "$DIR" ]] && rm -rf "$DIR"
}
trap cleanup EXIT
if [[ -z "${PORT:-}" ]]; then
    DIR=$(mktemp -d /tmp/taf-bench-mariadb.XXXXXX)
    mariadb-install-db --no-defaults --auth-root-authentication-method=normal --datadir="$DIR/data" \
        >"$DIR/install.log" 2>&1
    PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    mariadbd --no-defaults --user=root --datadir="$DIR/data" --bind-address=127.0.0.1 --port="$PORT" \
        --socket="$DIR/sock" --skip-grant-tables --skip-name-resolve --innodb-buffer-pool-size=1G \
        >"$DIR/mariadbd.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 1 600); do
        mariadb -h127.0.0.1 -P"$PORT" -uroot -e 'SELECT 1' >/dev/null 2>&1 && break
        sleep 0.1
    done
fi
mariadb -h127.0.0.1 -P"$PORT" -uroot -e 'DROP DATABASE IF EXISTS sbtest; CREATE DATABASE sbtest'

SB=(--db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$PORT" --mysql-user=root --mysql-db=sbtest
    --tables="$TABLES" --table-size="$TABLE_SIZE")
sysbench oltp_read_only "${SB[@]}" --threads=2 prepare >/dev/null

# --- the runs ---------------------------------------------------------------------------------------
run_sysbench() { # script threads -> "tps cpu_seconds"
    local out
    out=$( { TIMEFORMAT='%U %S'; time sysbench "$1" "${SB[@]}" --threads="$2" --time="$TIME" \
        --rand-type=uniform run; } 2>&1 )
    local tps cpu
    tps=$(sed -n 's/.*transactions: *[0-9]* *(\([0-9.]*\) per sec.).*/\1/p' <<<"$out")
    cpu=$(tail -1 <<<"$out" | awk '{print $1 + $2}')
    echo "$tps $cpu"
}
run_ours() { # workload threads -> "tps cpu_seconds"
    java -cp "$CP" org.taf.runner.workload.LoadGeneratorBench --port="$PORT" --workload="$1" \
        --threads="$2" --time="$TIME" --warmup="$WARMUP" --tables="$TABLES" --table-size="$TABLE_SIZE" \
        | awk '/^RESULT/ {print $5, $7}'
}

printf 'round\ttool\tworkload\tthreads\ttps\tclient_cpu_s\n' >"$OUT"
for round in $(seq 1 "$ROUNDS"); do
    for threads in $THREADS; do
        for pair in "oltp_point_select POINT_SELECT" "oltp_read_only OLTP_RO"; do
            read -r script workload <<<"$pair"
            order=(sysbench ours)
            (( round % 2 == 0 )) && order=(ours sysbench)
            for tool in "${order[@]}"; do
                if [[ $tool == sysbench ]]; then r=$(run_sysbench "$script" "$threads");
                else r=$(run_ours "$workload" "$threads"); fi
                read -r tps cpu <<<"$r"
                printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$tool" "$script" "$threads" "$tps" "$cpu" | tee -a "$OUT"
            done
        done
    done
done

# --- summary: medians per tool, ratio of medians, median of the per-round ratios, client CPU per event ---
python3 - "$OUT" "$TIME" <<'EOF'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
secs = float(sys.argv[2])
keys = sorted({(r["workload"], int(r["threads"])) for r in rows}, key=lambda k: (k[0] != "oltp_point_select", k[1]))
print("| workload | threads | sysbench TPS (median) | ours TPS (median) | ours/sysbench | per-round ratios | client CPU µs/event sysbench / ours |")
print("|---|---|---|---|---|---|---|")
for wl, th in keys:
    sel = [r for r in rows if r["workload"] == wl and int(r["threads"]) == th]
    sb = {r["round"]: r for r in sel if r["tool"] == "sysbench"}
    us = {r["round"]: r for r in sel if r["tool"] == "ours"}
    m_sb = statistics.median(float(r["tps"]) for r in sb.values())
    m_us = statistics.median(float(r["tps"]) for r in us.values())
    ratios = [float(us[k]["tps"]) / float(sb[k]["tps"]) for k in sorted(sb) if k in us]
    cpu = lambda d: statistics.median(float(r["client_cpu_s"]) / (float(r["tps"]) * secs) * 1e6 for r in d.values())
    print(f"| {wl} | {th} | {m_sb:,.0f} | {m_us:,.0f} | {m_us / m_sb:.3f} | "
          f"{', '.join(f'{x:.2f}' for x in ratios)} | {cpu(sb):.1f} / {cpu(us):.1f} |")
print(f"\nraw data: {sys.argv[1]}")
EOF
