#!/usr/bin/env bash
# Records the CPU trace used by SettleDetectorTest / RestDetectorTest: stock MariaDB 10.11 under
# sysbench 1.0.20 oltp_point_select, its cumulative CPU (utime+stime of /proc/<pid>/stat, all
# threads) sampled about once a second. Phases: "idle" (engine just started, no load), "run"
# (sysbench), "after" (load stopped). The buffer pool starts cold (no load at startup) so the run
# phase begins with a warm-up ramp, as a fresh per-iteration datadir would.
#
# usage: record-trace.sh OUT.csv [idle_s=15] [run_s=90] [after_s=10] [threads=2]
# Needs: mariadbd, mariadb-install-db, mariadb (client), sysbench. Listens on 127.0.0.1 only.
set -euo pipefail
out=$1; idle_s=${2:-15}; run_s=${3:-90}; after_s=${4:-10}; threads=${5:-2}
work=$(mktemp -d /tmp/taf-trace.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
hz=$(getconf CLK_TCK)
pid=
cleanup() { [[ -n $pid ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

start_engine() {
  mariadbd --no-defaults --user=root --datadir="$work/data" --bind-address=127.0.0.1 --port="$port" \
    --socket="$work/sock" --skip-grant-tables --innodb-buffer-pool-load-at-startup=OFF \
    --innodb-buffer-pool-dump-at-shutdown=OFF >>"$work/err.log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do mariadb -h127.0.0.1 -P"$port" -uroot -e 'select 1' >/dev/null 2>&1 && return; sleep 0.2; done
  echo "engine did not start" >&2; cat "$work/err.log" >&2; exit 1
}

mariadb-install-db --no-defaults --auth-root-authentication-method=normal --datadir="$work/data" >/dev/null
start_engine
mariadb -h127.0.0.1 -P"$port" -uroot -e 'CREATE DATABASE sbtest'
sb=(sysbench oltp_point_select --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$port"
    --mysql-user=root --mysql-db=sbtest --tables=4 --table-size=100000 --rand-type=uniform)
"${sb[@]}" prepare >/dev/null
kill "$pid"; wait "$pid" || true
start_engine   # cold buffer pool

{
  echo "# engine CPU trace: MariaDB $(mariadbd --version | awk '{print $3}'), sysbench $(sysbench --version | awk '{print $2}') oltp_point_select"
  echo "# --tables=4 --table-size=100000 --rand-type=uniform --threads=$threads, cold buffer pool; host $(nproc) cores, $(uname -r)"
  echo "# phases: idle ${idle_s}s after start, run ${run_s}s, after ${after_s}s; recorded $(date -u +%Y-%m-%dT%H:%M:%SZ) by record-trace.sh"
  echo "# cpu_seconds = (utime+stime)/CLK_TCK of /proc/<pid>/stat, CLK_TCK=$hz; elapsed from the first sample"
  echo "elapsed_s,cpu_seconds,phase"
} >"$out"

t0=$(date +%s%N); n=0; phase=idle; sb_pid=
sample() {
  local now stat
  now=$(date +%s%N)
  stat=$(</proc/$pid/stat)
  stat=${stat##*) }     # fields after "comm)": field 3 (state) is the first
  read -r -a f <<<"$stat"
  # utime = field 14, stime = field 15 -> indexes 11 and 12 after dropping pid and comm
  awk -v e="$(( now - t0 ))" -v u="${f[11]}" -v s="${f[12]}" -v hz="$hz" -v p="$phase" \
    'BEGIN { printf "%.3f,%.2f,%s\n", e/1e9, (u+s)/hz, p }' >>"$out"
}
tick() { n=$((n+1)); local next=$(( t0 + n*1000000000 )) now; now=$(date +%s%N); (( next > now )) && sleep "$(awk -v d=$(( next - now )) 'BEGIN{print d/1e9}')"; true; }

sample
for _ in $(seq "$idle_s"); do tick; sample; done
phase=run
"${sb[@]}" --threads="$threads" --time="$run_s" --report-interval=0 run >"$work/sysbench.log" 2>&1 &
sb_pid=$!
for _ in $(seq "$run_s"); do tick; sample; done
wait "$sb_pid"
phase=after
for _ in $(seq "$after_s"); do tick; sample; done
grep -E 'transactions:|queries:' "$work/sysbench.log" | sed 's/^ */# sysbench: /' >>"$out"
