#!/usr/bin/env bash
# bench_coverage.sh - FuzzBench-style coverage benchmark: grammut vs plain libFuzzer.
#
# Usage: scripts/bench_coverage.sh [--minutes M] [--trials T] [--targets LIST] [--configs LIST]
#                                  [--scenario seeded|empty|both] [--quick] [--out DIR]
#                                  [--work DIR] [--jobs N] [--build DIR] [--report DIR]
#
#   --minutes M     fuzzing time per trial (default 10; fractions allowed)
#   --trials T      trials per scenario, target and configuration (default 3)
#   --quick         1 minute, 1 trial (explicit --minutes/--trials still win)
#   --targets LIST  comma-separated subset of cjson,libxml2,sqlite3,lua,expat,jsonc,mujs,nlohmann
#                   (default: all). Grammars: cjson, jsonc, nlohmann -> json; libxml2, expat -> xml;
#                   sqlite3 -> sqlite; lua -> lua; mujs -> javascript.
#   --configs LIST  comma-separated configurations (default: plain,grammut)
#                     plain                 fuzz_<t>
#                     grammut               fuzz_<t>_grammut, grammut's defaults (GRAMMUT_EXPERIMENTS unset)
#                     grammut-validity      fuzz_<t>_grammut, GRAMMUT_VALIDITY=1 (the harness's
#                                           validity verdicts used: valid-only coverage, Zest)
#                     grammut-novalidity    fuzz_<t>_grammut, GRAMMUT_VALIDITY=0 (the default,
#                                           explicitly)
#                     grammut-goal-failures fuzz_<t>_grammut, GRAMMUT_GOAL=failures (FdLoop)
#                     grammut-goal-time     fuzz_<t>_grammut, GRAMMUT_GOAL=time (FdLoop)
#                     grammut-grammar-only  fuzz_<t>_grammut, GRAMMUT_EXPERIMENTS=arms=grammar
#                     grammut-bytes-only    fuzz_<t>_grammut, GRAMMUT_EXPERIMENTS=arms=bytes
#                     plain+dict            fuzz_<t> -dict=<the grammar's fixed tokens: `grammut dict`>
#                     plain+dict+time       plain+dict with -entropic_scale_per_exec_time=1 (an input's
#                                           share of mutations scaled by its speed)
#                     grammut+time          fuzz_<t>_grammut -entropic_scale_per_exec_time=1
#                     grammut-nodict        fuzz_<t>_grammut, GRAMMUT_DICT=0 (libFuzzer's -dict without
#                                           the grammar's words grammut adds by default)
#                     grammut-uniform       fuzz_<t>_grammut, GRAMMUT_MODE=uniform (learning off)
#                     grammut-nocontexts    fuzz_<t>_grammut, GRAMMUT_TOKEN_CONTEXTS=0 (corpus token
#                                           texts drawn by type only, not by grammar context)
#                     grammut-noplaces      fuzz_<t>_grammut, GRAMMUT_PLACES=0 (swap, splice and
#                                           crossover partners from any place, not the same one)
#                     grammut-noplaced      fuzz_<t>_grammut, GRAMMUT_PLACED_WEIGHTS=0 (alternatives
#                                           weighed by decision only, not by place: the default)
#                     grammut-placed-<m>    fuzz_<t>_grammut, GRAMMUT_PLACED_WEIGHTS=<m>: learned,
#                                           inverse or learned,inverse weighed by place
#                     grammut-nowords       fuzz_<t>_grammut, GRAMMUT_PROGRAM_WORDS=0 (no words from
#                                           the program's read-only data)
#                     grammut-noneighbours  fuzz_<t>_grammut, GRAMMUT_WORD_NEIGHBOURS=0 (program words
#                                           drawn uniformly only, not also next to a known name)
#                     grammut-noreadfocus   fuzz_<t>_grammut, GRAMMUT_READ_FOCUS=0 (edits anywhere, also
#                                           past where the target stopped reading: grammut_report_read)
#                     grammut-slow          fuzz_<t>_grammut, GRAMMUT_EXPERIMENTS=slow_entries=1 (a far
#                                           slower entry now and then left for a fast one)
#                     grammut-no-<op>       fuzz_<t>_grammut, GRAMMUT_EXPERIMENTS=arms=-<op>: the default without
#                                           one operator (ablation), e.g. grammut-no-kpath
#                     grammut-cpu-<share>   fuzz_<t>_grammut, GRAMMUT_CPU_SHARE=<share>: another CPU
#                                           budget, e.g. grammut-cpu-0 (no budget), grammut-cpu-0.2
#                     grammut-texts-<p>     fuzz_<t>_grammut, GRAMMUT_INPUT_TEXTS=<p>: another chance of
#                                           reusing the input's token texts, e.g. grammut-texts-0 (never)
#                     grammut-memory-<mb>   fuzz_<t>_grammut, GRAMMUT_MEMORY_MB=<mb>: another memory
#                                           budget for trees and pools, e.g. grammut-memory-128
#                     grammut-noadopt       fuzz_<t>_grammut, GRAMMUT_ADOPT_NAMES=0 (parts splice and
#                                           crossover take from other inputs keep their own names)
#                     grammut-bind          fuzz_<t>_grammut, experiment bind_names=1 (the names of
#                                           what a tree edit writes are bound; bind/binder.h);
#                     grammut-nobind        bind_names=0 (the default)
#                     grammut-nofamiliar    fuzz_<t>_grammut, experiment familiar_tokens=0 (token texts
#                                           not kept to the lexer steps the corpus took)
#                     grammut-x-<k=v+...>   fuzz_<t>_grammut, GRAMMUT_EXPERIMENTS=<k=v;...>: any
#                                           experiments ('+' between them), e.g.
#                                           grammut-x-bind_names=1+single_tokens=1
#                     grammut-edgewin-<w>   fuzz_<t>_grammut, GRAMMUT_EDGE_WIN=<w>: another worth of a
#                                           kept output that reached new code, e.g. grammut-edgewin-1
#                                           (the same as a new hit count)
#   --scenario S    seeded: every run starts from a copy of harness_examples/<t>/seeds (default)
#                   empty:  every run starts from an empty corpus directory
#                   both:   both of the above
#   --out DIR       results directory (default bench/results/<YYYY-MM-DD>, or -2, -3, ... if
#                   that one already holds results). Runs may be made in parts into the same
#                   DIR (e.g. one call per target or per scenario): each call adds or replaces
#                   its own runs, appends its command line to DIR/commands.txt (and with
#                   its date, host and commit to DIR/parts.jsonl), and the report is rebuilt
#                   over every run found in DIR.
#   --work DIR      scratch space for the corpora (default build/bench_work/<name of --out>)
#   --jobs N        fuzzers run at the same time (default 2; keep it <= the number of cores)
#   --snapshots LIST  minutes (comma-separated, e.g. 1,5,10,30) at which each run's corpus is
#                   kept (hard links) and later replayed like the final one, so the report
#                   gives branches over time and the ratio at each of them (coverage_at.md,
#                   branches_<scenario>.png); marks at or past the run's length are skipped
#   --build DIR     grammut build directory: DIR/lib/libgrammut.so and DIR/grammars/<g>
#                   (default build/; a copy kept for a headline names its commit
#                   in DIR/COMMIT). The targets always come from build/targets
#                   (scripts/build_targets.sh); the grammut-linked binaries are linked into
#                   DIR/bench_bin/, so several grammut builds can share build/targets.
#   --report DIR    only (re)build the report of the runs in DIR
#
# Every run gets the same flags:
#   -max_len=4096 -len_control=0 -timeout=10 -rss_limit_mb=2048 -max_total_time=S
#   -seed=<trial> -print_final_stats=1 -artifact_prefix=<run>/artifacts/
# If a run stops early (crash, timeout, OOM, leak) it is restarted on the same corpus for
# the remaining time (FuzzBench does the same with -fork=1 -ignore_crashes=1).
# Coverage: the final corpus is replayed through cov_<t> and measured with llvm-cov-14
# (lines, branches, regions of the library's own sources, in total and per file).
# Results: DIR/runs/<scenario>/<target>/<config>/trial<N>/ (meta.json with the git commit
# and libgrammut.so's sha256, fuzz.log.gz, timeline.tsv, coverage.json, summary.json,
# artifacts/, functions.tsv.gz); report.md (with each part's command line), results.csv (one
# row per trial), coverage_<scenario>.png (cov: over time, one panel per target) and
# ratios_<scenario>.png in DIR. Commit only those, commands.txt and a NOTES.md: runs/,
# parts.jsonl and timeseries/ are working files (.gitignore keeps them out).
# Per-file comparison: bench/coverage_report.py filediff DIR TARGET CONFIG_A CONFIG_B; per
# function (each run's functions.tsv.gz): bench/coverage_report.py funcdiff DIR TARGET A B.
set -euo pipefail
# The whole script is one brace group, which bash parses completely before it runs
# any of it: editing this file (or checking out another version) while a long
# benchmark runs cannot change what the running benchmark does.
{

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$SCRIPT_DIR/.." && pwd)"
HELPER="$REPO/bench/coverage_report.py"
TARGETS_DIR="$REPO/build/targets"
# the exact command line of this call, re-runnable from the directory it was made in
shell_quote() {
    local a out=""
    for a in "$@"; do
        if [[ "$a" =~ ^[A-Za-z0-9_./,:=+@%-]+$ ]]; then out+="$a "; else out+="$(printf '%q' "$a") "; fi
    done
    printf '%s' "${out% }"
}
COMMAND_LINE="cd $(shell_quote "$PWD") && $(shell_quote "$0" "$@")"

ALL_TARGETS="cjson,libxml2,sqlite3,lua,expat,jsonc,mujs,nlohmann"
ALL_CONFIGS="plain,plain+dict+time,grammut+time,grammut,grammut-validity,grammut-novalidity,grammut-goal-failures,grammut-goal-time,grammut-grammar-only,grammut-bytes-only,plain+dict,grammut-nodict,grammut-uniform,grammut-nocontexts,grammut-noplaces,grammut-noplaced,grammut-nowords,grammut-noneighbours,grammut-noreadfocus,grammut-noadopt,grammut-nobind,grammut-slow,grammut-bind,grammut-nofamiliar"
TARGETS="$ALL_TARGETS"
CONFIGS="plain,grammut"
SCENARIO="seeded"
MINUTES=""
TRIALS=""
QUICK=0
OUT=""
WORK=""
JOBS=2
SNAPSHOTS=""
BUILD="$REPO/build"
REPORT_ONLY=""

usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'; }

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
        --scenario) SCENARIO="${2:?--scenario needs a value}"; shift 2 ;;
        --scenario=*) SCENARIO="${1#*=}"; shift ;;
        --quick) QUICK=1; shift ;;
        --out) OUT="${2:?--out needs a value}"; shift 2 ;;
        --out=*) OUT="${1#*=}"; shift ;;
        --work) WORK="${2:?--work needs a value}"; shift 2 ;;
        --work=*) WORK="${1#*=}"; shift ;;
        --jobs|-j) JOBS="${2:?--jobs needs a value}"; shift 2 ;;
        --jobs=*) JOBS="${1#*=}"; shift ;;
        --snapshots) SNAPSHOTS="${2:?--snapshots needs a value}"; shift 2 ;;
        --snapshots=*) SNAPSHOTS="${1#*=}"; shift ;;
        --build) BUILD="${2:?--build needs a value}"; shift 2 ;;
        --build=*) BUILD="${1#*=}"; shift ;;
        --report) REPORT_ONLY="${2:?--report needs a directory}"; shift 2 ;;
        --report=*) REPORT_ONLY="${1#*=}"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "bench_coverage: unknown argument: $1 (try --help)" >&2; exit 2 ;;
    esac
