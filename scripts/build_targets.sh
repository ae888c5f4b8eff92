#!/usr/bin/env bash
# build_targets.sh - build the real-world fuzz targets used to evaluate grammut.
#
# Usage: scripts/build_targets.sh [--targets cjson,libxml2,sqlite3,lua,expat,jsonc,mujs,nlohmann] [--out DIR] [--jobs N] [--afl]
#
# For every target <t> this produces (under $OUT/<t>/):
#   lib/lib*.a, include/      library built with -O1 -g -fsanitize=fuzzer-no-link,address
#   fuzz_<t>.o                harness object (same sanitizer flags, no main, no custom mutator)
#   fuzz_<t>                  plain libFuzzer binary (-fsanitize=fuzzer,address)
#   link_libs.txt             what to put after fuzz_<t>.o on a link line (archives + system libs)
#   cov/lib/*.a, cov/*.o      library + harness + replay driver built with
#                             -O0 -g -fprofile-instr-generate -fcoverage-mapping
#   cov_<t>                   coverage binary: cov_<t> FILE_OR_DIR...
#   cov/link_libs.txt         link line tail for the coverage objects
#   sources.txt               the library's own source directory (for llvm-cov filtering)
# With --afl, only AFL++ builds are made, each under $OUT/<t>/afl/ (nothing else
# under $OUT/<t>/ is touched; the sources must be there already, i.e. run once
# without --afl first):
#   afl/lib/lib*.a, afl/include/  library built with afl-clang-fast (AFL_USE_ASAN=1, -O1 -g)
#   afl/fuzz_<t>.o, afl/fuzz_<t>  harness + AFL++'s LLVMFuzzerTestOneInput driver
#                             (afl-clang-fast -fsanitize=fuzzer links libAFLDriver.a;
#                             persistent mode, test cases in shared memory)
#   afl/link_libs.txt         link line tail for afl/fuzz_<t>.o
# Debian's afl++ package is installed if afl-clang-fast is missing.
# Sources are fetched with `apt-get source` into $OUT/src/ (deb-src is enabled in the
# apt sources if needed; missing build tools are installed with apt-get, which needs
# root or sudo).  The script is idempotent: finished steps are recorded with stamp
# files / timestamps and skipped on the next run.  Environment: CC, CXX, JOBS.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$SCRIPT_DIR/.." && pwd)"
HARNESS_DIR="$REPO/harness_examples"

ALL_TARGETS="cjson,libxml2,sqlite3,lua,expat,jsonc,mujs,nlohmann"
TARGETS="$ALL_TARGETS"
OUT="$REPO/build/targets"
JOBS="${JOBS:-2}"
AFL=0

usage() {
    sed -n '2,4p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
    echo "Targets: $ALL_TARGETS (default: all). Default --out: $REPO/build/targets. Default --jobs: 2."
    echo "--afl: build only the AFL++ variants, under \$OUT/<t>/afl/ (see the comment at the top)."
}

while [ $# -gt 0 ]; do
    case "$1" in
        --targets) TARGETS="${2:?--targets needs a value}"; shift 2 ;;
        --targets=*) TARGETS="${1#*=}"; shift ;;
        --out) OUT="${2:?--out needs a value}"; shift 2 ;;
        --out=*) OUT="${1#*=}"; shift ;;
        --jobs|-j) JOBS="${2:?--jobs needs a value}"; shift 2 ;;
        --jobs=*) JOBS="${1#*=}"; shift ;;
        --afl) AFL=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown argument: $1" >&2; usage >&2; exit 2 ;;
    esac
done

mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
SRC_ROOT="$OUT/src"

CC="${CC:-clang}"
CXX="${CXX:-clang++}"
FUZZ_CFLAGS="-O1 -g -fsanitize=fuzzer-no-link,address"
FUZZ_LDFLAGS="-fsanitize=fuzzer,address"
COV_CFLAGS="-O0 -g -fprofile-instr-generate -fcoverage-mapping"
COV_LDFLAGS="-fprofile-instr-generate -fcoverage-mapping"

T0=$(date +%s)
log() { printf '[build_targets %s +%ss] %s\n' "$(date +%H:%M:%S)" "$(( $(date +%s) - T0 ))" "$*"; }
die() { printf '[build_targets] ERROR: %s\n' "$*" >&2; exit 1; }

