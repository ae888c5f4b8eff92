#!/usr/bin/env bash
# symbols_test.sh LIB...: no grammut library carries coverage
# instrumentation (no reference to __sanitizer_cov* or __sancov*).
set -u
fails=0; passes=0
for lib in "$@"; do
  if nm -A "$lib" 2>/dev/null | grep -E "__sanitizer_cov|__sancov" | grep -v "^$" | head -3 | grep -q .; then
    echo "FAIL: $lib references coverage instrumentation:"; nm -A "$lib" | grep -E "__sanitizer_cov|__sancov" | head -5
    fails=$((fails+1))
  else
    passes=$((passes+1))
  fi
done
# The check itself works: an instrumented object is caught.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo 'int f(int x) { return x ? 1 : 2; }' > "$tmp/c.cc"
clang++ -fsanitize=fuzzer-no-link -c "$tmp/c.cc" -o "$tmp/c.o"
if nm "$tmp/c.o" | grep -qE "__sanitizer_cov|__sancov"; then passes=$((passes+1)); else fails=$((fails+1)); echo "FAIL: check does not detect instrumentation"; fi
echo "$passes passed, $fails failed"
[ "$fails" = 0 ]
