#!/usr/bin/env bash
# e2e_calc.sh FUZZ_CALC GRAMMUT CALC_GRAMMAR_DIR SEEDS
# A real -fsanitize=fuzzer binary with grammut linked in finds the planted
# bug of the Calc target (it needs a valid program nested six parentheses
# deep) within a fixed budget, and -minimize_crash shrinks the crash to a
# smaller input that is still a valid program.
set -u
fuzz=$1; grammut=$2; grammar=$3; seeds=$4
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
# No stack symbolization: the checks read only the error kind, and
# -minimize_crash reruns the fuzzer (and ASan's report) once per step.
export ASAN_OPTIONS=symbolize=0
mkdir corpus
"$fuzz" -seed=1 -runs=200000 -max_len=1024 -artifact_prefix="$tmp/" corpus "$seeds" >find.log 2>&1
crash=$(ls "$tmp"/crash-* 2>/dev/null | head -1)
if [ -z "$crash" ]; then
  echo "FAIL: no crash found in 200000 runs"; tail -20 find.log; exit 1
fi
grep -q "heap-buffer-overflow" find.log || { echo "FAIL: not the planted bug"; tail -30 find.log; exit 1; }
grep -q "found LLVMFuzzerCustomMutator" find.log || { echo "FAIL: grammut was not used"; exit 1; }
echo "found the planted bug after $(grep -o '^#[0-9]*' find.log | tail -1 | tr -d '#') executions"
echo "crash input:"; cat "$crash"; echo

"$fuzz" -minimize_crash=1 -runs=2000 -seed=1 -exact_artifact_path="$tmp/min" "$crash" >min.log 2>&1
[ -f "$tmp/min" ] || { echo "FAIL: -minimize_crash wrote nothing"; tail -20 min.log; exit 1; }
before=$(wc -c <"$crash"); after=$(wc -c <"$tmp/min")
echo "minimized $before -> $after bytes:"; cat "$tmp/min"; echo
[ "$after" -lt "$before" ] || { echo "FAIL: not smaller"; exit 1; }
"$grammut" parse --grammar "$grammar" "$tmp/min" || { echo "FAIL: minimized crash is not a valid program"; exit 1; }
# And it still crashes.
if "$fuzz" "$tmp/min" >rerun.log 2>&1; then echo "FAIL: minimized input does not crash"; exit 1; fi
echo "1 passed, 0 failed"