# Run a command quietly, keeping its output in a log file; show the tail on failure.
run_logged() {
    local logfile="$1"; shift
    if ! "$@" >>"$logfile" 2>&1; then
        echo "---- command failed: $* (log: $logfile) ----" >&2
        tail -n 40 "$logfile" >&2
        return 1
    fi
}

# stamp helpers: a stamp file holds a signature (flags etc.); the step is done iff it matches.
stamp_ok() { [ -f "$1" ] && [ "$(cat "$1")" = "$2" ]; }
stamp_set() { printf '%s' "$2" >"$1"; }

. "$(dirname "${BASH_SOURCE[0]}")/lib/debian_source.sh"

###########################################################################
# 1. host dependencies
###########################################################################
ensure_packages() {
    local pkgs="build-essential make binutils dpkg-dev xz-utils ca-certificates tcl cmake ninja-build clang libclang-rt-14-dev llvm-14"
    local missing="" p
    for p in $pkgs; do
        case "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)" in
            *"install ok installed"*) continue ;;
        esac
        missing="$missing $p"
    done
    if [ -n "$missing" ]; then
        log "installing:$missing"
        apt_update
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends $missing
    else
        log "host packages present"
    fi
    command -v "$CC" >/dev/null || die "$CC not found"
    command -v tclsh >/dev/null || die "tclsh not found"
}

###########################################################################
# 2. fetching sources
###########################################################################
# fetch_source and enable_deb_src: scripts/lib/debian_source.sh

###########################################################################
# 3. per-target library builds.
#    build_lib_<t> <variant fuzz|cov> <cflags> <prefix> <srcdir> must leave
#    <prefix>/lib/lib*.a, <prefix>/include/ and <prefix>/sys_libs.txt (the
#    system libraries to link after the archives).
###########################################################################

# cmake_static LOGF SRC BDIR CFLAGS PREFIX [-D...]: configures a CMake library
# build with the variant's compiler and flags, installing under PREFIX/lib;
# the library's own options follow.
cmake_static() {
    local logf="$1" src="$2" bdir="$3" cflags="$4" prefix="$5"
    shift 5
    run_logged "$logf" cmake -S "$src" -B "$bdir" -G Ninja \
        -DCMAKE_C_COMPILER="$CC" -DCMAKE_BUILD_TYPE=None \
        -DCMAKE_C_FLAGS="$cflags" \
        -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib "$@"
}

# --- cJSON ---------------------------------------------------------------
build_lib_cjson() {
    local variant="$1" cflags="$2" prefix="$3" src="$4"
    local bdir="$OUT/cjson/build/$variant" logf="$OUT/cjson/build/$variant.log"
    rm -rf "$bdir"; mkdir -p "$bdir" "$prefix/lib" "$prefix/include"; : >"$logf"
    run_logged "$logf" $CC $cflags -std=c89 -fPIC -I"$src" -c "$src/cJSON.c" -o "$bdir/cJSON.o"
    rm -f "$prefix/lib/libcjson.a"
    run_logged "$logf" ar rcs "$prefix/lib/libcjson.a" "$bdir/cJSON.o"
    cp "$src/cJSON.h" "$prefix/include/"
    echo "-lm" >"$prefix/sys_libs.txt"
}

# --- libxml2 (CMake) -----------------------------------------------------
build_lib_libxml2() {
    local variant="$1" cflags="$2" prefix="$3" src="$4"
    local bdir="$OUT/libxml2/build/$variant" logf="$OUT/libxml2/build/$variant.log"
    rm -rf "$bdir"; mkdir -p "$bdir"; : >"$logf"
    cmake_static "$logf" "$src" "$bdir" "$cflags" "$prefix" \
        -DBUILD_SHARED_LIBS=OFF \
        -DLIBXML2_WITH_PYTHON=OFF -DLIBXML2_WITH_LZMA=OFF -DLIBXML2_WITH_ZLIB=OFF \
        -DLIBXML2_WITH_ICONV=OFF -DLIBXML2_WITH_ICU=OFF \
        -DLIBXML2_WITH_HTTP=OFF -DLIBXML2_WITH_FTP=OFF -DLIBXML2_WITH_MODULES=OFF \
        -DLIBXML2_WITH_PROGRAMS=OFF -DLIBXML2_WITH_TESTS=OFF \
        -DLIBXML2_WITH_SCHEMAS=OFF -DLIBXML2_WITH_SCHEMATRON=OFF -DLIBXML2_WITH_XINCLUDE=OFF \
        -DLIBXML2_WITH_XPTR=OFF -DLIBXML2_WITH_READER=OFF -DLIBXML2_WITH_CATALOG=OFF \
        -DLIBXML2_WITH_DEBUG=OFF -DLIBXML2_WITH_HTML=OFF -DLIBXML2_WITH_LEGACY=OFF \
        -DLIBXML2_WITH_DOCB=OFF -DLIBXML2_WITH_C14N=OFF
    run_logged "$logf" cmake --build "$bdir" -j "$JOBS"
    run_logged "$logf" cmake --install "$bdir"
    # Modules the harness cannot reach (HTML, schemas, reader, XInclude, catalogs, ...)
    # are disabled above so that they do not inflate the coverage denominator.
    # keep only what we need from the install tree
    rm -rf "${prefix:?}/share" "${prefix:?}/lib/pkgconfig" "${prefix:?}/lib/cmake" "${prefix:?}/lib/xml2Conf.sh" "${prefix:?}/bin"
    # (threads stay enabled: LIBXML2_WITH_THREADS=OFF does not compile with the 2.9.14 CMake build)
    echo "-lpthread -lm" >"$prefix/sys_libs.txt"
}

