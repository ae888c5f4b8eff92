#!/usr/bin/env bash
# compare_e2e.sh LIBGRAMMUT_SO COMPARE_TARGET WORDS_G4
# token-compare through LD_PRELOAD: grammut finds libFuzzer's table of
# recent compares in the program's symbol table, and from the seed
# "hello abcdefghij" the operator alone writes the word the target compared
# "abcdefghij" with (compare_target.c) into that token, keeping the rest:
# the crash input is exactly "hello qjxkzvwpmy". Another token operator in
# the same runs does not find it; a stripped target has no table, and says so.
# Program words are off: the word is also a string of the program's data,
# where any token operator may find it through the token pool.
set -u
lib=$1; target=$2; g4=$3
tmp=$(mktemp -d); [ -n "${KEEP_TMP:-}" ] || trap 'rm -rf "$tmp"' EXIT
export GRAMMUT_CACHE_DIR=$tmp/cache
mkdir "$tmp/seeds"; printf 'hello abcdefghij' >"$tmp/seeds/seed"
fails=0; passes=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { passes=$((passes + 1)); }
# run NAME BINARY ARMS: 300 runs from the seed with only the arm ARMS and
# no program words.
run() {
  mkdir -p "$tmp/$1"
  LD_PRELOAD="$lib" GRAMMUT_GRAMMAR="$g4" GRAMMUT_EXPERIMENTS="arms=$3;program_words=0" "$2" -seed=1 \
    -runs=300 -artifact_prefix="$tmp/$1/" "$tmp/$1" "$tmp/seeds" \
    >"$tmp/$1.log" 2>&1
}
crash_is() { [ "$(cat "$tmp/$1"/crash-* 2>/dev/null)" = "$2" ]; }
found() { ls "$tmp/$1"/crash-* >/dev/null 2>&1; }
says() { grep -q -- "$2" "$tmp/$1.log"; }

run compare "$target" token-compare
says compare "recent compares from libFuzzer's tables" && ok || fail "the table of recent compares was not found"
crash_is compare "hello qjxkzvwpmy" && ok || { fail "token-compare did not write the compared word"; tail -5 "$tmp/compare.log"; }

run regenerate "$target" token-regenerate
found regenerate && fail "token-regenerate found the word too: the test shows nothing" || ok

objcopy --strip-all "$target" "$tmp/stripped_target"
run stripped "$tmp/stripped_target" token-compare
says stripped "no table of recent compares (token-compare off)" && ok || fail "stripped target: missing table not reported"

echo "$passes passed, $fails failed"
[ "$fails" = 0 ]
