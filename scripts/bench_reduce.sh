#!/usr/bin/env bash
# bench_reduce.sh --fuzzer BIN --grammar G [--grammut PATH] [--plain BIN]
#                 [--runs N] [--timeout S] [--verify-timeout S] [--max-time S]
#                 [--out DIR] CRASH...
#
# Reduces each crash file with `grammut reduce --fuzzer BIN` and with
# libFuzzer's own `BIN -minimize_crash=1 -runs=N` (and, with --plain, the
# same on a build of the target without grammut linked in), then writes a
# markdown table to OUT/reduce.md and the same rows, tab-separated, to
# OUT/reduce.tsv (default OUT: bench/results/<date>-reduce): input size,
# reduced size, tests (grammut: one process per test) or executions
# (libFuzzer: the sum of number_of_executed_units over its internal
# steps), processes started, wall time, whether the result still
# reproduces (a fresh run gives the same report as the original: same
# kind and top frame; for timeouts the kind alone; for leaks a leak with
# the original's first leak's allocation stack; see bench_sig below) and
# whether it parses with the grammar. The reducers' fuzzer runs get
# -timeout=S (--timeout, default 10), the checks of the original and of
# the results -timeout=V (--verify-timeout, default S): for a timeout that
# is not an endless loop (time growing with the input), a reduced input
# runs just over the reducer's limit, so check it at a lower one (libFuzzer
# checks every S/2+1 s). --max-time S (default: none) caps each
# reduction: grammut reduce --max-time S, and libFuzzer's whole
# -minimize_crash run (its process group) is killed after S seconds,
# keeping the last smaller crash it wrote. Reduced files and logs stay in
# OUT/work. Builds nothing: pass the binaries (e.g. from a build with
# GRAMMUT_BUILD_EXAMPLES: tools/grammut, harness_examples/fuzz_calc).
set -euo pipefail
cd "$(dirname "$0")/.."
fuzzer="" grammar="" grammut=build/tools/grammut plain="" runs=2000 timeout=10 verify_timeout="" max_time=""
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
    --max-time) max_time=$2; shift 2 ;;
    --verify-timeout) verify_timeout=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -*) echo "bench_reduce.sh: unknown option $1" >&2; exit 2 ;;
    *) crashes+=("$1"); shift ;;
  esac