# --- SQLite (amalgamation generated from the Debian source package) -------
SQLITE_DEFS="-DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION -DSQLITE_OMIT_RANDOMNESS \
 -DSQLITE_TEMP_STORE=3 -DSQLITE_MAX_MMAP_SIZE=0 \
 -DSQLITE_MAX_LENGTH=1000000 -DSQLITE_MAX_SQL_LENGTH=100000 -DSQLITE_MAX_EXPR_DEPTH=100 \
 -DSQLITE_MAX_ATTACHED=10 -DSQLITE_MAX_VARIABLE_NUMBER=1000 -DSQLITE_PRINTF_PRECISION_LIMIT=1000 \
 -DSQLITE_ENABLE_MATH_FUNCTIONS -DSQLITE_ENABLE_FTS4 -DSQLITE_ENABLE_FTS5 -DSQLITE_ENABLE_RTREE \
 -DSQLITE_DEFAULT_LOOKASIDE=0,0"

sqlite_amalgamation() {
    local src="$1" bdir="$1/bld" stamp="$1/bld/.amalgamation.stamp"
    if [ -f "$stamp" ] && [ -f "$bdir/sqlite3.c" ]; then return 0; fi
    log "sqlite3: generating the amalgamation (configure && make sqlite3.c)"
    rm -rf "$bdir"; mkdir -p "$bdir"
    local logf="$OUT/sqlite3/build/amalgamation.log"; mkdir -p "$OUT/sqlite3/build"; : >"$logf"
    (cd "$bdir" && run_logged "$logf" env CC="$CC" CFLAGS="-O1" ../configure --disable-tcl --disable-readline \
        && run_logged "$logf" make -j"$JOBS" sqlite3.c) || die "sqlite3 amalgamation failed"
    touch "$stamp"
}

build_lib_sqlite3() {
    local variant="$1" cflags="$2" prefix="$3" src="$4"
    local bdir="$OUT/sqlite3/build/$variant" logf="$OUT/sqlite3/build/$variant.log"
    sqlite_amalgamation "$src"
    rm -rf "$bdir"; mkdir -p "$bdir" "$prefix/lib" "$prefix/include"; : >"$logf"
    # shellcheck disable=SC2086
    run_logged "$logf" $CC $cflags $SQLITE_DEFS -I"$src/bld" -c "$src/bld/sqlite3.c" -o "$bdir/sqlite3.o"
    rm -f "$prefix/lib/libsqlite3.a"
    run_logged "$logf" ar rcs "$prefix/lib/libsqlite3.a" "$bdir/sqlite3.o"
    cp "$src/bld/sqlite3.h" "$src/bld/sqlite3ext.h" "$prefix/include/"
    echo "-lm" >"$prefix/sys_libs.txt"
}

