#!/usr/bin/env bash
# bench_runtime_ab.sh --baseline BIN [--trials N] [--out DIR]: issue 9's
# headline rates (all grammar operators on the SQLite and Lua samples, one
# 1 KB JSON document, JSON and XML samples) for this build's runtime_bench
# and a baseline runtime_bench (e.g. one built from an earlier commit in a
# worktree), run alternately N times (default 5) on the same machine.
# Writes DIR/runtime_ab.md (medians, min-max, ratio) and the raw runs
# (default DIR: bench/results/<date>).
set -euo pipefail
cd "$(dirname "$0")/.."
baseline="" trials=5 out=bench/results/$(date +%Y-%m-%d)
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) baseline="${2:?}"; shift ;;
    --trials) trials="${2:?}"; shift ;;
    --out) out="${2:?}"; shift ;;
    *) echo "bench_runtime_ab.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done
if [ ! -x "$baseline" ]; then
  echo "bench_runtime_ab.sh: --baseline must name a runtime_bench binary" >&2
  exit 2
fi
scripts/build.sh build
current=build/bench/runtime_bench
mkdir -p "$out"
raw="$out/runtime_ab_raw.tsv"
: > "$raw"
filter='BM_Mutate/|BM_MutateJson1KB'
for t in $(seq 1 "$trials"); do
  for side in baseline current; do
    bin=$baseline
    [ "$side" = current ] && bin=$current
    echo "trial $t/$trials: $side" >&2
    "$bin" --benchmark_filter="$filter" --benchmark_min_time=2 2>/dev/null |
      awk -v side="$side" -v t="$t" '/^BM_/ {
        for (i = 1; i <= NF; i++) if ($i ~ /^items_per_second=/) {
          v = substr($i, 18); m = 1
          if (v ~ /k\/s$/) m = 1e3; if (v ~ /M\/s$/) m = 1e6
          sub(/[kM]?\/s$/, "", v); print side "\t" t "\t" $1 "\t" v * m } }' >> "$raw"
  done
done
python3 - "$raw" "$out/runtime_ab.md" "$baseline" "$trials" <<'PY'
import collections, statistics, sys
raw, md, baseline, trials = sys.argv[1:]
rows = collections.defaultdict(lambda: collections.defaultdict(list))
for line in open(raw):
    side, _, name, v = line.rstrip("\n").split("\t")
    rows[name][side].append(float(v))
labels = {"BM_Mutate/0": "JSON samples", "BM_Mutate/1": "XML samples",
          "BM_Mutate/2": "SQLite samples (bar: 50k/s)",
          "BM_Mutate/3": "Lua samples (bar: 50k/s)",
          "BM_MutateJson1KB": "one 1 KB JSON document (bar: 200k/s)"}
k = lambda v: f"{v/1e3:.1f}k"
out = ["| mutations/s, all grammar operators | baseline median [min-max] "
       "| current median [min-max] | current / baseline |", "|---|---:|---:|---:|"]
for name in sorted(rows):
    b, c = rows[name]["baseline"], rows[name]["current"]
    if not b or not c:
        continue
    mb, mc = statistics.median(b), statistics.median(c)
    out.append(f"| {labels.get(name, name)} | {k(mb)} [{k(min(b))}-{k(max(b))}] "
               f"| **{k(mc)}** [{k(min(c))}-{k(max(c))}] | {mc/mb:.2f} |")
text = "\n".join(out) + "\n"
cmd = f"scripts/bench_runtime_ab.sh --baseline {baseline} --trials {trials}"
open(md, "w").write(f"Command: `{cmd}` (alternating runs, 2 s each)\n\n" + text)
print(text)
PY
