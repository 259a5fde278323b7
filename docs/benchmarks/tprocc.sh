#!/usr/bin/env bash
# Benchmark (not a test) for issue 33's targets, TPROC-C on TAF's engine; docs/benchmarks/tprocc.md has the method.
#   1. NOPM: the engine and a real MariaDB 10.11, both at innodb_flush_log_at_trx_commit = 1, the same loader
#      and the same driver (TAF's load generator), W warehouses, each virtual-user count for TIME seconds after
#      WARMUP seconds; the consistency conditions 1-4 checked after loading and after every run; errors counted
#      (lock waits and deadlocks; the 1% of new orders rolled back on an unused item are not errors).
#   2. A/A: ./taf run properties/tprocc.properties with HEAD against HEAD, its wall time and verdicts.
#
#   bash docs/benchmarks/tprocc.sh                          # both parts: 10-minute runs at 2 and 8 VUs, then A/A
#   PART=nopm TIME=30 WARMUP=5 VUS=2 bash docs/benchmarks/tprocc.sh    # a 30-second smoke run of part 1
#   PART=aa bash docs/benchmarks/tprocc.sh
#   PART=nopm SERVERS=engine bash docs/benchmarks/tprocc.sh         # the engine alone (the 10-minute target)
#
# Needs: Java 17, Maven, mariadb-server (mariadbd, mariadb-install-db, mariadb), python3. Quiet machine wanted.
set -euo pipefail
cd "$(dirname "$0")/../.."

PART=${PART:-all}
TIME=${TIME:-600}
WARMUP=${WARMUP:-60}
VUS=${VUS:-"2 8"}
WAREHOUSES=${WAREHOUSES:-2}
POOL=${POOL:-1G}
SERVERS=${SERVERS:-"engine mariadb"}
OUT=${OUT:-$(mktemp /tmp/taf-tprocc-bench.XXXXXX.tsv)}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_for() { # port
    for _ in $(seq 1 600); do
        mariadb -h127.0.0.1 -P"$1" -uroot -e 'SELECT 1' >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    echo "no server on port $1" >&2
    return 1
}

PIDS=()
DIRS=()
cleanup() {
    for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
    for d in "${DIRS[@]}"; do rm -rf "$d"; done
}
trap cleanup EXIT

part_nopm() {
    CPFILE=$(mktemp)
    mvn -B -ntp -q -pl taf-runner -am test-compile dependency:build-classpath -Dmdep.includeScope=runtime \
        -Dmdep.outputFile="$CPFILE"
    CP="taf-runner/target/test-classes:taf-runner/target/classes:$(cat "$CPFILE")"
    rm -f "$CPFILE"
    [[ -f engine/target/engine.jar ]] || mvn -B -ntp -q -pl engine package -DskipTests

    local dir port
    dir=$(mktemp -d /tmp/taf-tprocc-engine.XXXXXX); DIRS+=("$dir"); port=$(free_port)
    java -jar engine/target/engine.jar --datadir="$dir/data" --port="$port" --bind_address=127.0.0.1 \
        --innodb_buffer_pool_size="$POOL" --innodb_flush_log_at_trx_commit=1 --log_error="$dir/engine.err" \
        >"$dir/stdout" 2>&1 &
    PIDS+=($!); ENGINE_PORT=$port
    wait_for "$ENGINE_PORT"
    if [[ " $SERVERS " == *" mariadb "* ]]; then
        dir=$(mktemp -d /tmp/taf-tprocc-mariadb.XXXXXX); DIRS+=("$dir"); port=$(free_port)
        mariadb-install-db --no-defaults --auth-root-authentication-method=normal --datadir="$dir/data" \
            >"$dir/install.log" 2>&1
        mariadbd --no-defaults --user=root --datadir="$dir/data" --bind-address=127.0.0.1 --port="$port" \
            --socket="$dir/sock" --skip-grant-tables --skip-name-resolve --innodb-buffer-pool-size="$POOL" \
            --innodb-flush-log-at-trx-commit=1 >"$dir/mariadbd.log" 2>&1 &
        PIDS+=($!); MARIADB_PORT=$port
        wait_for "$MARIADB_PORT"
    fi

    bench() { # port, then LoadGeneratorBench arguments
        local p=$1; shift
        java -cp "$CP" org.taf.runner.workload.LoadGeneratorBench --port="$p" --db=tpcc --workload=TPROC-C \
            --warehouses="$WAREHOUSES" "$@"
    }
    for server in $SERVERS; do
        local p=$ENGINE_PORT
        [[ $server == mariadb ]] && p=$MARIADB_PORT
        mariadb -h127.0.0.1 -P"$p" -uroot -e 'CREATE DATABASE tpcc'
        local start=$SECONDS
        bench "$p" --prepare --threads=2
        echo "$server: $WAREHOUSES warehouses loaded and checked in $((SECONDS - start)) s" >&2
    done
    printf 'round\tserver\tvus\tseconds\ttps\tqps\tclient_cpu_s\tnopm\ttpm\terrors\n' >"$OUT"
    # Alternating which server goes first, so that drift falls on both alike; each run goes on the data the
    # previous runs left, as HammerDB's consecutive runs do.
    local round=0
    for vus in $VUS; do
        round=$((round + 1))
        local order=($SERVERS)
        (( round % 2 == 0 )) && order=($(printf '%s\n' $SERVERS | tac))
        for server in "${order[@]}"; do
            local p=$ENGINE_PORT
            [[ $server == mariadb ]] && p=$MARIADB_PORT
            bench "$p" --threads="$vus" --time="$TIME" --warmup="$WARMUP" \
                | awk -v r="$round" -v s="$server" -v OFS='\t' \
                    '/^RESULT/ {print r, s, $3, $4, $5, $6, $7, $8, $9, $10}' | tee -a "$OUT"
        done
    done
    python3 - "$OUT" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
print("| VUs | engine NOPM | MariaDB NOPM | engine / MariaDB | engine TPM | MariaDB TPM | errors engine / MariaDB |")
print("|---|---|---|---|---|---|---|")
for vus in sorted({int(r["vus"]) for r in rows}):
    e = next(r for r in rows if r["server"] == "engine" and int(r["vus"]) == vus)
    none = {"nopm": "nan", "tpm": "nan", "errors": "-"}  # SERVERS=engine: no MariaDB run
    m = next((r for r in rows if r["server"] == "mariadb" and int(r["vus"]) == vus), none)
    ratio = float(e["nopm"]) / float(m["nopm"]) if float(m["nopm"]) else float("nan")
    print(f"| {vus} | {float(e['nopm']):,.0f} | {float(m['nopm']):,.0f} | {ratio:.2f} | {float(e['tpm']):,.0f} |"
          f" {float(m['tpm']):,.0f} | {e['errors']} / {m['errors']} |")
print(f"\nraw data: {sys.argv[1]}")
PY
}

part_aa() {
    local start=$SECONDS
    ./taf run properties/tprocc.properties -Dparent=HEAD -Dpatch=HEAD -Dname=tprocc-aa \
        -Dcomments="TPROC-C A/A: HEAD against HEAD" | tee "$OUT.aa.log"
    local took=$((SECONDS - start))
    echo "A/A wall time: $((took / 60)) min $((took % 60)) s (target: decided within 15 min)"
}

case $PART in
    nopm) part_nopm ;;
    aa) part_aa ;;
    all) part_nopm; part_aa ;;
    *) echo "PART ($PART) must be nopm, aa or all" >&2; exit 2 ;;
esac