done

die() { echo "bench_coverage: $*" >&2; exit 1; }

if [ -n "$REPORT_ONLY" ]; then
    [ -d "$REPORT_ONLY" ] || die "--report: no directory $REPORT_ONLY"
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
[[ -z "$SNAPSHOTS" || "$SNAPSHOTS" =~ ^[0-9]+(\.[0-9]+)?(,[0-9]+(\.[0-9]+)?)*$ ]] ||
    die "--snapshots must be minutes separated by commas, e.g. 1,5,10,30 (got '$SNAPSHOTS')"
[[ "$MINUTES" =~ ^[0-9]*\.?[0-9]+$ ]] || die "--minutes must be a number"
SECONDS_PER_TRIAL=$(awk -v m="$MINUTES" 'BEGIN { s = int(m * 60 + 0.5); print (s < 10 ? 10 : s) }')
if [ "$JOBS" -gt "$(nproc)" ]; then
    echo "bench_coverage: warning: --jobs $JOBS > $(nproc) cores; exec/s will suffer" >&2
fi
case "$SCENARIO" in
    seeded|empty) SCENARIO_LIST=("$SCENARIO") ;;
    both) SCENARIO_LIST=(seeded empty) ;;
    *) die "--scenario must be seeded, empty or both (got '$SCENARIO')" ;;
