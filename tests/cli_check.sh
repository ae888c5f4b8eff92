# cli_check.sh: helpers for the command line tests (sourced; they use $tmp
# and count into $passes and $fails).
fails=0; passes=0
check() {  # check NAME EXPECTED_RC COMMAND...
  local name=$1 want=$2; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  if [ "$rc" = "$want" ]; then passes=$((passes+1)); else
    fails=$((fails+1)); echo "FAIL $name: exit $rc, wanted $want"; cat "$tmp/out" "$tmp/err" | head -5; fi
}
contains() {  # contains NAME FILE TEXT
  if grep -q -- "$3" "$2"; then passes=$((passes+1)); else fails=$((fails+1)); echo "FAIL $1: '$3' not in output"; head -5 "$2"; fi
}
