#!/usr/bin/env bash
# Stock sysbench 1.0.20 against the TAF engine and against stock MariaDB 10.11 on this machine,
# same data (TABLES x TABLE_SIZE rows, uniform keys), both buffer pools larger than the data, the
# same durability on both: innodb_flush_log_at_trx_commit = FLUSH_AT_COMMIT (default 1: the redo
# log written and fsynced at every commit), a redo log of LOG_FILE_SIZE, the doublewrite buffer on,
# and no binary log. Prints a Markdown table of TPS and the ratio engine/MariaDB, then (RECOVERY=1)
# a table of the time each server takes to start again after SIGKILL under write load;
# engine/BENCHMARKS.md quotes both.
#
#   engine/bench/vs-mariadb.sh            # defaults below
#   TIME=30 REPEAT=3 THREADS="2 16" engine/bench/vs-mariadb.sh
#   WORKLOADS="oltp_write_only oltp_read_write" engine/bench/vs-mariadb.sh
#   TIME=2 WARMUP=1 REPEAT=1 TABLES=1 TABLE_SIZE=1000 RECOVERY_LOAD=3 engine/bench/vs-mariadb.sh   # smoke test
#
# Each cell runs the engine and MariaDB alternately (the order flips every repetition) and
# reports the median TPS over REPEAT runs, so background load hits both alike. It also reports
# each server's CPU time per transaction (from /proc/PID/stat over the measured run): on a shared
# machine that is steadier than TPS, and it tells server cost from waiting.
#
# Recovery: for each server, sysbench oltp_write_only runs with RECOVERY_THREADS threads for
# RECOVERY_LOAD seconds, the server is killed with SIGKILL while the load runs, and restarted on
# the same datadir; the time from the restart to accepting connections is the recovery time
# (it includes the JVM's or mariadbd's own start, measured alone as the clean-start time).
set -euo pipefail

TABLES=${TABLES:-4}
TABLE_SIZE=${TABLE_SIZE:-100000}
TIME=${TIME:-20}
WARMUP=${WARMUP:-5}
REPEAT=${REPEAT:-3}
THREADS=${THREADS:-"2 16"}
WORKLOADS=${WORKLOADS:-"oltp_point_select oltp_read_only oltp_read_write oltp_write_only select_random_points"}
POOL=${POOL:-512M}
FLUSH_AT_COMMIT=${FLUSH_AT_COMMIT:-1}
LOG_FILE_SIZE=${LOG_FILE_SIZE:-96M}
RECOVERY=${RECOVERY:-1}
RECOVERY_THREADS=${RECOVERY_THREADS:-16}
RECOVERY_LOAD=${RECOVERY_LOAD:-20}
ENGINE_JAVA_OPTS=${ENGINE_JAVA_OPTS:-}
ENGINE_OPTS=${ENGINE_OPTS:-}   # e.g. --innodb-log-spin-wait-delay=30
MARIADB_OPTS=${MARIADB_OPTS:-} # e.g. --innodb-log-spin-wait-delay=30

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

now_ms() { date +%s%3N; }

