#!/usr/bin/env bash
# Experiment (not a test; issue 18): how steady is the raw speed of each CPU of this VM, and do the two
# CPUs slow down together? One copy of a dependent xorshift64 loop per CPU (taskset), each counting its
# rounds per 100 ms for SECONDS_RUN seconds; prints each CPU's CV per 100 ms and per 1 s and the
# correlation between the CPUs. A compute loop touches no memory, makes no system calls and wakes no
# one: what it shows is the host's share of the core, not the engine's.
#
#   bash docs/benchmarks/cpu-speed.sh            # 30 s
set -euo pipefail
SECONDS_RUN=${SECONDS_RUN:-30}
DIR=$(mktemp -d /tmp/taf-cpuspeed.XXXXXX)
cat >"$DIR/spin.c" <<'C'
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
int main(int argc, char **argv) {
    int n = atoi(argv[1]) * 10; uint64_t x = 88172645463325252ULL; double next = now() + 0.1; long k = 0;
    for (int i = 0; i < n;) {
        for (int j = 0; j < 1000; j++) { x ^= x << 13; x ^= x >> 7; x ^= x << 17; }
        k++;
        if (now() >= next) { printf("%ld\n", k); k = 0; next += 0.1; i++; }
    }
    fprintf(stderr, "%lu\n", (unsigned long) x); /* keeps the loop */
    return 0;
}
C
gcc -O2 -o "$DIR/spin" "$DIR/spin.c"
taskset -c 0 "$DIR/spin" "$SECONDS_RUN" >"$DIR/cpu0.txt" 2>/dev/null &
taskset -c 1 "$DIR/spin" "$SECONDS_RUN" >"$DIR/cpu1.txt" 2>/dev/null
wait
python3 - "$DIR" <<'PY'
import statistics as st, sys
d = sys.argv[1]
a = [int(l) for l in open(d + "/cpu0.txt")][1:]
b = [int(l) for l in open(d + "/cpu1.txt")][1:]
n = min(len(a), len(b)); a, b = a[:n], b[:n]
cv = lambda x: 100 * st.stdev(x) / st.mean(x)
A = [sum(a[i:i + 10]) for i in range(0, n - 9, 10)]
B = [sum(b[i:i + 10]) for i in range(0, n - 9, 10)]
print(f"per 100 ms: CPU 0 CV {cv(a):.2f}%, CPU 1 CV {cv(b):.2f}%, correlation {st.correlation(a, b):.2f}")
print(f"per 1 s:    CPU 0 CV {cv(A):.2f}%, CPU 1 CV {cv(B):.2f}%, correlation {st.correlation(A, B):.2f}")
PY
rm -rf "$DIR"
