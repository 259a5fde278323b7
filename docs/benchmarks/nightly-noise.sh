#!/usr/bin/env bash
# Benchmark analysis (not a test, measures nothing): where a nightly's noise is, from the runs of
# gate-and-nightly.sh (gate-and-nightly.md). Seconds.
#
#   bash docs/benchmarks/nightly-noise.sh <results dir>[:<first run id of the step>] ...
#
# Each argument is a results directory of one study (its runs are the nights, in order); after a colon, the
# run id of the first night at or after the step, so that the nights of each stretch are centred on their own
# mean (none: an A/A series). Prints, for the TPS and CPU per transaction ratios:
# 1. the variance of the nights split in two: what the pairs inside a night explain (a pair's log-ratio SD,
#    pooled, over the square root of the night's pairs) and what is left, a level of the night itself (its
#    builds, its AOT caches, its hour), with a bootstrap 90% upper bound. Only the part the pairs explain
#    shrinks with more pairs a night.
# 2. how much a robust estimate of a night (the median of its pairs, Hodges-Lehmann, Huber) would narrow it
#    against the mean of the log ratios that TAF uses, on nights of 4 to 30 pairs drawn from the pooled pairs.
# 3. per run, the verdict's TPS and CPU per transaction ratios beside the same over the pairs whose two starts
#    carry no flag at all (the verdict leaves out NOT_SETTLED and ERRORS only, not HOST_NOISE).
set -euo pipefail
(($# > 0)) || { echo "usage: $0 <results dir>[:<first run id of the step>] ..." >&2; exit 3; }
python3 - "$@" <<'PY'
import glob, json, math, random, statistics as st, sys

def trimmed(values, fraction=0.10):
    # TrimmedMean.of: at least one value off each end from 3 values on
    x = sorted(values)
    k = max(int(len(x) * fraction), 1 if len(x) >= 3 else 0)
    return st.mean(x[k:len(x) - k])

def start_cpu(it):
    return it["engine_cpu"]["cpu_seconds"] / it["counters"]["transactions"]

def start_tps(it):
    return trimmed([s["events"] / s["interval_seconds"] for s in it["samples"] if s["interval_seconds"] > 0])

nights, pairs, runs = [], [], []  # nights: (metric, stretch, log ratio, pair sd, pairs); pairs: (stretch, log ratio)
for arg in sys.argv[1:]:
    folder, _, step = arg.partition(":")
    for f in sorted(glob.glob(folder + "/*/results.json")):
        run = json.load(open(f))
        stretch = (folder, bool(step) and run["run_id"] >= step)
        cell = run["comparisons"][0]["cells"][0]
        for m in cell["verdict"]["metrics"]:
            if m["metric"] in ("TPS", "CPU_PER_TX") and m.get("sd_log") is not None:
                nights.append((m["metric"], stretch, math.log(m["ratio"]), m["sd_log"], m["pairs"]))
        clean = [(p, q) for p, q in zip(cell["parent"], cell["patch"])
                 if not p["flags"] and not q["flags"] and p["samples"] and q["samples"]]
        pairs += [(stretch, math.log(start_tps(q) / start_tps(p))) for p, q in clean]
        runs.append((run["run_id"], cell["verdict"], clean))

def centre(rows, stretch, value):
    """Each row's value less the mean of its stretch's: a step between stretches adds nothing to the noise."""
    out = []
    for s in {stretch(r) for r in rows}:
        group = [r for r in rows if stretch(r) == s]
        mean = st.mean(value(r) for r in group)
        out += [(r, value(r) - mean) for r in group]
    return out

def split(rows):
    within = sum(r[3] ** 2 * (r[4] - 1) for r in rows) / sum(r[4] - 1 for r in rows)
    expected = st.mean(within / r[4] for r in rows)
    stretches = len({r[1] for r in rows})
    night = sum(c ** 2 for _, c in centre(rows, lambda r: r[1], lambda r: r[2])) / (len(rows) - stretches)
    return within, expected, night

print("## 1. A night's variance: the pairs' part and the night's own level")
random.seed(1)
for metric in ("TPS", "CPU_PER_TX"):
    rows = [r for r in nights if r[0] == metric]
    within, expected, night = split(rows)
    extra = math.sqrt(max(night - expected, 0))
    draws = []
    for _ in range(4000):
        w, e, n = split([random.choice(rows) for _ in rows])
        draws.append(math.sqrt(max(n - e, 0)))
    draws.sort()
    print("%-10s nights %d, pairs a night %.1f: pair SD %.2f%%; nights spread %.2f%%, the pairs explain %.2f%%;"
          " the night's own level %.2f%% (90%% upper bound %.2f%%)"
          % (metric, len(rows), st.mean(r[4] for r in rows), 100 * math.sqrt(within), 100 * math.sqrt(night),
             100 * math.sqrt(expected), 100 * extra, 100 * draws[int(0.9 * len(draws))]))

print("## 2. A night's TPS estimate from n pairs drawn from the pooled pairs (log-ratio SD of the estimate)")
pool = [c for _, c in centre(pairs, lambda r: r[0], lambda r: r[1])]
print("pool: %d pairs (unflagged starts), SD %.2f%%, MAD-based SD %.2f%%"
      % (len(pool), 100 * st.stdev(pool), 100 * 1.4826 * st.median(abs(x - st.median(pool)) for x in pool)))

def hodges_lehmann(x):
    return st.median((x[i] + x[j]) / 2 for i in range(len(x)) for j in range(i, len(x)))

def huber(x, k=1.345):
    mu = st.median(x)
    s = 1.4826 * st.median(abs(v - mu) for v in x) or 1e-9
    for _ in range(30):
        w = [1 if abs(v - mu) <= k * s else k * s / abs(v - mu) for v in x]
        mu = sum(a * b for a, b in zip(w, x)) / sum(w)
    return mu

estimators = {"mean": st.mean, "median": st.median, "Hodges-Lehmann": hodges_lehmann, "Huber": huber}
for n in (4, 8, 16, 30):
    est = {k: [] for k in estimators}
    for _ in range(3000):
        x = [random.choice(pool) for _ in range(n)]
        for k, f in estimators.items():
            est[k].append(f(x))
    mean_sd = st.pstdev(est["mean"])
    print("%2d pairs: " % n + ", ".join("%s %.2f%% (%.2f)" % (k, 100 * st.pstdev(v), st.pstdev(v) / mean_sd)
                                        for k, v in est.items()))

print("## 3. Per run: the verdict's ratios, and the same over the pairs without any flag (95% t intervals)")

# Student's t, 97.5% quantile, for 1 to 30 degrees of freedom
T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
        2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]

def interval(logs):
    n, m = len(logs), st.mean(logs)
    if n < 2:
        return "%.3f (1 pair)" % math.exp(m)
    t = T975[n - 2] if n - 2 < len(T975) else 1.96
    h = t * st.stdev(logs) / math.sqrt(n)
    return "%.3f [%.3f, %.3f] sd %.1f%%" % (math.exp(m), math.exp(m - h), math.exp(m + h), 100 * st.stdev(logs))

for run_id, verdict, clean in runs:
    m = {x["metric"]: x for x in verdict["metrics"]}
    print("%s: verdict %d pairs, TPS %.3f, CPU/tx %.3f; no flag %d pairs, TPS %s, CPU/tx %s"
          % (run_id, verdict["measured_pairs"], m["TPS"]["ratio"], m["CPU_PER_TX"]["ratio"], len(clean),
             interval([math.log(start_tps(q) / start_tps(p)) for p, q in clean]),
             interval([math.log(start_cpu(q) / start_cpu(p)) for p, q in clean])))
PY
