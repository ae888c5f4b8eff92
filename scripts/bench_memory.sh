#!/usr/bin/env bash
# bench_memory.sh - peak RSS of each real target with and without grammut,
# and where the difference goes (the sanitizer's stack depot, allocator and
# quarantine; grammut's tree cache).
#
# Usage: scripts/bench_memory.sh [--minutes M] [--trials T] [--targets LIST] [--out DIR]
#        (other options go to scripts/bench_coverage.sh)
#
# Runs scripts/bench_coverage.sh (configurations plain and grammut, seeded,
# side by side) with ASAN_OPTIONS=print_stats=1:atexit=1 added to the
# caller's ASAN_OPTIONS, so that each run's log ends with ASan's allocator
# statistics, then `bench/coverage_report.py memory` writes DIR/memory.md.
# Defaults: 10 minutes, 1 trial, every target, DIR bench/results/<date>-memory.
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MINUTES=10; TRIALS=1; OUT="$REPO/bench/results/$(date +%F)-memory"; rest=()
while [ $# -gt 0 ]; do
  case $1 in
    --minutes) MINUTES=$2; shift 2 ;;
    --trials) TRIALS=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    *) rest+=("$1"); shift ;;
  esac
done
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}print_stats=1:atexit=1"
"$REPO/scripts/bench_coverage.sh" --minutes "$MINUTES" --trials "$TRIALS" --scenario seeded \
  --configs plain,grammut --out "$OUT" "${rest[@]}"
python3 "$REPO/bench/coverage_report.py" memory "$OUT"
echo "bench_memory: $OUT/memory.md"
