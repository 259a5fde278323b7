#!/usr/bin/env python3
"""Analysis (not a test; issue 44): do the host probe's flags catch the pairs a spell spoiled, and would a probe
during the pair add anything? Reads results.json files of alternating runs (any-day.sh's) and, per A/B pair, its
TPS log-ratio, whether it was flagged NOISY_SPELL (the probe read the host noisy just before or just after it), and
its own windows' spread (the SD of the per-window log-ratios, free in alternate mode: what a probe between windows
would see, at no cost). Prints how far flagged and unflagged pairs stray from their run's median ratio, and how many
of the strays the windows would have caught that the probes missed.

    python3 docs/benchmarks/spell-pairs.py RESULTS_DIR ...
"""
import glob, json, math, statistics as st, sys

def windows(it):
    """Per-window TPS of an alternating start: samples split at its window starts."""
    s, w = it["samples"], it["windows"] + [len(it["samples"])]
    out = []
    for a, b in zip(w, w[1:]):
        ev = sum(x["events"] for x in s[a:b])
        sec = sum(x["interval_seconds"] for x in s[a:b])
        if sec > 0 and ev > 0:
            out.append(ev / sec)
    return out

def tps(it):
    ev = sum(x["events"] for x in it["samples"])
    sec = sum(x["interval_seconds"] for x in it["samples"])
    return ev / sec if sec else float("nan")

pairs = []
for d in sys.argv[1:]:
    for f in sorted(glob.glob(d + "/*/results.json")):
        r = json.load(open(f))
        for comp in r["comparisons"]:
            for cell in comp["cells"]:
                if cell.get("mode") != "ALTERNATE":
                    continue
                rows = []
                for a, b in zip(cell["parent"], cell["patch"]):
                    if a.get("failure") or b.get("failure"):
                        continue
                    wa, wb = windows(a), windows(b)
                    k = min(len(wa), len(wb))
                    within = st.stdev(math.log(y / x) for x, y in zip(wa[:k], wb[:k])) if k > 2 else float("nan")
                    rows.append((math.log(tps(b) / tps(a)), "NOISY_SPELL" in a["flags"], within))
                if len(rows) < 3:
                    continue
                med = st.median(x[0] for x in rows)
                pairs += [(abs(x[0] - med), x[1], x[2]) for x in rows]
if not pairs:
    sys.exit("no alternating pairs found")
flagged = [p for p in pairs if p[1]]
clean = [p for p in pairs if not p[1]]
def spread(ps):
    return f"{100 * st.median(p[0] for p in ps):.2f}% median, {100 * max(p[0] for p in ps):.2f}% max" if ps else "-"
print(f"{len(pairs)} pairs; flagged NOISY_SPELL {len(flagged)} (off their run's median ratio by {spread(flagged)});"
      f" unflagged {len(clean)} ({spread(clean)})")
cut = sorted(p[0] for p in pairs)[int(0.9 * (len(pairs) - 1))]
strays = [p for p in pairs if p[0] > cut]
caught = [p for p in strays if p[1]]
wcut = sorted(p[2] for p in clean if not math.isnan(p[2]))
wcut = wcut[int(0.9 * (len(wcut) - 1))] if wcut else float("inf")
by_windows = [p for p in strays if not p[1] and p[2] > wcut]
print(f"strays (the 10% of pairs furthest from their run's median, beyond {100 * cut:.2f}%): {len(strays)};"
      f" flagged by the probes: {len(caught)}; unflagged but with their windows spreading more than 90% of"
      f" unflagged pairs' ({100 * wcut:.1f}%): {len(by_windows)}")
