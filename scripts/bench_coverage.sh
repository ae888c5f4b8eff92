#!/usr/bin/env bash
# bench_coverage.sh - FuzzBench-style coverage benchmark: grammut vs plain libFuzzer.
#
# Usage: scripts/bench_coverage.sh [--minutes M] [--trials T] [--targets cjson,libxml2,sqlite3,lua]
#                                  [--configs plain,plain+dict,grammut,grammut-uniform]
#                                  [--quick] [--out DIR] [--work DIR] [--jobs N] [--report DIR]
#
#   --minutes M   fuzzing time per trial (default 10; fractions allowed)
#   --trials T    trials per target and configuration (default 3)
#   --quick       1 minute, 1 trial (explicit --minutes/--trials still win)
#   --targets     comma-separated subset of cjson,libxml2,sqlite3,lua (default: all)
#   --configs     comma-separated subset of the configurations (default: all four)
#                   plain            fuzz_<t>
#                   plain+dict       fuzz_<t> -dict=<literal tokens of the grammar>
#                   grammut          fuzz_<t>_grammut, GRAMMUT_MODE=adaptive
#                   grammut-uniform  fuzz_<t>_grammut, GRAMMUT_MODE=uniform (learning off)
#   --out DIR     results directory (default bench/results/<YYYY-MM-DD>, or
#                 <YYYY-MM-DD>-2, -3, ... if that one already holds results)
#   --work DIR    scratch space for the corpora (default build/bench_work/<name of --out>)
#   --jobs N      fuzzers run at the same time (default 2; keep it <= the number of cores)
#   --report DIR  only (re)build the report of an earlier run in DIR
#
# Every run starts from a fresh copy of harness_examples/<t>/seeds and gets the same flags:
#   -max_len=4096 -len_control=0 -timeout=10 -rss_limit_mb=2048 -max_total_time=S
#   -seed=<trial> -print_final_stats=1 -artifact_prefix=<run>/artifacts/
# If a run stops early (crash, timeout, OOM, leak) it is restarted on the same corpus for
# the remaining time (FuzzBench does the same with -fork=1 -ignore_crashes=1).
# Coverage: the final corpus is replayed through cov_<t> and measured with llvm-cov-14
# (lines, branches, regions of the library's own sources). The report (report.md,
# results.json, results.csv, cov_<target>.png) goes to the results directory.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$SCRIPT_DIR/.." && pwd)"
HELPER="$REPO/bench/coverage_report.py"
BUILD="$REPO/build"

ALL_TARGETS="cjson,libxml2,sqlite3,lua"
ALL_CONFIGS="plain,plain+dict,grammut,grammut-uniform"
TARGETS="$ALL_TARGETS"
CONFIGS="$ALL_CONFIGS"
MINUTES=""
TRIALS=""
QUICK=0
OUT=""
WORK=""
JOBS=2
REPORT_ONLY=""

usage() { sed -n '2,29p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

while [ $# -gt 0 ]; do
    case "$1" in
        --minutes) MINUTES="${2:?--minutes needs a value}"; shift 2 ;;
        --minutes=*) MINUTES="${1#*=}"; shift ;;
        --trials) TRIALS="${2:?--trials needs a value}"; shift 2 ;;
        --trials=*) TRIALS="${1#*=}"; shift ;;
        --targets) TARGETS="${2:?--targets needs a value}"; shift 2 ;;
        --targets=*) TARGETS="${1#*=}"; shift ;;
        --configs) CONFIGS="${2:?--configs needs a value}"; shift 2 ;;
        --configs=*) CONFIGS="${1#*=}"; shift ;;
        --quick) QUICK=1; shift ;;
        --out) OUT="${2:?--out needs a value}"; shift 2 ;;
        --out=*) OUT="${1#*=}"; shift ;;
        --work) WORK="${2:?--work needs a value}"; shift 2 ;;
        --work=*) WORK="${1#*=}"; shift ;;
        --jobs|-j) JOBS="${2:?--jobs needs a value}"; shift 2 ;;
        --jobs=*) JOBS="${1#*=}"; shift ;;
        --report) REPORT_ONLY="${2:?--report needs a directory}"; shift 2 ;;
        --report=*) REPORT_ONLY="${1#*=}"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "bench_coverage: unknown argument: $1" >&2; usage >&2; exit 2 ;;
    esac
done

die() { echo "bench_coverage: $*" >&2; exit 1; }

if [ -n "$REPORT_ONLY" ]; then
    exec python3 "$HELPER" report "$REPORT_ONLY"
