#!/usr/bin/env bash
# find_package_test.sh BUILD_DIR SOURCE_DIR: installs grammut into a
# temporary prefix, builds a fuzzer in a separate project with
# find_package(grammut) and grammut_add_grammar(), and runs it.
set -u
build=$1; src=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" 2>&1 || { echo "FAIL: install"; tail "$tmp/install.log"; exit 1; }
cmake -S "$src/tests/find_package_project" -B "$tmp/b" -G Ninja \
  -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_PREFIX_PATH="$tmp/prefix" \
  -DCALC_G4="$src/harness_examples/calc/Calc.g4" \
  -DCALC_TARGET="$src/harness_examples/calc/calc_target.cc" >"$tmp/cfg.log" 2>&1 \
  || { echo "FAIL: configure"; tail -20 "$tmp/cfg.log"; exit 1; }
cmake --build "$tmp/b" >"$tmp/build.log" 2>&1 || { echo "FAIL: build"; tail -20 "$tmp/build.log"; exit 1; }
mkdir "$tmp/corpus"
"$tmp/b/my_fuzzer" -runs=2000 -seed=1 "$tmp/corpus" "$src/harness_examples/calc/seeds" >"$tmp/run.log" 2>&1
grep -q "found LLVMFuzzerCustomMutator" "$tmp/run.log" || { echo "FAIL: mutator not used"; tail "$tmp/run.log"; exit 1; }
echo "1 passed, 0 failed"
