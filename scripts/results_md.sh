#!/usr/bin/env bash
# results_md.sh - write docs/results.md from the benchmark folders in bench/results/.
#
# Usage: scripts/results_md.sh [-o FILE] [RESULTS_DIR]
#        scripts/results_md.sh --readme HEADLINE_DIR
#   -o FILE       where to write (default docs/results.md; "-" for stdout)
#   RESULTS_DIR   the benchmark folders (default bench/results)
#   --readme DIR  instead: rewrite the README's headline (between the lines
#                 `<!-- headline: begin -->` and `<!-- headline: end -->`) from
#                 the coverage benchmark folder DIR: a sentence on its date,
#                 commit and build (refused unless the grammut runs used exactly one
#                 build) and its table (`coverage_report.py readme`), one
#                 per scenario it holds (seeded, then empty)
#
# One section per folder, newest first (by the latest timestamp in its
# commands.txt, else in its report.md, else the date its name starts with):
# the folder's name, date and commit(s), the title of its NOTES.md (or
# README.md), its command lines (commands.txt, else the part lines at the
# top of report.md: "- <date> on `host` (...): `<command>`; commit ..."),
# and its summary table: the "grammut / plain" table of report.md, else its
# per-target tables, else its first table, else the first lines of its first
# Markdown file. A folder without one of these files just goes without that
# part. Links are written relative to docs/. Run it after adding a folder,
# and commit its output.
set -euo pipefail

usage() { sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; }

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$REPO/docs/results.md"
RESULTS="$REPO/bench/results"
HEADLINE=""
while [ $# -gt 0 ]; do
    case "$1" in
        -o) OUT="${2:?-o needs a file}"; shift 2 ;;
        --readme) HEADLINE="${2:?--readme needs a benchmark folder}"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        -*) echo "results_md.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
        *) RESULTS="$1"; shift ;;
    esac
done
if [ -n "$HEADLINE" ]; then
    [ -f "$HEADLINE/results.csv" ] || { echo "results_md.sh: no $HEADLINE/results.csv" >&2; exit 2; }
    readme="$REPO/README.md"
    grep -q '^<!-- headline: begin -->$' "$readme" && grep -q '^<!-- headline: end -->$' "$readme" \
        || { echo "results_md.sh: README.md has no headline markers" >&2; exit 2; }
    # One table per scenario the folder holds, `seeded` first.
    rel="$(realpath --relative-to="$REPO" "$HEADLINE")"
    table=""
    for scenario in seeded empty; do
        [ "$scenario" = seeded ] || grep -qE "(^|,)$scenario," "$HEADLINE/results.csv" || continue
        part="$(cd "$REPO" && python3 bench/coverage_report.py readme --provenance --scenario "$scenario" "$rel")"
        table="${table:+$table$'\n\n'}$part"
    done
    tmp="$(mktemp)"
    TABLE="$table" awk '
        /^<!-- headline: begin -->$/ { print; print ENVIRON["TABLE"]; skip = 1; next }
        /^<!-- headline: end -->$/   { skip = 0 }
        !skip { print }' "$readme" > "$tmp"
    mv "$tmp" "$readme"
    echo "results_md.sh: README.md headline from $HEADLINE"
    exit 0
fi
[ -d "$RESULTS" ] || { echo "results_md.sh: no folder $RESULTS" >&2; exit 2; }

# Latest ISO date-time (YYYY-MM-DDTHH:MM) in the files given, or nothing.
latest_stamp() {
    cat "$@" 2>/dev/null \
        | grep -oE '20[0-9]{2}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}' \
        | sort | tail -n 1 || true
}

# First ISO date-time in a file, or nothing.
first_stamp() {
    grep -m1 -oE '20[0-9]{2}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}' "$1" 2>/dev/null || true
}

# The part lines of a coverage report.md, one per part of the run:
# "- <ISO date> on `host` (...): `<command>`; commit `<hash>`...".
report_parts() {
    grep -E '^- 20[0-9]{2}-[0-9]{2}-[0-9]{2}T[^ ]* on `' "$1" 2>/dev/null || true
}

# The command lines of the part lines of a report.md.
report_commands() {
    report_parts "$1" | sed -n 's/^- [^ ]* on `[^`]*` ([^)]*): `\(.*\)`; commit .*/\1/p'
}

