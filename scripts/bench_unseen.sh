#!/usr/bin/env bash
# bench_unseen.sh: grammut as a new user tries it, on parsers it was never
# tuned on. Unchanged libFuzzer binaries of real libraries from Debian
# sources (jansson: JSON, TinyXML-2: XML, Duktape: JavaScript) are fuzzed
# side by side without and with grammut (LD_PRELOAD, the shipped grammar,
# its samples as seeds), and libFuzzer's final `cov:` is compared.
#
# Usage: scripts/bench_unseen.sh [--minutes M] [--trials N] [--scenario seeded|empty|both]
#                                [--targets jansson,tinyxml2,duktape] [--build DIR] [--out DIR]
#   --minutes M     fuzzing time per trial (default 3)
#   --trials N      trials per target and configuration (default 3)
#   --scenario S    seeded: the grammar's samples as seeds (default); empty: no
#                   seeds; both
#   --build DIR     grammut build: DIR/lib/libgrammut.so, DIR/grammars/<g> (default build)
#   --out DIR       results (default bench/results/<date>-unseen): report.md,
#                   results.csv, commands.txt, runs/<scenario>/<t>/<config>/trial<i>/fuzz.log.gz
# A trial of plain and the same trial of grammut run at the same time (one
# core each). A run that stops early (a crash, timeout or OOM) is restarted
# on its corpus until the time is used; crashes are counted in the report.
# The targets are built under build/unseen/<t>/ (sources from `apt-get
# source`; -O1 -g -fsanitize=fuzzer,address, as scripts/build_targets.sh).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$SCRIPT_DIR/.." && pwd)"
MINUTES=3
TRIALS=3
SCENARIO=seeded
TARGETS="jansson,tinyxml2,duktape"
BUILD="$REPO/build"
OUT=""
ARGS="$*"

die() { echo "bench_unseen: $*" >&2; exit 1; }
stamp() { date -u +%H:%M:%S; }
log() { echo "$(stamp) $*"; }
. "$SCRIPT_DIR/lib/debian_source.sh"

while [ $# -gt 0 ]; do
    case "$1" in
        --minutes) MINUTES="${2:?}"; shift 2 ;;
        --trials) TRIALS="${2:?}"; shift 2 ;;
        --scenario) SCENARIO="${2:?}"; shift 2 ;;
        --targets) TARGETS="${2:?}"; shift 2 ;;
        --build) BUILD="${2:?}"; shift 2 ;;
        --out) OUT="${2:?}"; shift 2 ;;
        -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument: $1 (see --help)" ;;
    esac
done
[[ "$MINUTES" =~ ^[0-9]+([.][0-9]+)?$ ]] || die "--minutes must be a number, not '$MINUTES'"
[[ "$TRIALS" =~ ^[1-9][0-9]*$ ]] || die "--trials must be a positive integer, not '$TRIALS'"
case "$SCENARIO" in seeded) SCENARIOS=(seeded) ;; empty) SCENARIOS=(empty) ;; both) SCENARIOS=(seeded empty) ;;
    *) die "--scenario must be seeded, empty or both, not '$SCENARIO'" ;; esac
IFS=, read -r -a TARGET_LIST <<<"$TARGETS"
for t in "${TARGET_LIST[@]}"; do
    case "$t" in jansson|tinyxml2|duktape) ;; *) die "unknown target '$t' (jansson, tinyxml2, duktape)" ;; esac
done
BUILD="$(cd "$BUILD" && pwd)"
SO="$BUILD/lib/libgrammut.so"
[ -f "$SO" ] || die "$SO missing (run scripts/build.sh $BUILD)"
SECONDS_PER_TRIAL=$(awk -v m="$MINUTES" 'BEGIN { print int(m * 60 + 0.5) }')
[ -n "$OUT" ] || OUT="$REPO/bench/results/$(date +%F)-unseen"
mkdir -p "$OUT" && OUT="$(cd "$OUT" && pwd)"
UNSEEN="$REPO/build/unseen"
HARNESS="$REPO/harness_examples/unseen"
CFLAGS_FUZZ=(-O1 -g -fsanitize=fuzzer-no-link,address)

grammar_of() { case "$1" in jansson) echo json ;; tinyxml2) echo xml ;; duktape) echo javascript ;; esac; }