esac

IFS=',' read -r -a TARGET_LIST <<<"$TARGETS"
IFS=',' read -r -a CONFIG_LIST <<<"$CONFIGS"
[ ${#TARGET_LIST[@]} -gt 0 ] || die "--targets is empty"
[ ${#CONFIG_LIST[@]} -gt 0 ] || die "--configs is empty"
for t in "${TARGET_LIST[@]}"; do
    case ",$ALL_TARGETS," in *",$t,"*) ;; *) die "unknown target '$t' (known: $ALL_TARGETS)" ;; esac
done
for c in "${CONFIG_LIST[@]}"; do
    case "$c" in grammut-no-?*) continue ;; esac  # grammut checks the operator's name
    case "$c" in grammut-cpu-*|grammut-texts-*)
        [[ ${c#grammut-*-} =~ ^(0|1|0?\.[0-9]+)$ ]] || die "config '$c': the value must be a number from 0 to 1"
        continue ;;
    esac
    case "$c" in grammut-x-*)
        [[ ${c#grammut-x-} =~ ^[a-z_]+=[A-Za-z0-9_.,:-]+(\+[a-z_]+=[A-Za-z0-9_.,:-]+)*$ ]] ||
            die "config '$c': give experiments as key=value, joined by '+'"
        continue ;;
    esac
    case "$c" in grammut-edgewin-*)
        [[ ${c#grammut-edgewin-} =~ ^[0-9]+(\.[0-9]+)?$ ]] && awk -v w="${c#grammut-edgewin-}" 'BEGIN { exit !(w >= 1) }' || die "config '$c': the value must be a number, at least 1"
        continue ;;
    esac
    case "$c" in grammut-memory-*)
        [[ ${c#grammut-memory-} =~ ^[0-9]+$ ]] && [ "${c#grammut-memory-}" -ge 16 ] || die "config '$c': the value must be a whole number of megabytes, at least 16"
        continue ;;
    esac
    case ",$ALL_CONFIGS," in *",$c,"*) ;; *) die "unknown config '$c' (known: $ALL_CONFIGS,grammut-no-<op>,grammut-cpu-<share>,grammut-texts-<p>,grammut-memory-<mb>,grammut-edgewin-<w>,grammut-x-<k=v+...>)" ;; esac
done

grammar_of() {
    case "$1" in
        cjson|jsonc|nlohmann) echo json ;; libxml2|expat) echo xml ;; sqlite3) echo sqlite ;; lua) echo lua ;;
        mujs) echo javascript ;;
        *) die "no grammar known for target $1" ;;
    esac
}
uses_grammar() { case "$1" in plain) return 1 ;; *) return 0 ;; esac; }
uses_grammut() { case "$1" in grammut*) return 0 ;; *) return 1 ;; esac; }

