#!/usr/bin/env bash
# bench_memory.sh - peak RSS of each real target with and without grammut,
# and where the difference goes (the sanitizer's stack depot, allocator and
# quarantine; grammut's tree cache; the target's own memory on the inputs
# each run found).
#
# Usage: scripts/bench_memory.sh [--minutes M] [--trials T] [--targets LIST] [--out DIR]
#        (other options go to scripts/bench_coverage.sh)
#
# Runs scripts/bench_coverage.sh (configurations plain and grammut, seeded,
# side by side) with ASAN_OPTIONS=print_stats=1:atexit=1 added to the
# caller's ASAN_OPTIONS, so that each run's log ends with ASan's allocator
# statistics. Then each run's final corpus is replayed once (-runs=0) by the
# plain fuzzer, grammut not loaded, into runs/.../replay.log: the peak RSS
# of the target on the inputs alone. The difference between plain's and
# grammut's replays is memory the target needs for the inputs grammut
# found, not memory grammut holds. `bench/coverage_report.py memory` writes
# DIR/memory.md. Defaults: 10 minutes, 1 trial, every target, DIR
# bench/results/<date>-memory; --no-replay skips the replays; --replay-only
# replays and reports the runs already in DIR (no fuzzing).
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MINUTES=10; TRIALS=1; OUT="$REPO/bench/results/$(date +%F)-memory"; rest=()
REPLAY=1; FUZZ=1
while [ $# -gt 0 ]; do
  case $1 in
    --minutes) MINUTES=$2; shift 2 ;;
    --trials) TRIALS=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    --no-replay) REPLAY=0; shift ;;
    --replay-only) FUZZ=0; shift ;;
    *) rest+=("$1"); shift ;;
  esac
done
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}print_stats=1:atexit=1"
if [ "$FUZZ" = 1 ]; then
  "$REPO/scripts/bench_coverage.sh" --minutes "$MINUTES" --trials "$TRIALS" --scenario seeded \
    --configs plain,grammut --out "$OUT" "${rest[@]}"
elif [ ! -d "$OUT/runs" ]; then
  echo "bench_memory: --replay-only: $OUT has no runs" >&2; exit 2
fi
if [ "$REPLAY" = 1 ]; then
  WORK="$REPO/build/bench_work/$(basename "$OUT")"
  for run in "$OUT"/runs/seeded/*/*/trial*; do
    [ -d "$run" ] || continue
    if grep -qs "DONE" "$run/replay.log"; then continue; fi  # replayed before
    IFS=/ read -r t cfg trial <<<"${run#"$OUT"/runs/seeded/}"
    corpus="$WORK/seeded/$t/$cfg/$trial/corpus"
    bin="$REPO/build/targets/$t/fuzz_$t"
    if [ ! -d "$corpus" ] || [ ! -x "$bin" ]; then
      echo "bench_memory: no corpus or plain fuzzer for $t/$cfg/$trial: not replayed" >&2
      continue
    fi
    echo "bench_memory: replaying $t/$cfg/$trial ($(ls "$corpus" | wc -l) inputs)"
    "$bin" -runs=0 -max_len=4096 -timeout=10 -rss_limit_mb=0 "$corpus" \
      >"$run/replay.log" 2>&1 || echo "bench_memory: replay of $t/$cfg/$trial exited $?" >&2
  done
fi
python3 "$REPO/bench/coverage_report.py" memory "$OUT"
echo "bench_memory: $OUT/memory.md"
