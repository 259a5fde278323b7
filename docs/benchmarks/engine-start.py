#!/usr/bin/env python3
"""Reads the runs of engine-start.sh and prints one Markdown row per configuration: launch and rest
time, the time from the first transaction to a steady rate, and the spread of the plateaus between
engine starts. A start's plateau is the median TPS of its last 4 s; it is steady from the end of the
first 1 s window after which every 1 s window's mean stays within 5% of the plateau. The first start of
each run is reported apart: the load generator's own JVM is cold then too."""
import json
import math
import statistics
import sys
from pathlib import Path


def starts(run):
    out = []
    for c in run["comparisons"]:
        for cell in c["cells"]:
            for side in ("parent", "patch"):
                for it in cell[side]:
                    if it.get("failure") or not it["samples"]:
                        continue
                    out.append(it)
    return sorted(out, key=lambda it: it["sequence"])


def steady(it):
    samples = it["samples"]
    tps = [s["events"] / s["interval_seconds"] for s in samples]
    dt = samples[0]["interval_seconds"]
    tail = int(round(4 / dt))
    plateau = statistics.median(tps[-tail:])
    w = max(1, int(round(1 / dt)))
    means = [sum(tps[i:i + w]) / w for i in range(0, len(tps) - w + 1)]
    at = None
    for i in range(len(means)):
        if all(m >= 0.95 * plateau for m in means[i:]):
            at = (i + w) * dt
            break
    return plateau, at


def main(results):
    rows = []
    for f in sorted(Path(results).glob("*/results.json")):
        run = json.loads(f.read_text())
        name = run["name"].removeprefix("start-")
        its = starts(run)
        info = [(it, *steady(it)) for it in its]
        later = info[1:]
        t = [a for _, _, a in later if a is not None]
        plateaus = [p for _, p, _ in later]
        logs = [math.log(p) for p in plateaus if p > 0]
        cv = statistics.stdev(logs) * 100 if len(logs) > 1 else float("nan")
        launch = statistics.mean(it["launch_seconds"] for it, _, _ in info)
        rest = statistics.mean((it.get("rest") or {}).get("seconds", 0) for it, _, _ in info)
        first = info[0][2] if info else None
        rows.append((name, len(info), launch, rest, first, statistics.median(t) if t else float("nan"),
                     max(t) if t else float("nan"), statistics.median(plateaus) if plateaus else float("nan"), cv,
                     run["environment"]["engine_jvm"]["version"]))
    print("| configuration | starts | launch s | rest s | steady after, first start s | steady after, median s"
          " | steady after, max s | plateau TPS (median) | between-start CV | JVM |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        print("| %s | %d | %.2f | %.2f | %s | %.2f | %.2f | %s | %.2f%% | %s |" % (
            r[0], r[1], r[2], r[3], "%.2f" % r[4] if r[4] is not None else "-", r[5], r[6],
            f"{r[7]:,.0f}", r[8], r[9]))


if __name__ == "__main__":
    main(sys.argv[1])
