#!/usr/bin/env bash
# real_target_runs.sh TARGET GRAMMAR SOURCE_DIR BUILD_DIR: the target's
# harness runs 10,000 executions from its seed corpus without a crash, leak
# or timeout (plain libFuzzer: a harness check, deterministic), and the
# grammut-linked binary, with the grammar, runs 10,000 executions from the
# seeds and exits 0, having kept grammar outputs (grammut's stats line,
# GRAMMUT_STATS) made by at least 8 distinct grammar operators; saved
# regression inputs run to completion and do not lower what the seeds reach
# when run before them.
# Longer grammut runs find real bugs (a heap-use-after-free in Lua 5.4.4's
# luaV_concat), which is the benchmark's business, not this check's.
set -u
t=$1; g=$2; src=$3; build=$4
bin=$build/targets/$t/fuzz_${t}_grammut
[ -x "$bin" ] || { echo "SKIP: $bin not built"; exit 77; }
[ -e "$build/grammars/$g" ] || { echo "FAIL: grammar $build/grammars/$g missing (not built?)"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/g"
grc=0
# GRAMMUT_STATS: a stats line every 0.05 s (the last one is read below);
# GRAMMUT_DETERMINISTIC: the same run every time.
GRAMMUT_GRAMMAR=$build/grammars/$g GRAMMUT_STATS=0.05 GRAMMUT_DETERMINISTIC=1 \
  "$bin" -runs=10000 -seed=1 -max_len=2048 -timeout=60 -rss_limit_mb=2560 \
  -artifact_prefix="$tmp/g/" "$tmp/g" "$src/harness_examples/$t/seeds" >"$tmp/glog" 2>&1 || grc=$?
grep -q "found LLVMFuzzerCustomMutator" "$tmp/glog" || { echo "FAIL: grammut not used (rc=$grc)"; tail -5 "$tmp/glog"; exit 1; }
if [ $grc != 0 ] || ! grep -q "Done 10000 runs" "$tmp/glog"; then
  echo "FAIL: grammut-linked binary: rc=$grc after -runs=10000 (expected 0 and 'Done 10000 runs')"
  grep -E "ERROR|SUMMARY|^grammut:" "$tmp/glog" | head; tail -20 "$tmp/glog"; exit 1
fi
stats=$(grep -a "grammut: cpu" "$tmp/glog" | tail -1)
[ -n "$stats" ] || { echo "FAIL: no grammut stats line (GRAMMUT_STATS)"; tail -20 "$tmp/glog"; exit 1; }
echo "grammut's last stats line: $stats"
# "grammar 69% calls 79% time 18210 kept": outputs of the grammar family kept.
kept=$(sed -n 's/.*| grammar [0-9]*% calls [0-9]*% time \([0-9]*\) kept.*/\1/p' <<<"$stats")
# "grammar ops (calls/time/kept) regenerate/learned 11%/11%/2517 splice ...":
# one entry per operator that was called.
ops=$(sed -n 's/.*grammar ops (calls\/time\/kept)\(.*\)/\1/p' <<<"$stats" | sed 's/ | .*//' |
  grep -oE '[^ ]+ [0-9]+%/[0-9]+%/[0-9]+' | wc -l)
if [ -z "$kept" ] || [ "$kept" -lt 1 ]; then
  echo "FAIL: no grammar output kept in 10,000 runs (kept=${kept:-?})"; exit 1
fi
if [ "$ops" -lt 8 ]; then
  echo "FAIL: only $ops distinct grammar operators used in 10,000 runs (expected >= 8)"; exit 1
fi
echo "grammut: $kept grammar outputs kept, $ops distinct grammar operators used"
"$build/targets/$t/fuzz_$t" -runs=10000 -seed=1 -max_len=2048 -len_control=0 \
  -timeout=60 -rss_limit_mb=2560 -artifact_prefix="$tmp/" "$tmp" "$src/harness_examples/$t/seeds" >"$tmp/log" 2>&1
rc=$?
[ $rc = 0 ] && grep -q "Done 10000 runs" "$tmp/log" || { echo "FAIL: rc=$rc"; grep -E "ERROR|SUMMARY|Done" "$tmp/log" | head; tail -20 "$tmp/log"; exit 1; }
grep -E "^#10000|DONE" "$tmp/log" | tail -1
# Inputs that once hung or crashed the harness (harness_examples/<t>/regressions):
# each must now run to completion. (A hang is an endless loop, so libFuzzer's
# -timeout only turns it into a failure instead of a stuck test.)
if [ -d "$src/harness_examples/$t/regressions" ]; then
  for f in "$src/harness_examples/$t/regressions"/*; do
    case "$f" in *.md) continue ;; esac
    "$build/targets/$t/fuzz_$t" -timeout=60 -rss_limit_mb=2560 "$f" >"$tmp/rlog" 2>&1 ||
      { echo "FAIL: regression input $(basename "$f")"; grep -E "ERROR|SUMMARY" "$tmp/rlog" | head; exit 1; }
    echo "regression input $(basename "$f"): ok"
  done
  # Nor may one change what later runs reach: the seeds loaded after the
  # regression inputs (libFuzzer runs a corpus smallest first) reach at least
  # the coverage they reach alone (e.g. an input that lowered a process-wide
  # limit once made every later SQLite run fail).
  inited_cov() { "$build/targets/$t/fuzz_$t" -runs=0 -rss_limit_mb=2560 "$@" 2>&1 |
    sed -n 's/.*INITED cov: \([0-9]*\).*/\1/p' | tail -1; }
  mkdir "$tmp/alone" "$tmp/after"
  cp "$src/harness_examples/$t/seeds"/* "$tmp/alone/"
  cp "$src/harness_examples/$t/seeds"/* "$tmp/after/"
  for f in "$src/harness_examples/$t/regressions"/*; do
    case "$f" in *.md) ;; *) cp "$f" "$tmp/after/regression_$(basename "$f")" ;; esac
  done
  alone=$(inited_cov "$tmp/alone"); after=$(inited_cov "$tmp/after")
  if [ -z "$alone" ] || [ -z "$after" ] || [ "$after" -lt "$alone" ]; then
    echo "FAIL: the seeds after the regression inputs reach cov ${after:-?}, alone ${alone:-?}"; exit 1
  fi
  echo "seeds after the regression inputs: cov $after (alone $alone)"
fi
echo "1 passed, 0 failed"
