#!/bin/bash
# k-path suites: steered (Algorithm 1, each close-off) vs the greedy cover.
# Usage (from the repository root, after building `grammut`):
#   bench/results/2026-11-23-kpath-steer/run.sh [BUILD_DIR] > results.tsv
# Every suite is measured again with `grammut kpath` (coverage of the
# parses of the written files).
set -euo pipefail
B=${1:-build-dev}
G=$B/tools/grammut
OUT=${OUT:-/tmp/kpath-steer}
rm -rf "$OUT"
mkdir -p "$OUT"
for gr in json sqlite lua; do
  $G learn --grammar "$B/grammars/$gr" -o "$OUT/$gr.weights" \
    "antlr_grammars/$gr/samples" > /dev/null
done
printf 'grammar\tk\tstrategy\tcloseoff\tmax_size\tseed\tpaths\tcovered\tinputs\tbytes\tseconds\n'
# run GRAMMAR K STRATEGY CLOSEOFF MAX_SIZE SEED
run() {
  local gr=$1 k=$2 st=$3 co=$4 ms=$5 seed=$6
  local dir="$OUT/$gr-k$k-$st-$co-$seed"
  local t0 t1
  t0=$(date +%s.%N)
  $G generate --grammar "$B/grammars/$gr" --kpath "$k" --kpath-strategy "$st" \
    --closeoff "$co" --weights "$OUT/$gr.weights" --max-size "$ms" \
    --seed "$seed" --out "$dir" > "$dir.log" 2> /dev/null
  t1=$(date +%s.%N)
  local inputs bytes
  inputs=$(find "$dir" -type f | wc -l)
  bytes=$(cat "$dir"/* 2> /dev/null | wc -c)
  $G kpath --grammar "$B/grammars/$gr" --k "$k" "$dir" 2> /dev/null |
    awk -v k="$k" -v pre="$gr\t$k\t$st\t$co\t$ms\t$seed" \
      -v inputs="$inputs" -v bytes="$bytes" -v s="$(echo "$t1 - $t0" | bc)" \
      '$1 == k && NF >= 4 { printf "%s\t%s\t%s\t%s\t%s\t%.2f\n", pre, $2, $3, inputs, bytes, s }'
}
for k in 1 2 3; do
  for seed in 1 2 3 4 5; do
    for co in shortest bounded learned; do run json $k steered $co 4096 $seed; done
    run json $k greedy none 4096 $seed
  done
done
for gr in sqlite lua; do
  for co in shortest bounded learned; do run $gr 2 steered $co 1024 1; done
  run $gr 2 greedy none 1024 1
done