for tool in python3 clang++ llvm-profdata-14 llvm-cov-14 git sha256sum; do
    command -v "$tool" >/dev/null || die "$tool not found (run scripts/setup.sh)"
done
command -v gnuplot >/dev/null || echo "bench_coverage: warning: gnuplot not found, no plots (scripts/setup.sh installs gnuplot-nox)" >&2
mkdir -p "$BUILD" && BUILD="$(cd "$BUILD" && pwd)"
SO="$BUILD/lib/libgrammut.so"
NEED_GRAMMUT=0
for c in "${CONFIG_LIST[@]}"; do uses_grammut "$c" && NEED_GRAMMUT=1; done
if [ "$NEED_GRAMMUT" = 1 ]; then
    [ -f "$SO" ] || die "$SO missing (run scripts/build.sh $BUILD)"
fi
case ",$CONFIGS," in
    *",plain+dict,"*|*",plain+dict+time,"*) [ -x "$BUILD/tools/grammut" ] ||
        die "$BUILD/tools/grammut missing: plain+dict takes its dictionary from 'grammut dict' (run scripts/build.sh $BUILD)" ;;
esac
for t in "${TARGET_LIST[@]}"; do
    for c in "${CONFIG_LIST[@]}"; do
        uses_grammar "$c" || continue
        g="$(grammar_of "$t")"
        if [ ! -d "$BUILD/grammars/$g" ]; then
            if [ "$g" = javascript ]; then
                die "grammar $BUILD/grammars/javascript is missing: target mujs needs the JavaScript grammar (antlr_grammars/javascript, which scripts/build.sh builds into $BUILD/grammars once it is registered there). Leave mujs out (--targets ...) or run it with --configs plain until then."
            fi
            die "grammar $BUILD/grammars/$g is missing (needed by $t/$c; run scripts/build.sh $BUILD)"
        fi
    done
done

