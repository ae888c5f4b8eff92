#!/usr/bin/env bash
# bench_grammars.sh - how fit every grammar of a collection is for fuzzing: `grammut doctor`
# on each (its examples' parse rate, generation validity and speed per mode), as a user
# bringing that grammar would see it.
#
# Usage: scripts/bench_grammars.sh --collection DIR [--out DIR] [--jobs N] [--every K]
#                                  [--only A,B] [--inputs N] [--seconds S] [--build DIR]
#
#   --collection DIR  a grammars-v4 style checkout: folders with a pom.xml naming
#                     <grammarName> and <entryPoint>, examples under examples/. For
#                     grammars-v4 itself (measurement only, never committed here):
#                     git clone --depth 1 https://github.com/antlr/grammars-v4 DIR
#   --out DIR         results (default bench/results/<YYYY-MM-DD>-grammars); per-grammar
#                     doctor output goes to DIR/runs/ (not committed), the summary to
#                     DIR/report.md and DIR/results.csv
#   --jobs N          grammars at a time (default 2)
#   --every K         every K-th grammar only (default 1: all)
#   --only A,B        these grammars only (folder names relative to DIR, e.g. ada/ada95)
#   --inputs N        inputs generated per mode (default 100)
#   --seconds S       the doctor's time per mode (default 20); a grammar is killed after
#                     4 S + 240 s and counted as hung
#   --build DIR       grammut build (default build/)
#
# The report: grammars run, crashed, hung or refused; examples parsed; generated inputs
# that re-parse; grammars with >= 95% valid generation; grammars generating under 100
# inputs a minute in some mode; then one row per grammar.
set -euo pipefail

usage() { sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//'; }

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
COLLECTION="" OUT="" JOBS=2 EVERY=1 ONLY="" INPUTS=100 SECONDS_PER_MODE=20
BUILD="$REPO/build"
while [ $# -gt 0 ]; do
    case "$1" in
        --collection) COLLECTION="${2:?--collection needs a folder}"; shift 2 ;;
        --out) OUT="${2:?--out needs a folder}"; shift 2 ;;
        --jobs) JOBS="${2:?}"; shift 2 ;;
        --every) EVERY="${2:?}"; shift 2 ;;
        --only) ONLY="${2:?}"; shift 2 ;;
        --inputs) INPUTS="${2:?}"; shift 2 ;;
        --seconds) SECONDS_PER_MODE="${2:?}"; shift 2 ;;
        --build) BUILD="${2:?}"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "bench_grammars.sh: unknown argument $1" >&2; usage >&2; exit 2 ;;
    esac
done
[ -n "$COLLECTION" ] || { echo "bench_grammars.sh: --collection DIR is required" >&2; usage >&2; exit 2; }
[ -d "$COLLECTION" ] || { echo "bench_grammars.sh: no folder $COLLECTION" >&2; exit 2; }
[ -x "$BUILD/tools/grammut" ] || { echo "bench_grammars.sh: no $BUILD/tools/grammut (scripts/build.sh)" >&2; exit 2; }
OUT="${OUT:-$REPO/bench/results/$(date +%F)-grammars}"

args=(run --collection "$COLLECTION" --out "$OUT" --grammut "$BUILD/tools/grammut"
      --jobs "$JOBS" --every "$EVERY" --inputs "$INPUTS" --seconds "$SECONDS_PER_MODE")
[ -n "$ONLY" ] && args+=(--only "$ONLY")
python3 "$REPO/bench/grammars_report.py" "${args[@]}"
echo "bench_grammars.sh: report in $OUT/report.md"
