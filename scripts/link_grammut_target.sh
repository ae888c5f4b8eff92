#!/usr/bin/env bash
# link_grammut_target.sh <target> [BUILD_DIR] [--targets-dir DIR] [--out FILE]
#
# Links the grammut-linked fuzzer for a target built by scripts/build_targets.sh:
#   TARGETS_DIR/<t>/fuzz_<t>.o + link_libs.txt + BUILD_DIR/lib/libgrammut.so
#   -> OUT (default TARGETS_DIR/<t>/fuzz_<t>_grammut)
# BUILD_DIR (the grammut build) defaults to build/ in the repo, TARGETS_DIR to
# BUILD_DIR/targets. The binary finds libgrammut.so through its rpath, so give
# each grammut build its own --out when several share one TARGETS_DIR.
# Targets: cjson, libxml2, sqlite3, lua, expat, jsonc, mujs, nlohmann. Run the result with
# GRAMMUT_GRAMMAR=BUILD_DIR/grammars/<g> (json, xml, sqlite, lua, xml, json, javascript, json).
# Environment: CXX (default clang++). Re-links only when an input is newer.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$SCRIPT_DIR/.." && pwd)"

usage() { sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
die() { echo "link_grammut_target: $*" >&2; exit 1; }

t="" BUILD="" TDIR="" out=""
while [ $# -gt 0 ]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --targets-dir) TDIR="${2:?--targets-dir needs a value}"; shift 2 ;;
        --targets-dir=*) TDIR="${1#*=}"; shift ;;
        --out) out="${2:?--out needs a value}"; shift 2 ;;
        --out=*) out="${1#*=}"; shift ;;
        -*) usage >&2; die "unknown option $1" ;;
        *)
            if [ -z "$t" ]; then t="$1"
            elif [ -z "$BUILD" ]; then BUILD="$1"
            else usage >&2; die "too many arguments"
            fi
            shift ;;
    esac
done
[ -n "$t" ] || { usage >&2; exit 2; }
BUILD="${BUILD:-$REPO/build}"
mkdir -p "$BUILD" && BUILD="$(cd "$BUILD" && pwd)"
TDIR="${TDIR:-$BUILD/targets}"
[ -d "$TDIR" ] || die "targets directory $TDIR missing (run scripts/build_targets.sh)"
TDIR="$(cd "$TDIR" && pwd)"
T="$TDIR/$t"
MUT="$BUILD/lib"
CXX="${CXX:-clang++}"
out="${out:-$T/fuzz_${t}_grammut}"

[ -f "$T/fuzz_$t.o" ] || die "$T/fuzz_$t.o missing (run scripts/build_targets.sh --targets $t)"
[ -f "$T/link_libs.txt" ] || die "$T/link_libs.txt missing"
[ -f "$MUT/libgrammut.so" ] || die "$MUT/libgrammut.so missing (run scripts/build.sh $BUILD)"

mkdir -p "$(dirname "$out")"
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
