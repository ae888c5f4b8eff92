#!/usr/bin/env bash
# demo.sh - grammut in one command: fuzz cJSON with grammut and with plain libFuzzer.
#
# Usage: scripts/demo.sh [--seconds N]      (default 60; works from any directory)
#
# On a fresh Debian 12 machine this installs the packages (scripts/setup.sh, uses sudo
# when not root), builds grammut (scripts/build.sh -> build/), builds cJSON from its
# Debian source package (scripts/build_targets.sh --targets cjson), links the
# grammut-enabled fuzzer, then runs grammut and plain libFuzzer side by side (one per
# core, same seeds and flags) for N seconds each, replays both corpora through the
# coverage build and prints line/branch coverage, exec/s and corpus size.
# Everything it writes goes under build/ (corpora and logs in build/demo/).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$SCRIPT_DIR/.." && pwd)"
SECS=60
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) SECS="${2:?--seconds needs a value}"; shift 2 ;;
        --seconds=*) SECS="${1#*=}"; shift ;;
        -h|--help) sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "demo: unknown argument: $1 (try --help)" >&2; exit 2 ;;
    esac
done
[[ "$SECS" =~ ^[1-9][0-9]*$ ]] || { echo "demo: --seconds must be a positive integer" >&2; exit 2; }

BUILD="$REPO/build"
DEMO="$BUILD/demo"
T="$BUILD/targets/cjson"
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

step "installing packages (scripts/setup.sh)" "$DEMO/setup.log" "$SCRIPT_DIR/setup.sh" python3
step "building grammut (scripts/build.sh)" "$DEMO/build.log" "$SCRIPT_DIR/build.sh" "$BUILD"
step "building cJSON from its Debian source (scripts/build_targets.sh)" "$DEMO/build_targets.log" \
    "$SCRIPT_DIR/build_targets.sh" --targets cjson --out "$BUILD/targets"
step "linking the grammut fuzzer" "$DEMO/link.log" "$SCRIPT_DIR/link_grammut_target.sh" cjson "$BUILD"

FLAGS=(-max_len=4096 -len_control=0 -timeout=10 -rss_limit_mb=2048 -seed=1 -print_final_stats=1)

# fuzz NAME BINARY [ENV...]: runs for $SECS seconds in the background; if the fuzzer
# stops early (a crash or a timeout), it goes on with the same corpus for the rest.
fuzz() {
    local name="$1" bin="$2"; shift 2
    local d="$DEMO/$name" start rem rc
    mkdir -p "$d/corpus" "$d/artifacts"
    cp "$REPO/harness_examples/cjson/seeds/"* "$d/corpus/"
    start=$(date +%s)
    while :; do
        rem=$(( SECS - ($(date +%s) - start) ))
        [ "$rem" -ge 3 ] || break
        rc=0
        env "$@" "$bin" "${FLAGS[@]}" -max_total_time="$rem" -artifact_prefix="$d/artifacts/" \
            "$d/corpus" >>"$d/fuzz.log" 2>&1 </dev/null || rc=$?
        [ "$rc" -eq 0 ] && break
        echo "=== demo: fuzzer exited with $rc; continuing with the same corpus" >>"$d/fuzz.log"
    done
    echo $(( $(date +%s) - start )) >"$d/seconds"
}

last_status() {  # "cov N, corpus N, exec/s N" from the last libFuzzer status line
    grep -a -E '^#[0-9]+[[:space:]]+[A-Z]+ +cov: ' "$1" 2>/dev/null | tail -n 1 |
        sed -E 's/.*cov: ([0-9]+) ft: [0-9]+ corp: ([0-9]+)\/[^ ]+ (lim: [0-9]+ )?exec\/s: ([0-9]+).*/cov \1, corpus \2, exec\/s \4/'
}

say "fuzzing cJSON for ${SECS}s: grammut and plain libFuzzer at the same time (one per core)"
fuzz grammut "$T/fuzz_cjson_grammut" GRAMMUT_GRAMMAR="$BUILD/grammars/json" GRAMMUT_MODE=adaptive &
PG=$!
fuzz plain "$T/fuzz_cjson" &
PP=$!
trap 'kill $PG $PP 2>/dev/null; pkill -P $PG 2>/dev/null; pkill -P $PP 2>/dev/null; exit 130' INT TERM
FUZZ_START=$(date +%s)
next=15
while kill -0 "$PG" 2>/dev/null || kill -0 "$PP" 2>/dev/null; do
    sleep 1
    el=$(( $(date +%s) - FUZZ_START ))
    if [ "$el" -ge "$next" ]; then
        next=$(( next + 15 ))
        say "grammut: $(last_status "$DEMO/grammut/fuzz.log")  |  plain: $(last_status "$DEMO/plain/fuzz.log")"
    fi
