#!/usr/bin/env bash
# ossfuzz_local.sh [options]: runs oss-fuzz/build.sh as OSS-Fuzz would for
# libFuzzer + ASan, then runs the fuzzer as ClusterFuzz does: fork-mode
# fuzzing that goes on after crashes, a corpus merge, crash minimization.
#
#   --grammut-build DIR   install this grammut build tree (cmake --install)
#                         into the work directory and use it, instead of
#                         building grammut from source (the default)
#   --grammut-prefix DIR  use this installed grammut
#   --runs N              executions of the fork-mode run (default 200000)
#   --minimize-runs N     -runs of -minimize_crash (default 2000)
#   --work DIR            work directory, kept (default: a temporary one,
#                         removed at the end unless --keep)
#   --keep                keep the temporary work directory
#
# Environment as OSS-Fuzz's compile sets it: CC=clang CXX=clang++, CFLAGS
# -O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address
# -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link, CXXFLAGS the
# same plus -stdlib=libc++, LIB_FUZZING_ENGINE=-fsanitize=fuzzer, SRC (with
# grammut at $SRC/grammut, here a link to this checkout), OUT and WORK.
# Exits non-zero, with the log's tail, when a step fails or no crash is found.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$SCRIPT_DIR/.." && pwd)"
usage() { sed -n '2,21p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
die() { echo "ossfuzz_local: $*" >&2; exit 1; }
step() { echo "== $*"; }
# fail STEP LOG: the step failed; show the end of its log.
fail() { echo "ossfuzz_local: FAIL: $1 (log: $2)" >&2; tail -n 25 "$2" >&2; exit 1; }

grammut_build="" grammut_prefix="" runs=200000 minimize_runs=2000 work="" keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --grammut-build) grammut_build="${2:?--grammut-build needs a directory}"; shift 2 ;;
    --grammut-prefix) grammut_prefix="${2:?--grammut-prefix needs a directory}"; shift 2 ;;
    --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
    --minimize-runs) minimize_runs="${2:?--minimize-runs needs a number}"; shift 2 ;;
    --work) work="${2:?--work needs a directory}"; keep=1; shift 2 ;;
    --keep) keep=1; shift ;;
    *) usage >&2; die "unknown argument $1" ;;
  esac
done
[[ $runs =~ ^[0-9]+$ && $minimize_runs =~ ^[0-9]+$ ]] || die "--runs and --minimize-runs take numbers"
for tool in clang clang++ cmake zip unzip ldd nm; do
  command -v $tool >/dev/null || die "$tool is not installed (scripts/setup.sh installs what grammut needs)"
done

if [ -z "$work" ]; then
  work=$(mktemp -d /tmp/ossfuzz-local.XXXXXX)
  [ $keep = 1 ] || trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work" && work="$(cd "$work" && pwd)"
rm -rf "$work/src" "$work/out" "$work/work" "$work/run"
mkdir -p "$work/src" "$work/out" "$work/work" "$work/run"
ln -s "$REPO" "$work/src/grammut"
run=$work/run

if [ -n "$grammut_build" ]; then
  [ -f "$grammut_build/CMakeCache.txt" ] || die "$grammut_build is not a CMake build tree"
  step "installing the grammut build $grammut_build into $work/grammut-install"
  cmake --install "$grammut_build" --prefix "$work/grammut-install" >"$run/install.log" 2>&1 ||
    fail "cmake --install $grammut_build" "$run/install.log"
  grammut_prefix=$work/grammut-install
fi

# 1. Build, with the environment OSS-Fuzz's compile gives build.sh.
cflags="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION -fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link"
step "building with oss-fuzz/build.sh (log: $run/build.log)"
start=$SECONDS
(
  cd "$work/src/grammut"
  env CC=clang CXX=clang++ CFLAGS="$cflags" CXXFLAGS="$cflags -stdlib=libc++" \
    LIB_FUZZING_ENGINE=-fsanitize=fuzzer SANITIZER=address FUZZING_ENGINE=libfuzzer \
    ARCHITECTURE=x86_64 FUZZING_LANGUAGE=c++ \
    SRC="$work/src" OUT="$work/out" WORK="$work/work" \
    GRAMMUT_PREFIX="$grammut_prefix" GRAMMUT_JOBS="${GRAMMUT_JOBS:-$(nproc)}" \
    bash -eu "$REPO/oss-fuzz/build.sh"
) >"$run/build.log" 2>&1 || fail "oss-fuzz/build.sh" "$run/build.log"
build_time=$((SECONDS - start))
fuzzer=$work/out/calc_fuzzer
for f in calc_fuzzer calc_fuzzer.options calc_fuzzer_seed_corpus.zip; do
  [ -s "$work/out/$f" ] || fail "build.sh did not write \$OUT/$f" "$run/build.log"
done
echo "built in ${build_time}s: $(cd "$work/out" && ls | tr '\n' ' ')"

# 2. The binary runs as on a ClusterFuzz bot: nothing from this machine's
# environment, every library found (system ones aside, in $OUT/lib).
ldd "$fuzzer" >"$run/ldd.log" 2>&1 || true
grep -q "not found" "$run/ldd.log" && fail "libraries not found" "$run/ldd.log"
if grep -E "antlr4|absl" "$run/ldd.log" | grep -qv "$work/out/lib/"; then
  fail "the ANTLR runtime or Abseil is not taken from \$OUT/lib" "$run/ldd.log"
