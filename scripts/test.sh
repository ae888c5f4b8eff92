#!/usr/bin/env bash
# test.sh: installs what is missing, builds from scratch in build-test/ and
# runs every test through ctest. This is what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
rm -rf build-test
scripts/build.sh build-test
cd build-test
ctest -j "$(nproc)" --output-on-failure --timeout 900
