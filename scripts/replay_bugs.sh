#!/usr/bin/env bash
# replay_bugs.sh [--out DIR] [--jobs N]: replays the reproducers in
# docs/bugs/ and checks that each still gives the report docs/bugs.md lists.
#
# (Not cJSON's or nlohmann's: today's harnesses avoid those, see docs/bugs.md.)
# Builds lua, expat and mujs from Debian sources with
# `scripts/build_targets.sh --targets lua,expat,mujs --out DIR` (ASan +
# libFuzzer; default DIR: build/targets), runs DIR/<t>/fuzz_<t> once on
# each file, and prints a markdown table `bug | expected | replayed | same?`.
# A report is "tool: kind @ top frame": the kind from libFuzzer's or the
# sanitizer's ERROR line, the frame the first stack frame that is not
# sanitizer, libFuzzer or libc machinery; for a leak, the first three such
# frames of each leak's allocation stack (any leak may match); for a timeout,
# the kind alone (the frame is wherever the alarm struck). Same rules as
# scripts/bench_reduce.sh and `grammut reduce --fuzzer`.
# Exit: 0 every replay as expected, 1 one differs (or a build failed),
# 77 the Debian source archive cannot be reached (nothing replayed).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
out=build/targets jobs=2
while [ $# -gt 0 ]; do
  case $1 in
    --out) out=$2; shift 2 ;;
    --jobs|-j) jobs=$2; shift 2 ;;
    -h|--help) sed -n "2,5p" "$0" | sed "s/^# \{0,1\}//"; exit 0 ;;
    *) echo "replay_bugs.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

# file | target | expected report | extra libFuzzer flags
bugs="expat-heap-buffer-overflow-doProlog.xml|expat|AddressSanitizer: heap-buffer-overflow @ doProlog|
lua-heap-use-after-free-luaV_concat.lua|lua|AddressSanitizer: heap-use-after-free @ luaV_concat|
lua-timeout-xpcall.lua|lua|libFuzzer: timeout|-timeout=5
mujs-leak-js_putc.js|mujs|LeakSanitizer: detected memory leaks @ limited_alloc <- js_malloc <- js_putc|
mujs-leak-js_putc-replace.js|mujs|LeakSanitizer: detected memory leaks @ limited_alloc <- js_malloc <- js_putc|
mujs-leak-Ap_sort.js|mujs|LeakSanitizer: detected memory leaks @ qsort_r <- qsort_r <- Ap_sort|"

mkdir -p "$out"
log=$out/replay_bugs-build.log
echo "building lua,expat,mujs into $out (log: $log)" >&2
if ! scripts/build_targets.sh --targets lua,expat,mujs --out "$out" --jobs "$jobs" >"$log" 2>&1; then
  if grep -qiE "Temporary failure resolving|Could not resolve|Failed to fetch|Unable to connect|Network is unreachable|Unable to find a source package" "$log"; then
    echo "SKIP: cannot fetch Debian sources:" >&2; tail -5 "$log" >&2; exit 77
  fi
  echo "FAIL: build_targets.sh" >&2; tail -30 "$log" >&2; exit 1
fi
if [ -z "${ASAN_SYMBOLIZER_PATH:-}" ] && ! command -v llvm-symbolizer >/dev/null; then
  for s in /usr/lib/llvm-*/bin/llvm-symbolizer; do [ -x "$s" ] && export ASAN_SYMBOLIZER_PATH=$s; done
fi

# reports LOG: one "tool: kind @ frames" line per report (per leak for leaks).
reports() {
  awk '
    function func_of(line,   s) {
      s = line; sub(/^ *#[0-9]+ 0x[0-9a-f]+ in /, "", s); sub(/ \(BuildId: [0-9a-f]+\)$/, "", s)
      sub(/ [^ ]*:[0-9]+(:[0-9]+)?$| \([^ ]*\+0x[0-9a-f]+\)$/, "", s)
      if (s ~ /^(__sanitizer|__asan|__ubsan|__lsan|__msan|__interceptor|__interception|fuzzer::|__libc_|__GI_|__pthread_kill|operator new|operator delete)/ ||
          s ~ /^(malloc|calloc|realloc|free|abort|raise|gsignal|pthread_kill)(\(|$)/) return ""
      return s }
    !k && /ERROR: [A-Za-z]*(Sanitizer|libFuzzer): / {
      s = $0; sub(/.*ERROR: /, "", s); sub(/ (on|after) .*| \(.*/, "", s); k = s; next }
    k ~ /leaks$/ && /^ *(Direct|Indirect) leak of / { n++; nf = 0; next }
    k ~ /leaks$/ && n && nf < 3 && /^ *#[0-9]+ 0x[0-9a-f]+ in / {
      s = func_of($0); if (s != "") { L[n] = (nf ? L[n] " <- " : "") s; nf++ }; next }
    k && k !~ /leaks$/ && !f && /^ *#[0-9]+ 0x[0-9a-f]+ in / { f = func_of($0) }
    END { if (k ~ /leaks$/) { for (i = 1; i <= n; i++) print k " @ " L[i] }
          else if (k ~ /timeout$/) print k
          else if (k) print k " @ " f
          else print "no report" }' "$1"
}

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
echo "| bug | expected | replayed | same? |"
echo "|---|---|---|---|"
while IFS='|' read -r file t expected flags; do
  # shellcheck disable=SC2086
  timeout -s KILL 300 "$out/$t/fuzz_$t" -runs=1 $flags "docs/bugs/$file" >"$tmp/log" 2>&1
  reports "$tmp/log" >"$tmp/sigs"
  if grep -Fxq -- "$expected" "$tmp/sigs"; then same=yes; got=$expected; else same=no; got=$(head -1 "$tmp/sigs"); fail=1; fi
  echo "| $file | $expected | $got | $same |"
done <<<"$bugs"
exit $fail
