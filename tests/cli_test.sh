#!/usr/bin/env bash
# cli_test.sh GRAMMUT GRAMMARS_DIR SOURCE_DIR: the `grammut` CLI contract.
set -u
grammut=$1; grammars=$2; src=$3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export GRAMMUT_CACHE_DIR=$tmp/cache
source "$(dirname "$0")/cli_check.sh"

# parse: exit 0 iff every file parses with no error and round-trips.
check parse_ok 0 "$grammut" parse --grammar "$grammars/json" "$src/antlr_grammars/json/samples"
contains parse_ok_lists "$tmp/out" "OK"
printf '{"a": }' > "$tmp/bad.json"
check parse_bad 1 "$grammut" parse --grammar "$grammars/json" "$tmp/bad.json"
contains parse_bad_count "$tmp/out" "syntax errors"
check parse_tree 0 "$grammut" parse --grammar "$grammars/json" --tree "$src/antlr_grammars/json/samples/09_empty_containers.json"
contains parse_tree_rule "$tmp/out" "jsonValue"
# --decisions: the decisions that built the most prediction states, costliest
# first. Lua's calls in expressions read their arguments ahead (a '(' there
# may also begin a new statement).
check parse_decisions 0 "$grammut" parse --grammar "$grammars/lua" --decisions 2 "$src/antlr_grammars/lua/samples"
grep -A1 "^decisions that built the most" "$tmp/out" | tail -n 1 >"$tmp/first"
contains parse_decisions_costliest "$tmp/first" "states  decision [0-9]* in rule prefixExp"
[ "$(grep -c "states  decision" "$tmp/out")" = 2 ] && passes=$((passes+1)) || { fails=$((fails+1)); echo "FAIL parse_decisions_count: not 2 lines"; }
# .g4 directly (compiled into the cache), split grammars comma-separated.
check parse_g4 0 "$grammut" parse --grammar "$src/antlr_grammars/json/JSON.g4" "$src/antlr_grammars/json/samples/01_package_manifest.json"
check parse_split_g4 0 "$grammut" parse --grammar "$src/antlr_grammars/xml/XMLLexer.g4,$src/antlr_grammars/xml/XMLParser.g4" "$src/antlr_grammars/xml/samples"
# Misconfiguration: one clear line, non-zero exit.
check no_grammar 2 "$grammut" parse "$tmp/bad.json"
contains no_grammar_msg "$tmp/err" "grammar"
check bad_rule 2 "$grammut" parse --grammar "$grammars/json" --start nosuch "$tmp/bad.json"
contains bad_rule_msg "$tmp/err" "nosuch"
check missing_file 2 "$grammut" parse --grammar "$grammars/json" "$tmp/none.json"

# learn -> stats -> generate with the weights.
check learn 0 "$grammut" learn --grammar "$grammars/json" -o "$tmp/w.txt" "$src/antlr_grammars/json/samples"
contains learn_file "$tmp/w.txt" "grammar JSON"
check stats 0 "$grammut" stats --grammar "$grammars/json" --weights "$tmp/w.txt"
contains stats_table "$tmp/out" "jsonValue"
for mode in learned inverse uniform; do
  check "generate_$mode" 0 "$grammut" generate --grammar "$grammars/json" --weights "$tmp/w.txt" --mode $mode -n 25 --seed 3 --max-size 300 --out "$tmp/gen_$mode"
  n=$(ls "$tmp/gen_$mode" | wc -l)
  [ "$n" = 25 ] && passes=$((passes+1)) || { fails=$((fails+1)); echo "FAIL generate_$mode wrote $n files"; }
  big=$(find "$tmp/gen_$mode" -type f -size +300c | wc -l)
  [ "$big" = 0 ] && passes=$((passes+1)) || { fails=$((fails+1)); echo "FAIL generate_$mode: $big files over 300 bytes"; }
  check "generated_parse_$mode" 0 "$grammut" parse --grammar "$grammars/json" "$tmp/gen_$mode"
done
# Same seed, same files.
"$grammut" generate --grammar "$grammars/json" -n 10 --seed 9 --out "$tmp/s1" >/dev/null
"$grammut" generate --grammar "$grammars/json" -n 10 --seed 9 --out "$tmp/s2" >/dev/null
if diff -r "$tmp/s1" "$tmp/s2" >/dev/null; then passes=$((passes+1)); else fails=$((fails+1)); echo "FAIL seeded generation differs"; fi
# A weights file for another grammar is refused.
check wrong_weights 2 "$grammut" stats --grammar "$grammars/lua" --weights "$tmp/w.txt"
contains wrong_weights_msg "$tmp/err" "JSON"
check bad_mode 2 "$grammut" stats --grammar "$grammars/json" --mode sideways

