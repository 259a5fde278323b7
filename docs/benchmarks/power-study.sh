#!/usr/bin/env bash
# Benchmark (not a test): TAF's false-positive and detection rates on this machine. Runs repeated
# A/A comparisons (both sides taf_statement_cpu_work=0) and A/B comparisons whose patch side burns
# extra CPU per statement (the engine's calibration variable), at fixed time budgets, all through
# `./taf run` with -D overrides; collects each run's verdict from its results.json and prints a
# Markdown table per effect size and budget. Raw rows go to $OUT/runs.tsv.
#
#   bash docs/benchmarks/power-study.sh                          # the study: 20 repeats, 0/1/2/3/5%, 2m 5m 10m
#   REPEATS=1 EFFECTS=5 BUDGETS=1m bash docs/benchmarks/power-study.sh   # a smoke run of one comparison
#
# Settings (environment):
#   EFFECTS         slowdowns in percent; 0 is the A/A case                    (default "0 1 2 3 5")
#   BUDGETS         stats.budget values: time the adaptive loop may spend      (default "2m 5m 10m")
#   REPEATS         comparisons per effect and budget                          (default 20)
#   ROUNDS_PER_PCT  taf_statement_cpu_work rounds that slow POINT_SELECT by 1% (default 110, see
#                   power-study.md for how it was measured; re-measure with calibrate-cpu-work.sh)
#   EFFECT_ROUNDS   explicit "pct:rounds" pairs, overriding ROUNDS_PER_PCT, e.g. "1:200 5:1000"
#   DEFINITION      the test definition                      (default docs/benchmarks/power-study.properties)
#   OUT             directory for the runs and the table     (default a new /tmp/taf-power.XXXXXX)
#   SEED            order of the runs (shuffled, so drift falls on every cell alike)   (default 1)
#   EXTRA           more -D overrides for every run, e.g. "-Dmeasure.iterations=5"
# Exit: 0 when every run finished with exit 0, 1 or 2 (pass / regression / inconclusive), else 3.
set -euo pipefail
cd "$(dirname "$0")/../.."

EFFECTS=${EFFECTS:-"0 1 2 3 5"}
BUDGETS=${BUDGETS:-"2m 5m 10m"}
REPEATS=${REPEATS:-20}
ROUNDS_PER_PCT=${ROUNDS_PER_PCT:-110}
EFFECT_ROUNDS=${EFFECT_ROUNDS:-}
DEFINITION=${DEFINITION:-docs/benchmarks/power-study.properties}
OUT=${OUT:-$(mktemp -d /tmp/taf-power.XXXXXX)}
SEED=${SEED:-1}
EXTRA=${EXTRA:-}
mkdir -p "$OUT"

rounds_for() { # pct -> rounds
    local pct=$1 pair
    for pair in $EFFECT_ROUNDS; do
        [[ ${pair%%:*} == "$pct" ]] && { echo "${pair#*:}"; return; }
    done
    python3 -c "print(round($pct * $ROUNDS_PER_PCT))"
}

# The plan: every (effect, budget, repeat), shuffled with SEED.
python3 - "$SEED" "$REPEATS" "$EFFECTS" "$BUDGETS" >"$OUT/plan.tsv" <<'PY'
import random, sys
seed, repeats, effects, budgets = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3].split(), sys.argv[4].split()
plan = [(e, b, r) for e in effects for b in budgets for r in range(repeats)]
random.Random(seed).shuffle(plan)
for e, b, r in plan:
    print(f"{e}\t{b}\t{r}")
PY

