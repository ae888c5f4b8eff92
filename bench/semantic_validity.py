#!/usr/bin/env python3
"""Judges inputs by the real implementation, not by grammut's grammar.

  semantic_validity.py sqlite DIR...   statements that run, scripts that run
                                       whole (each script on a fresh
                                       in-memory database, Python's sqlite3)
  semantic_validity.py lua DIR...      compile (luac5.4 -p), run to the end
                                       (lua5.4, 5 s, no os/io/require)
  semantic_validity.py mujs DIR...     no SyntaxError in the input (not
                                       one thrown at run time), run
                                       without a ReferenceError or
                                       TypeError, run to the end (mujs, 5 s)

Prints one JSON object per DIR (the counts and shares) on stdout; with
--why, the most common error messages too. With --by-operator, a DIR that
holds an operators.tsv (written by `grammut mutate --out`) is also judged
per operator: one more JSON object per operator, with "operator" set.
A DIR's operators.tsv is never judged as an input. Every object also
counts the DIR's empty inputs ("empty": nothing but whitespace), which
compile and run to the end by doing nothing, and gives "reach_pct": the
mean share of each input that runs before its first error, which moves
where "run to the end" is all or nothing (SQLite: the statements before
the first that fails, as a harness that stops there runs them; Lua and
MuJS: the lines before the main program's line of the first error, 0
for an input that does not compile, none for one stopped without a line).
"""
import argparse
import collections
import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import time

# Lua: what a script may touch (no files, processes or modules).
LUA_PRELUDE = ("local _os = os; os = {time=_os.time, clock=_os.clock, "
               "date=_os.date}; io = {write=io.write}; require = nil; "
               "dofile = nil; loadfile = nil; package = nil\n")


OPERATORS = "operators.tsv"


def by_operator(d):
    """{operator: [paths]} from d/operators.tsv, or {} without one."""
    groups = collections.defaultdict(list)
    path = os.path.join(d, OPERATORS)
    if os.path.exists(path):
        for line in open(path):
            name, _, op = line.rstrip("\n").partition("\t")
            if op and os.path.exists(os.path.join(d, name)):
                groups[op].append(os.path.join(d, name))
    return groups


def is_empty(path):
    with open(path, "rb") as f:
        return not f.read().strip()


def files_in(d):
    out = []
    for root, _, names in os.walk(d):
        out += [os.path.join(root, n) for n in names
                if not n.startswith(".") and n != OPERATORS]
    return sorted(out)


def split_sql(text):
    """Statements of a script, as sqlite3.complete_statement cuts it."""
    stmts, start = [], 0
    for m in re.finditer(";", text):
        piece = text[start:m.end()]
        if sqlite3.complete_statement(piece):
            if piece.strip(" \t\r\n;"):
                stmts.append(piece)
            start = m.end()
    rest = text[start:]
    if rest.strip(" \t\r\n;"):
        stmts.append(rest)
    return stmts


def lines_before(err, first_line, main_re):
    """Lines of a script before its main program's line of `err`'s error
    (the main chunk's frame of a traceback, else the first location), the
    script's line `first_line` being the input's first; None if `err` names
    no line."""
    frames = re.findall(main_re, err, re.M)
    m = frames[-1] if frames else None
    if m is None:
        loc = re.search(r":(\d+)(?::|\)|$)", err.strip().split("\n")[0])
        m = loc.group(1) if loc else None
    return None if m is None else max(0, int(m) - first_line)


def reach(lines, text):
    """`lines` before an error as a share of the text's lines (0 if None)."""
    if lines is None:
        return 0.0
    return min(1.0, lines / max(1, text.count(b"\n") + 1))


def check_sqlite(paths, why):
    n = ok_scripts = stmts = ok_stmts = syntax = 0
    reached = 0.0
    errors = collections.Counter()
    for p in paths:
        text = open(p, "rb").read().decode("utf-8", "replace").replace("\0", " ")
        db = sqlite3.connect(":memory:")
        deadline = [0.0]
        db.set_progress_handler(lambda: 1 if time.time() > deadline[0] else 0,
                                10000)
        whole = True
        script = split_sql(text)
        before = len(script)  # statements before the first that fails
        for k, s in enumerate(script):
            stmts += 1
            deadline[0] = time.time() + 1.0
            try:
                db.execute(s).fetchmany(1000)
                ok_stmts += 1
            except Exception as e:  # every sqlite3 error counts
                before = min(before, k)
                whole = False
                msg = str(e)
                if "syntax error" in msg or "unrecognized token" in msg or \
                        "incomplete input" in msg:
                    syntax += 1
                if why:
                    errors[re.sub(r'(: |near ).*', r'\1...', msg)] += 1
        db.close()
        n += 1
        ok_scripts += whole
        reached += before / len(script) if script else 1.0
    return {"inputs": n, "statements": stmts,
            "statements_run": ok_stmts,
            "statements_run_pct": pct(ok_stmts, stmts),
            "syntax_error_pct": pct(syntax, stmts),
            "scripts_whole": ok_scripts,
            "scripts_whole_pct": pct(ok_scripts, n),
            "reach_pct": pct(reached, n)}, errors


