#!/usr/bin/env bash
# test.sh [--full]: installs what is missing, builds from scratch in
# build-test/ (Release) and runs the tests through ctest. This is what CI runs.
#   (default)  every test except those labelled `full`: of the real targets
#              only cJSON (the quickest), built from its Debian source and run
#   --full     every test: also the other real targets (libxml2, sqlite3,
#              Lua, expat, json-c and nlohmann-json built and run, mujs built)
# Each step's elapsed time is printed. Extra CMake options: $GRAMMUT_CMAKE_OPTIONS.
set -euo pipefail
cd "$(dirname "$0")/.."
full=0
for a in "$@"; do
  case "$a" in
    --full) full=1 ;;
    -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "test.sh: unknown argument: $a (try --help)" >&2; exit 2 ;;
  esac
done
t0=$(date +%s); ts=$t0
elapsed() { local now; now=$(date +%s); echo "test.sh: $1: $((now - ts))s (total $((now - t0))s)"; ts=$now; }

scripts/setup.sh
elapsed setup

rm -rf build-test
# Release: the fastest build that still runs every test as users run it
# (the library carries no coverage instrumentation in any build type; the
# test library_has_no_coverage_instrumentation checks it).
GRAMMUT_CMAKE_OPTIONS="-DCMAKE_BUILD_TYPE=Release -DGRAMMUT_BUILD_BENCHMARKS=OFF ${GRAMMUT_CMAKE_OPTIONS:-}" \
  scripts/build.sh build-test
elapsed build

cd build-test
label_args=(-LE full)
[ $full = 1 ] && label_args=()
rc=0
ctest -j "$(nproc)" --output-on-failure --timeout 900 "${label_args[@]}" || rc=$?
elapsed ctest
exit $rc
