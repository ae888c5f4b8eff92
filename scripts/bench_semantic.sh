#!/usr/bin/env bash
# bench_semantic.sh: are grammut's inputs valid to the real implementation?
#
#   scripts/bench_semantic.sh [--build DIR] [--n N] [--mutants M] [--seeds S,...]
#                             [--targets sqlite,lua,mujs] [--runs WORK [--sample K]]
#                             [--learn-from DIR] --out bench/results/<date>-semantic
#
# Per target (its grammar, its harness_examples/<t>/seeds as the corpus):
# `grammut learn` on the seeds, then side by side with name binding on and
# off (`grammut generate --nobind`, experiment bind_names=0):
#   (a) N inputs of `grammut generate --mode learned`;
#   (b) M mutants of every seed by the tree operators (experiment
#       arms=grammar), `grammut mutate --weights`;
# both once for each random seed of --seeds (default 1; --seed S is one):
# the report gives the mean over them with its [min-max], since 300 inputs
# of one seed move by several points from seed to seed. With --learn-from
# DIR (one target), `grammut learn` reads DIR instead of the shipped seeds
# (a user's larger corpus); (b) still mutates the seeds.
# With --runs WORK (the --work directory of a scripts/bench_coverage.sh run),
# also (c) the final corpus of each of its trials (seeded/<target>/<config>/
# trial<N>/corpus; sqlite3 for sqlite), K files of each (default 300, every
# n-th by name), side by side per configuration (median over trials).
# Each set is judged by bench/semantic_validity.py: SQLite (Python's
# sqlite3: statements that run, scripts that run whole), Lua 5.4 (luac -p
# compiles, lua runs to the end), MuJS (no SyntaxError, no ReferenceError or
# TypeError, runs to the end), with the mean share of each input that runs
# before its first error, and each set's empty inputs are counted apart
# (they compile and run to the end by doing nothing). Writes report.md (the
# table and this command), results.csv (per seed) and operators.csv (the
# mutants of (b), binding on, judged per operator and seed) to --out; the
# inputs stay in --out/work (not committed).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$SCRIPT_DIR/.." && pwd)"
BUILD="$REPO/build"
N=300
MUTANTS=30
SEEDS=1
TARGETS="sqlite,lua,mujs"
RUNS=""
SAMPLE=300
LEARN_FROM=""
OUT=""
COMMAND_LINE="cd $PWD && $0 $*"
while [ $# -gt 0 ]; do
    case "$1" in
        --build) BUILD="${2:?--build needs a directory}"; shift 2 ;;
        --n) N="${2:?--n needs a number}"; shift 2 ;;
        --mutants) MUTANTS="${2:?--mutants needs a number}"; shift 2 ;;
        --seed) SEEDS="${2:?--seed needs a number}"; shift 2 ;;
        --seeds) SEEDS="${2:?--seeds needs a list}"; shift 2 ;;
        --targets) TARGETS="${2:?--targets needs a list}"; shift 2 ;;
        --out) OUT="${2:?--out needs a directory}"; shift 2 ;;
        --runs) RUNS="${2:?--runs needs a bench_coverage.sh work directory}"; shift 2 ;;
        --sample) SAMPLE="${2:?--sample needs a number}"; shift 2 ;;
        --learn-from) LEARN_FROM="${2:?--learn-from needs a directory}"; shift 2 ;;
        -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
        *) echo "bench_semantic.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
[ -n "$OUT" ] || { echo "bench_semantic.sh: --out DIR is required" >&2; exit 2; }
[[ "$SEEDS" =~ ^[0-9]+(,[0-9]+)*$ ]] || { echo "bench_semantic.sh: --seeds takes numbers separated by commas, not '$SEEDS'" >&2; exit 2; }
IFS=, read -r -a seeds <<< "$SEEDS"
if [ -n "$LEARN_FROM" ]; then
    [ -d "$LEARN_FROM" ] || { echo "bench_semantic.sh: --learn-from $LEARN_FROM is no directory" >&2; exit 2; }
    [[ "$TARGETS" != *,* ]] || { echo "bench_semantic.sh: --learn-from is one target's corpus: give one --targets" >&2; exit 2; }
    LEARN_FROM="$(cd "$LEARN_FROM" && pwd)"
fi
[ -z "$RUNS" ] || [ -d "$RUNS/seeded" ] || {
    echo "bench_semantic.sh: --runs $RUNS has no seeded/ (give a bench_coverage.sh --work directory)" >&2
    exit 2
}
G="$BUILD/tools/grammut"
[ -x "$G" ] || { echo "bench_semantic.sh: no $G (build grammut first: scripts/build.sh)" >&2; exit 2; }
mkdir -p "$OUT/work"

