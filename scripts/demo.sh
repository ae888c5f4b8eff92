#!/usr/bin/env bash
# demo.sh - grammut in one command: fuzz a real library with grammut and with plain
# libFuzzer given the grammar's words as its dictionary (plain+dict, the fair baseline),
# from its seed corpus and from an empty corpus, and compare the coverage.
#
# Usage: scripts/demo.sh [--target T] [--seconds N]
#   --target T   sqlite3 (default: where grammut's lead is largest), libxml2, expat,
#                cjson, jsonc, lua
#   --seconds N  fuzzing time per scenario (default 45); works from any directory
#
# On a fresh Debian 12 machine this installs the packages it uses (scripts/setup.sh
# --build-only, uses sudo when not root), builds only what it runs, in Release and at
# the same time: libgrammut.so, the grammut tool (its parse helper) and the target's
# grammar (-> build/demo-grammut/), and the target from its Debian source package
# (scripts/build_targets.sh -> build/targets/); links the grammut-enabled fuzzer, then
# runs two scenarios, each with grammut and plain libFuzzer side by side
# (one per core, same flags; plain gets -dict= the words of `grammut dict`, which
# grammut also hands libFuzzer) for N seconds:
#   seeded  both start from the target's seed corpus (harness_examples/<t>/seeds)
#   empty   both start from nothing: a user with a grammar and no inputs
# Both corpora of each scenario are replayed through the coverage build and the demo
# prints branch coverage of the library's own sources, exec/s, corpus size, and how soon
# grammut reached the coverage plain libFuzzer ended with.
# Everything it writes goes under build/ (corpora and logs in build/demo/).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$SCRIPT_DIR/.." && pwd)"
SECS=45
TARGET=sqlite3
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) SECS="${2:?--seconds needs a value}"; shift 2 ;;
        --seconds=*) SECS="${1#*=}"; shift ;;
        --target) TARGET="${2:?--target needs a value}"; shift 2 ;;
        --target=*) TARGET="${1#*=}"; shift ;;
        -h|--help) sed -n '2,24p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "demo: unknown argument: $1 (try --help)" >&2; exit 2 ;;
    esac
done
[[ "$SECS" =~ ^[1-9][0-9]*$ ]] || { echo "demo: --seconds must be a positive integer" >&2; exit 2; }
case "$TARGET" in
    libxml2|expat) GRAMMAR=xml ;;
    sqlite3) GRAMMAR=sqlite ;;
    cjson|jsonc) GRAMMAR=json ;;
    lua) GRAMMAR=lua ;;
    *) echo "demo: unknown target '$TARGET' (sqlite3, libxml2, expat, cjson, jsonc, lua)" >&2; exit 2 ;;
esac

BUILD="$REPO/build"
DEMO="$BUILD/demo"
GBUILD="$BUILD/demo-grammut"  # its own build of grammut: build/ stays the user's
T="$BUILD/targets/$TARGET"
GRAMMUT_BIN="$GBUILD/fuzz_${TARGET}_grammut"
T0=$(date +%s)
say() { printf '[demo %3ss] %s\n' "$(( $(date +%s) - T0 ))" "$*"; }

# Runs a step quietly into a log file; shows the end of the log if it fails.
step() {
    local what="$1" logfile="$2"; shift 2
    local s; s=$(date +%s)
    say "$what ..."
    if ! "$@" >"$logfile" 2>&1; then
        echo "---- $what failed; last lines of $logfile ----" >&2
        tail -n 30 "$logfile" >&2
        exit 1
    fi
    say "$what: done ($(( $(date +%s) - s ))s)"
}

mkdir -p "$BUILD"
rm -rf "$DEMO"
mkdir -p "$DEMO"

step "installing packages (scripts/setup.sh --build-only)" "$DEMO/setup.log" \
    "$SCRIPT_DIR/setup.sh" --build-only python3

# What the demo runs of grammut: the library, the tool (the parse helper it
# starts) and the grammar; no tests, examples or benchmarks.
# shellcheck disable=SC2086  # $grammars and $GRAMMUT_CMAKE_OPTIONS are word lists
build_grammut() {
    local grammars="grammut_grammar_${GRAMMAR}_interp"
    [ "$GRAMMAR" = sqlite ] && grammars="$grammars grammut_grammar_sqlite_strings_interp"
    cmake -S "$REPO" -B "$GBUILD" -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
        -DCMAKE_BUILD_TYPE=Release -DGRAMMUT_BUILD_TESTS=OFF -DGRAMMUT_BUILD_EXAMPLES=OFF \
        -DGRAMMUT_BUILD_BENCHMARKS=OFF ${GRAMMUT_CMAKE_OPTIONS:-} &&
        cmake --build "$GBUILD" -j "$(nproc)" --target grammut_shared grammut $grammars
}
# grammut and the target build at the same time (the target's build is
# mostly C compiles and its source download; grammut's mostly C++).
say "building grammut (-> $GBUILD) and $TARGET from its Debian source (scripts/build_targets.sh), at the same time ..."
bs=$(date +%s)
build_grammut >"$DEMO/build.log" 2>&1 &
pgb=$!
"$SCRIPT_DIR/build_targets.sh" --targets "$TARGET" --out "$BUILD/targets" \
    --jobs "$(nproc)" >"$DEMO/build_targets.log" 2>&1 &