# ---- binaries: build the targets if needed, link the grammut binaries
need_build=()
for t in "${TARGET_LIST[@]}"; do
    for f in "fuzz_$t" "cov_$t" "fuzz_$t.o" sources.txt link_libs.txt; do
        if [ ! -e "$TARGETS_DIR/$t/$f" ]; then need_build+=("$t"); break; fi
    done
done
if [ ${#need_build[@]} -gt 0 ]; then
    echo "bench_coverage: building targets: ${need_build[*]}"
    "$SCRIPT_DIR/build_targets.sh" --targets "$(IFS=,; echo "${need_build[*]}")" --out "$TARGETS_DIR"
fi
BIN_DIR="$BUILD/bench_bin"
if [ "$NEED_GRAMMUT" = 1 ]; then
    for t in "${TARGET_LIST[@]}"; do
        "$SCRIPT_DIR/link_grammut_target.sh" "$t" "$BUILD" --targets-dir "$TARGETS_DIR" \
            --out "$BIN_DIR/fuzz_${t}_grammut" >/dev/null
    done
fi

# ---- output directories
DATE="$(date +%F)"
if [ -z "$OUT" ]; then
    OUT="$REPO/bench/results/$DATE"
    n=2
    while [ -e "$OUT/commands.txt" ] || [ -e "$OUT/parts.jsonl" ] || [ -e "$OUT/report.md" ]; do
        OUT="$REPO/bench/results/$DATE-$n"; n=$((n + 1))
    done
fi
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
WORK="${WORK:-$REPO/build/bench_work/$(basename "$OUT")}"
mkdir -p "$WORK"
WORK="$(cd "$WORK" && pwd)"
mkdir -p "$OUT/runs"

COMMON_FLAGS=(-max_len=4096 -len_control=0 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1)

for t in "${TARGET_LIST[@]}"; do
    case ",$CONFIGS," in
        *",plain+dict,"*|*",plain+dict+time,"*)
            mkdir -p "$OUT/dicts"
            "$BUILD/tools/grammut" dict --grammar "$BUILD/grammars/$(grammar_of "$t")" -o "$OUT/dicts/$t.dict" ||
                die "grammut dict failed for $t's grammar" ;;
    esac
done

# The commit grammut was built from: DIR/COMMIT when --build names a copy
# of a build kept for a headline (its first line: the commit), else the
# build's source tree (a worktree when --build names a build of another
# commit), else this repository.
GIT_DIRTY=false
if [ -s "$BUILD/COMMIT" ]; then
    GIT_COMMIT="$(head -n1 "$BUILD/COMMIT")"
else
    SRC_DIR="$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$BUILD/CMakeCache.txt" 2>/dev/null || true)"
    [ -d "$SRC_DIR" ] || SRC_DIR="$REPO"
    GIT_COMMIT="$(git -C "$SRC_DIR" rev-parse HEAD 2>/dev/null || echo unknown)"
    if [ -n "$(git -C "$SRC_DIR" status --porcelain --untracked-files=no 2>/dev/null || true)" ]; then GIT_DIRTY=true; fi
fi
SO_SHA=""
[ -f "$SO" ] && SO_SHA="$(sha256sum "$SO" | cut -d' ' -f1)"
PART_ID="$(date +%Y%m%dT%H%M%S)-$$"