# Sort key of a folder: "YYYY-MM-DDTHH:MM".
stamp_of() {
    local d="$1" s=""
    [ -f "$d/commands.txt" ] && s="$(latest_stamp "$d/commands.txt")"
    [ -z "$s" ] && [ -f "$d/report.md" ] && s="$(report_parts "$d/report.md" | latest_stamp)"
    [ -z "$s" ] && [ -f "$d/report.md" ] && s="$(first_stamp "$d/report.md")"
    if [ -z "$s" ]; then
        s="$(basename "$d" | grep -oE '^20[0-9]{2}-[0-9]{2}-[0-9]{2}' || true)"
        [ -n "$s" ] && s="${s}T00:00"
    fi
    printf '%s' "${s:-0000-00-00T00:00}"
}

# Short commits named in a file ("commit abc1234...", "commit `abc1234`"),
# or in the standard input without an argument, unique, in order of appearance.
commits_in() {
    [ $# -eq 0 ] || [ -f "$1" ] || return 0
    grep -oiE 'commit[ `:]*[0-9a-f]{7,40}' "$@" \
        | grep -oE '[0-9a-f]{7,40}$' | cut -c1-7 | awk '!seen[$0]++' \
        | paste -sd, - | sed 's/,/, /g' || true
}

# The summary table(s) of a report.md.
report_tables() {
    local f="$1"
    if grep -q '^## grammut / plain' "$f"; then
        awk '/^## grammut \/ plain/ { on = 1; next }
             on && /^\|/ { print; seen = 1; next }
             on && seen { exit }' "$f"
    elif grep -qE '^## .*branches, .*lines in the library sources\)' "$f"; then
        # Older reports: one table per target under "## target (N branches, ...)".
        awk '/^## .*branches, .*lines in the library sources\)/ {
                 sub(/^## /, ""); head = $0; on = 1; seen = 0; next }
             /^#/ { on = 0; next }
             on && /^\|/ { if (!seen) printf "\n**%s**\n\n", head; print; seen = 1; next }
             on && seen { on = 0 }' "$f" | sed '1{/^$/d}'
    else
        first_table "$f"
    fi
}

# The first Markdown table of a file, or nothing.
first_table() {
    awk '/^\|/ { print; seen = 1; next } seen { exit }' "$1"
}

# True if a table has a cell holding a ratio such as 1.034.
has_ratio() {
    printf '%s\n' "$1" | grep -qE '\| *\**[0-9]\.[0-9]{3}\** *(\||$)'
}

# The first lines of text of a Markdown file: its first paragraph after the
# title, at most 8 lines.
first_lines() {
    awk 'NR == 1 && /^# / { next }
         /^#/ { if (n) exit; next }
         /^[[:space:]]*$/ { if (n) exit; next }
         { print; if (++n == 8) exit }' "$1"
}

# Top-level summary files of a folder, as links from docs/.
file_links() {
    local d="$1" name="$2" f out=""
    for f in "$d"/*.md "$d"/*.txt "$d"/*.csv "$d"/*.tsv; do
        [ -f "$f" ] || continue
        out="$out, [$(basename "$f")](../bench/results/$name/$(basename "$f"))"
    done
    printf '%s' "${out#, }"
}

section() {
    local d="$1" name stamp date commits title cmds summary src notes_table files dirty=""
    name="$(basename "$d")"
    stamp="$(stamp_of "$d")"
    date="${stamp%%T*}"
    commits="$(commits_in "$d/commands.txt")"
    [ -z "$commits" ] && commits="$(report_parts "$d/report.md" | commits_in)"
    [ -z "$commits" ] && commits="$(commits_in "$d/report.md")"
    if [ -f "$d/commands.txt" ] && grep -q 'dirty tree' "$d/commands.txt"; then
        dirty=" (with uncommitted changes)"
    elif [ ! -f "$d/commands.txt" ] && report_parts "$d/report.md" | grep -q '(uncommitted changes)'; then
        dirty=" (with uncommitted changes)"
    fi

    printf '## %s\n\n' "$name"
    [ "$date" = "0000-00-00" ] && date="unknown"
    printf -- '- Date: %s\n' "$date"
    if [ -n "$commits" ]; then
        printf -- '- Commit: %s%s\n' "$commits" "$dirty"
    else
        printf -- '- Commit: not recorded in commands.txt or report.md\n'
    fi
    files="$(file_links "$d" "$name")"
    [ -n "$files" ] && printf -- '- Files: %s\n' "$files"
    printf '\n'

    title=""
    for src in NOTES.md README.md; do
        if [ -f "$d/$src" ]; then
            title="$(grep -m1 '^# ' "$d/$src" | sed 's/^# *//' || true)"
            [ -n "$title" ] && break
        fi
    done
    [ -n "$title" ] && printf '%s\n\n' "$title"

    cmds=""
    if [ -f "$d/commands.txt" ]; then
        cmds="$(grep -vE '^[[:space:]]*(#|$)' "$d/commands.txt" || true)"
    elif [ -f "$d/report.md" ]; then
        cmds="$(report_commands "$d/report.md")"
    fi
    # shellcheck disable=SC2016  # the backquotes are Markdown's
    [ -n "$cmds" ] && printf '```sh\n%s\n```\n\n' "$cmds"

    summary=""
    if [ -f "$d/report.md" ]; then
        summary="$(report_tables "$d/report.md")"
        [ -z "$summary" ] && summary="$(first_lines "$d/report.md")"
        # A run without plain (an A/B of two grammut builds, an ablation)
        # has no ratio in the report's table: its NOTES.md's table says more.
        if [ -f "$d/NOTES.md" ] && ! has_ratio "$summary"; then
            notes_table="$(first_table "$d/NOTES.md")"
            [ -n "$notes_table" ] && summary="$(printf '%s\n\nFrom its NOTES.md:\n\n%s' "$summary" "$notes_table")"
        fi
    else
        for src in "$d/NOTES.md" "$d/README.md" "$d"/*.md; do
            [ -f "$src" ] || continue
            summary="$(first_table "$src")"
            [ -z "$summary" ] && summary="$(first_lines "$src")"
            [ -n "$summary" ] && break
        done
    fi
    [ -n "$summary" ] && printf '%s\n\n' "$summary"
    return 0
}

header() {
    cat <<'EOF'
# Benchmark results

Generated by `scripts/results_md.sh` from the folders in
[bench/results/](../bench/results/README.md); do not edit it by hand. Run
the script again after adding a folder.

One section per folder, newest first: its date, the commit(s) it measured,
the title of its notes, its command lines and its summary table. Each
folder was measured at the code of its time, so read older sections as a
record, not as the current numbers. The README shows one run at one code
version against `plain+dict`: `2026-12-03-headline` (commit 4a762a8a).
How the numbers led to the code as it is: [results-history.md](results-history.md).
The bugs the runs found, with reproducers: [bugs.md](bugs.md).

How to read the coverage tables:

- `plain` is libFuzzer alone, **without a dictionary**. `grammut` is
  libFuzzer with grammut; since 170fd42 (2026-11-24) grammut gives
  libFuzzer the grammar's fixed tokens as a `-dict` (`GRAMMUT_DICT=1`, the
  default), so the `grammut` side has a dictionary and the `plain` side
  has none. `plain+dict` (libFuzzer with the grammar's words as `-dict`)
  is the baseline from 2026-12-03 on (the headline and the coverage runs
  since); side by side with `plain` it was level (2026-12-04-three-way-sqlite3,
  2026-12-05-three-way-lua: 0.991 and 0.990).
- Branches: branch coverage of the library's own sources after replaying
  each final corpus through a `-fprofile-instr-generate` build, median
  [min-max] over trials; `grammut / plain` is the ratio of the medians.
  `cov:` is libFuzzer's own edge count.
- Commit: what the folder's `commands.txt` (or its report) records, the
  checkout the benchmark script ran from. A run given `--build DIR` used a
  frozen build made earlier, whose commit its NOTES.md names; the two can
  differ.
- A folder ending in `-base` holds the base side of an A/B run whose other
  side is the folder without `-base`; those compare two grammut builds, not
  grammut with plain libFuzzer.
- The runs were made on a shared 2-core machine, two fuzzers at a time;
  trial-to-trial spread is often 1-2%.

EOF
}

tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
{
    header
    for d in "$RESULTS"/*/; do
        d="${d%/}"
        printf '%s\t%s\n' "$(stamp_of "$d")" "$d"
    done | sort -r -t"$(printf '\t')" -k1,1 -k2,2 | cut -f2- | while IFS= read -r d; do
        section "$d"
    done
} >"$tmp"

if [ "$OUT" = "-" ]; then
    cat "$tmp"
else
    mkdir -p "$(dirname "$OUT")"
    cp "$tmp" "$OUT"
    echo "results_md.sh: wrote $OUT ($(grep -c '^## ' "$OUT") folders)" >&2
fi