ptb=$!
brc=0
wait $pgb || { brc=1; echo "---- building grammut failed; last lines of $DEMO/build.log ----" >&2; tail -n 30 "$DEMO/build.log" >&2; }
wait $ptb || { brc=1; echo "---- building $TARGET failed; last lines of $DEMO/build_targets.log ----" >&2; tail -n 30 "$DEMO/build_targets.log" >&2; }
[ $brc = 0 ] || exit 1
say "building grammut and $TARGET: done ($(( $(date +%s) - bs ))s)"
step "linking the grammut fuzzer" "$DEMO/link.log" "$SCRIPT_DIR/link_grammut_target.sh" "$TARGET" \
    "$GBUILD" --targets-dir "$BUILD/targets" --out "$GRAMMUT_BIN"

FLAGS=(-max_len=4096 -len_control=0 -timeout=10 -rss_limit_mb=2048 -seed=1 -print_final_stats=1)
# plain libFuzzer's dictionary: the grammar's words, as grammut hands them to libFuzzer
step "the grammar's words for plain libFuzzer (grammut dict)" "$DEMO/dict.log" \
    "$GBUILD/tools/grammut" dict --grammar "$GBUILD/grammars/$GRAMMAR" -o "$DEMO/words.dict"

# fuzz DIR SEEDS BINARY DICT [ENV...]: runs for $SECS seconds (with -dict=DICT unless
# DICT is empty); if the fuzzer stops early (a crash or a timeout), it goes on with the
# same corpus for the rest.
fuzz() {
    local d="$1" seeds="$2" bin="$3" dict="$4"; shift 4
    local extra=()
    [ -n "$dict" ] && extra=(-dict="$dict")
    local start rem rc t0 seg=0
    mkdir -p "$d/corpus" "$d/artifacts"
    if [ -n "$seeds" ]; then cp "$seeds/"* "$d/corpus/"; fi
    start=$(date +%s)
    t0=$(date +%s.%N)
    while :; do
        rem=$(( SECS - ($(date +%s) - start) ))
        [ "$rem" -ge 3 ] || break
        rc=0
        # coverage_report.py run: the fuzzer's output into fuzz.log, and its status
        # lines with timestamps into timeline.tsv (how soon each reached what)
        python3 "$REPO/bench/coverage_report.py" run --t0 "$t0" --segment "$seg" \
            "$d/fuzz.log" "$d/timeline.tsv" -- env "$@" "$bin" "${FLAGS[@]}" "${extra[@]}" \
            -max_total_time="$rem" -artifact_prefix="$d/artifacts/" "$d/corpus" </dev/null || rc=$?
        seg=$((seg + 1))
        [ "$rc" -eq 0 ] && break
        echo "=== demo: fuzzer exited with $rc; continuing with the same corpus" >>"$d/fuzz.log"
    done
    echo $(( $(date +%s) - start )) >"$d/seconds"
}

last_status() {  # "cov N, corpus N, exec/s N" from the last libFuzzer status line
    grep -a -E '^#[0-9]+[[:space:]]+[A-Z]+ +cov: ' "$1" 2>/dev/null | tail -n 1 |
        sed -E 's/.*cov: ([0-9]+) ft: [0-9]+ corp: ([0-9]+)\/[^ ]+ (lim: [0-9]+ )?exec\/s: ([0-9]+).*/cov \1, corpus \2, exec\/s \4/'
}

# scenario NAME SEEDS: grammut and plain side by side, then both corpora replayed.
scenario() {
    local name="$1" seeds="$2" pg pp el next start
    say "$name: fuzzing $TARGET for ${SECS}s, grammut and plain libFuzzer (+dict) at the same time"
    fuzz "$DEMO/$name/grammut" "$seeds" "$GRAMMUT_BIN" "" \
        GRAMMUT_GRAMMAR="$GBUILD/grammars/$GRAMMAR" GRAMMUT_STATS=$SECS &
    pg=$!
    fuzz "$DEMO/$name/plain" "$seeds" "$T/fuzz_$TARGET" "$DEMO/words.dict" &
    pp=$!
    trap 'kill $pg $pp 2>/dev/null; pkill -P $pg 2>/dev/null; pkill -P $pp 2>/dev/null; exit 130' INT TERM
    start=$(date +%s)
    next=20
    while kill -0 "$pg" 2>/dev/null || kill -0 "$pp" 2>/dev/null; do
        sleep 1
        el=$(( $(date +%s) - start ))
        if [ "$el" -ge "$next" ]; then
            next=$(( next + 20 ))
            say "  grammut: $(last_status "$DEMO/$name/grammut/fuzz.log")  |  plain+dict: $(last_status "$DEMO/$name/plain/fuzz.log")"
        fi
    done
    wait "$pg" || true
    wait "$pp" || true
    trap - INT TERM
    for who in grammut plain; do
        python3 "$REPO/bench/coverage_report.py" replay --quiet --cov-bin "$T/cov_$TARGET" \
            --sources "$(cat "$T/sources.txt")" --corpus "$DEMO/$name/$who/corpus" \
            --work "$DEMO/$name/$who/replay" --out "$DEMO/$name/$who/coverage.json"
    done
}

