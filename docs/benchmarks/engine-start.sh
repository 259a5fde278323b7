#!/usr/bin/env bash
# Benchmark (not a test): what an engine start costs and how steady it is, per JVM remedy (issue 18,
# item 4). For each configuration, one `./taf run` of the quick data set, HEAD against itself, with the
# warm-up off and a long measurement sampled every 250 ms, so the record holds each start's whole climb
# from the first transaction to its plateau. engine-start.py then reads every start's launch time, rest
# time, the second from which its throughput stays within 5% of its plateau, and the spread of the
# plateaus between starts.
#
#   bash docs/benchmarks/engine-start.sh                 # every configuration below, 4 pairs each
#   PAIRS=6 ONLY="jdk17 jdk25-aot" bash docs/benchmarks/engine-start.sh
#
# Settings (environment):
#   PAIRS    A/B pairs per configuration (each pair is two engine starts)      (default 4)
#   SECONDS_MEASURED  measured seconds per start, the climb included           (default 14)
#   ONLY     configuration names to run (default: all)
#   OUT      where results go (default a new /tmp/taf-start.XXXXXX); resumable
# Configurations: name|java|jvm args (comma-separated)|aot cache (true/false)|other taf options (optional)
set -euo pipefail
cd "$(dirname "$0")/../.."
PAIRS=${PAIRS:-4}
SECONDS_MEASURED=${SECONDS_MEASURED:-14}
OUT=${OUT:-$(mktemp -d /tmp/taf-start.XXXXXX)}
J17=${J17:-/usr/lib/jvm/java-17-openjdk-amd64/bin/java}
J25=${J25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
CONFIGS=${CONFIGS:-"jdk17|$J17||false
jdk17-fixed-heap|$J17|-Xms1g,-Xmx1g|false
jdk17-pretouch|$J17|-Xms1g,-Xmx1g,-XX:+AlwaysPreTouch|false
jdk17-parallel-gc|$J17|-XX:+UseParallelGC|false
jdk25|$J25||false
jdk25-aot|$J25||true
jdk25-aot-fixed-heap|$J25|-Xms1g,-Xmx1g|true
jdk25-aot-thp|$J25|-XX:+UseTransparentHugePages|true
jdk25-aot-pinned|$J25||true|-Dprofile.engine_cpuset=1 -Dprofile.client_cpuset=0
jdk25-aot-serial-gc|$J25|-XX:+UseSerialGC|true
jdk25-aot-c1|$J25|-XX:TieredStopAtLevel=1|true"}
mkdir -p "$OUT/results"
while IFS='|' read -r name java args aot extra; do
    [[ -z "$name" ]] && continue
    if [[ -n "${ONLY:-}" && " $ONLY " != *" $name "* ]]; then
        continue
    fi
    if compgen -G "$OUT/results/*-start-$name/results.json" >/dev/null; then
        continue
    fi
    echo "engine-start: $name ($java ${args:-no args}, aot $aot)" >&2
    set +e
    # shellcheck disable=SC2086 # extra holds several options
    ./taf run properties/quick.properties -Dname="start-$name" ${extra:-} -Dparent=HEAD -Dpatch=HEAD \
        -Dlaunch.java="$java" -Dlaunch.jvm_args="$args" -Dlaunch.aot_cache="$aot" \
        -Dwarmup.enabled=false -Dmeasure.duration="${SECONDS_MEASURED}s" -Dworkload.report_interval=250ms \
        -Dmeasure.mode=restart -Dmeasure.iterations="$PAIRS" -Dstats.max_pairs="$PAIRS" \
        -Doutput.results_dir="$OUT/results" -Doutput.site_dir="$OUT/site" -Doutput.publish=false \
        >"$OUT/$name.log" 2>&1
    code=$?
    set -e
    echo "engine-start: $name exit $code" >&2
    [[ $code -gt 2 ]] && { tail -20 "$OUT/$name.log"; exit "$code"; }
done <<<"$CONFIGS"
python3 docs/benchmarks/engine-start.py "$OUT/results"
echo "engine-start: results in $OUT/results" >&2