# mutate --out: N mutant files and, appended per run, the operator of each
# in operators.tsv (two runs on two files: 2N lines naming 2N files).
f1="$src/antlr_grammars/json/samples/01_package_manifest.json"
f2="$src/antlr_grammars/json/samples/09_empty_containers.json"
check mutate_out_1 0 "$grammut" mutate --grammar "$grammars/json" -n 7 --seed 2 --out "$tmp/mut" "$f1"
check mutate_out_2 0 "$grammut" mutate --grammar "$grammars/json" -n 7 --seed 2 --out "$tmp/mut" "$f2"
n=$(wc -l < "$tmp/mut/operators.tsv")
[ "$n" = 14 ] && passes=$((passes+1)) || { fails=$((fails+1)); echo "FAIL mutate_operators: $n lines, not 14"; }
missing=$(cut -f1 "$tmp/mut/operators.tsv" | while read -r m; do [ -f "$tmp/mut/$m" ] || echo "$m"; done | wc -l)
[ "$missing" = 0 ] && passes=$((passes+1)) || { fails=$((fails+1)); echo "FAIL mutate_operators: $missing named files missing"; }
contains mutate_operator_named "$tmp/mut/operators.tsv" '^09_empty_containers.json.mutant_0007	[a-z]'

# k-path coverage: the JSON grammar has 44 2-paths and 74 3-paths; a
# --kpath suite covers all of them, as `grammut kpath` counts them.
check kpath_samples 0 "$grammut" kpath --grammar "$grammars/json" --k 1..3 --plot "$tmp/kpath.svg" "$src/antlr_grammars/json/samples"
contains kpath_table "$tmp/out" "^2  *44 "
contains kpath_plot "$tmp/kpath.svg" "<polyline"
for k in 2 3; do
  check "kpath_suite_$k" 0 "$grammut" generate --grammar "$grammars/json" --kpath $k --out "$tmp/kpath$k"
  contains "kpath_suite_${k}_claim" "$tmp/out" "(100.0%)"
  check "kpath_suite_${k}_measured" 0 "$grammut" kpath --grammar "$grammars/json" --k $k "$tmp/kpath$k"
  contains "kpath_suite_${k}_full" "$tmp/out" "uncovered $k-paths (0)"
done
check kpath_bad_k 2 "$grammut" kpath --grammar "$grammars/json" --k 0..9 "$src/antlr_grammars/json/samples"
contains kpath_bad_k_msg "$tmp/err" "1 <= k <= 8"
check kpath_no_inputs 2 "$grammut" kpath --grammar "$grammars/json"

# dict: the grammar's fixed tokens (SQL keywords in any case included) as a
# libFuzzer/AFL++ dictionary; identifiers are not words.
check dict_sql 0 "$grammut" dict --grammar "$grammars/sqlite" -o "$tmp/sql.dict"
contains dict_sql_keyword "$tmp/sql.dict" '^"SELECT"$'
contains dict_sql_operator "$tmp/sql.dict" '^"->>"$'
check dict_stdout 0 "$grammut" dict --grammar "$grammars/json"
contains dict_json_null "$tmp/out" '^"null"$'
check dict_no_grammar 2 "$grammut" dict

# bindings: the learned model, with why each rule holds. Every table has
# one PRIMARY KEY and two NOT NULL: PRIMARY is held once, NOT is not.
mkdir -p "$tmp/tables"
for t in a b c d e f g h; do
  printf 'CREATE TABLE %s(id INTEGER PRIMARY KEY, x TEXT NOT NULL, y TEXT NOT NULL);\n' $t > "$tmp/tables/$t.sql"
done
check bindings_sql 0 "$grammut" bindings --grammar "$grammars/sqlite" "$tmp/tables"
contains bindings_sql_names "$tmp/out" '^name token types: .*IDENTIFIER'
contains bindings_sql_single "$tmp/out" '^  K_PRIMARY in createTableStmt (8 holding, 0 twice, [0-9.]* expected)$'
if grep -q '^  K_NOT in createTableStmt' "$tmp/out"; then fails=$((fails+1)); echo "FAIL bindings_sql_not: NOT NULL held once"; else passes=$((passes+1)); fi
check bindings_nothing 2 "$grammut" bindings --grammar "$grammars/sqlite"

echo "$passes passed, $fails failed"
[ "$fails" = 0 ]
