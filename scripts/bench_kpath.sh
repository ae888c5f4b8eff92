#!/usr/bin/env bash
# bench_kpath.sh - Havrikov's chapter-3 experiment on our JSON parsers: branch
# coverage of k-path suites (grammut generate --kpath K) against random
# suites of the same size (uniform and learned modes), over repetitions.
#
# Usage: scripts/bench_kpath.sh [--targets cjson,jsonc] [--ks 1,2,3] [--reps 10]
#                               [--max-size BYTES] [--build DIR] [--out DIR]
# Needs build/targets/<t>/cov_<t> (scripts/build_targets.sh) and a grammut build.
# Repetition r uses seed r for every suite. Results: DIR/runs/<t>/k<K>/<kind>/
# rep<r>.json, DIR/report.md (table), DIR/kpath_<t>.png, DIR/commands.txt.
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TARGETS=cjson,jsonc; KS=1,2,3; REPS=10; MAXSIZE=4096; BUILD="$REPO/build"
OUT="$REPO/bench/results/$(date +%F)-kpath"
CMDLINE="scripts/bench_kpath.sh $*"
while [ $# -gt 0 ]; do
  case $1 in
    --targets) TARGETS=$2; shift 2 ;;
    --ks) KS=$2; shift 2 ;;
    --reps) REPS=$2; shift 2 ;;
    --max-size) MAXSIZE=$2; shift 2 ;;
    --build) BUILD=$(cd "$2" && pwd); shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    *) echo "bench_kpath: unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
G="$BUILD/grammars/json"; TOOL="$BUILD/tools/grammut"
[ -x "$TOOL" ] || { echo "bench_kpath: no $TOOL (scripts/build.sh)" >&2; exit 1; }
mkdir -p "$OUT/runs"; WORK=$(mktemp -d); trap 'rm -rf "$WORK"' EXIT
echo "$CMDLINE   # commit $(git -C "$REPO" rev-parse --short HEAD)" >> "$OUT/commands.txt"
"$TOOL" learn --grammar "$G" -o "$WORK/json.weights" "$REPO/antlr_grammars/json/samples" >/dev/null
IFS=, read -r -a TLIST <<<"$TARGETS"; IFS=, read -r -a KLIST <<<"$KS"
for t in "${TLIST[@]}"; do
  cov="$REPO/build/targets/$t/cov_$t"
  [ -x "$cov" ] || { echo "bench_kpath: no $cov (scripts/build_targets.sh --targets $t)" >&2; exit 1; }
  src=$(cat "$REPO/build/targets/$t/sources.txt")
  for k in "${KLIST[@]}"; do
    for r in $(seq 1 "$REPS"); do
      rm -rf "$WORK"/suite_*
      "$TOOL" generate --grammar "$G" --kpath "$k" --seed "$r" --max-size "$MAXSIZE" \
        --out "$WORK/suite_kpath" 2>/dev/null | head -n 1
      n=$(ls "$WORK/suite_kpath" | wc -l)
      "$TOOL" generate --grammar "$G" --mode uniform -n "$n" --seed "$r" --max-size "$MAXSIZE" \
        --out "$WORK/suite_uniform" >/dev/null
      "$TOOL" generate --grammar "$G" --mode learned --weights "$WORK/json.weights" -n "$n" \
        --seed "$r" --max-size "$MAXSIZE" --out "$WORK/suite_learned" >/dev/null
      for kind in kpath uniform learned; do
        d="$OUT/runs/$t/k$k/$kind"; mkdir -p "$d"
        python3 "$REPO/bench/kpath_report.py" measure --cov-bin "$cov" --sources "$src" \
          --suite "$WORK/suite_$kind" --work "$WORK/prof" --out "$d/rep$r.json"
      done
    done
  done
done
{ echo; echo "## $(date -u +%FT%TZ): $CMDLINE"; echo; } >> "$OUT/report.md"
python3 "$REPO/bench/kpath_report.py" report "$OUT"
echo "bench_kpath: $OUT/report.md"
