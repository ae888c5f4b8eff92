#!/usr/bin/env bash
# real_targets_build.sh SOURCE_DIR BUILD_DIR: builds the real targets
# from Debian sources (ctest fixture). Exits 77 (skipped) only when the
# Debian source archive cannot be reached.
set -u
src=$1; build=$2
if ! "$src/scripts/build_targets.sh" --out "$build/targets" >"$build/targets.log" 2>&1; then
  if grep -qiE "apt-get source|Temporary failure resolving|Failed to fetch|Unable to find a source package" "$build/targets.log"; then
    echo "SKIP: cannot fetch Debian sources:"; tail -5 "$build/targets.log"; exit 77
  fi
  echo "FAIL: build_targets.sh"; tail -30 "$build/targets.log"; exit 1
fi
for t in cjson libxml2 sqlite3 lua expat jsonc mujs nlohmann; do
  "$src/scripts/link_grammut_target.sh" "$t" "$build" >/dev/null || { echo "FAIL: linking $t with grammut"; exit 1; }
done
echo "1 passed, 0 failed"