done
if [ -z "$fuzzer" ] || [ -z "$grammar" ] || [ ${#crashes[@]} = 0 ]; then
  sed -n '2,3p' "$0" >&2; exit 2
fi
mkdir -p "$out/work"
verify_timeout=${verify_timeout:-$timeout}

# bench_sig BIN FILE: "kind @ top frame" of BIN's report on FILE (run
# with -timeout=$verify_timeout): the kind from the first "ERROR: <tool>: <kind>"
# line, the frame from the first "#N 0x... in FUNC" line after it that is
# not sanitizer/libFuzzer/libc machinery (as grammut reduce --fuzzer
# matches). For leaks, one line per leak ("Direct/Indirect leak of"
# block), the frame being its first three such functions joined by " <- ".
bench_sig() {
  { "$1" -timeout="$verify_timeout" "$2" 2>&1 || true; } | awk '
    function func_of(line,   s) {
      s = line; sub(/^ *#[0-9]+ 0x[0-9a-f]+ in /, "", s); sub(/ \(BuildId: [0-9a-f]+\)$/, "", s); sub(/ [^ ]*:[0-9]+(:[0-9]+)?$| \([^ ]*\+0x[0-9a-f]+\)$/, "", s)
      if (s ~ /^(__sanitizer|__asan|__ubsan|__lsan|__msan|__interceptor|__interception|fuzzer::|__libc_|__GI_|__pthread_kill|operator new|operator delete)/ ||
          s ~ /^(malloc|calloc|realloc|free|abort|raise|gsignal|pthread_kill)(\(|$)/) return ""
      return s }
    !k && /ERROR: [A-Za-z]*(Sanitizer|libFuzzer): / {
      s = $0; sub(/.*ERROR: [^:]*: /, "", s); sub(/ (on|after) .*| \(.*/, "", s)
      k = s; next }
    k == "detected memory leaks" && /^ *(Direct|Indirect) leak of / { n++; nf = 0; next }
    k == "detected memory leaks" && n && nf < 3 && /^ *#[0-9]+ 0x[0-9a-f]+ in / {
      s = func_of($0); if (s != "") { L[n] = (nf ? L[n] " <- " : "") s; nf++ }; next }
    k && k != "detected memory leaks" && !f && /^ *#[0-9]+ 0x[0-9a-f]+ in / { f = func_of($0) }
    END { if (k == "detected memory leaks") { for (i = 1; i <= n; i++) print k " @ " L[i] }
          else if (k) print k " @ " f }'
}
# same_crash SIG0 SIGS: SIGS (bench_sig lines) show the crash whose first
# bench_sig line is SIG0, as grammut reduce --fuzzer decides.
same_crash() {
  local kind=${1%% @ *}
  case $kind in
    timeout|out-of-memory) [ "$(head -1 <<<"$2" | sed 's/ @ .*//')" = "$kind" ] ;;
    *) grep -Fxq -- "$1" <<<"$2" ;;
  esac
}
now() { date +%s.%N; }

table=$out/reduce.md
{
  echo "# grammut reduce vs libFuzzer -minimize_crash"
  echo
  echo "Made by: \`scripts/bench_reduce.sh --fuzzer $fuzzer --grammar $grammar --grammut $grammut${plain:+ --plain $plain} --runs $runs --timeout $timeout --verify-timeout $verify_timeout${max_time:+ --max-time $max_time} --out $out ${crashes[*]}\`"
  echo "on $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)."
  echo
  echo "| crash | bytes | reducer | reduced bytes | tests / executions | processes | time (s) | reproduces | parses | result |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
} >"$table"
tsv=$out/reduce.tsv
printf 'crash\tbytes\treducer\treduced_bytes\ttests_or_executions\tprocesses\tseconds\treproduces\tparses\tstopped\tsignature\tfile\n' >"$tsv"

row() {  # row CRASH NAME REDUCER FILE EXECS PROCS SECONDS ORIGINAL_SIG STOPPED
  local crash=$1 name=$2 reducer=$3 file=$4 execs=$5 procs=$6 secs=$7 sig0=$8 stopped=$9
  local size="-" repro="no" parses="no" shown="-"
  if [ -s "$file" ]; then
    size=$(wc -c <"$file")
    same_crash "$sig0" "$(bench_sig "$fuzzer" "$file")" && repro=yes
    "$grammut" parse --grammar "$grammar" "$file" >/dev/null 2>&1 && parses=yes
    if [ "$size" -le 60 ]; then shown="\`$(tr '\n|' ' /' <"$file")\`"; fi
  fi
  local execs_shown=$execs
  [ "$stopped" = yes ] && execs_shown="$execs (stopped at --max-time)"
  printf '| %s | %s | %s | %s | %s | %s | %.1f | %s | %s | %s |\n' "$name" \
    "$(wc -c <"$crash")" "$reducer" "$size" "$execs_shown" "$procs" "$secs" \
    "$repro" "$parses" "$shown" >>"$table"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%.1f\t%s\t%s\t%s\t%s\t%s\n' "$name" "$(wc -c <"$crash")" \
    "$reducer" "$size" "$execs" "$procs" "$secs" "$repro" "$parses" "$stopped" "$sig0" "$file" >>"$tsv"
}

for crash in "${crashes[@]}"; do
  name=$(basename "$crash")
  sig0=$(bench_sig "$fuzzer" "$crash" | head -1)
  if [ -z "$sig0" ]; then echo "bench_reduce.sh: $crash does not crash $fuzzer; skipped" >&2; continue; fi
  echo "== $name ($(wc -c <"$crash") bytes): $sig0" >&2
  [ "$crash" -ef "$out/work/$name" ] || cp "$crash" "$out/work/$name"

  t0=$(now)
  rm -f "$out/work/$name.grammut"
  "$grammut" reduce --grammar "$grammar" --fuzzer "$fuzzer" --timeout "$timeout" \
    ${max_time:+--max-time "$max_time"} \
    --out "$out/work/$name.grammut" "$crash" 2>"$out/work/$name.grammut.log" || true
  t1=$(now)
  tests=$({ grep -o '[0-9]* tests,' "$out/work/$name.grammut.log" || true; } | tail -1 | cut -d' ' -f1)
  stopped=no; grep -q 'stopped by' "$out/work/$name.grammut.log" && stopped=yes
  row "$crash" "$name" "grammut reduce" "$out/work/$name.grammut" "${tests:--}" \
    "${tests:--}" "$(echo "$t1 - $t0" | bc)" "$sig0" "$stopped"

  for bin in "$fuzzer" $plain; do
    label="libFuzzer -minimize_crash"
    [ "$bin" = "$plain" ] && label="$label (no grammut)"
    suffix=libfuzzer; [ "$bin" = "$plain" ] && suffix=libfuzzer-plain
    result=$out/work/$name.$suffix
    rm -f "$result"
    t0=$(now)
    rc=0
    ${max_time:+timeout -s KILL "$max_time"} \
      "$bin" -minimize_crash=1 -runs="$runs" -seed=1 -timeout="$timeout" -print_final_stats=1 \
      -exact_artifact_path="$result" "$crash" >"$result.log" 2>&1 || rc=$?
    t1=$(now)
    stopped=no; [ "$rc" = 137 ] && [ -n "$max_time" ] && stopped=yes
    execs=$({ grep 'stat::number_of_executed_units' "$result.log" || true; } | awk '{s += $2} END {print s + 0}')
    procs=$(grep -c 'CRASH_MIN: executing' "$result.log" || true)
    row "$crash" "$name" "$label" "$result" "$execs" "$procs" "$(echo "$t1 - $t0" | bc)" "$sig0" "$stopped"
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
