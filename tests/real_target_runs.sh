#!/usr/bin/env bash
# real_target_runs.sh TARGET GRAMMAR SOURCE_DIR BUILD_DIR: the target's
# harness, linked with grammut, runs 10,000 executions from its seed corpus
# without a crash, leak or timeout.
set -u
t=$1; g=$2; src=$3; build=$4
bin=$build/targets/$t/fuzz_${t}_grammut
[ -x "$bin" ] || { echo "SKIP: $bin not built"; exit 77; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
GRAMMUT_GRAMMAR=$build/grammars/$g "$bin" -runs=10000 -seed=1 -max_len=2048 -len_control=0 \
  -timeout=60 -rss_limit_mb=2560 -artifact_prefix="$tmp/" "$tmp" "$src/harness_examples/$t/seeds" >"$tmp/log" 2>&1
rc=$?
grep -q "found LLVMFuzzerCustomMutator" "$tmp/log" || { echo "FAIL: grammut not used"; tail -5 "$tmp/log"; exit 1; }
[ $rc = 0 ] && grep -q "Done 10000 runs" "$tmp/log" || { echo "FAIL: rc=$rc"; grep -E "ERROR|SUMMARY|Done" "$tmp/log" | head; tail -20 "$tmp/log"; exit 1; }
grep -E "^#10000|DONE" "$tmp/log" | tail -1
echo "1 passed, 0 failed"