# --- the engine ---
start_engine() { # sets engine_pid, engine_port and start_ms (milliseconds until it was ready)
  local t0 out
  t0=$(now_ms)
  out="$work/engine.$t0.out"
  # shellcheck disable=SC2086
  java $ENGINE_JAVA_OPTS -jar "$jar" --datadir="$work/engine" --port=0 --innodb-buffer-pool-size="$POOL" \
    --max-connections=200 --innodb-flush-log-at-trx-commit="$FLUSH_AT_COMMIT" \
    --innodb-log-file-size="$LOG_FILE_SIZE" --innodb-doublewrite=ON $ENGINE_OPTS >"$out" 2>&1 &
  engine_pid=$!
  for _ in $(seq 1 3000); do grep -q "ready for connections" "$out" && break; sleep 0.02; done
  engine_port=$(sed -n 's/^engine: ready for connections on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$out")
  [ -n "$engine_port" ] || { cat "$out" >&2; exit 1; }
  start_ms=$(($(now_ms) - t0))
}

# --- MariaDB ---
maria_port=$(free_port)
mariadb-install-db --no-defaults --auth-root-authentication-method=normal --datadir="$work/maria" \
  >"$work/maria-install.log" 2>&1
start_maria() { # sets maria_pid and start_ms (milliseconds until it answered a ping)
  local t0
  t0=$(now_ms)
  # shellcheck disable=SC2086
  mariadbd --no-defaults --user=root --datadir="$work/maria" --bind-address=127.0.0.1 --port="$maria_port" \
    --socket="$work/maria.sock" --innodb-buffer-pool-size="$POOL" --max-connections=200 --skip-log-bin \
    --innodb-flush-log-at-trx-commit="$FLUSH_AT_COMMIT" --innodb-log-file-size="$LOG_FILE_SIZE" \
    --innodb-doublewrite=ON --log-error="$work/maria.err" $MARIADB_OPTS >>"$work/maria.out" 2>&1 &
  maria_pid=$!
  for _ in $(seq 1 3000); do
    mariadb-admin --protocol=TCP -h127.0.0.1 -P"$maria_port" -uroot ping >/dev/null 2>&1 && break
    sleep 0.02
  done
  mariadb-admin --protocol=TCP -h127.0.0.1 -P"$maria_port" -uroot ping >/dev/null 2>&1 \
    || { tail -20 "$work/maria.err" >&2; exit 1; }
  start_ms=$(($(now_ms) - t0))
}

start_engine
engine_clean_start_ms=$start_ms
start_maria
maria_clean_start_ms=$start_ms

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
# Both servers must run as asked: refuse to measure anything else.
for port in "$engine_port" "$maria_port"; do
  got=$(mariadb --protocol=TCP -h127.0.0.1 -P"$port" -uroot -N -e "SELECT @@innodb_flush_log_at_trx_commit")
  [ "$got" = "$FLUSH_AT_COMMIT" ] || { echo "port $port runs innodb_flush_log_at_trx_commit=$got" >&2; exit 1; }
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

echo "innodb_flush_log_at_trx_commit=$FLUSH_AT_COMMIT on both, innodb_log_file_size=$LOG_FILE_SIZE, doublewrite on, no binary log;" \
  "$TABLES tables x $TABLE_SIZE rows, buffer pools $POOL, $TIME s per run, median of $REPEAT"
echo
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

[ "$RECOVERY" = 1 ] || exit 0

# --- recovery after SIGKILL under write load ---
crash_and_restart() { # who port pid; sets start_ms
  local who=$1 port=$2 pid=$3 load
  sb "$port" oltp_write_only run --tables="$TABLES" --threads="$RECOVERY_THREADS" --time=$((RECOVERY_LOAD + 30)) \
    >/dev/null 2>&1 &
  load=$!
  sleep "$RECOVERY_LOAD"
  kill -KILL "$pid"
  wait "$pid" 2>/dev/null || true
  wait "$load" 2>/dev/null || true # sysbench ends with errors once its server is gone
  if [ "$who" = engine ]; then start_engine; else start_maria; fi
}

echo
echo "Start after SIGKILL under oltp_write_only at $RECOVERY_THREADS threads for $RECOVERY_LOAD s" \
  "(the clean start of each server, measured at the beginning: engine $engine_clean_start_ms ms, MariaDB $maria_clean_start_ms ms):"
echo
echo "| server | start after the crash (ms) | clean start (ms) | what recovery did |"
echo "|---|---:|---:|---|"
crash_and_restart engine "$engine_port" "$engine_pid"
ms=$start_ms
info=$(mariadb --protocol=TCP -h127.0.0.1 -P"$engine_port" -uroot -N -e "SHOW GLOBAL STATUS LIKE 'Innodb_recovery%'" \
  | awk '{printf "%s%s=%s", (NR > 1 ? ", " : ""), substr($1, 17), $2}')
echo "| engine | $ms | $engine_clean_start_ms | $info |"
crash_and_restart maria "$maria_port" "$maria_pid"
ms=$start_ms
info=$(grep -E "InnoDB: (Starting crash recovery|To recover|Rolled back|.*recovery)" "$work/maria.err" | tail -3 \
  | sed 's/^.*InnoDB: //' | tr '\n' ';' | sed 's/|/\//g; s/;$//')
echo "| MariaDB 10.11 | $ms | $maria_clean_start_ms | $info |"
