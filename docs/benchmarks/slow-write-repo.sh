#!/usr/bin/env bash
# Benchmark helper (not a test), used by gate-and-nightly.sh, gate-slowdown.sh and any-day.sh: makes a temporary
# git repository holding this engine (its sources and the poms) with COMMITS commits. Commit STEP adds a
# committed CPU loop to the write path: WRITE_ROUNDS dependent xorshift rounds (StatementCpuWork.spin, the
# work of taf_statement_cpu_work) in WritePlan.run, for UPDATE statements only; with KIND read, to the read
# path instead: that many rounds in SelectPlan.run, every SELECT (a point select's CPU slowdown). The other
# commits change a text file only. Commit 0 is tagged v1.0. STEP=0: no slowdown, every commit runs the same engine.
#
#   bash docs/benchmarks/slow-write-repo.sh REPO COMMITS STEP WRITE_ROUNDS [KIND]
set -euo pipefail
cd "$(dirname "$0")/../.."
REPO=$1 COMMITS=$2 STEP=$3 WRITE_ROUNDS=$4 KIND=${5:-write}
if [[ $KIND == read ]]; then
    WRITE_PLAN=engine/src/main/java/org/taf/engine/sql/exec/SelectPlan.java
    RUN_TARGET='        long offset = limits.offset(params);'
    GUARD=true
else
    WRITE_PLAN=engine/src/main/java/org/taf/engine/sql/exec/WritePlan.java
    RUN_TARGET='        long[] counts = new long[2]; // matched, changed'
    GUARD='targets != null'
fi

rm -rf "$REPO"
mkdir -p "$REPO/taf-runner" "$REPO/engine/src"
cp pom.xml "$REPO/"
cp taf-runner/pom.xml "$REPO/taf-runner/"
cp engine/pom.xml "$REPO/engine/"
cp -r engine/src/main "$REPO/engine/src/"
grep -qF "$RUN_TARGET" "$REPO/$WRITE_PLAN" || { echo "slow-write-repo: $WRITE_PLAN's target moved" >&2; exit 3; }
git -C "$REPO" init -q -b main
git -C "$REPO" config user.name "TAF benchmark"
git -C "$REPO" config user.email "taf@example.org"
for ((i = 0; i < COMMITS; i++)); do
    if ((i == STEP && STEP > 0)); then
        python3 - "$REPO/$WRITE_PLAN" "$WRITE_ROUNDS" "$RUN_TARGET" "$GUARD" "$KIND" <<'PY'
import sys
path, rounds, target, guard, kind = sys.argv[1:6]
code = open(path).read()
loop = ("        if (" + guard + " && StatementCpuWork.spin(" + rounds + "L, System.nanoTime()) == 0) {"
        " // the benchmark's " + kind + "-path slowdown\n            throw new AssertionError();\n        }\n")
open(path, "w").write(code.replace(target, loop + target, 1))
PY
        msg="Slow down the $KIND path ($WRITE_ROUNDS rounds per $([[ $KIND == read ]] && echo SELECT || echo UPDATE))"
    else
        echo "notes of commit $i" >"$REPO/NOTES.txt"
        msg="Notes $i"
    fi
    git -C "$REPO" add -A
    git -C "$REPO" commit -q -m "$msg"
    if ((i == 0)); then
        git -C "$REPO" tag v1.0
    fi
done
