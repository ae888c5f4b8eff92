#!/usr/bin/env bash
# ld_preload_test.sh LIBGRAMMUT_SO FUZZ_CALC_PLAIN CALC_G4 SEEDS
# grammut LD_PRELOADed into an unchanged libFuzzer binary, with the grammar
# given as a .g4 file at run time, is used by libFuzzer and finds the
# planted bug; a misconfiguration stops it at start-up with one clear line.
set -u
lib=$1; fuzz=$2; g4=$3; seeds=$4
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export GRAMMUT_CACHE_DIR=$tmp/cache
mkdir "$tmp/corpus"
LD_PRELOAD=$lib GRAMMUT_GRAMMAR=$g4 "$fuzz" -seed=1 -runs=200000 -max_len=1024 \
  -artifact_prefix="$tmp/" "$tmp/corpus" "$seeds" >"$tmp/log" 2>&1
fails=0
grep -q "found LLVMFuzzerCustomMutator" "$tmp/log" || { echo "FAIL: libFuzzer did not find the preloaded mutator"; fails=1; }
ls "$tmp"/crash-* >/dev/null 2>&1 || { echo "FAIL: no crash found"; tail -5 "$tmp/log"; fails=1; }
# Misconfiguration: reported on one line, then exit code 1 (not an abort
# from a handler that runs at exit).
clean_exit() { [ "$1" -eq 1 ] && ! grep -q "terminate called" "$2"; }
# No grammar.
LD_PRELOAD=$lib GRAMMUT_GRAMMAR= "$fuzz" -runs=10 "$seeds" >"$tmp/log2" 2>&1; rc=$?
clean_exit $rc "$tmp/log2" && grep -q "^grammut: no grammar" "$tmp/log2" || { echo "FAIL: missing grammar not reported (rc=$rc)"; head -3 "$tmp/log2"; fails=1; }
LD_PRELOAD=$lib GRAMMUT_GRAMMAR=$g4 GRAMMUT_START_RULE=nosuch "$fuzz" -runs=10 "$seeds" >"$tmp/log3" 2>&1; rc=$?
clean_exit $rc "$tmp/log3" && grep -q "nosuch" "$tmp/log3" || { echo "FAIL: bad start rule not reported"; fails=1; }
LD_PRELOAD=$lib GRAMMUT_GRAMMAR=$g4 GRAMMUT_MODE=sideways "$fuzz" -runs=10 "$seeds" >"$tmp/log4" 2>&1; rc=$?
clean_exit $rc "$tmp/log4" && grep -q "GRAMMUT_MODE" "$tmp/log4" || { echo "FAIL: bad mode not reported"; fails=1; }
echo "$((4 - fails)) passed, $fails failed"
[ $fails = 0 ]