[[ -f "$OUT/runs.tsv" ]] || printf 'effect_pct\trounds\tbudget\trepeat\texit\tseconds\tverdict\tratio\tci_low\tci_high\tp_adjusted\tpairs\tstop\tcpu_ratio\tcpu_ci_low\tcpu_ci_high\tcpu_change\tresults\n' >"$OUT/runs.tsv"
status=0
n=0
total=$(wc -l <"$OUT/plan.tsv")
while IFS=$'\t' read -r effect budget repeat; do
    n=$((n + 1))
    rounds=$(rounds_for "$effect")
    dir="$OUT/runs/e${effect}-b${budget}-r${repeat}"
    if grep -q "^${effect}	${rounds}	${budget}	${repeat}	" "$OUT/runs.tsv"; then
        continue # already done: a study can be resumed with the same OUT
    fi
    mkdir -p "$dir"
    echo "power-study: run $n/$total: effect ${effect}% (${rounds} rounds), budget $budget, repeat $repeat" >&2
    start=$(date +%s)
    set +e
    # shellcheck disable=SC2086
    ./taf run "$DEFINITION" -Dparent.engine.taf_statement_cpu_work=0 \
        -Dpatch.engine.taf_statement_cpu_work="$rounds" -Dstats.budget="$budget" \
        -Doutput.results_dir="$dir/results" -Doutput.site_dir="$dir/site" -Doutput.publish=false $EXTRA \
        >"$dir/taf.log" 2>&1
    code=$?
    set -e
    seconds=$(($(date +%s) - start))
    [[ $code -le 2 ]] || status=3
    results=$(find "$dir/results" -name results.json -print -quit 2>/dev/null || true)
    python3 - "$effect" "$rounds" "$budget" "$repeat" "$code" "$seconds" "${results:-}" >>"$OUT/runs.tsv" <<'PY'
import json, sys
effect, rounds, budget, repeat, code, seconds, path = sys.argv[1:8]
row = [effect, rounds, budget, repeat, code, seconds]
v = None
if path:
    run = json.load(open(path))
    cells = [c for cmp in run["comparisons"] for c in cmp["cells"]]
    v = cells[0]["verdict"] if cells else None
if v is None:
    row += ["NO_RESULT"] + [""] * 10 + [path]
else:
    cpu = v.get("cpu") or {}
    fmt = lambda x: "" if x is None else (f"{x:.4f}" if isinstance(x, float) else str(x))
    row += [v["verdict"], fmt(v.get("ratio")), fmt(v.get("ci_low")), fmt(v.get("ci_high")), fmt(v.get("p_adjusted")),
            str(v.get("pairs_used")), v.get("stop_reason") or "", fmt(cpu.get("ratio")), fmt(cpu.get("ci_low")),
            fmt(cpu.get("ci_high")), cpu.get("change", ""), path]
print("\t".join(row))
PY
    tail -n 1 "$OUT/runs.tsv" | cut -f1-13 >&2
done <"$OUT/plan.tsv"

# The table: per budget and effect, how often TAF said what.
python3 - "$OUT/runs.tsv" >"$OUT/table.md" <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1]), delimiter="\t")]
def key(r): return (r["budget"], float(r["effect_pct"]))
cells = {}
for r in rows:
    cells.setdefault(key(r), []).append(r)
print("| budget | effect | runs | regressed | no change | inconclusive | improved | no result |"
      " false positives (A/A) / detected (A/B) | CPU/tx higher | mean pairs | mean minutes |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for (budget, effect) in sorted(cells, key=lambda k: (k[0], k[1])):
    rs = cells[(budget, effect)]
    n = len(rs)
    count = lambda v: sum(1 for r in rs if r["verdict"] == v)
    reg, same, inc, imp = count("REGRESSED"), count("NO_CHANGE"), count("INCONCLUSIVE"), count("IMPROVED")
    none = n - reg - same - inc - imp
    if effect == 0:
        rate = f"FP {reg + imp}/{n} = {(reg + imp) / n:.0%}"
    else:
        rate = f"detected {reg}/{n} = {reg / n:.0%}"
    cpu = sum(1 for r in rs if r["cpu_change"] == "HIGHER")
    pairs = [int(r["pairs"]) for r in rs if r["pairs"]]
    mean_pairs = f"{sum(pairs) / len(pairs):.1f}" if pairs else "-"
    minutes = sum(int(r["seconds"]) for r in rs) / n / 60
    print(f"| {budget} | {effect:g}% | {n} | {reg} | {same} | {inc} | {imp} | {none} | {rate} | {cpu}/{n} |"
          f" {mean_pairs} | {minutes:.1f} |")
PY
cat "$OUT/table.md"
echo "power-study: runs in $OUT/runs.tsv, table in $OUT/table.md" >&2
exit $status