grammar_of() {
    case "$1" in
        sqlite) echo "$REPO/antlr_grammars/sqlite/SQLite.g4" ;;
        lua) echo "$REPO/antlr_grammars/lua/Lua.g4" ;;
        mujs) echo "$REPO/antlr_grammars/javascript/JavaScriptLexer.g4,$REPO/antlr_grammars/javascript/JavaScriptParser.g4" ;;
        *) echo "bench_semantic.sh: unknown target $1 (sqlite, lua, mujs)" >&2; exit 2 ;;
    esac
}
seeds_of() {
    case "$1" in
        sqlite) echo "$REPO/harness_examples/sqlite3/seeds" ;;
        *) echo "$REPO/harness_examples/$1/seeds" ;;
    esac
}
need() { command -v "$1" >/dev/null || { echo "bench_semantic.sh: $2 needs $1 (apt-get install $3)" >&2; exit 2; }; }

# judge LANGUAGE DIR PREFIX: a CSV row "PREFIX,measure,value" for each
# measure bench/semantic_validity.py gives the inputs in DIR.
judge() {
    local json
    json="$(python3 "$REPO/bench/semantic_validity.py" "$1" "$2")"
    python3 -c 'import json, sys
for k, v in json.loads(sys.argv[2]).items():
    if k != "dir":
        print("%s,%s,%s" % (sys.argv[1], k, v))' "$3" "$json"
}

# judge_operators TARGET DIR SEED: TARGET,SEED,OPERATOR,MEASURE,VALUE lines
# for each operator's mutants in DIR (DIR/operators.tsv, from `grammut
# mutate`).
judge_operators() {
    python3 "$REPO/bench/semantic_validity.py" --by-operator "$1" "$2" | python3 -c 'import json, sys
for line in sys.stdin:
    r = json.loads(line)
    if "operator" in r:
        for k, v in r.items():
            if k not in ("dir", "operator"):
                print("%s,%s,%s,%s" % (sys.argv[1], r["operator"], k, v))' "$1,$3"
}

echo "target,set,binding,seed,measure,value" > "$OUT/results.csv"
echo "target,seed,operator,measure,value" > "$OUT/operators.csv"
IFS=, read -r -a targets <<< "$TARGETS"
for t in "${targets[@]}"; do
    case "$t" in lua) need luac5.4 lua lua5.4 ;; mujs) need mujs mujs mujs ;; esac
    gr="$(grammar_of "$t")"
    w="$OUT/work/$t.weights"
    learn_from="${LEARN_FROM:-$(seeds_of "$t")}"
    echo "== $t: learning from $learn_from"
    "$G" learn --grammar "$gr" -o "$w" "$learn_from" > /dev/null 2>&1
    for seed in "${seeds[@]}"; do
        for bind in on off; do
            gen="$OUT/work/$t/generated-$bind-s$seed"
            mut="$OUT/work/$t/mutants-$bind-s$seed"
            rm -rf "$gen" "$mut"
            flag=--bind; [ "$bind" = off ] && flag=--nobind
            echo "== $t: $N generated, binding $bind, seed $seed"
            "$G" generate --grammar "$gr" --weights "$w" --mode learned -n "$N" --seed "$seed" $flag --out "$gen" > /dev/null
            echo "== $t: $MUTANTS tree mutants of each seed file, binding $bind, seed $seed"
            b=1; [ "$bind" = off ] && b=0
            for f in "$(seeds_of "$t")"/*; do
                GRAMMUT_EXPERIMENTS="arms=grammar;bind_names=$b" "$G" mutate --grammar "$gr" --weights "$w" \
                    -n "$MUTANTS" --seed "$seed" --out "$mut" "$f" > /dev/null 2>&1 || true
            done
            judge "$t" "$gen" "$t,generated,$bind,$seed" >> "$OUT/results.csv"
            judge "$t" "$mut" "$t,mutants,$bind,$seed" >> "$OUT/results.csv"
            if [ "$bind" = on ]; then judge_operators "$t" "$mut" "$seed" >> "$OUT/operators.csv"; fi
        done
    done
done

# (c) the final corpora of fuzzing runs
echo "target,config,trial,measure,value" > "$OUT/runs.csv"
if [ -n "$RUNS" ]; then
    for t in "${targets[@]}"; do
        ct="$t"; [ "$t" = sqlite ] && ct=sqlite3
        for corpus in "$RUNS"/seeded/"$ct"/*/trial*/corpus; do
            [ -d "$corpus" ] || continue
            trial="$(basename "$(dirname "$corpus")")"
            config="$(basename "$(dirname "$(dirname "$corpus")")")"
            sample="$OUT/work/$t/corpus-$config-$trial"
            rm -rf "$sample"
            mkdir -p "$sample"
            total="$(find "$corpus" -maxdepth 1 -type f | wc -l)"
            step=$(( total > SAMPLE ? (total + SAMPLE - 1) / SAMPLE : 1 ))
            find "$corpus" -maxdepth 1 -type f | sort | awk -v s="$step" 'NR % s == 0' |
                while read -r f; do ln -s "$f" "$sample/"; done
            echo "== $t: the corpus of $config $trial ($total files, every ${step}th judged)"
            judge "$t" "$sample" "$t,$config,$trial" >> "$OUT/runs.csv"
        done
    done
fi

