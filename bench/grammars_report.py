#!/usr/bin/env python3
"""Runs `grammut doctor` on every grammar of a grammars-v4 style collection
and writes a table of how fit each is for fuzzing.

  grammars_report.py run --collection DIR --out OUT [--grammut BIN]
                         [--jobs N] [--every K] [--only A,B] [--inputs N]
                         [--seconds S] [--max-examples M]
  grammars_report.py report OUT

A grammar is a folder with a pom.xml naming its <grammarName> and
<entryPoint> (grammars-v4's layout). Its examples are the files under
examples/ (desc.xml's <inputs> glob when it has one), less the .errors,
.tree and .ignore files beside them and the examples meant to fail (those
with a .errors file). Per grammar, `grammut doctor --json`
gives the examples' parse rate and, per generation mode, how many inputs
it made in S seconds and how many re-parse; the process's end (exit
status, signal, or killed after its time) is kept too. `report` rebuilds
OUT/report.md and OUT/results.csv from OUT/runs/.
"""
import argparse
import concurrent.futures
import csv
import glob
import json
import os
import re
import subprocess
import sys
import time

SKIP_SUFFIXES = (".errors", ".tree", ".ignore")


def _tag(text, name):
    m = re.search(r"<%s>\s*([^<]*?)\s*</%s>" % (name, name), text)
    return m.group(1) if m else ""


def find_grammars(collection):
    """[(name, grammar spec, start rule, [example files])] of the collection."""
    out = []
    for pom in sorted(glob.glob(os.path.join(collection, "**", "pom.xml"), recursive=True)):
        d = os.path.dirname(pom)
        text = open(pom, encoding="utf-8", errors="replace").read()
        start, gname = _tag(text, "entryPoint"), _tag(text, "grammarName")
        if not start:
            continue
        if gname and os.path.exists(os.path.join(d, gname + "Lexer.g4")) and \
                os.path.exists(os.path.join(d, gname + "Parser.g4")):
            spec = "%s,%s" % (os.path.join(d, gname + "Lexer.g4"),
                              os.path.join(d, gname + "Parser.g4"))
        elif gname and os.path.exists(os.path.join(d, gname + ".g4")):
            spec = os.path.join(d, gname + ".g4")
        else:
            lexers = sorted(glob.glob(os.path.join(d, "*Lexer.g4")))
            parsers = sorted(glob.glob(os.path.join(d, "*Parser.g4")))
            anyg = sorted(glob.glob(os.path.join(d, "*.g4")))
            if lexers and parsers:
                spec = "%s,%s" % (lexers[0], parsers[0])
            elif anyg:
                spec = anyg[0]
            else:
                continue
        pattern = "examples/**/*"
        desc = os.path.join(d, "desc.xml")
        if os.path.exists(desc):
            pattern = _tag(open(desc, encoding="utf-8", errors="replace").read(),
                           "inputs") or pattern
        # An example with a .errors file beside it is meant to fail
        # (grammars-v4's test harness expects those errors): left out.
        examples = sorted(f for f in glob.glob(os.path.join(d, pattern), recursive=True)
                          if os.path.isfile(f) and not f.endswith(SKIP_SUFFIXES)
                          and not os.path.exists(f + ".errors"))
        name = os.path.relpath(d, collection)
        out.append((name, spec, start, examples))
    return out


def run_one(args, name, spec, start, examples):
    """Runs doctor on one grammar; writes OUT/runs/<name>.json and .txt."""
    base = os.path.join(args.out, "runs", name.replace("/", "_"))
    os.makedirs(os.path.dirname(base), exist_ok=True)
    cmd = [args.grammut, "doctor", "--grammar", spec, "--start", start,
           "--inputs", str(args.inputs), "--seconds", str(args.seconds), "--json"]
    cmd += examples[:args.max_examples]
    limit = 4 * args.seconds + 240  # three modes, the corpus, a first ANTLR compile
    t0 = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=limit)
        end, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        end, out, err = "killed after %d s" % limit, e.stdout or b"", e.stderr or b""
    seconds = time.time() - t0
    with open(base + ".json", "wb") as f:
        f.write(out)
    with open(base + ".txt", "w") as f:
        f.write("command: %s\nend: %s\nseconds: %.1f\nmode_seconds: %d\n"
                "examples: %d (%d given)\n\n" % (
                    " ".join(cmd[:11]) + (" <%d files>" % (len(cmd) - 11)
                                          if len(cmd) > 11 else ""),
                    end, seconds, args.seconds, len(examples),
                    min(len(examples), args.max_examples)))
        f.write(err.decode("utf-8", "replace")[-4000:])
    return name, end, seconds


