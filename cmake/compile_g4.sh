#!/usr/bin/env bash
# compile_g4.sh OUT_DIR GRAMMAR.g4...
# Runs the ANTLR tool to get .interp files. The tool refuses grammars whose
# symbols clash with the target language's keywords (error 134); only the
# .interp output is used, so retry with other targets.
set -u
out=$1; shift
tool=${GRAMMUT_ANTLR4:-antlr4}
command -v "$tool" >/dev/null || { echo "compile_g4.sh: ANTLR tool '$tool' not found (apt-get install antlr4)" >&2; exit 1; }
lexers=(); parsers=()
for g in "$@"; do
  if grep -q "lexer grammar" "$g"; then lexers+=("$g"); else parsers+=("$g"); fi
done
last=""
for lang in Java Python3 Go CSharp Cpp; do
  rm -rf "$out.tmp" && mkdir -p "$out.tmp"
  ok=1
  for g in "${lexers[@]}" "${parsers[@]}"; do
    log=$(cd "$(dirname "$g")" && "$tool" -Dlanguage=$lang -no-listener -no-visitor \
          -o "$out.tmp" -lib "$out.tmp" "$(basename "$g")" 2>&1)
    rc=$?
    if [ $rc -ne 0 ] || grep -q "error(" <<<"$log"; then ok=0; last=$log; break; fi
  done
  if [ $ok = 1 ]; then
    rm -rf "$out" && mkdir -p "$out"
    cp "$out.tmp"/*.interp "$out"/ && rm -rf "$out.tmp"
    exit 0
  fi
  grep -q "error(134)" <<<"$last" || break
done
rm -rf "$out.tmp"
echo "compile_g4.sh: the ANTLR tool rejected $*:" >&2
echo "$last" >&2
exit 1