# ---- sources (the Debian source package of each target has its name) and binaries
build_target() {
    local t="$1" bin="$UNSEEN/$1/fuzz_$1"
    [ -x "$bin" ] && return 0
    enable_deb_src
    local src obj="$UNSEEN/$t/obj"
    src="$(fetch_source "$t" "$UNSEEN/$t/src")"
    rm -rf "$obj" && mkdir -p "$obj"
    echo "$(stamp) building $t"
    case "$t" in
        jansson)
            cmake -S "$src" -B "$obj/cmake" -DCMAKE_C_COMPILER=clang -DCMAKE_C_FLAGS="${CFLAGS_FUZZ[*]}" \
                -DJANSSON_BUILD_DOCS=OFF -DJANSSON_WITHOUT_TESTS=ON -DJANSSON_EXAMPLES=OFF \
                -DJANSSON_BUILD_SHARED_LIBS=OFF >"$obj/cmake.log" 2>&1 ||
                die "jansson: cmake failed, see $obj/cmake.log"
            cmake --build "$obj/cmake" -j "$(nproc)" >>"$obj/cmake.log" 2>&1 ||
                die "jansson: build failed, see $obj/cmake.log"
            clang "${CFLAGS_FUZZ[@]}" -I"$obj/cmake/include" -c "$HARNESS/fuzz_jansson.c" -o "$obj/harness.o"
            clang -fsanitize=fuzzer,address "$obj/harness.o" "$obj/cmake/lib/libjansson.a" -o "$bin" ;;
        tinyxml2)
            clang++ "${CFLAGS_FUZZ[@]}" -c "$src/tinyxml2.cpp" -o "$obj/tinyxml2.o"
            clang++ "${CFLAGS_FUZZ[@]}" -I"$src" -c "$HARNESS/fuzz_tinyxml2.cc" -o "$obj/harness.o"
            clang++ -fsanitize=fuzzer,address "$obj"/*.o -o "$bin" ;;
        duktape)
            # An execution budget (see fuzz_duktape.c), as Duktape's configure.py would set it.
            sed -e 's|^#undef DUK_USE_EXEC_TIMEOUT_CHECK$|duk_bool_t fuzz_duk_timeout_check(void *udata);\n#define DUK_USE_EXEC_TIMEOUT_CHECK(udata) fuzz_duk_timeout_check((udata))|' \
                -e 's|^#undef DUK_USE_INTERRUPT_COUNTER$|#define DUK_USE_INTERRUPT_COUNTER|' \
                "$src/src/duk_config.h" >"$obj/duk_config.h"
            grep -q '^#define DUK_USE_EXEC_TIMEOUT_CHECK' "$obj/duk_config.h" ||
                die "duktape: could not set DUK_USE_EXEC_TIMEOUT_CHECK in duk_config.h"
            cp "$src/src/duktape.h" "$obj/"
            clang "${CFLAGS_FUZZ[@]}" -I"$obj" -c "$src/src/duktape.c" -o "$obj/duktape.o"
            clang "${CFLAGS_FUZZ[@]}" -I"$obj" -c "$HARNESS/fuzz_duktape.c" -o "$obj/harness.o"
            clang -fsanitize=fuzzer,address "$obj"/*.o -lm -o "$bin" ;;
    esac
}

for t in "${TARGET_LIST[@]}"; do
    build_target "$t"
    [ -d "$BUILD/grammars/$(grammar_of "$t")" ] || die "grammar $BUILD/grammars/$(grammar_of "$t") missing"
done

COMMIT="$(git -C "$REPO" rev-parse HEAD 2>/dev/null || echo unknown)"
SO_SHA="$(sha256sum "$SO" | cut -c1-16)"
echo "# started $(date -u +%FT%TZ), commit $COMMIT, libgrammut.so $SO_SHA" >>"$OUT/commands.txt"
echo "cd $REPO && scripts/bench_unseen.sh $ARGS" >>"$OUT/commands.txt"

FLAGS=(-max_len=4096 -len_control=0 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1)

# run_one SCENARIO TARGET CONFIG TRIAL: fuzzes for SECONDS_PER_TRIAL, restarting
# after an early stop, and leaves fuzz.log.gz in the run's directory.
run_one() {
    local sc="$1" t="$2" cfg="$3" trial="$4" g
    g="$(grammar_of "$t")"
    local rdir="$OUT/runs/$sc/$t/$cfg/trial$trial" wdir="$UNSEEN/work/$sc/$t/$cfg/trial$trial"
    rm -rf "$rdir" "$wdir"
    mkdir -p "$rdir/artifacts" "$wdir/corpus"
    [ "$sc" = seeded ] && cp "$REPO/antlr_grammars/$g/samples/"* "$wdir/corpus/"
    local -a envs=()
    [ "$cfg" = grammut ] && envs=(LD_PRELOAD="$SO" GRAMMUT_GRAMMAR="$BUILD/grammars/$g")
    local log="$rdir/fuzz.log" t0 seg=0 remaining
    t0=$(date +%s)
    while :; do
        remaining=$(( SECONDS_PER_TRIAL - ($(date +%s) - t0) ))
        if [ "$seg" -gt 0 ] && [ "$remaining" -lt 5 ]; then break; fi
        echo "=== segment $seg seed=$(( trial + 1000 * seg )) max_total_time=$remaining" >>"$log"
        env "${envs[@]}" "$UNSEEN/$t/fuzz_$t" "${FLAGS[@]}" -max_total_time="$remaining" \
            -seed=$(( trial + 1000 * seg )) -artifact_prefix="$rdir/artifacts/" "$wdir/corpus" >>"$log" 2>&1 || true
        seg=$(( seg + 1 ))
    done
    ls "$wdir/corpus" | wc -l >"$rdir/corpus_size"
    gzip -f "$log"
}

for sc in "${SCENARIOS[@]}"; do
    for t in "${TARGET_LIST[@]}"; do
        for trial in $(seq 1 "$TRIALS"); do
            echo "$(stamp) $sc/$t trial $trial/$TRIALS: plain and grammut, ${SECONDS_PER_TRIAL}s each"
            run_one "$sc" "$t" plain "$trial" &
            local_plain=$!
            run_one "$sc" "$t" grammut "$trial" &
            wait "$local_plain" $!
        done
    done
done

# ---- report
python3 - "$OUT" "$SECONDS_PER_TRIAL" "$COMMIT" "$SO_SHA" "cd $REPO && scripts/bench_unseen.sh $ARGS" <<'EOF'
import gzip, os, re, statistics, sys
out, seconds, commit, so_sha, command = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
runs = os.path.join(out, "runs")
rows = []
for sc in sorted(os.listdir(runs)):
    for t in sorted(os.listdir(os.path.join(runs, sc))):
        res = {}
        for cfg in ("plain", "grammut"):
            trials = []
            d = os.path.join(runs, sc, t, cfg)
            for tr in sorted(os.listdir(d)) if os.path.isdir(d) else []:
                text = gzip.open(os.path.join(d, tr, "fuzz.log.gz"), "rt", errors="replace").read()
                covs = re.findall(r"\bcov: (\d+)", text)
                execs = 0
                for seg in text.split("=== segment ")[1:]:
                    n = re.findall(r"^#(\d+)\s", seg, re.M)
                    execs += int(n[-1]) if n else 0
                crashes = len(os.listdir(os.path.join(d, tr, "artifacts")))
                trials.append((int(covs[-1]) if covs else 0, execs / seconds, crashes))
            res[cfg] = trials
        rows.append((sc, t, res))
def med(xs): return statistics.median(xs) if xs else 0
lines = [f"# grammut on parsers it was never tuned on ({seconds // 60} min × trials)", "",
         f"Command: `{command}`", "", f"Commit {commit}, libgrammut.so {so_sha}.",
         "Unchanged libFuzzer binaries, grammut by `LD_PRELOAD` with the shipped grammar; "
         "plain and grammut trials ran at the same time. cov: = libFuzzer's final edge count, "
         "median [min-max] over trials; ratio = grammut median / plain median; exec/s median; "
         "crashes = artifacts (crash, timeout, OOM) over all trials.", "",
         "| scenario | target | plain cov: | grammut cov: | grammut / plain | exec/s plain -> grammut | artifacts plain / grammut |",
         "|---|---|---:|---:|---:|---:|---:|"]
csv = ["scenario,target,config,trial,cov,exec_per_s,artifacts"]
for sc, t, res in rows:
    p, g = res.get("plain", []), res.get("grammut", [])
    pc, gc = [x[0] for x in p], [x[0] for x in g]
    ratio = f"{med(gc) / med(pc):.3f}" if med(pc) else "-"
    rng = lambda xs: f"{med(xs):.0f} [{min(xs)}-{max(xs)}]" if xs else "-"
    lines.append(f"| {sc} | {t} | {rng(pc)} | {rng(gc)} | {ratio} | "
                 f"{med([x[1] for x in p]):.0f} -> {med([x[1] for x in g]):.0f} | "
                 f"{sum(x[2] for x in p)} / {sum(x[2] for x in g)} |")
    for cfg, trials in res.items():
        for i, (c, e, a) in enumerate(trials, 1):
            csv.append(f"{sc},{t},{cfg},{i},{c},{e:.1f},{a}")
open(os.path.join(out, "report.md"), "w").write("\n".join(lines) + "\n")
open(os.path.join(out, "results.csv"), "w").write("\n".join(csv) + "\n")
print("\n".join(lines))
EOF
