#!/usr/bin/env bash
# fork_weights.sh FUZZ_CALC CALC_GRAMMAR_DIR SEEDS
# libFuzzer -fork=2 with GRAMMUT_SAVE_WEIGHTS: the workers' learned counts
# end up in the file and add up across runs (each save adds what its
# process learned since its last save); the parent, which never mutates,
# does not overwrite them.
set -u
fuzz=$1; grammar=$2; seeds=$3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
export ASAN_OPTIONS=symbolize=0  # crashes in jobs are not looked at
trees() { sed -n 's/^trees \([0-9]*\)$/\1/p' "$tmp/w.txt"; }
run() {
  rm -rf corpus; mkdir corpus
  GRAMMUT_GRAMMAR="$grammar" GRAMMUT_SAVE_WEIGHTS="$tmp/w.txt" "$fuzz" -fork=2 \
    -ignore_crashes=1 -runs="$2" -seed="$1" -artifact_prefix="$tmp/" corpus "$seeds" \
    >"run$1.log" 2>&1
  # (the exit status is 1 when a job found the planted bug: not our concern)
  grep -q "INFO: exiting" "run$1.log" || { echo "FAIL: fork run $1 did not finish"; tail -20 "run$1.log"; exit 1; }
}
run 1 30000
[ -f w.txt ] || { echo "FAIL: no weights file after a -fork=2 run"; tail -20 run1.log; exit 1; }
first=$(trees)
[ -n "$first" ] && [ "$first" -gt 0 ] || { echo "FAIL: the weights file holds no learned trees"; head -5 w.txt; exit 1; }
grep -q "^end" w.txt || { echo "FAIL: weights file cut short"; exit 1; }
# A short second run: its workers learn little, so a file they replaced
# (instead of adding to) would hold fewer trees than the first run left.
run 2 3000
second=$(trees)
[ "$second" -gt "$first" ] || { echo "FAIL: the second run's workers replaced the counts ($first trees, then $second) instead of adding to them"; exit 1; }
echo "trees after run 1: $first, after run 2: $second"
echo "1 passed, 0 failed"
