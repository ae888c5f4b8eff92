#!/usr/bin/env bash
# reduce_cli_test.sh GRAMMUT GRAMMARS_DIR FUZZ_CALC: `grammut reduce` on the
# Calc example's planted bug (an expression nested seven parentheses deep
# overflows a heap buffer), with a shell test and with the fuzzer itself,
# and its one-line errors.
set -u
grammut=$1; grammars=$2; fuzz=$3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export GRAMMUT_CACHE_DIR=$tmp/cache
# No stack symbolization where only the error kind is read (each test run
# of the fuzzer would symbolize its report); --fuzzer reads the top frame.
export ASAN_OPTIONS=symbolize=0
source "$(dirname "$0")/cli_check.sh"
same() {  # same NAME FILE TEXT: FILE holds exactly TEXT
  if [ "$(cat "$2")" = "$3" ] && [ "$(wc -c <"$2")" = "${#3}" ]; then passes=$((passes+1)); else
    fails=$((fails+1)); echo "FAIL $1: got '$(cat "$2")', wanted '$3'"; fi
}

cat >"$tmp/crash.calc" <<'EOF'
# a program that reaches the planted bug
let x = 4;
def f(a, b) = a * (b + 1);
print f(x, 2) + 3;
print 1 + ((2 * (((((((x + 1) - 3)))))) / 7)) % 5;
let y = x - -2;
EOF
# The smallest program that still crashes: print, seven parentheses, the
# shortest expression (NAME's shortest text), no whitespace.
want='print(((((((_)))))));'

# --test: interesting = exit status 0.
check reduce_test 0 "$grammut" reduce --grammar "$grammars/calc" \
  --test "'$fuzz' {} 2>&1 | grep -q heap-buffer-overflow" "$tmp/crash.calc"
same reduce_test_result "$tmp/crash.calc.reduced" "$want"
contains reduce_test_summary "$tmp/err" "on the parse tree"
contains reduce_test_progress "$tmp/err" "tests"
check reduced_parses 0 "$grammut" parse --grammar "$grammars/calc" "$tmp/crash.calc.reduced"
check reduced_crashes 0 bash -c "'$fuzz' '$tmp/crash.calc.reduced' 2>&1 | grep -q heap-buffer-overflow"

# --fuzzer: interesting = the same crash kind and top frame.
check reduce_fuzzer 0 env ASAN_OPTIONS=symbolize=1 "$grammut" reduce --grammar "$grammars/calc" --fuzzer "$fuzz" \
  --out "$tmp/min.calc" --timeout 20 "$tmp/crash.calc"
same reduce_fuzzer_result "$tmp/min.calc" "$want"
contains reduce_fuzzer_signature "$tmp/err" "crash: heap-buffer-overflow in (anonymous namespace)::Eval"

# --max-tests stops early with a tested, smaller input; --rule names the
# start rule.
check reduce_max_tests 0 "$grammut" reduce --grammar "$grammars/calc" --rule program \
  --test "'$fuzz' {} 2>&1 | grep -q heap-buffer-overflow" --max-tests 4 --out "$tmp/four.calc" "$tmp/crash.calc"
contains reduce_max_tests_msg "$tmp/err" "stopped by --max-tests"
check reduce_max_tests_crashes 0 bash -c "'$fuzz' '$tmp/four.calc' 2>&1 | grep -q heap-buffer-overflow"

# Input that does not parse: byte-level ddmin.
printf 'print (((((((x))))))) junk @@ ;' >"$tmp/bad.calc"
check reduce_bytes 0 "$grammut" reduce --grammar "$grammars/calc" --test "grep -q x {}" "$tmp/bad.calc"
same reduce_bytes_result "$tmp/bad.calc.reduced" "x"
contains reduce_bytes_msg "$tmp/err" "by bytes"

# Errors: one line, no output file.
printf 'let x = 4;\n' >"$tmp/fine.calc"
check not_interesting 1 "$grammut" reduce --grammar "$grammars/calc" --fuzzer "$fuzz" "$tmp/fine.calc"
contains not_interesting_msg "$tmp/err" "is not interesting: .* does not crash on it"
[ ! -e "$tmp/fine.calc.reduced" ] && passes=$((passes+1)) || { fails=$((fails+1)); echo "FAIL not_interesting wrote a file"; }
check test_fails 1 "$grammut" reduce --grammar "$grammars/calc" --test "false" "$tmp/fine.calc"
contains test_fails_msg "$tmp/err" "exits with status 1"
check no_test 2 "$grammut" reduce --grammar "$grammars/calc" "$tmp/fine.calc"
contains no_test_msg "$tmp/err" "exactly one of --test"
check missing_input 2 "$grammut" reduce --grammar "$grammars/calc" --test true "$tmp/none.calc"
contains missing_input_msg "$tmp/err" "cannot open"
check bad_fuzzer 2 "$grammut" reduce --grammar "$grammars/calc" --fuzzer "$tmp/none" "$tmp/fine.calc"
[ "$(wc -l <"$tmp/err")" = 1 ] && passes=$((passes+1)) || { fails=$((fails+1)); echo "FAIL bad_fuzzer: not one line"; cat "$tmp/err"; }

echo "$passes passed, $fails failed"
[ "$fails" = 0 ]