fi
mkdir -p "$run/seeds"
unzip -q -o "$work/out/calc_fuzzer_seed_corpus.zip" -d "$run/seeds"
# It may stop early at the planted bug: that is a run too.
(cd "$run" && env -i "$fuzzer" -runs=100 -seed=1 -artifact_prefix=clean_env_ seeds) \
  >"$run/clean_env.log" 2>&1 ||
  grep -q "ERROR: AddressSanitizer" "$run/clean_env.log" ||
  fail "the fuzzer does not run in an empty environment" "$run/clean_env.log"
grep -q "found LLVMFuzzerCustomMutator" "$run/clean_env.log" ||
  fail "grammut is not linked in" "$run/clean_env.log"
grep -q "grammut: .*calc" "$run/clean_env.log" ||
  fail "grammut did not start with the embedded Calc grammar" "$run/clean_env.log"
echo "runs in an empty environment with the embedded grammar: $(grep -m1 '^grammut:' "$run/clean_env.log" | cut -c1-100)"

# The options file's [libfuzzer] section, as ClusterFuzz passes it.
opts=()
while IFS= read -r line; do
  [[ $line =~ ^[[:space:]]*([a-z_]+)[[:space:]]*=[[:space:]]*(.*[^[:space:]])[[:space:]]*$ ]] &&
    opts+=("-${BASH_REMATCH[1]}=${BASH_REMATCH[2]}")
done < <(sed -n '/^\[libfuzzer\]/,/^\[/p' "$work/out/calc_fuzzer.options")
echo "options: ${opts[*]}"

# 3. Fork-mode fuzzing from the seed corpus; crashes are saved, not fatal.
mkdir -p "$run/corpus" "$run/artifacts"
cp "$run/seeds"/* "$run/corpus/"
step "fuzzing: -fork=2 -ignore_crashes=1 -runs=$runs"
start=$SECONDS
rc=0
(cd "$run" && timeout 600 "$fuzzer" "${opts[@]}" -fork=2 -ignore_crashes=1 -runs="$runs" \
   -seed=1 -artifact_prefix="$run/artifacts/" corpus) >"$run/fuzz.log" 2>&1 || rc=$?
fuzz_time=$((SECONDS - start))
# With -ignore_crashes=1 the parent exits with the last crashed job's code
# (0 or 1) after "INFO: exiting:"; anything else (timeout, a signal) is a failure.
if [ "$rc" -gt 1 ] || ! grep -q "^INFO: exiting: $rc" "$run/fuzz.log"; then
  fail "the fork-mode run did not finish (exit code $rc)" "$run/fuzz.log"
fi
grep -q "fuzzing in separate process" "$run/fuzz.log" || fail "libFuzzer did not run in fork mode" "$run/fuzz.log"
grep -q "wrapping up soon" "$run/fuzz.log" || fail "the fork-mode run did not stop at -runs" "$run/fuzz.log"
corpus_n=$(ls "$run/corpus" | wc -l)
crashes=("$run"/artifacts/crash-*)
[ -e "${crashes[0]}" ] || fail "no crash found in $runs runs (the planted bug needs a valid program nested six parentheses deep)" "$run/fuzz.log"
echo "fuzzed ${fuzz_time}s: corpus $corpus_n files, ${#crashes[@]} crash file(s)"

# 4. Merge into a new corpus.
step "merging the corpus: -merge=1"
mkdir -p "$run/merged"
(cd "$run" && "$fuzzer" "${opts[@]}" -merge=1 merged corpus) >"$run/merge.log" 2>&1 ||
  fail "the merge failed" "$run/merge.log"
merged_n=$(ls "$run/merged" | wc -l)
[ "$merged_n" -gt 0 ] || fail "the merge wrote no corpus" "$run/merge.log"
grep -q "MERGE-OUTER: " "$run/merge.log" || fail "no merge report" "$run/merge.log"
echo "merged: $corpus_n -> $merged_n files"

# 5. Minimize the (smallest) crash.
crash=$(ls -S "${crashes[@]}" | tail -n 1)
step "minimizing $(basename "$crash") ($(wc -c <"$crash") bytes): -minimize_crash=1 -runs=$minimize_runs"
(cd "$run" && "$fuzzer" "${opts[@]}" -minimize_crash=1 -runs="$minimize_runs" -seed=1 \
   -exact_artifact_path="$run/minimized" "$crash") >"$run/minimize.log" 2>&1 ||
  fail "-minimize_crash failed" "$run/minimize.log"
[ -s "$run/minimized" ] || fail "-minimize_crash wrote nothing" "$run/minimize.log"
before=$(wc -c <"$crash"); after=$(wc -c <"$run/minimized")
[ "$after" -lt "$before" ] || fail "the minimized crash is not smaller ($before -> $after bytes)" "$run/minimize.log"
if (cd "$run" && "$fuzzer" "${opts[@]}" minimized) >"$run/rerun.log" 2>&1; then
  fail "the minimized input does not crash" "$run/rerun.log"
fi
grep -q "ERROR: AddressSanitizer" "$run/rerun.log" || fail "the minimized input does not crash under ASan" "$run/rerun.log"
echo "minimized: $before -> $after bytes, still crashes: $(grep -m1 -o 'AddressSanitizer: [a-z-]*' "$run/rerun.log")"
echo "minimized crash: $(head -c 200 "$run/minimized")"

echo
echo "summary: build ${build_time}s; fork run $runs runs in ${fuzz_time}s, ${#crashes[@]} crash(es);" \
  "merge $corpus_n -> $merged_n; minimize $before -> $after bytes"
[ $keep = 1 ] && echo "work directory: $work"
echo "ossfuzz_local: all steps passed"
