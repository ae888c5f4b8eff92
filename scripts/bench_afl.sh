#!/usr/bin/env bash
# bench_afl.sh - AFL++ alone vs AFL++ with grammut (libgrammut_afl.so).
#
# Usage: scripts/bench_afl.sh [--minutes 10 | --seconds S] [--trials 3] [--targets libxml2,sqlite3]
#          [--configs afl,afl+grammut] [--out DIR] [--build DIR] [--targets-dir DIR]
#          [--parallel N] [--no-replay]
#
# Needs the AFL++ builds (scripts/build_targets.sh --afl --targets T), the
# coverage builds cov_<t> (scripts/build_targets.sh --targets T) and a grammut
# build with lib/libgrammut_afl.so and grammars/ (scripts/build.sh).
# Every run: afl-fuzz -i harness_examples/<t>/seeds -t 500 -V <minutes*60> -s <trial>
# on TARGETS_DIR/<t>/afl/fuzz_<t>, without (afl) or with (afl+grammut)
# AFL_CUSTOM_MUTATOR_LIBRARY=BUILD/lib/libgrammut_afl.so and
# GRAMMUT_GRAMMAR=BUILD/grammars/<g>; both get the same seeds, timeout and
# flags. Afterwards each final queue is replayed through cov_<t>
# (bench/coverage_report.py replay: branch coverage of the library's own
# sources), and bench/afl_report.py writes OUT/report.md (table: branches
# median [min-max], ratio, execs/s, grammut's share of the executions) and
# OUT/afl_<t>.png (AFL++'s edges over time). Runs go N at a time (default 2:
# one per core); OUT/commands.txt records each invocation.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$SCRIPT_DIR/.." && pwd)"

MINUTES=10 TRIALS=3 TARGETS="libxml2,sqlite3" CONFIGS="afl,afl+grammut"
OUT="" BUILD="$REPO/build" TDIR="" PARALLEL=2 REPLAY=1 RUN_SECONDS=""
usage() { sed -n '2,21p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
        --minutes) MINUTES="$2"; shift 2 ;;
        --seconds) RUN_SECONDS="$2"; shift 2 ;;
        --trials) TRIALS="$2"; shift 2 ;;
        --targets) TARGETS="$2"; shift 2 ;;
        --configs) CONFIGS="$2"; shift 2 ;;
        --out) OUT="$2"; shift 2 ;;
        --build) BUILD="$2"; shift 2 ;;
        --targets-dir) TDIR="$2"; shift 2 ;;
        --parallel) PARALLEL="$2"; shift 2 ;;
        --no-replay) REPLAY=0; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "bench_afl: unknown argument $1" >&2; usage >&2; exit 2 ;;
    esac
done
BUILD="$(cd "$BUILD" && pwd)"
TDIR="${TDIR:-$BUILD/targets}"
TDIR="$(cd "$TDIR" && pwd)"
OUT="${OUT:-$REPO/bench/results/$(date +%Y-%m-%d)-afl}"
mkdir -p "$OUT" && OUT="$(cd "$OUT" && pwd)"
LIB="$BUILD/lib/libgrammut_afl.so"
SECONDS_PER_RUN="${RUN_SECONDS:-$((MINUTES * 60))}"

die() { echo "bench_afl: $*" >&2; exit 1; }
grammar_of() {
    case "$1" in
        cjson|jsonc|nlohmann) echo json ;; libxml2|expat) echo xml ;; sqlite3) echo sqlite ;;
        lua) echo lua ;; mujs) echo javascript ;; *) die "unknown target $1" ;;
    esac
}
command -v afl-fuzz >/dev/null || die "afl-fuzz missing: apt-get install afl++"
for t in ${TARGETS//,/ }; do
    [ -x "$TDIR/$t/afl/fuzz_$t" ] || die "$TDIR/$t/afl/fuzz_$t missing: scripts/build_targets.sh --afl --targets $t"
    [ -x "$TDIR/$t/cov_$t" ] || [ "$REPLAY" = 0 ] || die "$TDIR/$t/cov_$t missing: scripts/build_targets.sh --targets $t"
    case ",$CONFIGS," in *,afl+grammut,*)
        [ -f "$LIB" ] || die "$LIB missing: cmake --build $BUILD --target grammut_afl"
        [ -d "$BUILD/grammars/$(grammar_of "$t")" ] || die "$BUILD/grammars/$(grammar_of "$t") missing" ;;
    esac
