#!/bin/bash -eu
# oss-fuzz/build.sh: builds grammut's Calc example as an OSS-Fuzz /
# ClusterFuzzLite fuzz target, $OUT/calc_fuzzer, with the Calc grammar
# embedded (nothing to set at run time), plus calc_fuzzer.options and
# calc_fuzzer_seed_corpus.zip.
#
# Reads what OSS-Fuzz's `compile` sets: CC CXX CFLAGS CXXFLAGS
# LIB_FUZZING_ENGINE SRC OUT WORK (the grammut checkout is $SRC/grammut).
# Optional:
#   GRAMMUT_PREFIX  an installed grammut (cmake --install) to use instead of
#                   building one from $SRC/grammut
#   GRAMMUT_JOBS    build jobs (default: nproc)
#
# The mutator is built with the sanitizer flags of $CFLAGS but without
# coverage instrumentation (grammut's CMake adds GRAMMUT_NO_COVERAGE_FLAGS
# after $CFLAGS; checked below), and at -O3 (Release): it is not the code
# under test. OSS-Fuzz's CXXFLAGS carry -stdlib=libc++; the distribution's
# ANTLR runtime and Abseil are libstdc++ builds, so it is dropped for
# everything this script compiles. Shared libraries the base-runner image
# lacks (ANTLR runtime, Abseil) are copied to $OUT/lib and found through
# the fuzzer's RUNPATH $ORIGIN/lib.

for v in CC CXX CFLAGS CXXFLAGS LIB_FUZZING_ENGINE SRC OUT WORK; do
  if [ -z "${!v+x}" ]; then
    echo "oss-fuzz/build.sh: \$$v is not set (OSS-Fuzz's compile sets it; scripts/ossfuzz_local.sh does it locally)" >&2
    exit 1
  fi
done
src=$SRC/grammut
[ -f "$src/cmake/GrammutGrammar.cmake" ] || {
  echo "oss-fuzz/build.sh: no grammut checkout at $src" >&2; exit 1; }
jobs=${GRAMMUT_JOBS:-$(nproc)}
cxxflags=${CXXFLAGS//-stdlib=libc++/}
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)

# 1. grammut itself (or a prebuilt one).
if [ -n "${GRAMMUT_PREFIX:-}" ]; then
  prefix=$GRAMMUT_PREFIX
  echo "== grammut: using the installed tree $prefix"
else
  prefix=$WORK/grammut-install
  echo "== grammut: building from $src"
  cmake -S "$src" -B "$WORK/grammut-build" "${generator[@]}" \
    -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
    -DCMAKE_C_FLAGS="$CFLAGS" -DCMAKE_CXX_FLAGS="$cxxflags" \
    -DCMAKE_BUILD_TYPE=Release -DGRAMMUT_BUILD_TESTS=OFF \
    -DGRAMMUT_BUILD_EXAMPLES=OFF -DGRAMMUT_BUILD_BENCHMARKS=OFF
  cmake --build "$WORK/grammut-build" -j "$jobs" \
    --target grammut_libfuzzer grammut_shared grammut_afl grammut
  cmake --install "$WORK/grammut-build" --prefix "$prefix" >/dev/null
fi
compgen -G "$prefix/lib*/cmake/grammut/grammutConfig.cmake" >/dev/null || {
  echo "oss-fuzz/build.sh: $prefix has no lib/cmake/grammut/grammutConfig.cmake" >&2; exit 1; }

# 2. The fuzz target: $CXXFLAGS, $LIB_FUZZING_ENGINE, grammut and the
# embedded grammar (oss-fuzz/calc/CMakeLists.txt).
echo "== calc_fuzzer"
cmake -S "$src/oss-fuzz/calc" -B "$WORK/calc-build" "${generator[@]}" \
  -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_CXX_FLAGS="$cxxflags" \
  -DCMAKE_BUILD_TYPE=None -DCMAKE_PREFIX_PATH="$prefix" \
  -DLIB_FUZZING_ENGINE="$LIB_FUZZING_ENGINE" -DGRAMMUT_SRC="$src"
cmake --build "$WORK/calc-build" -j "$jobs"
cp "$WORK/calc-build/calc_fuzzer" "$OUT/calc_fuzzer"

# No grammut code may carry coverage instrumentation.
for lib in "$prefix"/lib*/libgrammut*.a "$WORK"/calc-build/libgrammut_grammar_*.a; do
  if nm -A "$lib" 2>/dev/null | grep -qE "__sanitizer_cov|__sancov"; then
    echo "oss-fuzz/build.sh: $lib carries coverage instrumentation:" >&2
    nm -A "$lib" | grep -E "__sanitizer_cov|__sancov" | head -3 >&2
    exit 1
  fi
done

# 3. Shared libraries the runner image does not have go to $OUT/lib.
mkdir -p "$OUT/lib"
ldd "$OUT/calc_fuzzer" | awk '$2 == "=>" && $3 ~ /^\// {print $3}' |
  while read -r lib; do
    case $(basename "$lib") in
      libc.so*|libm.so*|libpthread.so*|libdl.so*|librt.so*|libgcc_s.so*|\
      libstdc++.so*|ld-linux*|libresolv.so*|libutil.so*) ;;
      *) [ "$(dirname "$lib")" = "$OUT/lib" ] || cp -L "$lib" "$OUT/lib/" ;;
    esac
  done

# 4. libFuzzer options and the seed corpus.
cat >"$OUT/calc_fuzzer.options" <<'OPTIONS'
[libfuzzer]
max_len = 1024
OPTIONS
rm -f "$OUT/calc_fuzzer_seed_corpus.zip"
zip -q -j "$OUT/calc_fuzzer_seed_corpus.zip" "$src"/harness_examples/calc/seeds/*
echo "== done: $OUT/calc_fuzzer ($(ls "$OUT/lib" | wc -l) libraries in $OUT/lib)"