def cmd_run(args):
    grammars = find_grammars(args.collection)
    if args.only:
        keep = set(args.only.split(","))
        grammars = [g for g in grammars if g[0] in keep]
    grammars = grammars[::args.every]
    if not grammars:
        raise SystemExit("grammars_report: no grammar with a pom.xml <entryPoint> under %s"
                         % args.collection)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "command.txt"), "w") as f:
        f.write(" ".join(sys.argv) + "\n")
    print("grammars_report: %d grammars, %d at a time" % (len(grammars), args.jobs), flush=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = [ex.submit(run_one, args, *g) for g in grammars]
        for i, fu in enumerate(concurrent.futures.as_completed(futs), 1):
            name, end, seconds = fu.result()
            print("[%d/%d] %s: %s (%.0f s)" % (i, len(grammars), name, end, seconds),
                  flush=True)
    cmd_report(args)


def _load(out):
    rows = []
    for txt in sorted(glob.glob(os.path.join(out, "runs", "*.txt"))):
        base = txt[:-4]
        info = dict(re.findall(r"^(\w+): (.*)$", open(txt).read(), re.M))
        row = {"grammar": os.path.basename(base), "end": info.get("end", "?"),
               "seconds": float(info.get("seconds", 0)),
               "mode_seconds": float(info.get("mode_seconds", 20)), "doctor": None}
        try:
            row["doctor"] = json.load(open(base + ".json"))
        except (ValueError, OSError):
            pass
        row["examples"] = int((info.get("examples") or "0").split()[0])
        rows.append(row)
    return rows


def _outcome(row):
    end = row["end"]
    if end.startswith("killed"):
        return "hang"
    if end.lstrip("-").isdigit() and int(end) < 0:
        return "crash (signal %d)" % -int(end)
    if row["doctor"] is None:
        return "no report (exit %s)" % end
    if not row["doctor"].get("start_found", True):
        return "refused"
    return "ran"


_ALL_MADE = float("inf")


def _per_minute(row, modes):
    """Inputs a minute of the slowest mode: those made and re-parsed in
    the doctor's time, scaled to 60 s; infinite when every mode made all
    it was asked for within its time."""
    rates = [g.get("generated", 0) * 60.0 / row["mode_seconds"]
             for g in modes.values() if g.get("cut_short")]
    return min(rates) if rates else _ALL_MADE


def _generated_per_minute(modes):
    """Inputs a minute the slowest mode generates: the doctor's own
    generation rate (the walks, not the re-parse that checks them)."""
    rates = [g["inputs_per_second"] * 60.0 for g in modes.values()
             if g.get("generated") and "inputs_per_second" in g]
    return min(rates) if rates else None


def cmd_report(args):
    rows = _load(args.out)
    table, agg = [], {"parsed": 0, "files": 0, "gen": 0, "valid": 0, "loaded": 0,
                      "fit95": 0, "slow": 0, "slow_checked": 0, "bad": 0,
                      "limits": 0}
    for r in rows:
        d, outcome = r["doctor"], _outcome(r)
        parsed = files = None
        modes = {}
        if d:
            c = d.get("corpus") or {}
            files, parsed = c.get("files"), c.get("parsed")
            for g in d.get("generation") or []:
                modes[g["mode"]] = g
        if outcome != "ran":
            agg["bad"] += 1
        if d and modes:
            agg["loaded"] += 1
            gen = sum(g.get("generated", 0) for g in modes.values())
            valid = sum(g.get("valid", 0) for g in modes.values())
            agg["gen"] += gen
            agg["valid"] += valid
            agg["limits"] += sum(g.get("over_limits", 0) for g in modes.values())
            if gen and valid >= 0.95 * gen:
                agg["fit95"] += 1
            made60 = _generated_per_minute(modes)
            if made60 is not None and made60 < 100:
                agg["slow"] += 1
            if _per_minute(r, modes) < 100:
                agg["slow_checked"] += 1
        if files:
            agg["files"] += files
            agg["parsed"] += parsed or 0

        def mode_cell(m):
            g = modes.get(m)
            if not g:
                return "-"
            return "%d/%d%s" % (g.get("valid", 0), g.get("generated", 0),
                                " (cut)" if g.get("cut_short") else "")
        per60 = _per_minute(r, modes) if modes else None
        made60 = _generated_per_minute(modes) if modes else None
        table.append([r["grammar"], outcome,
                      "%s/%s" % (parsed, files) if files else "-",
                      mode_cell("learned"), mode_cell("inverse"), mode_cell("uniform"),
                      "-" if per60 is None else "%.0f" % per60 if per60 != _ALL_MADE
                      else ">= %.0f" % (max(g.get("wanted", 0) for g in modes.values())
                                        * 60.0 / r["mode_seconds"]),
                      "-" if made60 is None else "%.0f" % made60,
                      "%.0f" % r["seconds"]])
    head = ["grammar", "outcome", "examples parsed", "learned valid/made",
            "inverse valid/made", "uniform valid/made",
            "made and re-parsed / 60 s (slowest mode)",
            "generated / 60 s (slowest mode)", "doctor s"]
    with open(os.path.join(args.out, "results.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(head)
        w.writerows(table)
    pct = lambda a, b: "%.1f%%" % (100.0 * a / b) if b else "-"
    cmd = open(os.path.join(args.out, "command.txt")).read().strip() \
        if os.path.exists(os.path.join(args.out, "command.txt")) else "?"
    md = ["# grammut doctor over a grammar collection", "",
          "Command: `%s`" % cmd, "",
          "| measure | value |", "|---|---:|",
          "| grammars run | %d |" % len(rows),
          "| crashed, hung, refused or no report | %d |" % agg["bad"],
          "| examples parsed | %d of %d (%s) |" % (agg["parsed"], agg["files"],
                                                  pct(agg["parsed"], agg["files"])),
          "| generated inputs that re-parse (all modes) | %d of %d (%s) |" % (
              agg["valid"], agg["gen"], pct(agg["valid"], agg["gen"])),
          "| of those that do not: refused at grammut's parse limits (budget, "
          "depth), not by a syntax error | %d |" % agg["limits"],
          "| grammars with >= 95%% valid generation | %d of %d (%s) |" % (
              agg["fit95"], agg["loaded"], pct(agg["fit95"], agg["loaded"])),
          "| grammars generating < 100 inputs a minute in some mode | %d |" % agg["slow"],
          "| grammars making and re-parsing < 100 inputs a minute in some mode "
          "(the check's parse included) | %d |" % agg["slow_checked"],
          "", "Per grammar (valid/made: inputs that re-parse of those made in the "
          "doctor's time per mode; `(cut)`: the time ran out first):", "",
          "| " + " | ".join(head) + " |", "|---|---|" + "---:|" * (len(head) - 2)]
    md += ["| " + " | ".join(str(c) for c in row) + " |" for row in table]
    with open(os.path.join(args.out, "report.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print("\n".join(md[:14]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sp = ap.add_subparsers(dest="cmd", required=True)
    p = sp.add_parser("run")
    p.add_argument("--collection", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--grammut", default="build/tools/grammut")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--every", type=int, default=1)
    p.add_argument("--only", default="")
    p.add_argument("--inputs", type=int, default=100)
    p.add_argument("--seconds", type=int, default=20)
    p.add_argument("--max-examples", type=int, default=50)
    p.set_defaults(fn=cmd_run)
    p = sp.add_parser("report")
    p.add_argument("out")
    p.set_defaults(fn=cmd_report)
    args = ap.parse_args()
    args.fn(args)


if __name__ == "__main__":
    main()