fi

if [ "$QUICK" = 1 ]; then
    MINUTES="${MINUTES:-1}"
    TRIALS="${TRIALS:-1}"
fi
MINUTES="${MINUTES:-10}"
TRIALS="${TRIALS:-3}"
[[ "$TRIALS" =~ ^[1-9][0-9]*$ ]] || die "--trials must be a positive integer"
[[ "$JOBS" =~ ^[1-9][0-9]*$ ]] || die "--jobs must be a positive integer"
[[ "$MINUTES" =~ ^[0-9]*\.?[0-9]+$ ]] || die "--minutes must be a number"
SECONDS_PER_TRIAL=$(awk -v m="$MINUTES" 'BEGIN { s = int(m * 60 + 0.5); print (s < 10 ? 10 : s) }')
if [ "$JOBS" -gt "$(nproc)" ]; then
    echo "bench_coverage: warning: --jobs $JOBS > $(nproc) cores; exec/s will suffer" >&2
fi

IFS=',' read -r -a TARGET_LIST <<<"$TARGETS"
IFS=',' read -r -a CONFIG_LIST <<<"$CONFIGS"
for t in "${TARGET_LIST[@]}"; do
    case ",$ALL_TARGETS," in *",$t,"*) ;; *) die "unknown target '$t' (known: $ALL_TARGETS)" ;; esac
done
for c in "${CONFIG_LIST[@]}"; do
    case ",$ALL_CONFIGS," in *",$c,"*) ;; *) die "unknown config '$c' (known: $ALL_CONFIGS)" ;; esac
done

grammar_of() {
    case "$1" in
        cjson) echo json ;; libxml2) echo xml ;; sqlite3) echo sqlite ;; lua) echo lua ;;
    esac
}

for tool in python3 clang++ llvm-profdata-14 llvm-cov-14; do
    command -v "$tool" >/dev/null || die "$tool not found (run scripts/setup.sh)"
done
command -v gnuplot >/dev/null || echo "bench_coverage: warning: gnuplot not found, no plots (apt-get install gnuplot-nox)" >&2
[ -f "$BUILD/mutator/libgrammut.so" ] || die "$BUILD/mutator/libgrammut.so missing (run scripts/build.sh)"

# ---- binaries: build the targets if needed, link the grammut binaries
need_build=()
for t in "${TARGET_LIST[@]}"; do
    for f in "fuzz_$t" "cov_$t" "fuzz_$t.o" sources.txt link_libs.txt; do
        if [ ! -e "$BUILD/targets/$t/$f" ]; then need_build+=("$t"); break; fi
    done