scenario seeded "$REPO/harness_examples/$TARGET/seeds"
scenario empty ""

python3 - "$DEMO" "$SECS" "$TARGET" "$REPO" <<'EOF'
import json, os, re, sys
demo, secs, target = sys.argv[1], int(sys.argv[2]), sys.argv[3]

def run(scenario, who):
    d = os.path.join(demo, scenario, who)
    c = json.load(open(os.path.join(d, "coverage.json")))
    log = open(os.path.join(d, "fuzz.log"), errors="replace").read()
    execs = sum(int(x) for x in re.findall(r"^stat::number_of_executed_units:\s+(\d+)", log, re.M))
    try:
        wall = max(int(open(os.path.join(d, "seconds")).read()), 1)
    except (OSError, ValueError):
        wall = secs
    cpu = re.findall(r"grammut: cpu ([0-9.]+)%", log)
    found = len(os.listdir(os.path.join(d, "artifacts")))
    return {"branches": c["branches"]["covered"], "of": c["branches"]["count"],
            "execs": execs / wall, "corpus": c["inputs"], "cpu": cpu[-1] if cpu else None,
            "found": found}

print()
print("%s after %ds per run: branches of %s's own sources covered by the final corpus" %
      (target, secs, target))
print("(llvm-cov, coverage build), grammut and plain libFuzzer with the grammar's words")
print("as its dictionary (plain+dict) side by side:")
print()
print("  %-8s %22s %22s %8s %18s" % ("scenario", "plain+dict", "grammut", "ratio",
                                      "exec/s plain/gm"))
for scenario in ("seeded", "empty"):
    p, g = run(scenario, "plain"), run(scenario, "grammut")
    print("  %-8s %22s %22s %7.2fx %18s" % (
        scenario, "%d (%.1f%%)" % (p["branches"], 100.0 * p["branches"] / max(p["of"], 1)),
        "%d (%.1f%%)" % (g["branches"], 100.0 * g["branches"] / max(g["of"], 1)),
        g["branches"] / max(p["branches"], 1), "%d / %d" % (p["execs"], g["execs"])))
print()

sys.path.insert(0, os.path.join(sys.argv[4], "bench"))
from coverage_report import read_timeline, time_to_reach

def timeline(scenario, who):
    return [(r["t"], r["cov"])
            for r in read_timeline(os.path.join(demo, scenario, who, "timeline.tsv"))]

for scenario in ("seeded", "empty"):
    p, g = timeline(scenario, "plain"), timeline(scenario, "grammut")
    if not p or not g:
        continue
    final = p[-1][1]
    reach = time_to_reach(g, final)
    if reach is None:
        print("  %s: plain+dict ended at cov: %d (edges); grammut did not get there "
              "within %ds" % (scenario, final, secs))
    else:
        # (Times count from the start, corpus loading included.)
        end = p[-1][0]
        print("  %s: plain+dict ended at cov: %d (edges) after %.0fs; grammut got there %s" % (
            scenario, final, end, "within its first second" if reach < 1 else
            "after %.0fs (%.1fx sooner)" % (reach, end / reach) if reach <= end else
            "after %.0fs (later)" % reach))
for scenario in ("seeded", "empty"):
    g = run(scenario, "grammut")
    if g["cpu"]:
        print("  %s: grammut's own share of the CPU: %s%%" % (scenario, g["cpu"]))
for scenario in ("seeded", "empty"):
    for who in ("plain", "grammut"):
        if run(scenario, who)["found"]:
            print("  %s/%s wrote %d crash or timeout file(s) to %s" % (
                scenario, who, run(scenario, who)["found"],
                os.path.join(demo, scenario, who, "artifacts")))
print()
EOF
say "corpora and logs: $DEMO/{seeded,empty}/{grammut,plain}/  (build logs: $DEMO/*.log)"
say "next: scripts/bench_coverage.sh --help   (the full benchmark: 8 targets, 10 minutes x 3 trials)"