# --- Lua 5.4 (src/*.c compiled directly; lua.c / luac.c excluded) --------
build_lib_lua() {
    local variant="$1" cflags="$2" prefix="$3" src="$4"
    local bdir="$OUT/lua/build/$variant" logf="$OUT/lua/build/$variant.log"
    rm -rf "$bdir"; mkdir -p "$bdir/gen" "$prefix/lib" "$prefix/include"; : >"$logf"
    # Debian's luaconf.h patch includes this generated header.
    local ma
    ma="$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || $CC -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)"
    printf '/* generated by build_targets.sh */\n#define DEB_HOST_MULTIARCH "%s"\n' "$ma" >"$bdir/gen/lua5.4-deb-multiarch.h"
    # luai_makeseed -> 0: deterministic string hashing (table order) between runs
    local defs="-DLUA_USE_POSIX -Dluai_makeseed(L)=0u"
    # lgc.c gets harness_examples/lua/finalizer_hooks.h force-included so that
    # the harness's instruction-count hook also works inside __gc finalizers
    # (see that file); finalizer_hooks.c provides the wrapper it calls.
    local hookdir="$HARNESS_DIR/lua"
    local objs=() f o p extra pids=() n=0
    for f in "$src"/src/*.c "$hookdir/finalizer_hooks.c"; do
        case "$(basename "$f")" in lua.c|luac.c) continue ;; esac
        o="$bdir/$(basename "${f%.c}").o"
        objs+=("$o")
        extra=""
        [ "$(basename "$f")" = lgc.c ] && extra="-include $hookdir/finalizer_hooks.h"
        # simple parallel compile, $JOBS at a time
        # shellcheck disable=SC2086
        $CC $cflags -std=gnu99 $defs $extra -I"$bdir/gen" -I"$src/src" -c "$f" -o "$o" >>"$logf" 2>&1 &
        pids+=($!); n=$((n + 1))
        if [ "$n" -ge "$JOBS" ]; then
            for p in "${pids[@]}"; do wait "$p" || { tail -n 30 "$logf" >&2; die "lua compile failed"; }; done
            pids=(); n=0
        fi
    done
    for p in "${pids[@]}"; do wait "$p" || { tail -n 30 "$logf" >&2; die "lua compile failed"; }; done
    rm -f "$prefix/lib/liblua5.4.a"
    run_logged "$logf" ar rcs "$prefix/lib/liblua5.4.a" "${objs[@]}"
    cp "$src/src/lua.h" "$src/src/luaconf.h" "$src/src/lualib.h" "$src/src/lauxlib.h" "$src/src/lua.hpp" \
        "$bdir/gen/lua5.4-deb-multiarch.h" "$prefix/include/"
    echo "-lm" >"$prefix/sys_libs.txt"
}

# --- expat (CMake; the library lives in the expat/ subdirectory) ---------
build_lib_expat() {
    local variant="$1" cflags="$2" prefix="$3" src="$4"
    local bdir="$OUT/expat/build/$variant" logf="$OUT/expat/build/$variant.log"
    rm -rf "$bdir"; mkdir -p "$bdir"; : >"$logf"
    cmake_static "$logf" "$src/expat" "$bdir" "$cflags" "$prefix" \
        -DEXPAT_SHARED_LIBS=OFF -DEXPAT_BUILD_TOOLS=OFF -DEXPAT_BUILD_EXAMPLES=OFF \
        -DEXPAT_BUILD_TESTS=OFF -DEXPAT_BUILD_DOCS=OFF -DEXPAT_BUILD_FUZZERS=OFF \
        -DEXPAT_BUILD_PKGCONFIG=OFF
    # Debian builds expat with autotools, whose config header has
    # "#define XML_DTD 1"; the CMake one says "#define XML_DTD", and one of
    # Debian's CVE patches tests "#if XML_DTD == 1".  Give the generated
    # header (build output, not a source file) the autotools values.
    sed -i -E 's/^#define (XML_DTD|XML_NS)$/#define \1 1/' "$bdir/expat_config.h"
    grep -q '^#define XML_DTD 1$' "$bdir/expat_config.h" || die "expat: unexpected expat_config.h"
    run_logged "$logf" cmake --build "$bdir" -j "$JOBS"
    run_logged "$logf" cmake --install "$bdir"
    rm -rf "${prefix:?}/share" "${prefix:?}/lib/cmake" "${prefix:?}/lib/pkgconfig" "${prefix:?}/bin"
    : >"$prefix/sys_libs.txt"
}

# --- json-c (CMake) ------------------------------------------------------
build_lib_jsonc() {
    local variant="$1" cflags="$2" prefix="$3" src="$4"
    local bdir="$OUT/jsonc/build/$variant" logf="$OUT/jsonc/build/$variant.log"
    rm -rf "$bdir"; mkdir -p "$bdir"; : >"$logf"
    # The json-c library target only: the command line apps and the docs are
    # not needed (and the apps would not link with -fsanitize=fuzzer-no-link).
    cmake_static "$logf" "$src" "$bdir" "$cflags" "$prefix" \
        -DBUILD_SHARED_LIBS=OFF -DBUILD_STATIC_LIBS=ON -DBUILD_TESTING=OFF \
        -DDISABLE_WERROR=ON -DENABLE_RDRAND=OFF -DENABLE_THREADING=OFF -DDISABLE_EXTRA_LIBS=ON
    run_logged "$logf" cmake --build "$bdir" -j "$JOBS" --target json-c
    mkdir -p "$prefix/lib" "$prefix/include/json-c"
    cp "$bdir/libjson-c.a" "$prefix/lib/"
    cp "$src"/*.h "$bdir/json.h" "$bdir/json_config.h" "$prefix/include/json-c/"
    echo "-lm" >"$prefix/sys_libs.txt"
}

# --- MuJS (js*.c utf*.c regexp.c compiled directly; main.c / pp.c / one.c excluded)
build_lib_mujs() {
    local variant="$1" cflags="$2" prefix="$3" src="$4"
    local bdir="$OUT/mujs/build/$variant" logf="$OUT/mujs/build/$variant.log"
    rm -rf "$bdir"; mkdir -p "$bdir" "$prefix/lib" "$prefix/include"; : >"$logf"
    # Three files get a harness header force-included (the MuJS sources are
    # not changed; see the headers for details):
    #   jsrun.c            step_limit.h: a step budget checked at every
    #                      interpreter instruction and in the element loops
    #                      of the built-in library (step_limit.c);
    #   regexp.c           regexp_limit.h: a budget on backtracking steps;
    #   jsmath.c, jsdate.c fixed_time.h: Math.random's seed and Date.now()
    #                      come from a fixed clock, so runs are repeatable.
    local hookdir="$HARNESS_DIR/mujs"
    local objs=() f o p extra pids=() n=0
    for f in "$src"/js*.c "$src"/utf*.c "$src/regexp.c" "$hookdir/step_limit.c"; do
        o="$bdir/$(basename "${f%.c}").o"
        objs+=("$o")
        case "$(basename "$f")" in
            jsrun.c) extra="-include $hookdir/step_limit.h" ;;
            regexp.c) extra="-include $hookdir/regexp_limit.h" ;;
            jsmath.c|jsdate.c) extra="-include $hookdir/fixed_time.h" ;;
            *) extra="" ;;
        esac
        # shellcheck disable=SC2086
        $CC $cflags -std=gnu99 $extra -I"$src" -c "$f" -o "$o" >>"$logf" 2>&1 &
        pids+=($!); n=$((n + 1))
        if [ "$n" -ge "$JOBS" ]; then
            for p in "${pids[@]}"; do wait "$p" || { tail -n 30 "$logf" >&2; die "mujs compile failed"; }; done
            pids=(); n=0
        fi
    done
    for p in "${pids[@]}"; do wait "$p" || { tail -n 30 "$logf" >&2; die "mujs compile failed"; }; done
    rm -f "$prefix/lib/libmujs.a"
    run_logged "$logf" ar rcs "$prefix/lib/libmujs.a" "${objs[@]}"
    cp "$src/mujs.h" "$prefix/include/"
    echo "-lm" >"$prefix/sys_libs.txt"
}

# --- nlohmann/json (header-only C++: the "library" is the single header) -
# The header is compiled into the harness object (with the harness's flags:
# ASan + fuzzer instrumentation, or coverage); lib/ gets an empty archive
# because the driver links lib/lib*.a.
build_lib_nlohmann() {
    local variant="$1" cflags="$2" prefix="$3" src="$4"
    local bdir="$OUT/nlohmann/build/$variant" logf="$OUT/nlohmann/build/$variant.log"
    rm -rf "$bdir"; mkdir -p "$bdir" "$prefix/lib" "$prefix/include/nlohmann"; : >"$logf"
    cp "$src"/single_include/nlohmann/*.hpp "$prefix/include/nlohmann/"
    rm -f "$prefix/lib/libnlohmann_empty.a"
    run_logged "$logf" ar rcs "$prefix/lib/libnlohmann_empty.a"
    : >"$prefix/sys_libs.txt"
}

###########################################################################
# 4. driver per target
###########################################################################
srcpkg_of() {
    case "$1" in
        cjson) echo cjson ;; libxml2) echo libxml2 ;; sqlite3) echo sqlite3 ;; lua) echo lua5.4 ;;
        expat) echo expat ;; jsonc) echo json-c ;; mujs) echo mujs ;; nlohmann) echo nlohmann-json3 ;;
        *) die "unknown target $1" ;;
    esac
}

# the directory whose files count as "the library" for coverage reports
# (nlohmann: the copy of the header the coverage harness object includes)
coverage_srcdir_of() {
    case "$1" in
        lua) echo "$2/src" ;;
        expat) echo "$2/expat/lib" ;;
        nlohmann) echo "$OUT/nlohmann/cov/include/nlohmann" ;;
        *) echo "$2" ;;
    esac
}

# Harnesses may include grammut/feedback.h (from the repository's include/).
harness_include_flags() {
    local t="$1" prefix="$2"
    case "$t" in
        libxml2) echo "-I$prefix/include/libxml2 -I$prefix/include -I$REPO/include" ;;
        *) echo "-I$prefix/include -I$REPO/include" ;;
    esac
}

# newer_than OUT IN... : true if OUT exists and is newer than all INs
up_to_date() {
    local out="$1"; shift
    [ -e "$out" ] || return 1
    local i; for i in "$@"; do [ "$out" -nt "$i" ] || return 1; done
}

compiler_for() { case "$1" in *.cc|*.cpp) echo "$CXX" ;; *) echo "$CC" ;; esac; }

build_target() {
    local t="$1" t_start; t_start=$(date +%s)
    local pkg; pkg="$(srcpkg_of "$t")"
    local tdir="$OUT/$t"
    mkdir -p "$tdir/build"
    log "==== $t ===="
    local src; src="$(fetch_source "$pkg" "$SRC_ROOT")"
    log "$t: source in $src"

    local harness=""
    for h in "$HARNESS_DIR/$t/fuzz_$t.c" "$HARNESS_DIR/$t/fuzz_$t.cc"; do
        [ -f "$h" ] && { harness="$h"; break; }
    done
    [ -n "$harness" ] || die "no harness for $t in $HARNESS_DIR/$t"
    local hcc; hcc="$(compiler_for "$harness")"
    local replay="$HARNESS_DIR/common/replay_main.c"
    [ -f "$replay" ] || die "missing $replay"

    # --- fuzz (ASan + libFuzzer instrumentation) library ---
    local extra=""
    case "$t" in
        sqlite3) extra="$SQLITE_DEFS" ;;
        libxml2) extra="$(declare -f build_lib_libxml2 | cksum)" ;;
        lua) extra="$(cat "$HARNESS_DIR/lua/finalizer_hooks.h" "$HARNESS_DIR/lua/finalizer_hooks.c" | cksum)" ;;
        expat|jsonc|nlohmann) extra="$(declare -f "build_lib_$t" | cksum)" ;;
        mujs) extra="$( (declare -f build_lib_mujs; cat "$HARNESS_DIR"/mujs/*.h "$HARNESS_DIR/mujs/step_limit.c") | cksum)" ;;
    esac
    local sig="fuzz|$CC|$FUZZ_CFLAGS|$extra|$src"
    if stamp_ok "$tdir/.lib-fuzz.stamp" "$sig" && ls "$tdir"/lib/lib*.a >/dev/null 2>&1; then
        log "$t: fuzz library up to date"
    else
        log "$t: building library (fuzz: $FUZZ_CFLAGS)"
        rm -rf "${tdir:?}/lib" "${tdir:?}/include"
        "build_lib_$t" fuzz "$FUZZ_CFLAGS" "$tdir" "$src"
        stamp_set "$tdir/.lib-fuzz.stamp" "$sig"
    fi

    # --- coverage library ---
    sig="cov|$CC|$COV_CFLAGS|$extra|$src"
    if stamp_ok "$tdir/.lib-cov.stamp" "$sig" && ls "$tdir"/cov/lib/lib*.a >/dev/null 2>&1; then
        log "$t: coverage library up to date"
    else
        log "$t: building library (coverage: $COV_CFLAGS)"
        rm -rf "$tdir/cov/lib" "$tdir/cov/include"
        mkdir -p "$tdir/cov"
        "build_lib_$t" cov "$COV_CFLAGS" "$tdir/cov" "$src"
        stamp_set "$tdir/.lib-cov.stamp" "$sig"
    fi

    # link lines (archives in a fixed order + system libs)
    local fuzz_libs cov_libs
    fuzz_libs="$(ls "$tdir"/lib/lib*.a | tr '\n' ' ')$(cat "$tdir/sys_libs.txt")"
    cov_libs="$(ls "$tdir"/cov/lib/lib*.a | tr '\n' ' ')$(cat "$tdir/cov/sys_libs.txt")"
    echo "$fuzz_libs" >"$tdir/link_libs.txt"
    echo "$cov_libs" >"$tdir/cov/link_libs.txt"

    local incs; incs="$(harness_include_flags "$t" "$tdir")"
    local cov_incs; cov_incs="$(harness_include_flags "$t" "$tdir/cov")"

    # --- harness object + libFuzzer binary ---
    if up_to_date "$tdir/fuzz_$t.o" "$harness" "$tdir/.lib-fuzz.stamp"; then
        log "$t: harness object up to date"
    else
        log "$t: compiling harness $(basename "$harness")"
        # shellcheck disable=SC2086
        $hcc $FUZZ_CFLAGS -Wall -Wextra -Wno-unused-parameter $incs -c "$harness" -o "$tdir/fuzz_$t.o"
    fi
    if up_to_date "$tdir/fuzz_$t" "$tdir/fuzz_$t.o" "$tdir/.lib-fuzz.stamp"; then
        log "$t: fuzz_$t up to date"
    else
        log "$t: linking fuzz_$t"
        # shellcheck disable=SC2086
        $hcc $FUZZ_LDFLAGS "$tdir/fuzz_$t.o" $fuzz_libs -o "$tdir/fuzz_$t"
    fi

    # --- coverage binary ---
    if up_to_date "$tdir/cov/fuzz_$t.o" "$harness" "$tdir/.lib-cov.stamp"; then :; else
        log "$t: compiling harness for coverage"
        # shellcheck disable=SC2086
        $hcc $COV_CFLAGS $cov_incs -c "$harness" -o "$tdir/cov/fuzz_$t.o"
    fi
    if up_to_date "$tdir/cov/replay_main.o" "$replay"; then :; else
        $CC $COV_CFLAGS -Wall -Wextra -c "$replay" -o "$tdir/cov/replay_main.o"
    fi
    if up_to_date "$tdir/cov_$t" "$tdir/cov/fuzz_$t.o" "$tdir/cov/replay_main.o" "$tdir/.lib-cov.stamp"; then
        log "$t: cov_$t up to date"
    else
        log "$t: linking cov_$t"
        # shellcheck disable=SC2086
        $hcc $COV_LDFLAGS "$tdir/cov/replay_main.o" "$tdir/cov/fuzz_$t.o" $cov_libs -o "$tdir/cov_$t"
    fi

    coverage_srcdir_of "$t" "$src" >"$tdir/sources.txt"
    log "$t: done in $(( $(date +%s) - t_start ))s -> $tdir (fuzz_$t, fuzz_$t.o, cov_$t, sources.txt)"
}


###########################################################################
# 5. AFL++ variants (--afl): everything under $OUT/<t>/afl/, nothing else
#    touched. The library build functions above write their build tree to
#    $OUT/<t>/build/<variant>: the variant "../afl/build" puts it in afl/.
###########################################################################
AFL_CC="${AFL_CC:-afl-clang-fast}"
AFL_CXX="${AFL_CXX:-afl-clang-fast++}"
AFL_CFLAGS="-O1 -g"

ensure_afl() {
    if ! command -v "$AFL_CC" >/dev/null 2>&1 || [ ! -f /usr/lib/afl/libAFLDriver.a ]; then
        log "installing afl++"
        apt_update
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends afl++
    fi
    command -v "$AFL_CC" >/dev/null || die "$AFL_CC not found (Debian package afl++)"
    command -v afl-fuzz >/dev/null || die "afl-fuzz not found (Debian package afl++)"
}

build_target_afl() {
    local t="$1" t_start; t_start=$(date +%s)
    local pkg; pkg="$(srcpkg_of "$t")"
    local adir="$OUT/$t/afl"
    local record="$SRC_ROOT/.$pkg.dir" src=""
    [ -f "$record" ] && src="$(cat "$record")"
    [ -n "$src" ] && [ -d "$src" ] || die "$t: no sources in $SRC_ROOT (run scripts/build_targets.sh --targets $t --out $OUT first)"
    [ -d "$OUT/$t/build" ] || die "$t: $OUT/$t/build missing (run without --afl first)"
    if [ "$t" = sqlite3 ] && [ ! -f "$src/bld/.amalgamation.stamp" ]; then
        die "sqlite3: no amalgamation in $src/bld (run without --afl first)"
    fi
    log "==== $t (AFL++) ===="
    local harness=""
    for h in "$HARNESS_DIR/$t/fuzz_$t.c" "$HARNESS_DIR/$t/fuzz_$t.cc"; do
        [ -f "$h" ] && { harness="$h"; break; }
    done
    [ -n "$harness" ] || die "no harness for $t in $HARNESS_DIR/$t"
    local hcc="$AFL_CC"
    case "$harness" in *.cc) hcc="$AFL_CXX" ;; esac
    mkdir -p "$adir"
    export AFL_USE_ASAN=1 AFL_QUIET=1

    local extra=""
    case "$t" in
        sqlite3) extra="$SQLITE_DEFS" ;;
        lua) extra="$(cat "$HARNESS_DIR/lua/finalizer_hooks.h" "$HARNESS_DIR/lua/finalizer_hooks.c" | cksum)" ;;
        mujs) extra="$( (declare -f build_lib_mujs; cat "$HARNESS_DIR"/mujs/*.h "$HARNESS_DIR/mujs/step_limit.c") | cksum)" ;;
        *) extra="$(declare -f "build_lib_$t" | cksum)" ;;
    esac
    local version; version="$(dpkg-query -W -f='${Version}' afl++ 2>/dev/null || echo unknown)"
    local sig="afl|$AFL_CC|$version|$AFL_CFLAGS|$extra|$src"
    if stamp_ok "$adir/.lib.stamp" "$sig" && ls "$adir"/lib/lib*.a >/dev/null 2>&1; then
        log "$t: AFL++ library up to date"
    else
        log "$t: building library (AFL++: $AFL_CC $AFL_CFLAGS, AFL_USE_ASAN=1)"
        rm -rf "${adir:?}/lib" "${adir:?}/include"
        CC="$AFL_CC" "build_lib_$t" "../afl/build" "$AFL_CFLAGS" "$adir" "$src"
        stamp_set "$adir/.lib.stamp" "$sig"
    fi
    local libs; libs="$(ls "$adir"/lib/lib*.a | tr '\n' ' ')$(cat "$adir/sys_libs.txt")"
    echo "$libs" >"$adir/link_libs.txt"
    local incs; incs="$(harness_include_flags "$t" "$adir")"
    if up_to_date "$adir/fuzz_$t.o" "$harness" "$adir/.lib.stamp"; then
        log "$t: AFL++ harness object up to date"
    else
        log "$t: compiling harness $(basename "$harness") (AFL++)"
        # shellcheck disable=SC2086
        "$hcc" $AFL_CFLAGS -Wall -Wextra -Wno-unused-parameter $incs -c "$harness" -o "$adir/fuzz_$t.o"
    fi
    if up_to_date "$adir/fuzz_$t" "$adir/fuzz_$t.o" "$adir/.lib.stamp"; then
        log "$t: afl/fuzz_$t up to date"
    else
        log "$t: linking afl/fuzz_$t (libAFLDriver)"
        # shellcheck disable=SC2086
        "$hcc" -fsanitize=fuzzer "$adir/fuzz_$t.o" $libs -o "$adir/fuzz_$t"
    fi
    unset AFL_USE_ASAN AFL_QUIET
    log "$t: AFL++ build done in $(( $(date +%s) - t_start ))s -> $adir/fuzz_$t"
}
###########################################################################
main() {
    log "repo=$REPO out=$OUT targets=$TARGETS jobs=$JOBS afl=$AFL"
    local t
    for t in ${TARGETS//,/ }; do srcpkg_of "$t" >/dev/null; done
    if [ "$AFL" = 1 ]; then
        ensure_afl
        for t in ${TARGETS//,/ }; do
            build_target_afl "$t"
        done
        log "all done in $(( $(date +%s) - T0 ))s"
        return
    fi
    ensure_packages
    enable_deb_src
    for t in ${TARGETS//,/ }; do
        build_target "$t"
    done
    log "all done in $(( $(date +%s) - T0 ))s"
}
main