done
if [ ${#need_build[@]} -gt 0 ]; then
    echo "bench_coverage: building targets: ${need_build[*]}"
    "$SCRIPT_DIR/build_targets.sh" --targets "$(IFS=,; echo "${need_build[*]}")"
fi
for t in "${TARGET_LIST[@]}"; do
    "$SCRIPT_DIR/link_grammut_target.sh" "$t" "$BUILD" >/dev/null
done

# ---- output directories
DATE="$(date +%F)"
if [ -z "$OUT" ]; then
    OUT="$REPO/bench/results/$DATE"
    n=2
    while [ -e "$OUT/bench.json" ]; do OUT="$REPO/bench/results/$DATE-$n"; n=$((n + 1)); done
fi
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
WORK="${WORK:-$BUILD/bench_work/$(basename "$OUT")}"
mkdir -p "$WORK"
WORK="$(cd "$WORK" && pwd)"
mkdir -p "$OUT/dicts" "$OUT/runs"

COMMON_FLAGS=(-max_len=4096 -len_control=0 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1)

for t in "${TARGET_LIST[@]}"; do
    python3 "$HELPER" dict "$BUILD/grammars/$(grammar_of "$t")" "$OUT/dicts/$t.dict" >/dev/null
done

ntotal=$(( ${#TARGET_LIST[@]} * ${#CONFIG_LIST[@]} * TRIALS ))
python3 - "$OUT/bench.json" <<EOF
import json, os, socket, sys, hashlib
so = "$BUILD/mutator/libgrammut.so"
json.dump({
  "date": "$DATE", "started": "$(date -Iseconds)", "host": socket.gethostname(),
  "cores": os.cpu_count(), "jobs": $JOBS, "minutes": float("$MINUTES"),
  "seconds_per_trial": $SECONDS_PER_TRIAL, "trials": $TRIALS,
  "targets": "$TARGETS".split(","), "configs": "$CONFIGS".split(","),
  "libfuzzer_flags": "${COMMON_FLAGS[*]} -max_total_time=$SECONDS_PER_TRIAL -seed=<trial>",
  "libgrammut_sha256": hashlib.sha256(open(so, "rb").read()).hexdigest(),
  "work_dir": "$WORK",
}, open(sys.argv[1], "w"), indent=1)
EOF

T_START=$(date +%s)
stamp() { local e=$(( $(date +%s) - T_START )); printf '[%02d:%02d:%02d]' $((e / 3600)) $((e % 3600 / 60)) $((e % 60)); }
say() { echo "$(stamp) $*"; }

# ---- one trial: fuzz (restarting after crashes), replay the corpus, summarize
run_trial() {
    local t="$1" cfg="$2" trial="$3"
    local rdir="$OUT/runs/$t/$cfg/trial$trial" wdir="$WORK/$t/$cfg/trial$trial"
    local g bin log timeline
    g="$(grammar_of "$t")"
    rm -rf "$rdir" "$wdir"
    mkdir -p "$rdir/artifacts" "$wdir/corpus"
    cp "$REPO/harness_examples/$t/seeds/"* "$wdir/corpus/"
    log="$rdir/fuzz.log"
    timeline="$rdir/timeline.tsv"
    local -a envs=() extra=()
    case "$cfg" in
        plain) bin="$BUILD/targets/$t/fuzz_$t" ;;
        plain+dict) bin="$BUILD/targets/$t/fuzz_$t"; extra=(-dict="$OUT/dicts/$t.dict") ;;
        grammut|grammut-uniform)
            bin="$BUILD/targets/$t/fuzz_${t}_grammut"
            local mode=adaptive
            [ "$cfg" = grammut-uniform ] && mode=uniform
            local stats=$(( SECONDS_PER_TRIAL / 10 )); [ "$stats" -lt 10 ] && stats=10
            envs=(GRAMMUT_GRAMMAR="$BUILD/grammars/$g" GRAMMUT_MODE="$mode" GRAMMUT_STATS="$stats") ;;
    esac
    local load_start load_end t0 seg=0 rc remaining seed seg_start codes="" so_sha=""
    load_start="$(cut -d' ' -f1 /proc/loadavg)"
    case "$cfg" in grammut*) so_sha="$(sha256sum "$BUILD/mutator/libgrammut.so" | cut -d' ' -f1)" ;; esac
    t0="$(date +%s.%N)"
    while :; do
        remaining=$(awk -v t0="$t0" -v now="$(date +%s.%N)" -v s="$SECONDS_PER_TRIAL" \
            'BEGIN { r = s - (now - t0); print (r < 0 ? 0 : int(r + 0.5)) }')
        if [ "$seg" -gt 0 ] && [ "$remaining" -lt 5 ]; then break; fi
        seed=$(( trial + 1000 * seg ))
        echo "=== bench segment $seg start seed=$seed max_total_time=$remaining" >>"$log"
        seg_start=$(date +%s)
        rc=0
        python3 "$HELPER" run --t0 "$t0" --segment "$seg" "$log" "$timeline" -- \
            env "${envs[@]}" "$bin" "${COMMON_FLAGS[@]}" "${extra[@]}" -max_total_time="$remaining" \
            -seed="$seed" -artifact_prefix="$rdir/artifacts/" "$wdir/corpus" || rc=$?
        echo "=== bench segment $seg exit $rc" >>"$log"
        codes="$codes${codes:+,}$rc"
        [ "$rc" -eq 0 ] && break
        if [ $(( $(date +%s) - seg_start )) -lt 3 ] && [ -z "$(ls -A "$rdir/artifacts")" ]; then
            echo "$(stamp) ERROR: $t/$cfg trial $trial: fuzzer exited with $rc at once; see $log" >&2
            break
        fi
        seg=$((seg + 1))
    done
    local fuzz_seconds
    fuzz_seconds=$(awk -v t0="$t0" -v now="$(date +%s.%N)" 'BEGIN { printf "%.1f", now - t0 }')
    load_end="$(cut -d' ' -f1 /proc/loadavg)"
    gzip -f "$log"
    python3 - "$rdir/meta.json" <<EOF
import json, sys
json.dump({"target": "$t", "config": "$cfg", "trial": $trial, "seconds": $SECONDS_PER_TRIAL,
           "fuzz_seconds": $fuzz_seconds, "binary": "$bin",
           "env": "${envs[*]}", "flags": "${COMMON_FLAGS[*]} ${extra[*]}",
           "exit_codes": [int(x) for x in "$codes".split(",") if x],
           "load_start": float("$load_start"), "load_end": float("$load_end"),
           "corpus": "$wdir/corpus", "libgrammut_sha256": "$so_sha" or None},
          open(sys.argv[1], "w"), indent=1)
EOF
    python3 "$HELPER" replay --quiet --cov-bin "$BUILD/targets/$t/cov_$t" \
        --sources "$(cat "$BUILD/targets/$t/sources.txt")" --corpus "$wdir/corpus" \
        --work "$wdir/replay" --out "$rdir/coverage.json"
    python3 "$HELPER" runinfo --quiet "$rdir"
    python3 - "$rdir" "$t/$cfg trial $trial" "$(stamp)" <<'EOF'
import json, os, sys
d, label, st = sys.argv[1:4]
c = json.load(open(os.path.join(d, "coverage.json")))
s = json.load(open(os.path.join(d, "summary.json")))
extra = ""
if s["segments"] > 1 or s["crashes"]:
    extra = ", %d crash report(s), %d restart(s)" % (len(s["crashes"]), s["segments"] - 1)
print("%s done  %-28s branches %d (%.1f%%) lines %d (%.1f%%) cov: %s exec/s %s corpus %d%s" % (
    st, label, c["branches"]["covered"], c["branches"]["percent"], c["lines"]["covered"],
    c["lines"]["percent"], s["final_cov"], s["exec_per_sec"], c["inputs"], extra), flush=True)
EOF
}

# ---- scheduler: at most $JOBS trials at a time, heartbeat every 60 s
declare -A LABEL=() STARTED=() TLFILE=()
PIDS=()
cleanup() {
    trap - INT TERM
    local p kids
    for p in "${PIDS[@]}"; do
        kids="$(pgrep -P "$p" || true)"
        kill -- "$p" 2>/dev/null || true
        # shellcheck disable=SC2086  # a list of pids
        if [ -n "$kids" ]; then kill -- $kids 2>/dev/null || true; fi
    done
    echo "bench_coverage: interrupted; partial results in $OUT" >&2
    exit 130
}
trap cleanup INT TERM

reap() {
    local alive=() p
    for p in "${PIDS[@]}"; do
        if kill -0 "$p" 2>/dev/null; then alive+=("$p"); else wait "$p" || true; fi
    done
    PIDS=("${alive[@]}")
}
LAST_BEAT=$(date +%s)
heartbeat() {
    local now p line=""
    now=$(date +%s)
    [ $((now - LAST_BEAT)) -ge 60 ] || return 0
    LAST_BEAT=$now
    for p in "${PIDS[@]}"; do
        local cov="-"
        if [ -s "${TLFILE[$p]}" ]; then cov=$(tail -n 1 "${TLFILE[$p]}" | cut -f5); fi
        line="$line  ${LABEL[$p]} ($((now - STARTED[$p]))s, cov: $cov)"
    done
    say "running:$line"
}

say "coverage benchmark: ${#TARGET_LIST[@]} target(s) x ${#CONFIG_LIST[@]} config(s) x $TRIALS trial(s) of ${SECONDS_PER_TRIAL}s, $JOBS at a time"
say "results: $OUT"
say "corpora: $WORK"
rounds=$(( (ntotal + JOBS - 1) / JOBS ))
eta=$(( rounds * SECONDS_PER_TRIAL / 60 ))
say "expected fuzzing time: ~$eta min (plus coverage replay)"

n=0
for trial in $(seq 1 "$TRIALS"); do
    for t in "${TARGET_LIST[@]}"; do
        for cfg in "${CONFIG_LIST[@]}"; do
            while reap; [ ${#PIDS[@]} -ge "$JOBS" ]; do heartbeat; sleep 2; done
            n=$((n + 1))
            say "start $t/$cfg trial $trial ($n/$ntotal)"
            run_trial "$t" "$cfg" "$trial" &
            p=$!
            PIDS+=("$p")
            LABEL[$p]="$t/$cfg#$trial"
            STARTED[$p]=$(date +%s)
            TLFILE[$p]="$OUT/runs/$t/$cfg/trial$trial/timeline.tsv"
        done
    done
done
while reap; [ ${#PIDS[@]} -gt 0 ]; do heartbeat; sleep 2; done

say "all runs finished; writing the report"
echo
python3 "$HELPER" report "$OUT"
echo
say "report: $OUT/report.md (plots: $OUT/cov_<target>.png, raw: results.json, results.csv)"