done
for c in ${CONFIGS//,/ }; do
    case "$c" in afl|afl+grammut) ;; *) die "unknown config $c (afl, afl+grammut)" ;; esac
done

{
    echo "# $(date -u +%FT%TZ) commit $(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo '?')"
    echo "scripts/bench_afl.sh --seconds $SECONDS_PER_RUN --trials $TRIALS --targets $TARGETS --configs $CONFIGS --out $OUT --build $BUILD --targets-dir $TDIR --parallel $PARALLEL"
    echo "# afl++ $(dpkg-query -W -f='${Version}' afl++ 2>/dev/null || echo '?'); libgrammut_afl.so sha256 $( [ -f "$LIB" ] && sha256sum "$LIB" | cut -c1-16 || echo '-')"
} >>"$OUT/commands.txt"

# One run: afl-fuzz for SECONDS_PER_RUN, then the queue copied to corpus/.
run_one() {
    local t="$1" c="$2" trial="$3"
    local dir="$OUT/runs/$t/$c/trial$trial"
    rm -rf "$dir"; mkdir -p "$dir"
    local -a envs=(AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1
                   AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_SKIP_CRASHES=1)
    if [ "$c" = afl+grammut ]; then
        envs+=(AFL_CUSTOM_MUTATOR_LIBRARY="$LIB"
               GRAMMUT_GRAMMAR="$BUILD/grammars/$(grammar_of "$t")")
    fi
    local -a cmd=(afl-fuzz -i "$REPO/harness_examples/$t/seeds" -o "$dir/afl_out"
                  -m none -t 500 -V "$SECONDS_PER_RUN" -s "$trial"
                  -- "$TDIR/$t/afl/fuzz_$t")
    printf '%s ' env "${envs[@]}" "${cmd[@]}" >"$dir/command.txt"; echo >>"$dir/command.txt"
    echo "[bench_afl $(date +%H:%M:%S)] start $t $c trial $trial"
    local rc=0
    env "${envs[@]}" timeout -k 10 $((SECONDS_PER_RUN + 120)) "${cmd[@]}" \
        >"$dir/log.txt" 2>&1 </dev/null || rc=$?
    echo "$rc" >"$dir/exit_code"
    mkdir -p "$dir/corpus"
    find "$dir/afl_out/default/queue" -maxdepth 1 -type f -name 'id:*' \
        -exec cp {} "$dir/corpus/" \; 2>/dev/null || true
    echo "[bench_afl $(date +%H:%M:%S)] done  $t $c trial $trial (exit $rc, $(ls "$dir/corpus" | wc -l) queue entries)"
}

# Jobs interleaved so that both configurations progress together.
jobs_list=()
for trial in $(seq 1 "$TRIALS"); do
    for t in ${TARGETS//,/ }; do
        for c in ${CONFIGS//,/ }; do jobs_list+=("$t $c $trial"); done
    done
done
running=0
for j in "${jobs_list[@]}"; do
    # shellcheck disable=SC2086
    run_one $j &
    running=$((running + 1))
    if [ "$running" -ge "$PARALLEL" ]; then wait -n || true; running=$((running - 1)); fi
done
wait || true

if [ "$REPLAY" = 1 ]; then
    for j in "${jobs_list[@]}"; do
        # shellcheck disable=SC2086
        set -- $j
        dir="$OUT/runs/$1/$2/trial$3"
        echo "[bench_afl $(date +%H:%M:%S)] coverage $1 $2 trial $3"
        python3 "$REPO/bench/coverage_report.py" replay --cov-bin "$TDIR/$1/cov_$1" \
            --sources "$(cat "$TDIR/$1/sources.txt")" --corpus "$dir/corpus" \
            --work "$dir/covwork" --out "$dir/coverage.json" || echo "replay failed for $dir" >&2
        rm -rf "$dir/covwork"
    done
fi
python3 "$REPO/bench/afl_report.py" "$OUT"