done
wait "$PG" || true
wait "$PP" || true
trap - INT TERM

say "replaying both corpora through the coverage build (cov_cjson) ..."
for name in grammut plain; do
    python3 "$REPO/bench/coverage_report.py" replay --quiet --cov-bin "$T/cov_cjson" \
        --sources "$(cat "$T/sources.txt")" --corpus "$DEMO/$name/corpus" \
        --work "$DEMO/$name/replay" --out "$DEMO/$name/coverage.json"
done

python3 - "$DEMO" "$SECS" <<'EOF'
import json, os, re, sys
demo, secs = sys.argv[1], int(sys.argv[2])
col = {}
found = {}
for name in ("grammut", "plain"):
    d = os.path.join(demo, name)
    c = json.load(open(os.path.join(d, "coverage.json")))
    log = open(os.path.join(d, "fuzz.log"), errors="replace").read()
    execs = sum(int(x) for x in re.findall(r"^stat::number_of_executed_units:\s+(\d+)", log, re.M))
    covs = re.findall(r"^#\d+\s+\w+\s+cov: (\d+)", log, re.M)
    arts = sorted(os.listdir(os.path.join(d, "artifacts")))
    try:
        wall = max(int(open(os.path.join(d, "seconds")).read()), 1)
    except (OSError, ValueError):
        wall = secs
    kinds = {}
    for a in arts:
        k = {"slow": "slow input", "oom": "out-of-memory"}.get(a.split("-")[0], a.split("-")[0])
        kinds[k] = kinds.get(k, 0) + 1
    found[name] = kinds
    col[name] = [
        "%d / %d  (%.1f%%)" % (c["lines"]["covered"], c["lines"]["count"], c["lines"]["percent"]),
        "%d / %d  (%.1f%%)" % (c["branches"]["covered"], c["branches"]["count"],
                               c["branches"]["percent"]),
        "%d" % round(execs / wall),
        "%d files" % c["inputs"],
        covs[-1] if covs else "-",
        ", ".join("%d %s%s" % (n, k, "s" if n > 1 else "") for k, n in sorted(kinds.items()))
        or "none",
    ]
rows = ["lines covered", "branches covered", "exec/s", "corpus", "libFuzzer cov:",
        "crashes/timeouts"]
w0 = max(map(len, rows)) + 2
w1 = max(len("grammut"), *(len(x) for x in col["grammut"])) + 4
print()
print("cJSON after %ds each (coverage of cJSON's own sources, measured with llvm-cov):" % secs)
print("  " + "".ljust(w0) + "grammut".ljust(w1) + "plain libFuzzer")
for i, r in enumerate(rows):
    print("  " + r.ljust(w0) + col["grammut"][i].ljust(w1) + col["plain"][i])
g, p = (json.load(open(os.path.join(demo, n, "coverage.json")))["branches"]["covered"]
        for n in ("grammut", "plain"))
if p:
    print("  grammut/plain branch coverage: %.2f" % (g / p))
for name, kinds in found.items():
    if kinds.get("timeout"):
        print("  %s: %d input(s) ran longer than 10 s (-timeout=10); the fuzzer went on with\n"
              "    the same corpus. On cJSON these are deeply nested objects: cJSON_Compare,\n"
              "    which the harness calls, is exponential in the nesting depth." % (
                  name, kinds["timeout"]))
print()
EOF
say "corpora:   $DEMO/grammut/corpus  $DEMO/plain/corpus"
say "logs:      $DEMO/grammut/fuzz.log  $DEMO/plain/fuzz.log  (build logs: $DEMO/*.log)"
if [ -n "$(find "$DEMO/grammut/artifacts" "$DEMO/plain/artifacts" -type f 2>/dev/null | head -n 1)" ]; then
    say "findings:  $DEMO/grammut/artifacts  $DEMO/plain/artifacts"
fi
say "next: scripts/bench_coverage.sh --quick --targets cjson,libxml2,sqlite3,lua,expat,jsonc   (plain vs grammut; --help for more)"
