#!/usr/bin/env bash
# doctor_cli_test.sh GRAMMUT SOURCE_DIR: the `grammut doctor` contract (exit
# codes, the text report's lines, the --json form). The checks themselves
# are tested in doctor_test.cc.
set -u
grammut=$1; src=$2
data=$src/tests/data/doctor
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export GRAMMUT_CACHE_DIR=${GRAMMUT_CACHE_DIR:-$tmp/cache}
source "$(dirname "$0")/cli_check.sh"
json() {  # json NAME PYTHON_EXPRESSION_OVER_r: true on the JSON in $tmp/out
  if python3 -c "import json,sys; r=json.load(open('$tmp/out')); sys.exit(0 if ($2) else 1)"; then
    passes=$((passes+1)); else fails=$((fails+1)); echo "FAIL $1: $2"; head -c 600 "$tmp/out"; echo; fi
}

"$grammut" --help >"$tmp/out" 2>&1
contains help_lists_doctor "$tmp/out" "grammut doctor"
check no_grammar 2 "$grammut" doctor "$data/corpus_ok"
contains no_grammar_msg "$tmp/err" "grammar"
check missing_grammar 2 "$grammut" doctor --grammar "$tmp/NoSuch.g4"
check missing_corpus 2 "$grammut" doctor --grammar "$data/Clean.g4" "$tmp/none"

# A clean grammar and corpus: fit, nothing to fix.
check clean 0 "$grammut" doctor --grammar "$data/Clean.g4" --inputs 30 "$data/corpus_ok"
contains clean_verdict "$tmp/out" "^verdict: fit for fuzzing$"
contains clean_corpus "$tmp/out" "^corpus: 2 files, 2 parse (100.0%)"
contains clean_learned "$tmp/out" "learned    30 of 30 inputs,   30 re-parse (100.0%)"
contains clean_dict "$tmp/out" '^dictionary: 6 words: "let" "=" ";" "+" "(" ")"$'
if grep -q "to fix" "$tmp/out"; then fails=$((fails+1)); echo "FAIL clean: warnings"; else passes=$((passes+1)); fi

# One planted problem each.
check corpus_bad 1 "$grammut" doctor --grammar "$data/Clean.g4" --inputs 30 "$data/corpus_bad"
contains corpus_bad_error "$tmp/out" "corpus_bad/bad.txt: 1:8: mismatched input ';'"
contains corpus_bad_verdict "$tmp/out" "^verdict: NOT fit for fuzzing: corpus parse rate 33.3% is under 50%$"
check predicate 0 "$grammut" doctor --grammar "$data/Predicate.g4" --inputs 30
contains predicate_text "$tmp/out" "Predicate.g4:6 rule term: predicate {isDeclared()}?"
contains predicate_treatment "$tmp/out" "-> unknown: treated as true"
check action 0 "$grammut" doctor --grammar "$data/Action.g4" --inputs 30
contains action_text "$tmp/out" 'Action.g4:4 rule stmt: action {declare($ID.text);}'
check unreachable 0 "$grammut" doctor --grammar "$data/Unreachable.g4" --inputs 30
contains unreachable_list "$tmp/out" "^parser rules unreachable from start: 1: unused$"
check shadowed 0 "$grammut" doctor --grammar "$data/Shadowed.g4" --inputs 30
contains shadowed_line "$tmp/out" 'IF is shadowed by the earlier rule ID: "if" lexes as ID; the parser needs IF, so input using it never parses (generation leaves it out)'

# --json: one object with the same facts.
check json_shadowed 0 "$grammut" doctor --grammar "$data/Shadowed.g4" --inputs 30 --json
json json_shadowed_lexer "r['lexer']['shadowed'] == [{'rule': 'IF', 'mode': 'DEFAULT_MODE', 'by': 'ID', 'example': 'if', 'parser_uses': True, 'generated': False}]"
json json_shadowed_fit "r['fit'] is True and r['blocking'] == [] and r['warnings'] == ['lexer rule IF is shadowed by ID (the parser needs it)'] and r['semantics'] == [] and r['unreachable_rules'] == []"
json json_generation "[g['mode'] for g in r['generation']] == ['learned', 'inverse', 'uniform'] and all(g['wanted'] == 30 for g in r['generation'])"
check json_corpus 1 "$grammut" doctor --grammar "$data/Clean.g4" --inputs 30 --json "$data/corpus_bad"
json json_corpus_fields "r['corpus']['files'] == 3 and r['corpus']['parsed'] == 1 and r['corpus']['failures'][0]['error'].startswith('1:8: ')"
json json_dictionary "r['dictionary'] == ['let', '=', ';', '+', '(', ')']"
check json_predicate 0 "$grammut" doctor --grammar "$data/Predicate.g4" --inputs 30 --json
json json_predicate_fields "r['fit'] is True and r['corpus'] is None and [(s['kind'], s['rule'], s['text']) for s in r['semantics']] == [('predicate', 'term', '{isDeclared()}?')]"
check json_no_start 1 "$grammut" doctor --grammar "$data/Clean.g4" --start nosuch --json
json json_no_start_fields "r['start_found'] is False and r['blocking'] == ['start rule nosuch not found']"

echo "doctor_cli_test: $passes passed, $fails failed"
[ "$fails" = 0 ]
