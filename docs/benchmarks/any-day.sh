#!/usr/bin/env bash
# Benchmark campaign (not a test; issue 44): does TAF answer on any day? Runs, one after another until HOURS have
# passed, cycles of five runs, each as a user would type it:
#   1. the main job A/A: ./taf run -Dparent=HEAD -Dpatch=HEAD (properties/quick.properties on this checkout);
#   2. the main job on a committed point-select slowdown: a repository whose second commit adds READ_ROUNDS
#      xorshift rounds to every SELECT (slow-write-repo.sh ... read; 320 rounds read CPU per transaction 1.064,
#      TPS 0.949 on 2026-12-07; 190 rounds read 1.030);
#   3. the gate A/A (properties/gate.properties, a two-commit repository whose second commit changes a text file);
#   4. the main job A/A again;
#   5. the gate on a write slowdown (WRITE_ROUNDS rounds per UPDATE, about 10% CPU per OLTP_RW transaction).
# Before each run the shared host probe (../shared/tools/host-probe.py, 5 s) is quoted. Each run's outcome is read
# from its results.json: exit code, wall time, verdicts, pairs, how long it waited for quiet, pairs in a noisy
# spell, the loop's stop reason, the probe's CV range. Run it from a clone of its own (the ./taf launcher rebuilds
# the runner when its sources change), in the background, with nothing else running:
#
#   git clone /work/main /tmp/anyday/taf && cd /tmp/anyday/taf && \
#       HOURS=4.5 OUT=/tmp/anyday/out nohup bash docs/benchmarks/any-day.sh >/tmp/anyday/campaign.log 2>&1 &
#
# Settings: HOURS (4.5), OUT (a new /tmp directory), READ_ROUNDS (320), WRITE_ROUNDS (12000), EXTRA (more -D for
# every run). Output: $OUT/runs.tsv, one line per run; ANALYZE=$OUT/runs.tsv prints the targets' tallies only.
set -uo pipefail
cd "$(dirname "$0")/../.."
here=$PWD
analyze() {
python3 - "$1" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
def tally(kind, want, limit):
    rs = [r for r in rows if r["kind"] == kind]
    if not rs:
        return
    ok = [r for r in rs if int(r["exit"]) == want and int(r["seconds"]) <= limit]
    noisy = [r for r in rs if int(r["exit"]) == 2 and "TOO_NOISY" in r["stop"] and int(r["seconds"]) <= limit]
    false = [r for r in rs if r["verdicts"].count("REGRESSED") and want == 0]
    secs = sorted(int(r["seconds"]) for r in rs)
    print(f"{kind}: {len(rs)} runs; exit {want} within {limit // 60} min: {len(ok)}"
          f" ({100 * len(ok) / len(rs):.0f}%); exit 2 as too noisy: {len(noisy)}; false REGRESSED: {len(false)};"
          f" wall {secs[0]}-{secs[-1]} s, median {secs[len(secs) // 2]} s;"
          f" waited {sum(float(r['waited']) for r in rs):.0f} s in all; spell pairs {sum(int(r['spell']) for r in rs)}")
tally("aa", 0, 900)
tally("read-slow", 1, 900)
tally("gate-aa", 0, 1200)
tally("gate-slow", 1, 1200)
PY
}
if [ -n "${ANALYZE:-}" ]; then analyze "$ANALYZE"; exit 0; fi
HOURS=${HOURS:-4.5}
OUT=${OUT:-$(mktemp -d /tmp/taf-anyday.XXXXXX)}
READ_ROUNDS=${READ_ROUNDS:-320}
WRITE_ROUNDS=${WRITE_ROUNDS:-12000}
EXTRA=${EXTRA:-}
mkdir -p "$OUT"
bash docs/benchmarks/slow-write-repo.sh "$OUT/read-repo" 2 1 "$READ_ROUNDS" read
bash docs/benchmarks/slow-write-repo.sh "$OUT/gate-aa-repo" 2 0 0
bash docs/benchmarks/slow-write-repo.sh "$OUT/gate-slow-repo" 2 1 "$WRITE_ROUNDS"
./taf --version >/dev/null
printf 'n\tkind\tstart\texit\tseconds\tprobe_cv\tverdicts\tpairs\twaited\tspell\tstop\tprobe_cvs\n' >"$OUT/runs.tsv"
end=$(python3 -c "import time; print(int(time.time() + $HOURS * 3600))")
n=0
run() { # kind, then the taf arguments
    local kind=$1; shift
    n=$((n + 1))
    local name; name=$(printf '%s-%02d' "$kind" "$n")
    local probe; probe=$(python3 ../shared/tools/host-probe.py 5 2>/dev/null | sed -n 's/.*CV \([0-9.]*\)%.*/\1/p')
    [ -z "$probe" ] && probe=$(python3 /work/shared/tools/host-probe.py 5 | sed -n 's/.*CV \([0-9.]*\)%.*/\1/p')
    local start; start=$(date +%s)
    local code=0
    # shellcheck disable=SC2086
    ./taf run "$@" --quiet -Dname="$name" $EXTRA >"$OUT/$name.log" 2>&1 || code=$?
    local seconds=$(($(date +%s) - start))
    python3 - "$OUT/$name.log" "$n" "$kind" "$(date -u -d "@$start" +%H:%M)" "$code" "$seconds" "$probe" \
        >>"$OUT/runs.tsv" <<'PY'
import json, re, sys
log, n, kind, start, code, seconds, probe = sys.argv[1:8]
m = re.findall(r"taf: results in (\S+) \(exit", open(log).read())
row = [n, kind, start, code, seconds, probe]
if not m:
    print("\t".join(row + ["-", "-", "0", "0", "-", "-"])); sys.exit()
r = json.load(open(m[-1] + "/results.json"))
cells = [c for comp in r["comparisons"] for c in comp["cells"]]
verdicts = ",".join(f'{c["workload"]}:{c["verdict"]["verdict"]}' for c in cells if c.get("verdict"))
pairs = ",".join(str(len(c["parent"])) for c in cells)
spell = sum(1 for c in cells for it in c["parent"] if "NOISY_SPELL" in it["flags"])
probes = r.get("probes") or []
waited = sum(p["waited_seconds"] for p in probes)
stop = ",".join(c["verdict"]["stop_reason"] for c in cells if c.get("verdict"))
cvs = [p["cv_pct"] for p in probes]
cvr = f"{min(cvs):.0f}-{max(cvs):.0f}" if cvs else "-"
print("\t".join(row + [verdicts, pairs, f"{waited:.0f}", str(spell), stop, cvr]))
PY
    tail -1 "$OUT/runs.tsv"
}
while (($(date +%s) < end)); do
    run aa properties/quick.properties -Dparent=HEAD -Dpatch=HEAD
    (($(date +%s) < end)) || break
    run read-slow properties/quick.properties -Drepository="$OUT/read-repo" -Dparent=HEAD~1 -Dpatch=HEAD \
        -Doutput.results_dir="$here/results"
    (($(date +%s) < end)) || break
    run gate-aa properties/gate.properties -Drepository="$OUT/gate-aa-repo" -Dparent=HEAD~1 -Dpatch=HEAD \
        -Doutput.results_dir="$OUT/gate-results" -Doutput.publish=false
    (($(date +%s) < end)) || break
    run aa properties/quick.properties -Dparent=HEAD -Dpatch=HEAD
    (($(date +%s) < end)) || break
    run gate-slow properties/gate.properties -Drepository="$OUT/gate-slow-repo" -Dparent=HEAD~1 -Dpatch=HEAD \
        -Doutput.results_dir="$OUT/gate-results" -Doutput.publish=false
done
analyze "$OUT/runs.tsv"