ntotal=$(( ${#SCENARIO_LIST[@]} * ${#TARGET_LIST[@]} * ${#CONFIG_LIST[@]} * TRIALS ))
{
    echo "# part $PART_ID, started $(date -Iseconds) on $(hostname), commit $GIT_COMMIT$([ "$GIT_DIRTY" = true ] && echo ' (dirty tree)'), libgrammut.so ${SO_SHA:0:16}"
    echo "$COMMAND_LINE"
} >>"$OUT/commands.txt"
BENCH_COMMAND="$COMMAND_LINE" python3 - "$OUT" <<EOF
import json, os, socket, sys
out = sys.argv[1]
part = {
  "part": "$PART_ID", "date": "$DATE", "started": "$(date -Iseconds)", "host": socket.gethostname(),
  "cores": os.cpu_count(), "jobs": $JOBS, "minutes": float("$MINUTES"),
  "seconds_per_trial": $SECONDS_PER_TRIAL, "trials": $TRIALS,
  "scenarios": "${SCENARIO_LIST[*]}".split(), "targets": "$TARGETS".split(","),
  "configs": "$CONFIGS".split(","), "command": os.environ["BENCH_COMMAND"],
  "libfuzzer_flags": "${COMMON_FLAGS[*]} -max_total_time=$SECONDS_PER_TRIAL -seed=<trial>",
  "git_commit": "$GIT_COMMIT", "git_dirty": $( [ "$GIT_DIRTY" = true ] && echo True || echo False ),
  "grammut_build": "$BUILD", "libgrammut_sha256": "$SO_SHA" or None, "work_dir": "$WORK",
}
with open(os.path.join(out, "parts.jsonl"), "a") as f:
    f.write(json.dumps(part) + "\n")
EOF

T_START=$(date +%s)
stamp() { local e=$(( $(date +%s) - T_START )); printf '[%02d:%02d:%02d]' $((e / 3600)) $((e % 3600 / 60)) $((e % 60)); }
say() { echo "$(stamp) $*"; }

# ---- one trial: fuzz (restarting after crashes), replay the corpus, summarize
run_trial() {
    local sc="$1" t="$2" cfg="$3" trial="$4"
    local rdir="$OUT/runs/$sc/$t/$cfg/trial$trial" wdir="$WORK/$sc/$t/$cfg/trial$trial"
    local g bin log timeline
    g="$(grammar_of "$t")"
    rm -rf "$rdir" "$wdir"
    mkdir -p "$rdir/artifacts" "$wdir/corpus"
    if [ "$sc" = seeded ]; then cp "$REPO/harness_examples/$t/seeds/"* "$wdir/corpus/"; fi
    log="$rdir/fuzz.log"
    timeline="$rdir/timeline.tsv"
    # grammut configurations set their own experiments and GRAMMUT_MODE; values from the
    # caller's environment are removed so that "grammut" really runs the defaults
    local -a envs=(-u GRAMMUT_EXPERIMENTS -u GRAMMUT_ARMS -u GRAMMUT_MODE -u GRAMMUT_VALIDITY -u GRAMMUT_GOAL -u GRAMMUT_CPU_SHARE -u GRAMMUT_INPUT_TEXTS -u GRAMMUT_DICT -u GRAMMUT_TOKEN_CONTEXTS -u GRAMMUT_PLACES -u GRAMMUT_PLACED_WEIGHTS -u GRAMMUT_PROGRAM_WORDS -u GRAMMUT_WORD_NEIGHBOURS -u GRAMMUT_READ_FOCUS -u GRAMMUT_MEMORY_MB -u GRAMMUT_ADOPT_NAMES -u GRAMMUT_EDGE_WIN) extra=()
    local stats=$(( SECONDS_PER_TRIAL / 10 )); [ "$stats" -lt 10 ] && stats=10
    case "$cfg" in
        plain) bin="$TARGETS_DIR/$t/fuzz_$t" ;;
        plain+dict) bin="$TARGETS_DIR/$t/fuzz_$t"; extra=(-dict="$OUT/dicts/$t.dict") ;;
        plain+dict+time) bin="$TARGETS_DIR/$t/fuzz_$t"; extra=(-dict="$OUT/dicts/$t.dict" -entropic_scale_per_exec_time=1) ;;
        grammut*)
            bin="$BIN_DIR/fuzz_${t}_grammut"
            envs+=(GRAMMUT_GRAMMAR="$BUILD/grammars/$g" GRAMMUT_STATS="$stats")
            case "$cfg" in
                grammut-grammar-only) envs+=(GRAMMUT_EXPERIMENTS=arms=grammar) ;;
                grammut-bytes-only) envs+=(GRAMMUT_EXPERIMENTS=arms=bytes) ;;
                grammut-uniform) envs+=(GRAMMUT_MODE=uniform) ;;
                grammut-nodict) envs+=(GRAMMUT_DICT=0) ;;
                grammut-nocontexts) envs+=(GRAMMUT_TOKEN_CONTEXTS=0) ;;
                grammut-nowords) envs+=(GRAMMUT_PROGRAM_WORDS=0) ;;
                grammut-noneighbours) envs+=(GRAMMUT_WORD_NEIGHBOURS=0) ;;
                grammut-noplaces) envs+=(GRAMMUT_PLACES=0) ;;
                grammut-noplaced) envs+=(GRAMMUT_PLACED_WEIGHTS=0) ;;
                grammut-noreadfocus) envs+=(GRAMMUT_READ_FOCUS=0) ;;
                grammut-noadopt) envs+=(GRAMMUT_ADOPT_NAMES=0) ;;
                grammut+time) extra=(-entropic_scale_per_exec_time=1) ;;
                grammut-nobind) envs+=("GRAMMUT_EXPERIMENTS=bind_names=0") ;;
                grammut-slow) envs+=("GRAMMUT_EXPERIMENTS=slow_entries=1") ;;
                grammut-bind) envs+=("GRAMMUT_EXPERIMENTS=bind_names=1") ;;
                grammut-nofamiliar) envs+=("GRAMMUT_EXPERIMENTS=familiar_tokens=0") ;;
                grammut-placed-*) envs+=(GRAMMUT_PLACED_WEIGHTS="${cfg#grammut-placed-}") ;;
                grammut-novalidity) envs+=(GRAMMUT_VALIDITY=0) ;;
                grammut-validity) envs+=(GRAMMUT_VALIDITY=1) ;;
                grammut-goal-*) envs+=(GRAMMUT_GOAL="${cfg#grammut-goal-}") ;;
                grammut-no-*) envs+=(GRAMMUT_EXPERIMENTS="arms=-${cfg#grammut-no-}") ;;
                grammut-cpu-*) envs+=(GRAMMUT_CPU_SHARE="${cfg#grammut-cpu-}") ;;
                grammut-texts-*) envs+=(GRAMMUT_INPUT_TEXTS="${cfg#grammut-texts-}") ;;
                grammut-edgewin-*) envs+=(GRAMMUT_EDGE_WIN="${cfg#grammut-edgewin-}") ;;
                grammut-memory-*) envs+=(GRAMMUT_MEMORY_MB="${cfg#grammut-memory-}") ;;
                grammut-x-*) local x="${cfg#grammut-x-}"; envs+=("GRAMMUT_EXPERIMENTS=${x//+/;}") ;;
            esac ;;
    esac
    local load_start load_end t0 seg=0 rc remaining seed seg_start codes="" so_sha="" other_env
    load_start="$(cut -d' ' -f1 /proc/loadavg)"
    [ -f "$SO" ] && so_sha="$(sha256sum "$SO" | cut -d' ' -f1)"
    other_env="$(env | grep -E '^(GRAMMUT_|ASAN_OPTIONS=|UBSAN_OPTIONS=)' | grep -vE '^GRAMMUT_(ARMS|MODE|VALIDITY|GOAL|CPU_SHARE|INPUT_TEXTS|DICT|TOKEN_CONTEXTS|PLACES|PLACED_WEIGHTS|PROGRAM_WORDS)=' | tr '\n' ' ' || true)"
    t0="$(date +%s.%N)"
    # the corpus at each --snapshots mark, kept by hard links (libFuzzer never rewrites a
    # file, it only adds and removes them)
    local snap_pid="" m
    rm -rf "$wdir"/snap_*
    if [ -n "$SNAPSHOTS" ]; then
        (
            for m in ${SNAPSHOTS//,/ }; do
                awk -v m="$m" -v s="$SECONDS_PER_TRIAL" 'BEGIN { exit !(m * 60 < s) }' || continue
                sleep "$(awk -v t0="$t0" -v m="$m" -v now="$(date +%s.%N)" \
                    'BEGIN { d = t0 + m * 60 - now; print (d < 0 ? 0 : d) }')"
                # A file libFuzzer removes while it is copied (a reduced input:
                # its smaller replacement stays) is left out, and the marks
                # after it still come.
                cp -al "$wdir/corpus" "$wdir/snap_$m" 2>/dev/null || true
            done
        ) &
        snap_pid=$!
    fi
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
            echo "$(stamp) ERROR: $sc/$t/$cfg trial $trial: fuzzer exited with $rc at once; see $log" >&2
            break
        fi
        seg=$((seg + 1))
    done
    if [ -n "$snap_pid" ]; then kill "$snap_pid" 2>/dev/null || true; wait "$snap_pid" 2>/dev/null || true; fi
    local fuzz_seconds
    fuzz_seconds=$(awk -v t0="$t0" -v now="$(date +%s.%N)" 'BEGIN { printf "%.1f", now - t0 }')
    load_end="$(cut -d' ' -f1 /proc/loadavg)"
    gzip -f "$log"
    BENCH_OTHER_ENV="$other_env" python3 - "$rdir/meta.json" <<EOF
import json, os, sys
json.dump({"scenario": "$sc", "target": "$t", "config": "$cfg", "trial": $trial,
           "seconds": $SECONDS_PER_TRIAL, "fuzz_seconds": $fuzz_seconds, "binary": "$bin",
           "env": "${envs[*]}", "other_env": os.environ["BENCH_OTHER_ENV"].strip(),
           "flags": "${COMMON_FLAGS[*]} ${extra[*]}",
           "exit_codes": [int(x) for x in "$codes".split(",") if x],
           "load_start": float("$load_start"), "load_end": float("$load_end"),
           "corpus": "$wdir/corpus", "part": "$PART_ID",
           "git_commit": "$GIT_COMMIT", "git_dirty": $( [ "$GIT_DIRTY" = true ] && echo True || echo False ),
           "libgrammut": "$SO", "libgrammut_sha256": "$so_sha" or None},
          open(sys.argv[1], "w"), indent=1)
EOF
    python3 "$HELPER" replay --quiet --cov-bin "$TARGETS_DIR/$t/cov_$t" \
        --sources "$(cat "$TARGETS_DIR/$t/sources.txt")" --corpus "$wdir/corpus" \
        --work "$wdir/replay" --out "$rdir/coverage.json"
    rm -f "$rdir"/coverage_at_*.json
    for m in ${SNAPSHOTS//,/ }; do
        [ -d "$wdir/snap_$m" ] || continue
        python3 "$HELPER" replay --quiet --cov-bin "$TARGETS_DIR/$t/cov_$t" \
            --sources "$(cat "$TARGETS_DIR/$t/sources.txt")" --corpus "$wdir/snap_$m" \
            --work "$wdir/replay" --out "$rdir/coverage_at_${m}.json"
    done
    python3 "$HELPER" runinfo --quiet "$rdir"
    python3 - "$rdir" "$sc/$t/$cfg trial $trial" "$(stamp)" <<'EOF'
import json, os, sys
d, label, st = sys.argv[1:4]
c = json.load(open(os.path.join(d, "coverage.json")))
s = json.load(open(os.path.join(d, "summary.json")))
extra = ""
if s["segments"] > 1 or s["crashes"]:
    extra = ", %d crash report(s), %d restart(s)" % (len(s["crashes"]), s["segments"] - 1)
if s.get("grammut_cpu_pct") is not None:
    extra += ", grammut cpu %s%%" % s["grammut_cpu_pct"]
print("%s done  %-36s branches %d (%.1f%%) lines %d (%.1f%%) cov: %s exec/s %s corpus %d rss %s MB%s" % (
    st, label, c["branches"]["covered"], c["branches"]["percent"], c["lines"]["covered"],
    c["lines"]["percent"], s["final_cov"], s["exec_per_sec"], c["inputs"], s["peak_rss_mb"],
    extra), flush=True)
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

say "coverage benchmark: ${#SCENARIO_LIST[@]} scenario(s) x ${#TARGET_LIST[@]} target(s) x ${#CONFIG_LIST[@]} config(s) x $TRIALS trial(s) of ${SECONDS_PER_TRIAL}s, $JOBS at a time"
say "scenarios: ${SCENARIO_LIST[*]}; targets: $TARGETS; configs: $CONFIGS"
say "results: $OUT (part $PART_ID)"
say "corpora: $WORK"
[ "$NEED_GRAMMUT" = 1 ] && say "grammut: $SO (sha256 ${SO_SHA:0:16}), commit ${GIT_COMMIT:0:12}$([ "$GIT_DIRTY" = true ] && echo ' (dirty tree)')"
rounds=$(( (ntotal + JOBS - 1) / JOBS ))
eta=$(( rounds * SECONDS_PER_TRIAL / 60 ))
say "expected fuzzing time: ~$eta min (plus coverage replay)"

n=0
for trial in $(seq 1 "$TRIALS"); do
    for sc in "${SCENARIO_LIST[@]}"; do
        for t in "${TARGET_LIST[@]}"; do
            for cfg in "${CONFIG_LIST[@]}"; do
                while reap; [ ${#PIDS[@]} -ge "$JOBS" ]; do heartbeat; sleep 2; done
                n=$((n + 1))
                say "start $sc/$t/$cfg trial $trial ($n/$ntotal)"
                run_trial "$sc" "$t" "$cfg" "$trial" &
                p=$!
                PIDS+=("$p")
                LABEL[$p]="$sc/$t/$cfg#$trial"
                STARTED[$p]=$(date +%s)
                TLFILE[$p]="$OUT/runs/$sc/$t/$cfg/trial$trial/timeline.tsv"
            done
        done
    done
done
while reap; [ ${#PIDS[@]} -gt 0 ]; do heartbeat; sleep 2; done

say "all runs of this part finished; writing the report over every run in $OUT"
echo
python3 "$HELPER" report "$OUT"
echo
say "report: $OUT/report.md (plots: $OUT/coverage_<scenario>.png, ratios_<scenario>.png; per trial: results.csv)"
exit 0
}
