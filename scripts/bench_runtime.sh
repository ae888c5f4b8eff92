#!/usr/bin/env bash
# bench_runtime.sh [--quick] [--out DIR]: parse MB/s, generated inputs/s,
# mutations/s (overall and per operator), and RSS growth over one million
# mutations. Prints the table and writes DIR/runtime.{json,txt} (default
# DIR: bench/results/<date>); commit runtime.txt, runtime.json is a working
# file (.gitignore).
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/results/$(date +%Y-%m-%d)
quick=0
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --out) out="${2:?--out needs a directory}"; shift ;;
    *) echo "bench_runtime.sh: unknown argument '$1' (use --quick, --out DIR)" >&2; exit 2 ;;
  esac
  shift
done
scripts/setup.sh
scripts/build.sh build
mkdir -p "$out"
args=(--benchmark_out="$out/runtime.json" --benchmark_out_format=json)
if [ "$quick" = 1 ]; then args+=(--benchmark_min_time=0.2 --benchmark_filter='-BM_RssGrowth'); fi
build/bench/runtime_bench "${args[@]}" | tee "$out/runtime.txt"
echo "results: $out/runtime.txt (and the uncommitted $out/runtime.json)"
