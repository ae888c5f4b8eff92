#!/usr/bin/env bash
# build.sh [BUILD_DIR]: configures and builds grammut with clang (default:
# build/). Extra CMake options can be passed in $GRAMMUT_CMAKE_OPTIONS.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build}
cmake -S . -B "$dir" -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo ${GRAMMUT_CMAKE_OPTIONS:-} >/dev/null
cmake --build "$dir" -j "$(nproc)"
