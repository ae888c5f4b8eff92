#!/usr/bin/env bash
# determinism_test.sh DRIVER GRAMMUT_CLI GRAMMARS_DIR SOURCE_DIR
# With GRAMMUT_DETERMINISTIC=1, two processes that make the same C ABI calls
# (determinism_driver.cc: mutations, crossovers, feedback, from a fixed
# sequence of seeds over the shipped samples) print the same outputs, byte
# for byte, with address randomization on: per grammar, parsing in-process
# and in the parse helper, and with name binding on (experiment bind_names);
# and two `grammut learn` runs write the same weights and bindings.
set -u
driver=$1; cli=$2; grammars=$3; src=$4
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export GRAMMUT_DETERMINISTIC=1 GRAMMUT_CACHE_DIR=$tmp/cache
calls=${GRAMMUT_TEST_CALLS:-2500}
fails=0 passes=0
for g in json sqlite xml lua; do
  for parse in in-process helper bound; do
    if [ $parse = helper ]; then helper=$cli; want="in a helper process"
    else helper=0; want="in-process"; fi
    experiments=""
    [ $parse = bound ] && experiments="bind_names=1"
    for run in 1 2; do
      GRAMMUT_GRAMMAR=$grammars/$g GRAMMUT_PARSE_HELPER=$helper \
        GRAMMUT_EXPERIMENTS=$experiments \
        "$driver" "$src/antlr_grammars/$g/samples" "$calls" \
        >"$tmp/$g.$parse.$run" 2>"$tmp/$g.$parse.$run.err"
      rc=$?
      if [ $rc != 0 ]; then
        echo "FAIL: $g $parse run $run: exit $rc"; tail -3 "$tmp/$g.$parse.$run.err"
        fails=$((fails + 1)); continue 2
      fi
    done
    if ! grep -q "$want" "$tmp/$g.$parse.1.err"; then
      echo "FAIL: $g $parse: the mutator does not parse $want:"
      head -2 "$tmp/$g.$parse.1.err"; fails=$((fails + 1)); continue
    fi
    lines=$(wc -l <"$tmp/$g.$parse.1")
    if [ "$lines" -lt "$calls" ]; then
      echo "FAIL: $g $parse: $lines outputs (want $calls)"; fails=$((fails + 1))
    elif ! cmp -s "$tmp/$g.$parse.1" "$tmp/$g.$parse.2"; then
      first=$(diff "$tmp/$g.$parse.1" "$tmp/$g.$parse.2" | head -1)
      echo "FAIL: $g $parse: the two processes differ (first: $first)"
      fails=$((fails + 1))
    else
      passes=$((passes + 1))
    fi
  done
done
for g in sqlite lua; do
  for run in 1 2; do
    "$cli" learn --grammar "$grammars/$g" -o "$tmp/$g.learn.$run" \
      "$src/antlr_grammars/$g/samples" >/dev/null 2>&1
  done
  if cmp -s "$tmp/$g.learn.1" "$tmp/$g.learn.2" &&
     cmp -s "$tmp/$g.learn.1.bindings" "$tmp/$g.learn.2.bindings" &&
     [ -s "$tmp/$g.learn.1.bindings" ]; then
    passes=$((passes + 1))
  else
    echo "FAIL: $g: two grammut learn runs wrote different weights or bindings"
    fails=$((fails + 1))
  fi
done
echo "$passes passed, $fails failed"
[ $fails = 0 ]
