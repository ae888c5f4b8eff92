#!/bin/bash
# prints per run: final cov, ft, execs, last grammut line's cpu/grammar share/fallback/deferred/parses
for d in "$@"; do
  [ -f $d/fuzz.log ] || continue
  cov=$(grep -E "^#[0-9]+.*cov:" $d/fuzz.log | tail -1 | grep -oE "cov: [0-9]+" | cut -d' ' -f2)
  ex=$(grep "stat::number_of_executed_units" $d/fuzz.log | grep -oE "[0-9]+$")
  g=$(grep "grammut: cpu" $d/fuzz.log | tail -1)
  cpu=$(echo "$g" | grep -oE "cpu [0-9.]+%" | head -1)
  gs=$(echo "$g" | grep -oE "grammar [0-9]+% calls")
  fb=$(echo "$g" | grep -oE "fallback [0-9]+")
  pd=$(echo "$g" | grep -oE "parses [0-9]+ \([0-9.]+ s, [0-9]+ deferred")
  tr=$(echo "$g" | grep -oE "trees [0-9]+")
  echo -e "$(basename $d)\tcov $cov\texecs $ex\t$cpu\t$gs\t$fb\t$pd\t$tr"
done
