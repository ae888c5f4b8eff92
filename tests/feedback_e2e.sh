#!/usr/bin/env bash
# feedback_e2e.sh FUZZ_WITH_GRAMMUT FUZZ_PLAIN: the harness feedback API
# (grammut/feedback.h) end to end, with libFuzzer's own corpus merge as the
# judge of which inputs add features.
# - the target's own coverage counters stay registered with libFuzzer;
# - without grammut every call is a no-op: the target runs, and a valid
#   input that reaches only code an invalid one reached adds nothing;
# - with grammut the same valid input adds valid-only features and is
#   merged in with GRAMMUT_VALIDITY=1; by default and with
#   GRAMMUT_VALIDITY=0 it is not;
# - with GRAMMUT_KPATH_FEATURES=2 an input that runs the same code but
#   shows a new 2-path of the (calc) grammar is merged in; by default, with
#   0 and without grammut it is not;
# - a misconfigured GRAMMUT_VALIDITY, GRAMMUT_KPATH_FEATURES or GRAMMUT_GOAL
#   stops the run
#   with one clear line.
set -u
with="$1" plain="$2"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fails=0 passes=0
check() {  # check NAME CONDITION-RESULT
  if [ "$2" = 0 ]; then passes=$((passes+1)); else fails=$((fails+1)); echo "FAIL: $1"; fi
}
# merge_texts A B BINARY...: how many files of {B} merge into {A}.
merge_texts() {
  rm -rf "$tmp/A" "$tmp/B"; mkdir "$tmp/A" "$tmp/B"
  printf '%s' "$1" > "$tmp/A/a"; printf '%s' "$2" > "$tmp/B/b"
  shift 2
  "$@" -merge=1 "$tmp/A" "$tmp/B" > "$tmp/log" 2>&1
  sed -n 's/.*MERGE-OUTER: \([0-9]*\) new files.*/\1/p' "$tmp/log"
}
# merge BINARY: how many files of {valid input} merge into {invalid input}.
merge() { merge_texts x v "$@"; }

printf 'vf' > "$tmp/input"
"$plain" "$tmp/input" > "$tmp/log" 2>&1
check "plain target runs an input that reports validity and a failure" $?
# The header must leave the target's own coverage alone: libFuzzer still
# registers its inline 8-bit counters (a header that declared the
# __sancov_cntrs section bounds once made them vanish).
for bin in "$plain" "$with"; do
  mkdir -p "$tmp/seeds"; printf 'vf' > "$tmp/seeds/a"
  "$bin" -runs=0 "$tmp/seeds" > "$tmp/log" 2>&1
  grep -q "INFO: Loaded 1 modules .* inline 8-bit counters" "$tmp/log" && grep -q "INITED cov: [1-9]" "$tmp/log"
  check "$(basename "$bin"): the target's own coverage is registered" $?
done
n=$(merge "$plain"); [ "$n" = 0 ]; check "plain: valid input adds nothing (got '$n')" $?
n=$(merge env GRAMMUT_VALIDITY=1 "$with"); [ "$n" = 1 ]
check "GRAMMUT_VALIDITY=1: valid input adds valid-only features (got '$n')" $?
n=$(merge env -u GRAMMUT_VALIDITY "$with"); [ "$n" = 0 ]
check "by default (validity off): valid input adds nothing (got '$n')" $?
n=$(merge env GRAMMUT_VALIDITY=0 "$with"); [ "$n" = 0 ]
check "GRAMMUT_VALIDITY=0: valid input adds nothing (got '$n')" $?
# Same code, new structure: "print (1);" has the parentheses' 2-paths.
a='print 1;' b='print (1);'
n=$(merge_texts "$a" "$b" "$plain"); [ "$n" = 0 ]
check "plain: new structure alone adds nothing (got '$n')" $?
n=$(merge_texts "$a" "$b" env -u GRAMMUT_KPATH_FEATURES "$with"); [ "$n" = 0 ]
check "by default (k-path features off): new structure adds nothing (got '$n')" $?
n=$(merge_texts "$a" "$b" env GRAMMUT_KPATH_FEATURES=0 "$with"); [ "$n" = 0 ]
check "GRAMMUT_KPATH_FEATURES=0: new structure adds nothing (got '$n')" $?
n=$(merge_texts "$a" "$b" env GRAMMUT_KPATH_FEATURES=2 "$with"); [ "$n" = 1 ]
check "GRAMMUT_KPATH_FEATURES=2: new 2-paths add features (got '$n')" $?
n=$(merge_texts "$a" 'print 7;' env GRAMMUT_KPATH_FEATURES=2 "$with"); [ "$n" = 0 ]
check "GRAMMUT_KPATH_FEATURES=2: same structure adds nothing (got '$n')" $?
GRAMMUT_KPATH_FEATURES=9 "$with" "$tmp/input" > "$tmp/log" 2>&1
grep -q "GRAMMUT_KPATH_FEATURES='9' is not a k from 0 (off) to 5" "$tmp/log"
check "GRAMMUT_KPATH_FEATURES=9 is refused" $?
GRAMMUT_VALIDITY=2 "$with" "$tmp/input" > "$tmp/log" 2>&1
rc=$?; grep -q "grammut: GRAMMUT_VALIDITY='2' is not 0 or 1" "$tmp/log"
check "GRAMMUT_VALIDITY=2 is refused (rc $rc)" $?
GRAMMUT_GOAL=speed "$with" "$tmp/input" > "$tmp/log" 2>&1
grep -q "GRAMMUT_GOAL: 'speed' is not one of coverage, failures, time, complexity" "$tmp/log"
check "GRAMMUT_GOAL=speed is refused" $?
GRAMMUT_GOAL=failures "$with" "$tmp/input" > "$tmp/log" 2>&1
grep -q "goal coverage:1,failures:10,time:1,complexity:1" "$tmp/log"
check "GRAMMUT_GOAL=failures is announced with its weights" $?
echo "$passes passed, $fails failed"
[ "$fails" = 0 ]
