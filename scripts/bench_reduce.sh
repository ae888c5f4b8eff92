#!/usr/bin/env bash
# bench_reduce.sh --fuzzer BIN --grammar G [--grammut PATH] [--plain BIN]
#                 [--runs N] [--timeout S] [--out DIR] CRASH...
#
# Reduces each crash file with `grammut reduce --fuzzer BIN` and with
# libFuzzer's own `BIN -minimize_crash=1 -runs=N` (and, with --plain, the
# same on a build of the target without grammut linked in), then writes a
# markdown table to OUT/reduce.md (default OUT:
# bench/results/<date>-reduce): input size, reduced size, tests (grammut:
# one process per test) or executions (libFuzzer: the sum of
# number_of_executed_units over its internal steps), processes started,
# wall time, whether the result still reproduces (a fresh run gives the
# same report kind and top frame as the original; see bench_sig below) and
# whether it parses with the grammar. Reduced files and logs stay in OUT.
# Builds nothing: pass the binaries (e.g. from a build with
# GRAMMUT_BUILD_EXAMPLES: tools/grammut, harness_examples/fuzz_calc).
set -euo pipefail
cd "$(dirname "$0")/.."
fuzzer="" grammar="" grammut=build/tools/grammut plain="" runs=2000 timeout=10
out=bench/results/$(date +%Y-%m-%d)-reduce
crashes=()
while [ $# -gt 0 ]; do
  case $1 in
    --fuzzer) fuzzer=$2; shift 2 ;;
    --grammar) grammar=$2; shift 2 ;;
    --grammut) grammut=$2; shift 2 ;;
    --plain) plain=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -*) echo "bench_reduce.sh: unknown option $1" >&2; exit 2 ;;
    *) crashes+=("$1"); shift ;;
  esac
done
if [ -z "$fuzzer" ] || [ -z "$grammar" ] || [ ${#crashes[@]} = 0 ]; then
  sed -n '2,3p' "$0" >&2; exit 2
fi
mkdir -p "$out/work"

# bench_sig BIN FILE: "kind @ top frame" of BIN's report on FILE: the kind
# from the first "ERROR: <tool>: <kind>" line, the frame from the first
# "#N 0x... in FUNC" line after it that is not sanitizer/libFuzzer/libc
# machinery (as grammut reduce --fuzzer matches).
bench_sig() {
  { "$1" "$2" 2>&1 || true; } | awk '
    !k && /ERROR: [A-Za-z]*(Sanitizer|libFuzzer): / {
      s = $0; sub(/.*ERROR: [^:]*: /, "", s); sub(/ (on|after) .*| \(.*/, "", s)
      k = s; next }
    k && !f && /^ *#[0-9]+ 0x[0-9a-f]+ in / {
      s = $0; sub(/^ *#[0-9]+ 0x[0-9a-f]+ in /, "", s); sub(/ [^ ]*:[0-9]+(:[0-9]+)?$| \([^ ]*\+0x[0-9a-f]+\)$/, "", s)
      if (s !~ /^(__sanitizer|__asan|__ubsan|__lsan|__msan|__interceptor|__interception|fuzzer::|__libc_|__GI_|__pthread_kill|operator new|operator delete)/ &&
          s !~ /^(malloc|calloc|realloc|free|abort|raise|gsignal|pthread_kill)(\(|$)/) f = s }
    END { if (k) print k " @ " f }'
}
now() { date +%s.%N; }

table=$out/reduce.md
{
  echo "# grammut reduce vs libFuzzer -minimize_crash"
  echo
  echo "Made by: \`scripts/bench_reduce.sh --fuzzer $fuzzer --grammar $grammar --grammut $grammut${plain:+ --plain $plain} --runs $runs --timeout $timeout ${crashes[*]}\`"
  echo "on $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)."
  echo
  echo "| crash | bytes | reducer | reduced bytes | tests / executions | processes | time (s) | reproduces | parses | result |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
} >"$table"

row() {  # row CRASH NAME REDUCER FILE EXECS PROCS SECONDS ORIGINAL_SIG
  local crash=$1 name=$2 reducer=$3 file=$4 execs=$5 procs=$6 secs=$7 sig0=$8
  local size="-" repro="no" parses="no" shown="-"
  if [ -s "$file" ]; then
    size=$(wc -c <"$file")
    [ "$(bench_sig "$fuzzer" "$file")" = "$sig0" ] && repro=yes
    "$grammut" parse --grammar "$grammar" "$file" >/dev/null 2>&1 && parses=yes
    if [ "$size" -le 60 ]; then shown="\`$(tr '\n|' ' /' <"$file")\`"; fi
  fi
  printf '| %s | %s | %s | %s | %s | %s | %.1f | %s | %s | %s |\n' "$name" \
    "$(wc -c <"$crash")" "$reducer" "$size" "$execs" "$procs" "$secs" \
    "$repro" "$parses" "$shown" >>"$table"
}

for crash in "${crashes[@]}"; do
  name=$(basename "$crash")
  sig0=$(bench_sig "$fuzzer" "$crash")
  if [ -z "$sig0" ]; then echo "bench_reduce.sh: $crash does not crash $fuzzer; skipped" >&2; continue; fi
  echo "== $name ($(wc -c <"$crash") bytes): $sig0" >&2
  [ "$crash" -ef "$out/work/$name" ] || cp "$crash" "$out/work/$name"

  t0=$(now)
  "$grammut" reduce --grammar "$grammar" --fuzzer "$fuzzer" --timeout "$timeout" \
    --out "$out/work/$name.grammut" "$crash" 2>"$out/work/$name.grammut.log" || true
  t1=$(now)
  tests=$(grep -o '[0-9]* tests,' "$out/work/$name.grammut.log" | tail -1 | cut -d' ' -f1)
  row "$crash" "$name" "grammut reduce" "$out/work/$name.grammut" "${tests:--}" \
    "${tests:--}" "$(echo "$t1 - $t0" | bc)" "$sig0"

  for bin in "$fuzzer" $plain; do
    label="libFuzzer -minimize_crash"
    [ "$bin" = "$plain" ] && label="$label (no grammut)"
    suffix=libfuzzer; [ "$bin" = "$plain" ] && suffix=libfuzzer-plain
    result=$out/work/$name.$suffix
    rm -f "$result"
    t0=$(now)
    "$bin" -minimize_crash=1 -runs="$runs" -seed=1 -timeout="$timeout" -print_final_stats=1 \
      -exact_artifact_path="$result" "$crash" >"$result.log" 2>&1 || true
    t1=$(now)
    execs=$(grep 'stat::number_of_executed_units' "$result.log" | awk '{s += $2} END {print s + 0}')
    procs=$(grep -c 'CRASH_MIN: executing' "$result.log" || true)
    row "$crash" "$name" "$label" "$result" "$execs" "$procs" "$(echo "$t1 - $t0" | bc)" "$sig0"
  done
done
{
  echo
  echo "grammut: one process per test (the original's included). libFuzzer: executions"
  echo "summed over its -minimize_crash_internal_step processes; \`processes\` counts those"
  echo "and its re-runs that check each smaller crash. The \`-minimize_crash\` row runs the"
  echo "--fuzzer binary itself: with grammut linked in, its shrink-only tree operators do the"
  echo "mutating; the \"no grammut\" row is libFuzzer alone. libFuzzer's rows vary from run to"
  echo "run (its schedule depends on time); grammut reduce's do not."
} >>"$table"
cat "$table"
