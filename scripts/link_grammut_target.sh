#!/usr/bin/env bash
# link_grammut_target.sh <target> [BUILD_DIR]
#
# Links the grammut-linked fuzzer for a target built by scripts/build_targets.sh:
#   BUILD_DIR/targets/<t>/fuzz_<t>.o + link_libs.txt + BUILD_DIR/mutator/libgrammut.so
#   -> BUILD_DIR/targets/<t>/fuzz_<t>_grammut
# Targets: cjson, libxml2, sqlite3, lua. BUILD_DIR defaults to build/ in the repo.
# Run the result with GRAMMUT_GRAMMAR=BUILD_DIR/grammars/<g> (json, xml, sqlite, lua).
# Environment: CXX (default clang++). Re-links only when an input is newer.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$SCRIPT_DIR/.." && pwd)"

if [ $# -lt 1 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
    sed -n '2,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
    [ $# -ge 1 ] && exit 0 || exit 2
fi
t="$1"
BUILD="${2:-$REPO/build}"
mkdir -p "$BUILD" && BUILD="$(cd "$BUILD" && pwd)"
T="$BUILD/targets/$t"
MUT="$BUILD/mutator"
CXX="${CXX:-clang++}"

[ -f "$T/fuzz_$t.o" ] || { echo "link_grammut_target: $T/fuzz_$t.o missing (run scripts/build_targets.sh --targets $t)" >&2; exit 1; }
[ -f "$T/link_libs.txt" ] || { echo "link_grammut_target: $T/link_libs.txt missing" >&2; exit 1; }
[ -f "$MUT/libgrammut.so" ] || { echo "link_grammut_target: $MUT/libgrammut.so missing (run scripts/build.sh)" >&2; exit 1; }

out="$T/fuzz_${t}_grammut"
if [ -x "$out" ] && [ "$out" -nt "$T/fuzz_$t.o" ] && [ "$out" -nt "$MUT/libgrammut.so" ] \
   && [ "$out" -nt "$T/link_libs.txt" ]; then
    echo "$out (up to date)"
    exit 0
fi
# shellcheck disable=SC2046  # link_libs.txt is a list of words on purpose
"$CXX" -fsanitize=fuzzer,address "$T/fuzz_$t.o" $(cat "$T/link_libs.txt") \
    -L"$MUT" -Wl,--no-as-needed -lgrammut -Wl,-rpath,"$MUT" \
    -Wl,--export-dynamic-symbol=LLVMFuzzerMutate -o "$out.tmp"
mv -f "$out.tmp" "$out"
echo "$out"
