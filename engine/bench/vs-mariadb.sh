#!/usr/bin/env bash
# Stock sysbench 1.0.20 against the TAF engine and against stock MariaDB 10.11 on this machine,
# same data (TABLES x TABLE_SIZE rows, uniform keys), both buffer pools larger than the data.
# Prints a Markdown table of TPS and the ratio engine/MariaDB; engine/BENCHMARKS.md quotes it.
#
#   engine/bench/vs-mariadb.sh            # defaults below
#   TIME=30 REPEAT=3 THREADS="2 16" engine/bench/vs-mariadb.sh
#
# Each cell runs the engine and MariaDB alternately (the order flips every repetition) and
# reports the median TPS over REPEAT runs, so background load hits both alike. It also reports
# each server's CPU time per transaction (from /proc/PID/stat over the measured run): on a shared
# machine that is steadier than TPS, and it tells server cost from waiting.
set -euo pipefail

TABLES=${TABLES:-4}
TABLE_SIZE=${TABLE_SIZE:-100000}
TIME=${TIME:-20}
WARMUP=${WARMUP:-5}
REPEAT=${REPEAT:-3}
THREADS=${THREADS:-"2 16"}
WORKLOADS=${WORKLOADS:-"oltp_point_select oltp_read_only oltp_read_write select_random_points"}
POOL=${POOL:-512M}
ENGINE_JAVA_OPTS=${ENGINE_JAVA_OPTS:-}
MARIADB_OPTS=${MARIADB_OPTS:-} # e.g. --innodb-flush-log-at-trx-commit=0 (stock: 1, an fsync per commit)

root="$(cd "$(dirname "$0")/../.." && pwd)"
jar="$root/engine/target/engine.jar"
[ -f "$jar" ] || (cd "$root" && mvn -B -ntp -q -o -pl engine -am package -DskipTests)
work="$(mktemp -d /tmp/taf-vs-mariadb.XXXXXX)"
engine_pid=""
maria_pid=""

cleanup() {
  [ -n "$engine_pid" ] && kill -TERM "$engine_pid" 2>/dev/null && wait "$engine_pid" 2>/dev/null || true
  [ -n "$maria_pid" ] && kill -TERM "$maria_pid" 2>/dev/null && wait "$maria_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# --- the engine ---
# shellcheck disable=SC2086
java $ENGINE_JAVA_OPTS -jar "$jar" --datadir="$work/engine" --port=0 --innodb-buffer-pool-size="$POOL" \
  --max-connections=200 >"$work/engine.out" 2>&1 &
engine_pid=$!
for _ in $(seq 1 100); do grep -q "ready for connections" "$work/engine.out" && break; sleep 0.2; done
engine_port=$(sed -n 's/^engine: ready for connections on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$work/engine.out")
[ -n "$engine_port" ] || { cat "$work/engine.out"; exit 1; }

# --- MariaDB ---
maria_port=$(free_port)
mariadb-install-db --no-defaults --auth-root-authentication-method=normal --datadir="$work/maria" \
  >"$work/maria-install.log" 2>&1
# shellcheck disable=SC2086
mariadbd --no-defaults --user=root --datadir="$work/maria" --bind-address=127.0.0.1 --port="$maria_port" \
  --socket="$work/maria.sock" --innodb-buffer-pool-size="$POOL" --max-connections=200 --skip-log-bin \
  --log-error="$work/maria.err" $MARIADB_OPTS >"$work/maria.out" 2>&1 &
maria_pid=$!
for _ in $(seq 1 100); do
  mariadb-admin --protocol=TCP -h127.0.0.1 -P"$maria_port" -uroot ping >/dev/null 2>&1 && break
  sleep 0.2
done

sb() { # port workload command [options...]
  local port=$1 workload=$2 cmd=$3
  shift 3
  sysbench "$workload" --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$port" --mysql-user=root \
    --mysql-db=sbtest --table-size="$TABLE_SIZE" --rand-type=uniform "$@" "$cmd"
}

for port in "$engine_port" "$maria_port"; do
  mariadb --protocol=TCP -h127.0.0.1 -P"$port" -uroot -e "CREATE DATABASE sbtest"
  sb "$port" oltp_read_write prepare --tables="$TABLES" --threads=2 >/dev/null
done

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

measure() { # port pid workload threads -> "TPS CPU-us-per-transaction" (after a discarded warm-up run)
  local tables=$TABLES out before after
  [[ $3 == select_random_* ]] && tables=1 # these scripts read sbtest1 only
  sb "$1" "$3" run --tables="$tables" --threads="$4" --time="$WARMUP" >/dev/null
  before=$(cpu_ticks "$2")
  out=$(sb "$1" "$3" run --tables="$tables" --threads="$4" --time="$TIME")
  after=$(cpu_ticks "$2")
  echo "$out" | sed -n 's/.*transactions: *\([0-9]*\) *(\([0-9.]*\) per sec.*/\1 \2/p' | {
    read -r n tps
    echo "$tps $(echo "($after - $before) * 1000000 / $(getconf CLK_TCK) / $n" | bc -l)"
  }
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }

echo "| workload | threads | engine TPS | MariaDB 10.11 TPS | engine / MariaDB | engine CPU µs/txn | MariaDB CPU µs/txn |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for w in $WORKLOADS; do
  for t in $THREADS; do
    e_tps=(); m_tps=(); e_cpu=(); m_cpu=()
    for r in $(seq 1 "$REPEAT"); do
      for who in $( (( r % 2 )) && echo "engine maria" || echo "maria engine"); do
        if [ "$who" = engine ]; then
          read -r tps cpu < <(measure "$engine_port" "$engine_pid" "$w" "$t")
          e_tps+=("$tps"); e_cpu+=("$cpu")
        else
          read -r tps cpu < <(measure "$maria_port" "$maria_pid" "$w" "$t")
          m_tps+=("$tps"); m_cpu+=("$cpu")
        fi
      done
    done
    e=$(printf '%s\n' "${e_tps[@]}" | median)
    m=$(printf '%s\n' "${m_tps[@]}" | median)
    ec=$(printf '%s\n' "${e_cpu[@]}" | median)
    mc=$(printf '%s\n' "${m_cpu[@]}" | median)
    printf '| %s | %s | %.0f | %.0f | %.2f | %.1f | %.1f |\n' "$w" "$t" "$e" "$m" "$(echo "$e / $m" | bc -l)" "$ec" "$mc"
  done
done
