#!/usr/bin/env bash
# ossfuzz_local_test.sh SOURCE_DIR BUILD_DIR: scripts/ossfuzz_local.sh end
# to end with this build of grammut (--grammut-build): oss-fuzz/build.sh
# under OSS-Fuzz's libFuzzer + ASan environment, then fork-mode fuzzing,
# merge and crash minimization as ClusterFuzz runs them. Checks each step's
# result in the work directory as well as the script's own checks.
set -u
src=$1; build=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fails=0; passes=0
# No stack symbolization: every crash of the fork run is reported, and the
# checks read only the error kind.
export ASAN_OPTIONS=symbolize=0
check() {  # check NAME COMMAND...: one assertion
  if "${@:2}"; then passes=$((passes+1)); else echo "FAIL: $1"; fails=$((fails+1)); fi
}
bash "$src/scripts/ossfuzz_local.sh" --grammut-build "$build" --work "$tmp/w" \
  --runs 40000 --minimize-runs 2000 >"$tmp/log" 2>&1
rc=$?
cat "$tmp/log"
check "ossfuzz_local.sh exits 0" test "$rc" = 0
out=$tmp/w/out run=$tmp/w/run
check "build produced the fuzzer" test -x "$out/calc_fuzzer"
check "build wrote the options file" grep -q "^max_len = " "$out/calc_fuzzer.options"
check "build wrote the seed corpus zip" test -n "$(unzip -Z1 "$out/calc_fuzzer_seed_corpus.zip" 2>/dev/null)"
check "the ANTLR runtime is shipped in \$OUT/lib" test -f "$out/lib/libantlr4-runtime.so.4.9"
check "runs with an empty environment, grammar embedded" grep -q "^grammut: grammar calc" "$run/clean_env.log"
check "the fork run finished" grep -q "^INFO: exiting: [01] " "$run/fuzz.log"
check "the fork run stopped at -runs" grep -q "wrapping up soon" "$run/fuzz.log"
check "the fork run found the planted bug" test -n "$(ls "$run"/artifacts/crash-* 2>/dev/null)"
check "merge wrote a corpus" test -n "$(ls "$run/merged" 2>/dev/null)"
crash=$(ls -S "$run"/artifacts/crash-* 2>/dev/null | tail -n 1)
check "minimize produced a smaller crash" test "$(wc -c <"$run/minimized" 2>/dev/null || echo 999999)" -lt "$(wc -c <"${crash:-/dev/null}")"
check "the minimized crash still crashes" bash -c "! '$out/calc_fuzzer' '$run/minimized' >'$tmp/rerun' 2>&1 && grep -q heap-buffer-overflow '$tmp/rerun'"
echo "$passes passed, $fails failed"
[ "$fails" = 0 ]
