#!/usr/bin/env bash
# Benchmark (not a test): the spread of A/B pair ratios in an A/A comparison (HEAD against itself) when
# each pair restarts its engines for one window (measure.mode = restart) against when both engines of a
# pair stay alive and the load alternates between them (measure.mode = alternate), side by side in one
# session, the adaptive loop off (issue 18). About 15 minutes on this VM.
#
#   bash docs/benchmarks/alternate-vs-restart.sh
#   PAIRS=12 OUT=/tmp/x bash docs/benchmarks/alternate-vs-restart.sh
#
# Settings (environment): PAIRS (default 8), OUT (default a new /tmp/taf-altrestart.XXXXXX; resumable),
# RUNS (lines of "name|taf options", default the three designs below).
# Prints, per run, the SD of the pairs' log-ratios (what the verdict's interval is made of), the
# side levels of every pair, and TAF's verdict line for TPS and CPU per transaction.
set -euo pipefail
cd "$(dirname "$0")/../.."
PAIRS=${PAIRS:-8}
OUT=${OUT:-$(mktemp -d /tmp/taf-altrestart.XXXXXX)}
mkdir -p "$OUT/results"
RUNS=${RUNS:-"alt-5x2s|-Dmeasure.mode=alternate -Dmeasure.windows=5 -Dmeasure.duration=2s
restart-5s|-Dmeasure.mode=restart -Dmeasure.duration=5s
alt-10x1s|-Dmeasure.mode=alternate -Dmeasure.windows=10 -Dmeasure.duration=1s"}
while IFS='|' read -r name opts; do
    if compgen -G "$OUT/results/*-aa-$name/results.json" >/dev/null; then
        continue
    fi
    echo "alternate-vs-restart: $name ($opts)" >&2
    set +e
    # shellcheck disable=SC2086 # opts holds several options
    ./taf run properties/quick.properties -Dname="aa-$name" -Dparent=HEAD -Dpatch=HEAD $opts \
        -Dmeasure.iterations="$PAIRS" -Dstats.max_pairs="$PAIRS" \
        -Doutput.results_dir="$OUT/results" -Doutput.site_dir="$OUT/site" -Doutput.publish=false \
        >"$OUT/$name.log" 2>&1
    code=$?
    set -e
    [[ $code -gt 2 ]] && { tail -20 "$OUT/$name.log"; exit "$code"; }
done <<<"$RUNS"
python3 - "$OUT/results" <<'PY'
import glob, json, math, statistics as st, sys
for f in sorted(glob.glob(sys.argv[1] + "/*/results.json")):
    r = json.load(open(f))
    cell = r["comparisons"][0]["cells"][0]
    med = lambda it: st.median(s["events"] / s["interval_seconds"] for s in it["samples"])
    a = [med(i) for i in cell["parent"]]
    b = [med(i) for i in cell["patch"]]
    d = [math.log(y / x) for x, y in zip(a, b)]
    secs = (len(cell["parent"][0]["samples"]) * cell["parent"][0]["samples"][0]["interval_seconds"])
    t0, t1 = cell["parent"][0]["started_at"], max(i["started_at"] for i in cell["parent"] + cell["patch"])
    print(f"{r['name']}: {cell['mode'].lower()}, {len(d)} pairs, {secs:.0f} s measured per side and pair,"
          f" SD of pair log-ratios {100 * st.stdev(d):.2f}%")
    print("  parent kTPS", [round(x / 1e3) for x in a])
    print("  patch  kTPS", [round(x / 1e3) for x in b])
    for m in cell["verdict"]["metrics"][:2]:
        print(f"  {m['metric']}: {m['ratio']:.4f} [{m['ci_low']:.4f}, {m['ci_high']:.4f}] sd {100 * m['sd_log']:.2f}%"
              f" -> {m['change']}; verdict {cell['verdict']['verdict']}")
    from datetime import datetime
    span = (datetime.fromisoformat(r["finished_at"].replace("Z", "+00:00")) -
            datetime.fromisoformat(t0.replace("Z", "+00:00"))).total_seconds()
    warm = st.median(i["warmup"]["cut_at_seconds"] for i in cell["parent"] + cell["patch"] if i.get("warmup"))
    unsettled = [x for x, i, j in zip(d, cell["parent"], cell["patch"]) if "NOT_SETTLED" in i["flags"] + j["flags"]]
    settled = [x for x, i, j in zip(d, cell["parent"], cell["patch"]) if "NOT_SETTLED" not in i["flags"] + j["flags"]]
    sd = lambda x: f"{100 * st.stdev(x):.2f}%" if len(x) > 1 else "-"
    print(f"  pairs with an unsettled side: {len(unsettled)}, spread {sd(unsettled)}; the others {sd(settled)}")
    if cell["mode"] == "ALTERNATE" and len(cell["parent"][0]["windows"]) > 1:
        # The alternation's own components: window j's log-ratio (patch/parent) nested in pairs, one-way ANOVA.
        def means(it):
            w = it["windows"] + [len(it["samples"])]
            return [st.mean(s["events"] / s["interval_seconds"] for s in it["samples"][w[j]:w[j + 1]])
                    for j in range(len(it["windows"]))]
        rows = [[math.log(y / x) for x, y in zip(means(i), means(j))] for i, j in zip(cell["parent"], cell["patch"])]
        k = min(len(r) for r in rows)
        rows = [r[:k] for r in rows]
        m = [st.mean(r) for r in rows]
        msw = sum((x - mi) ** 2 for r, mi in zip(rows, m) for x in r) / (len(rows) * (k - 1))
        between = max(0.0, (k * st.variance(m) - msw) / k)
        print(f"  windows' log-ratios: {100 * math.sqrt(between):.2f}% shared by a pair, {100 * math.sqrt(msw):.2f}%"
              f" per window ({k} windows)")
    print(f"  first start {t0[11:19]} UTC, {span / len(d):.1f} s a pair (first start to the run's end),"
          f" warm-up median {warm:.1f} s; efficiency SD^2 x s/pair {(100 * st.stdev(d)) ** 2 * span / len(d):.0f}")
PY
echo "alternate-vs-restart: results in $OUT/results" >&2
