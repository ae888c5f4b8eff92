#!/usr/bin/env bash
# dictionary_e2e.sh LIBGRAMMUT_SO WORD_TARGET WORD_TARGET_OWN_INIT WORDS_G4
# grammut LD_PRELOADed into unchanged libFuzzer binaries with only
# libFuzzer's own mutations (GRAMMUT_EXPERIMENTS=arms=bytes): it finds LLVMFuzzerMutate
# in the program's symbol table and puts the grammar's words into -dict, so
# libFuzzer's dictionary mutations insert the rare word the target traps on
# (word_target.c hides it from libFuzzer's compare hooks). Without the
# dictionary (GRAMMUT_DICT=0, or a target with its own LLVMFuzzerInitialize)
# the word never appears. A stripped target (no symbol table) gets grammut's
# own byte mutator, which inserts the words itself.
set -u
lib=$1; target=$2; own_init=$3; g4=$4
tmp=$(mktemp -d); [ -n "${KEEP_TMP:-}" ] || trap 'rm -rf "$tmp"' EXIT
export GRAMMUT_CACHE_DIR=$tmp/cache GRAMMUT_EXPERIMENTS=arms=bytes
mkdir "$tmp/seeds"; printf 'hello' >"$tmp/seeds/hello"
fails=0; passes=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { passes=$((passes + 1)); }
# run NAME BINARY [ENV=VALUE...]: fuzz 30,000 runs from the seed.
run() {
  local name=$1 bin=$2; shift 2
  mkdir -p "$tmp/$name"
  env "$@" LD_PRELOAD="$lib" GRAMMUT_GRAMMAR="$g4" "$bin" -seed=1 -runs=30000 \
    -artifact_prefix="$tmp/$name/" "$tmp/$name" "$tmp/seeds" >"$tmp/$name.log" 2>&1
}
found() { ls "$tmp/$1"/crash-* >/dev/null 2>&1; }
says() { grep -q -- "$2" "$tmp/$1.log"; }

run dict "$target"
says dict "LLVMFuzzerMutate found in the program's symbol table" && ok || fail "LLVMFuzzerMutate not found"
says dict "grammut: 2 grammar words as -dict=" && ok || fail "no grammar dictionary"
says dict "^Dictionary: 2 entries" && ok || fail "libFuzzer did not read the dictionary"
if found dict && grep -q zyxwvutsrq "$tmp/dict"/crash-*; then ok; else fail "the word was not inserted"; tail -5 "$tmp/dict.log"; fi

run nodict "$target" GRAMMUT_DICT=0
says nodict "grammar words" && fail "GRAMMUT_DICT=0 still added the words" || ok
found nodict && fail "the word appeared without a dictionary" || ok

run own_init "$own_init"
says own_init "grammut's LLVMFuzzerInitialize was not called" && ok || fail "a target's own LLVMFuzzerInitialize not reported"
found own_init && fail "the word appeared without a dictionary" || ok

# Stripped: no symbol table, so grammut's own byte mutator, which inserts
# the grammar's words itself.
objcopy --strip-all "$target" "$tmp/stripped_target"
run stripped "$tmp/stripped_target"
says stripped "own byte mutator (no LLVMFuzzerMutate)" && ok || fail "stripped target: byte mutator not reported"
if found stripped && grep -q zyxwvutsrq "$tmp/stripped"/crash-*; then ok; else fail "own byte mutator: the word was not inserted"; fi
run stripped_nodict "$tmp/stripped_target" GRAMMUT_DICT=0
found stripped_nodict && fail "own byte mutator: the word appeared without the grammar's words" || ok

echo "$passes passed, $fails failed"
[ "$fails" = 0 ]
