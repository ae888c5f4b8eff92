#!/usr/bin/env bash
# real_targets_build.sh SOURCE_DIR BUILD_DIR TARGETS: builds the real targets
# (comma-separated, e.g. cjson or libxml2,sqlite3) from Debian sources and
# links each with grammut (a ctest fixture). Exits 77 (skipped) only when the
# Debian source archive cannot be reached.
set -u
src=$1; build=$2; targets=$3
log=$build/targets-${targets//,/_}.log
if ! "$src/scripts/build_targets.sh" --targets "$targets" --out "$build/targets" >"$log" 2>&1; then
  if grep -qiE "Temporary failure resolving|Could not resolve|Failed to fetch|Unable to connect|Network is unreachable|Unable to find a source package" "$log"; then
    echo "SKIP: cannot fetch Debian sources:"; tail -5 "$log"; exit 77
  fi
  echo "FAIL: build_targets.sh"; tail -30 "$log"; exit 1
fi
grep -E "^\[build_targets .* \+[0-9]+s\]" "$log" | tail -1
for t in ${targets//,/ }; do
  "$src/scripts/link_grammut_target.sh" "$t" "$build" >/dev/null || { echo "FAIL: linking $t with grammut"; exit 1; }
done
echo "1 passed, 0 failed"
