#!/usr/bin/env bash
# bench_runtime.sh [--quick]: parse MB/s, generated inputs/s, mutations/s
# (overall and per operator), and RSS growth over one million mutations.
# Prints the table and writes bench/results/<date>/runtime.{json,txt}.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh build
out=bench/results/$(date +%Y-%m-%d)
mkdir -p "$out"
args=(--benchmark_out="$out/runtime.json" --benchmark_out_format=json)
if [ "${1:-}" = "--quick" ]; then args+=(--benchmark_min_time=0.2 --benchmark_filter='-BM_RssGrowth'); fi
build/bench/runtime_bench "${args[@]}" | tee "$out/runtime.txt"
echo "results: $out/runtime.json, $out/runtime.txt"