def run(cmd, timeout=5.0):
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=timeout)
        return r.returncode, r.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return None, "timeout"


def check_lua(paths, why):
    n = compiled = ran = 0
    reached = 0.0
    errors = collections.Counter()
    with tempfile.TemporaryDirectory() as tmp:
        for p in paths:
            n += 1
            code, err = run(["luac5.4", "-p", "-o", os.devnull, p])
            if code != 0:
                if why:
                    errors["compile: " + re.sub(r"^(lua5\.4: |luac5\.4: )?[^:]*:\d+: ", "", err.strip().split("\n")[0])[:60]] += 1
                continue
            compiled += 1
            script = os.path.join(tmp, "s.lua")
            with open(p, "rb") as f:
                text = f.read()
            with open(script, "wb") as g:
                g.write(LUA_PRELUDE.encode() + text)
            code, err = run(["lua5.4", script])
            if code == 0:
                ran += 1
                reached += 1
            else:
                # (The prelude is the script's line 1.)
                reached += reach(lines_before(err, 2, r":(\d+): in main chunk"), text)
            if code != 0 and why:
                errors["run: " + re.sub(r"^(lua5\.4: |luac5\.4: )?[^:]*:\d+: ", "", err.strip().split("\n")[0])[:50]] += 1
    return {"inputs": n, "compile": compiled, "compile_pct": pct(compiled, n),
            "run_to_end": ran, "run_to_end_pct": pct(ran, n),
            "reach_pct": pct(reached, n)}, errors


def check_mujs(paths, why):
    n = parsed = no_ref_type = ran = 0
    reached = 0.0
    errors = collections.Counter()
    for p in paths:
        n += 1
        code, err = run(["mujs", p])
        first = err.strip().split("\n")[0] if err.strip() else ""
        # Only a SyntaxError that names the input is one of its syntax:
        # JSON.parse, eval and the RegExp constructor throw them at run time.
        if first.startswith("SyntaxError: %s:" % p):
            if why:
                errors[re.sub(r"^[^:]*:\d+: ", "", first)[:60]] += 1
            continue
        parsed += 1
        if "ReferenceError" not in first and "TypeError" not in first:
            no_ref_type += 1
        if code == 0 and not first:
            ran += 1
            reached += 1
            continue
        with open(p, "rb") as f:
            reached += reach(lines_before(err, 1, r"^\s+at [^ ()]*:(\d+)$"), f.read())
        if why:
            errors[re.sub(r"^[^:]*:\d+: ", "", first)[:50]] += 1
    return {"inputs": n, "no_syntax_error": parsed,
            "no_syntax_error_pct": pct(parsed, n),
            "no_reference_or_type_error": no_ref_type,
            "no_reference_or_type_error_pct": pct(no_ref_type, n),
            "run_to_end": ran, "run_to_end_pct": pct(ran, n),
            "reach_pct": pct(reached, n)}, errors


def pct(a, b):
    return round(100.0 * a / b, 1) if b else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("language", choices=["sqlite", "lua", "mujs"])
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--why", action="store_true",
                    help="also print the 8 most common errors per DIR")
    ap.add_argument("--by-operator", action="store_true",
                    help="also judge each operator's mutants apart (DIR/operators.tsv)")
    args = ap.parse_args()
    check = {"sqlite": check_sqlite, "lua": check_lua, "mujs": check_mujs}[args.language]
    for d in args.dirs:
        paths = files_in(d)
        result, errors = check(paths, args.why)
        result["empty"] = sum(1 for p in paths if is_empty(p))
        result["dir"] = d
        print(json.dumps(result))
        if args.why:
            for msg, c in errors.most_common(8):
                print("  %6d  %s" % (c, msg), file=sys.stderr)
        if args.by_operator:
            for op, paths in sorted(by_operator(d).items()):
                result, _ = check(paths, False)
                result["dir"] = d
                result["operator"] = op
                print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