python3 - "$OUT" "$COMMAND_LINE" "$(git -C "$REPO" rev-parse --short HEAD)" "$SEEDS" "$LEARN_FROM" <<'EOF'
import csv, sys, collections
out, command, commit, seed_list, learn_from = sys.argv[1:6]
rows = list(csv.DictReader(open(out + "/results.csv")))
by_seed = collections.defaultdict(list)
for r in rows:
    by_seed[(r["target"], r["set"], r["binding"], r["measure"])].append(float(r["value"]))


def cell(xs):
    """The mean over seeds, with [min-max] when there are several."""
    if not xs:
        return ""
    mean = "%.1f" % (sum(xs) / len(xs))
    return mean if len(xs) == 1 else "%s [%.1f-%.1f]" % (mean, min(xs), max(xs))


v = {k: cell(xs) for k, xs in by_seed.items()}
seeds = seed_list.split(",")
shown = {"sqlite": [("statements_run_pct", "statements that run"), ("scripts_whole_pct", "scripts that run whole"), ("syntax_error_pct", "statements with syntax errors")],
         "lua": [("compile_pct", "compile (luac -p)"), ("run_to_end_pct", "run to the end")],
         "mujs": [("no_syntax_error_pct", "no SyntaxError"), ("no_reference_or_type_error_pct", "no SyntaxError, ReferenceError or TypeError"), ("run_to_end_pct", "run to the end")]}
# How much of each input runs before its first error; empty inputs compile
# and run to the end by doing nothing: counted apart.
for measures in shown.values():
    measures.append(("reach_pct", "share that runs before its first error"))
    measures.append(("empty", "empty inputs (a count)"))
md = ["# Semantic validity: inputs judged by the real implementation", "",
      "Commit `%s`. Command:" % commit, "", "    " + command, "",
      "Shares (%) of inputs (SQLite: of statements or scripts); `off` is the same",
      "with name binding off (`--nobind`, `bind_names=0`). "
      + ("Learned from %s (not the shipped seeds). " % learn_from if learn_from else "")
      + ("Random seed %s." % seeds[0] if len(seeds) == 1 else
         "Each cell: the mean over random seeds %s, and its [min-max]." % ", ".join(seeds)), "",
      "| target | set | measure | binding off | binding on |", "|---|---|---|---:|---:|"]
for t in sorted({r["target"] for r in rows}):
    for s in ("generated", "mutants"):
        for key, name in shown.get(t, []):
            md.append("| %s | %s | %s | %s | %s |" % (t, s, name, v.get((t, s, "off", key), ""), v.get((t, s, "on", key), "")))
runs = list(csv.DictReader(open(out + "/runs.csv")))
if runs:
    configs = sorted({r["config"] for r in runs}, key=lambda c: (c != "plain+dict", c))
    md += ["", "Final corpora of the fuzzing runs (`--runs`): median over trials [trials]", "",
           "| target | measure | " + " | ".join(configs) + " |",
           "|---|---|" + "---:|" * len(configs)]
    for t in sorted({r["target"] for r in runs}):
        for key, name in shown.get(t, []):
            cells = []
            for c in configs:
                xs = sorted(float(r["value"]) for r in runs
                            if r["target"] == t and r["config"] == c and r["measure"] == key)
                cells.append("%.1f [%d]" % (xs[len(xs) // 2] if len(xs) % 2 else
                                            (xs[len(xs) // 2 - 1] + xs[len(xs) // 2]) / 2, len(xs))
                             if xs else "-")
            md.append("| %s | %s | %s |" % (t, name, " | ".join(cells)))
ops = list(csv.DictReader(open(out + "/operators.csv")))
if ops:
    # Over seeds: counts summed, each share weighed by its mutants.
    inputs = collections.Counter()
    for r in ops:
        if r["measure"] == "inputs":
            inputs[(r["target"], r["seed"], r["operator"])] = float(r["value"])
    sums = collections.defaultdict(float)
    for r in ops:
        pct = r["measure"].endswith("_pct")
        w = inputs[(r["target"], r["seed"], r["operator"])] if pct else 1.0
        sums[(r["target"], r["operator"], r["measure"])] += w * float(r["value"])
    o = {}
    for (t, op, m), x in sums.items():
        n = sums[(t, op, "inputs")]
        if m.endswith("_pct"):
            o[(t, op, m)] = "%.1f" % (x / n) if n else ""
        else:
            o[(t, op, m)] = "%d" % x
    md += ["", "Mutants of (b) by the operator that made them (binding on): which edits",
           "keep an input meaningful to the target (`token-bytes`, `token-number` and",
           "`encode` change bytes within a token on purpose).", ""]
    for t in sorted({r["target"] for r in ops}):
        measures = shown.get(t, [])[:2]
        md += ["| %s: operator | mutants | %s |" % (t, " | ".join(n for _, n in measures)),
               "|---|---:|" + "---:|" * len(measures)]
        for op in sorted({r["operator"] for r in ops if r["target"] == t}):
            md.append("| %s | %s | %s |" % (op, o.get((t, op, "inputs"), ""),
                                          " | ".join(o.get((t, op, k), "") for k, _ in measures)))
        md.append("")
open(out + "/report.md", "w").write("\n".join(md) + "\n")
print("\n".join(md))
EOF
