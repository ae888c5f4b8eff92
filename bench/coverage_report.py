#!/usr/bin/env python3
"""coverage_report.py - helper for scripts/bench_coverage.sh and scripts/demo.sh.

Standard library only (plus gnuplot, run as a subprocess, for the plots).

Subcommands:
  dict GRAMMAR_DIR OUT
      libFuzzer dictionary from the quoted literals in the `token literal
      names:` section of the grammar's parser .interp file.
  run --t0 EPOCH [--segment K] LOG TIMELINE -- COMMAND...
      run a fuzzer, appending its output to LOG and one row per libFuzzer
      status line ('#N ... cov: ...') to TIMELINE, stamped with the seconds
      elapsed since EPOCH; exit with the fuzzer's status.
  replay --cov-bin BIN --sources DIR --corpus DIR --work DIR --out JSON
      replay a corpus through a coverage binary (carrying on past crashing
      inputs), merge the profiles and write llvm-cov's summary totals for the
      library sources (lines, branches, regions, functions) to JSON.
  runinfo RUN_DIR
      parse a finished run (log, timeline) into RUN_DIR/summary.json.
  report RESULTS_DIR
      aggregate RESULTS_DIR/runs/<target>/<config>/trial<N>/ into
      results.json, results.csv, timeseries/<target>.tsv, report.md and
      cov_<target>.png; print the tables.
"""

import argparse
import csv
import glob
import gzip
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

CONFIG_ORDER = ["plain", "plain+dict", "grammut", "grammut-uniform"]
LLVM_PROFDATA = os.environ.get("LLVM_PROFDATA", "llvm-profdata-14")
LLVM_COV = os.environ.get("LLVM_COV", "llvm-cov-14")

# ---------------------------------------------------------------- dictionary


def _decode_antlr_literal(body):
    """Decodes the escapes of an ANTLR literal (the text between the quotes)."""
    out = []
    i = 0
    simple = {"n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f",
              "\\": "\\", "'": "'", '"': '"'}
    while i < len(body):
        c = body[i]
        if c != "\\" or i + 1 == len(body):
            out.append(c)
            i += 1
            continue
        n = body[i + 1]
        if n in simple:
            out.append(simple[n])
            i += 2
        elif n == "u" and body[i + 2:i + 3] == "{":
            end = body.index("}", i)
            out.append(chr(int(body[i + 3:end], 16)))
            i = end + 1
        elif n == "u":
            out.append(chr(int(body[i + 2:i + 6], 16)))
            i += 6
        else:  # unknown escape: keep the character
            out.append(n)
            i += 2
    return "".join(out)


def _dict_escape(data):
    """libFuzzer dictionary string body: escape \\ and \", hex for the rest."""
    s = []
    for b in data:
        if b == 0x5C:
            s.append("\\\\")
        elif b == 0x22:
            s.append('\\"')
        elif 0x20 <= b < 0x7F:
            s.append(chr(b))
        else:
            s.append("\\x%02X" % b)
    return "".join(s)


def parser_interp(grammar_dir):
    files = sorted(glob.glob(os.path.join(grammar_dir, "*.interp")))
    parsers = [f for f in files if not os.path.basename(f).endswith("Lexer.interp")]
    if not parsers:
        parsers = files
    if not parsers:
        raise SystemExit("coverage_report: no .interp file in %s" % grammar_dir)
    return parsers[0]


def grammar_literals(grammar_dir):
    path = parser_interp(grammar_dir)
    lits = []
    section = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line == "token literal names:":
                section = True
                continue
            if not section:
                continue
            if line == "":
                break
            if len(line) >= 2 and line[0] == "'" and line[-1] == "'":
                lit = _decode_antlr_literal(line[1:-1])
                if lit and lit not in lits:
                    lits.append(lit)
    return path, lits


def cmd_dict(args):
    path, lits = grammar_literals(args.grammar_dir)
    with open(args.out, "w", encoding="ascii") as f:
        f.write("# libFuzzer dictionary: literal tokens of %s\n" % os.path.basename(path))
        for lit in lits:
            f.write('"%s"\n' % _dict_escape(lit.encode("utf-8")))
    print("%s: %d entries" % (args.out, len(lits)))


# ---------------------------------------------------------------- tee-ts

STATUS_RE = re.compile(
    rb"^#(\d+)\s+(\S+)\s+cov: (\d+) ft: (\d+) corp: (\d+)/(\S+)"
    rb"(?: lim: \d+)? exec/s: (\d+) rss: (\d+)Mb")


def cmd_run(args):
    """Runs the fuzzer command, logging its output (stdout+stderr) and the timeline;
    exits with the fuzzer's exit status. SIGTERM/SIGINT stop the fuzzer too."""
    import signal
    cmd = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not cmd:
        raise SystemExit("coverage_report run: no command")
    child = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT)

    def stop(signum, frame):
        try:
            child.send_signal(signal.SIGTERM if signum == signal.SIGTERM else signal.SIGINT)
        except ProcessLookupError:
            pass
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    with open(args.log, "ab", buffering=0) as log, open(args.timeline, "a") as tl:
        if tl.tell() == 0:
            tl.write("t\tsegment\texecs\tevent\tcov\tft\tcorp\texec_s\trss_mb\n")
        last_flush = 0.0
        for line in child.stdout:
            log.write(line)
            m = STATUS_RE.match(line)
            if m:
                now = time.time()
                tl.write("%.2f\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n" % (
                    now - args.t0, args.segment, m.group(1).decode(),
                    m.group(2).decode(), m.group(3).decode(), m.group(4).decode(),
                    m.group(5).decode(), m.group(7).decode(), m.group(8).decode()))
                if now - last_flush > 2:
                    tl.flush()
                    last_flush = now
    rc = child.wait()
    sys.exit(rc if rc >= 0 else 128 - rc)


# ---------------------------------------------------------------- replay

FATAL_RE = re.compile(r"replay: fatal signal while running input: (.*)")


def _list_files(corpus):
    files = []
    for root, dirs, names in os.walk(corpus):
        dirs.sort()
        for n in names:
            p = os.path.join(root, n)
            if os.path.isfile(p):
                files.append(p)
    files.sort(key=lambda p: p.encode())
    return files


def replay_coverage(cov_bin, sources, corpus, work, timeout=3600):
    """Returns a dict with llvm-cov totals plus replay details."""
    os.makedirs(work, exist_ok=True)
    for old in glob.glob(os.path.join(work, "*.profraw")):
        os.unlink(old)
    env = dict(os.environ, LC_ALL="C",
               LLVM_PROFILE_FILE=os.path.join(work, "replay-%p.profraw"))
    files = _list_files(corpus)
    remaining = files
    crashed = []
    t_start = time.time()
    rounds = 0
    while remaining:
        rounds += 1
        # Files in batches so the argument list stays small; a crash restarts
        # after the crashing input.
        batch = remaining[:2000]
        try:
            p = subprocess.run([cov_bin] + batch, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, timeout=timeout)
            err = p.stderr.decode("utf-8", "replace")
            rc = p.returncode
        except subprocess.TimeoutExpired:
            err, rc = "", "timeout"
        if rc == 0:
            remaining = remaining[len(batch):]
            continue
        m = None
        for m in FATAL_RE.finditer(err):
            pass
        if m and m.group(1) in batch:
            bad = m.group(1)
            crashed.append(bad)
            remaining = remaining[batch.index(bad) + 1:]
        else:
            # Unknown failure: skip the batch, but say so.
            crashed.append("<batch of %d failed: rc=%s>" % (len(batch), rc))
            remaining = remaining[len(batch):]
        if rounds > 500:
            break
    profraws = glob.glob(os.path.join(work, "*.profraw"))
    profdata = os.path.join(work, "merged.profdata")
    if not profraws:
        raise SystemExit("coverage_report: replay wrote no profile (%s)" % cov_bin)
    subprocess.run([LLVM_PROFDATA, "merge", "-sparse", "-o", profdata] + profraws, check=True)
    for p in profraws:
        os.unlink(p)
    out = subprocess.run([LLVM_COV, "export", "-summary-only", "-format=text",
                          "-instr-profile=" + profdata, cov_bin, sources],
                         check=True, stdout=subprocess.PIPE).stdout
    totals = json.loads(out)["data"][0]["totals"]
    res = {"inputs": len(files), "replay_crashes": crashed,
           "replay_seconds": round(time.time() - t_start, 1)}
    for k in ("lines", "branches", "regions", "functions"):
        t = totals[k]
        res[k] = {"covered": t["covered"], "count": t["count"],
                  "percent": round(t["percent"], 3)}
    return res


def cmd_replay(args):
    res = replay_coverage(args.cov_bin, args.sources, args.corpus, args.work)
    with open(args.out, "w") as f:
        json.dump(res, f, indent=1)
    if not args.quiet:
        print("lines %d/%d (%.2f%%) branches %d/%d (%.2f%%) from %d inputs" % (
            res["lines"]["covered"], res["lines"]["count"], res["lines"]["percent"],
            res["branches"]["covered"], res["branches"]["count"],
            res["branches"]["percent"], res["inputs"]))


# ---------------------------------------------------------------- run parsing

SEGMENT_RE = re.compile(r"^=== bench segment (\d+) start")
STAT_RE = re.compile(r"^stat::(\w+):\s+(\d+)")
ERROR_RE = re.compile(r"^==\d+==\s*ERROR: (\w+): (.*)|^==\d+== ERROR: (\w+): (.*)|"
                      r"^ERROR: (libFuzzer): (.*)")
FRAME_RE = re.compile(r"^\s*#(\d+) 0x[0-9a-f]+ in (.+?)(?: (/\S+|\S+\.\w+:\d+\S*))?$")
FRAME_NOFUNC_RE = re.compile(r"^\s*#(\d+) 0x[0-9a-f]+ \(")
ARTIFACT_RE = re.compile(r"Test unit written to (\S+)")
INTERNAL_FUNC = re.compile(
    r"^(__sanitizer|__asan|__lsan|__ubsan|__interceptor|__libc|__GI_|fuzzer::|"
    r"malloc|calloc|realloc|free|operator new|operator delete|__cxa|raise|abort|"
    r"gsignal|_start|StackTrace|__sigaction|__restore_rt|__tls|"
    r"std::__|_dl_|start_thread|clone)")


def _short_kind(tool, text):
    text = text.strip()
    if tool == "libFuzzer":
        # "timeout after 10 seconds", "out-of-memory (malloc(...))", "deadly signal"
        for k in ("timeout", "out-of-memory", "deadly signal", "fuzz target exited"):
            if text.startswith(k):
                return "libFuzzer: " + k
        return "libFuzzer: " + text.split("(")[0].strip()
    kind = re.split(r" on | at | \(|: ", text)[0].strip()
    return "%s: %s" % (tool, kind)


def parse_crashes(lines):
    """Crash reports in a libFuzzer log: kind, top 3 frames, artifact."""
    crashes = []
    cur = None
    for line in lines:
        m = ERROR_RE.match(line)
        if m:
            tool = m.group(1) or m.group(3) or m.group(5)
            text = m.group(2) or m.group(4) or m.group(6)
            if cur is not None and cur.get("artifact") is None and tool == "libFuzzer" \
                    and text.startswith("deadly signal"):
                continue  # ASan already reported this one
            cur = {"kind": _short_kind(tool, text), "frames": [], "artifact": None,
                   "stack_done": False}
            crashes.append(cur)
            continue
        if cur is None:
            continue
        f = FRAME_RE.match(line)
        if f and not cur["stack_done"]:
            func = f.group(2).strip()
            if not INTERNAL_FUNC.match(func):
                cur["frames"].append(func)
            continue
        if FRAME_NOFUNC_RE.match(line):
            continue
        if cur["frames"] and line.strip() == "":
            cur["stack_done"] = True
        a = ARTIFACT_RE.search(line)
        if a:
            cur["artifact"] = os.path.basename(a.group(1))
            cur["stack_done"] = True
    for c in crashes:
        c.pop("stack_done", None)
        frames = c.pop("frames")
        c["frames"] = frames[:3]
        c["hang"] = c["kind"].startswith(("libFuzzer: timeout", "libFuzzer: out-of-memory"))
        if c["hang"] and "LLVMFuzzerTestOneInput" in frames:
            # A timeout/OOM interrupts the target anywhere inside the slow call:
            # name it by the library function the harness called instead.
            i = frames.index("LLVMFuzzerTestOneInput")
            sig = frames[max(i - 1, 0):i + 1]
        else:
            sig = c["frames"]
        c["signature"] = c["kind"] + " | " + " > ".join(sig or ["?"])
    # Only reports that ended a run (wrote an artifact) or carry a stack.
    return [c for c in crashes if c["artifact"] or c["frames"]]


def _open_log(run_dir):
    for name in ("fuzz.log", "fuzz.log.gz"):
        p = os.path.join(run_dir, name)
        if os.path.exists(p):
            if name.endswith(".gz"):
                return gzip.open(p, "rt", encoding="utf-8", errors="replace")
            return open(p, encoding="utf-8", errors="replace")
    return None


def parse_run(run_dir):
    meta = json.load(open(os.path.join(run_dir, "meta.json")))
    segments = {}
    seg = 0
    grammut_stats = None
    dict_entries = None
    lines = []
    f = _open_log(run_dir)
    if f is not None:
        with f:
            lines = f.read().splitlines()
    for line in lines:
        m = SEGMENT_RE.match(line)
        if m:
            seg = int(m.group(1))
            segments.setdefault(seg, {})
            continue
        m = STAT_RE.match(line)
        if m:
            segments.setdefault(seg, {})[m.group(1)] = int(m.group(2))
            continue
        if "\tgrammut: " in line and line.startswith("#"):
            grammut_stats = line.split("\t", 1)[1]
            continue
        if line.startswith("Dictionary: ") and dict_entries is None:
            m = re.match(r"Dictionary: (\d+) entries", line)
            if m:
                dict_entries = int(m.group(1))
    timeline = read_timeline(os.path.join(run_dir, "timeline.tsv"))
    # executions: per segment, the final stats (or the last status line)
    execs = 0
    last_by_seg = {}
    for row in timeline:
        last_by_seg[row["segment"]] = row
    for s in set(segments) | set(last_by_seg):
        n = segments.get(s, {}).get("number_of_executed_units")
        if n is None and s in last_by_seg:
            n = last_by_seg[s]["execs"]
        execs += n or 0
    secs = meta.get("fuzz_seconds") or meta.get("seconds")
    crashes = parse_crashes(lines)
    art_dir = os.path.join(run_dir, "artifacts")
    artifacts = sorted(os.listdir(art_dir)) if os.path.isdir(art_dir) else []
    final = timeline[-1] if timeline else {}
    summary = {
        "execs": execs,
        "exec_per_sec": round(execs / secs, 1) if secs else None,
        "final_cov": final.get("cov"),
        "final_ft": final.get("ft"),
        "final_corp": final.get("corp"),
        "peak_rss_mb": max([r["rss_mb"] for r in timeline] or [0]),
        "segments": max(len(segments), 1),
        "crashes": crashes,
        "artifacts": artifacts,
        "grammut_stats": grammut_stats,
        "dict_entries": dict_entries,
    }
    with open(os.path.join(run_dir, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    return summary


def read_timeline(path):
    rows = []
    if not os.path.exists(path):
        return rows
    with open(path) as f:
        r = csv.DictReader(f, delimiter="\t")
        for row in r:
            try:
                rows.append({"t": float(row["t"]), "segment": int(row["segment"]),
                             "execs": int(row["execs"]), "event": row["event"],
                             "cov": int(row["cov"]), "ft": int(row["ft"]),
                             "corp": int(row["corp"]), "exec_s": int(row["exec_s"]),
                             "rss_mb": int(row["rss_mb"])})
            except (KeyError, ValueError, TypeError):
                continue  # a torn last line
    return rows


def thin_timeline(path, min_gap=1.0):
    """Keeps the rows where cov: changes, INITED/DONE rows, the last row and at
    most one row per min_gap seconds otherwise (NEW/REDUCE lines are many)."""
    if not os.path.exists(path):
        return
    with open(path) as f:
        lines = f.readlines()
    if len(lines) < 3:
        return
    keep = [lines[0]]
    last_t, last_cov = None, None
    body = lines[1:]
    for i, line in enumerate(body):
        parts = line.rstrip("\n").split("\t")
        if len(parts) < 9:
            continue
        try:
            t = float(parts[0])
        except ValueError:
            continue
        cov, event = parts[4], parts[3]
        if (i == len(body) - 1 or event in ("INITED", "DONE") or cov != last_cov
                or last_t is None or t - last_t >= min_gap):
            keep.append(line)
            last_t, last_cov = t, cov
    with open(path + ".tmp", "w") as f:
        f.writelines(keep)
    os.replace(path + ".tmp", path)


def cmd_runinfo(args):
    thin_timeline(os.path.join(args.run_dir, "timeline.tsv"))
    s = parse_run(args.run_dir)
    if not args.quiet:
        print(json.dumps({k: s[k] for k in ("execs", "exec_per_sec", "final_cov",
                                            "final_corp", "segments")}))


# ---------------------------------------------------------------- report


def _median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def _fmt_num(x, digits=0):
    if x is None:
        return "-"
    if digits == 0:
        return "%d" % round(x) if abs(x - round(x)) < 1e-9 else "%.1f" % x
    return "%.*f" % (digits, x)


def _range(med, lo, hi):
    if lo == hi:
        return _fmt_num(med)
    return "%s [%s-%s]" % (_fmt_num(med), _fmt_num(lo), _fmt_num(hi))


def collect(results_dir):
    runs = []
    for meta_path in sorted(glob.glob(os.path.join(results_dir, "runs", "*", "*", "trial*",
                                                   "meta.json"))):
        run_dir = os.path.dirname(meta_path)
        meta = json.load(open(meta_path))
        cov_path = os.path.join(run_dir, "coverage.json")
        cov = json.load(open(cov_path)) if os.path.exists(cov_path) else None
        summ = parse_run(run_dir)
        runs.append({"dir": os.path.relpath(run_dir, results_dir), "meta": meta,
                     "coverage": cov, "summary": summ,
                     "timeline": read_timeline(os.path.join(run_dir, "timeline.tsv"))})
    return runs


def _cfg_key(c):
    return (CONFIG_ORDER.index(c) if c in CONFIG_ORDER else 99, c)


def median_series(timelines, duration, step):
    """Median of step functions (cov over time) on a regular grid."""
    grid = []
    t = 0.0
    while t <= duration + 1e-9:
        grid.append(t)
        t += step
    out = []
    idx = [0] * len(timelines)
    cur = [None] * len(timelines)
    for g in grid:
        vals = []
        for i, tl in enumerate(timelines):
            while idx[i] < len(tl) and tl[idx[i]]["t"] <= g:
                cur[i] = tl[idx[i]]["cov"]
                idx[i] += 1
            if cur[i] is not None:
                vals.append(cur[i])
        out.append((g, statistics.median(vals) if vals else None))
    return out


def plot_target(results_dir, target, series, duration, ntrials):
    """series: {config: [(t, median_cov)]}; writes timeseries/<t>.tsv and cov_<t>.png."""
    ts_dir = os.path.join(results_dir, "timeseries")
    os.makedirs(ts_dir, exist_ok=True)
    cfgs = sorted(series, key=_cfg_key)
    data = os.path.join(ts_dir, "%s.tsv" % target)
    with open(data, "w") as f:
        f.write("seconds\t" + "\t".join(cfgs) + "\n")
        n = max(len(series[c]) for c in cfgs)
        for i in range(n):
            t = next(series[c][i][0] for c in cfgs if i < len(series[c]))
            vals = []
            for c in cfgs:
                v = series[c][i][1] if i < len(series[c]) else None
                vals.append("NaN" if v is None else _fmt_num(v))
            f.write("%.1f\t%s\n" % (t, "\t".join(vals)))
    if shutil.which("gnuplot") is None:
        print("coverage_report: gnuplot not found, no plot for %s" % target, file=sys.stderr)
        return None
    png = os.path.join(results_dir, "cov_%s.png" % target)
    minutes = duration > 180
    xscale = 60.0 if minutes else 1.0
    colors = {"plain": "#1f77b4", "plain+dict": "#2ca02c", "grammut": "#d62728",
              "grammut-uniform": "#ff7f0e"}
    plots = []
    for i, c in enumerate(cfgs):
        plots.append("'%s' using ($1/%g):%d with lines lw 2 lc rgb '%s' title '%s'" % (
            data, xscale, i + 2, colors.get(c, "#555555"), c))
    script = "\n".join([
        "set terminal pngcairo size 900,560 font 'Sans,11'",
        "set output '%s'" % png,
        "set datafile separator '\\t'",
        "set datafile missing 'NaN'",
        "set key autotitle columnhead",
        "set title \"%s: libFuzzer cov: (covered edges) over time, median of %d trial(s)\"" % (
            target, ntrials),
        "set xlabel '%s'" % ("minutes" if minutes else "seconds"),
        "set ylabel 'cov: (covered edges)'",
        "set grid",
        "set key right bottom",
        "set xrange [0:%g]" % (duration / xscale),
        "plot " + ", \\\n     ".join(plots),
    ])
    p = subprocess.run(["gnuplot"], input=script.encode(), stderr=subprocess.PIPE)
    if p.returncode != 0:
        print("coverage_report: gnuplot failed for %s: %s" % (
            target, p.stderr.decode(errors="replace")), file=sys.stderr)
        return None
    return png


def cmd_report(args):
    rd = args.results_dir
    runs = collect(rd)
    if not runs:
        raise SystemExit("coverage_report: no runs under %s/runs" % rd)
    targets = sorted({r["meta"]["target"] for r in runs},
                     key=lambda t: (["cjson", "libxml2", "sqlite3", "lua"] + [t]).index(t))
    bench = {}
    bp = os.path.join(rd, "bench.json")
    if os.path.exists(bp):
        bench = json.load(open(bp))

    # raw numbers
    rows = []
    for r in runs:
        m, c, s = r["meta"], r["coverage"] or {}, r["summary"]
        rows.append({
            "target": m["target"], "config": m["config"], "trial": m["trial"],
            "seconds": m.get("seconds"), "fuzz_seconds": m.get("fuzz_seconds"),
            "lines_covered": c.get("lines", {}).get("covered"),
            "lines_total": c.get("lines", {}).get("count"),
            "lines_pct": c.get("lines", {}).get("percent"),
            "branches_covered": c.get("branches", {}).get("covered"),
            "branches_total": c.get("branches", {}).get("count"),
            "branches_pct": c.get("branches", {}).get("percent"),
            "regions_covered": c.get("regions", {}).get("covered"),
            "regions_total": c.get("regions", {}).get("count"),
            "functions_covered": c.get("functions", {}).get("covered"),
            "corpus_inputs": c.get("inputs"),
            "replay_crashes": len(c.get("replay_crashes", [])),
            "execs": s["execs"], "exec_per_sec": s["exec_per_sec"],
            "libfuzzer_cov": s["final_cov"], "libfuzzer_ft": s["final_ft"],
            "peak_rss_mb": s["peak_rss_mb"], "segments": s["segments"],
            "crashes": len(s["crashes"]), "artifacts": len(s["artifacts"]),
            "crash_signatures": sorted({x["signature"] for x in s["crashes"] if not x["hang"]}),
            "hang_signatures": sorted({x["signature"] for x in s["crashes"] if x["hang"]}),
            "grammut_stats": s["grammut_stats"], "dict_entries": s["dict_entries"],
            "load_start": m.get("load_start"), "load_end": m.get("load_end"),
            "dir": r["dir"],
        })
    rows.sort(key=lambda x: (targets.index(x["target"]), _cfg_key(x["config"]), x["trial"]))
    with open(os.path.join(rd, "results.csv"), "w", newline="") as f:
        cols = [k for k in rows[0]
                if k not in ("crash_signatures", "hang_signatures", "grammut_stats")]
        w = csv.writer(f)
        w.writerow(cols)
        for x in rows:
            w.writerow(["" if x[k] is None else x[k] for k in cols])

    # aggregates + plots
    agg = {}
    md = []
    txt = []
    title = "grammut coverage benchmark"
    md.append("# %s, %s\n" % (title, bench.get("date", os.path.basename(os.path.abspath(rd)))))
    if bench:
        loads = [x for r in rows for x in (r["load_start"], r["load_end"]) if x is not None]
        md.append("Setup: %s trial(s) x %ss per target and configuration, %s fuzzers at a "
                  "time on %s cores, host `%s`%s. Every configuration gets `%s` and a fresh "
                  "copy of `harness_examples/<t>/seeds`. libgrammut.so sha256 at the start: "
                  "`%s`.\n" % (
                      bench.get("trials"), bench.get("seconds_per_trial"), bench.get("jobs"),
                      bench.get("cores"), bench.get("host"),
                      " (1-min load average seen at run starts/ends: %.1f-%.1f; the machine "
                      "is shared)" % (min(loads), max(loads)) if loads else "",
                      bench.get("libfuzzer_flags"),
                      (bench.get("libgrammut_sha256") or "?")[:16]))
    shas = sorted({r["meta"].get("libgrammut_sha256") for r in runs} - {None, ""})
    if len(shas) > 1:
        md.append("**Warning:** libgrammut.so changed during the benchmark (%d different "
                  "builds were used; see `libgrammut_sha256` in the runs' meta.json).\n"
                  % len(shas))
        print("warning: libgrammut.so changed during the benchmark (%d builds)" % len(shas),
              file=sys.stderr)
    md.append("Coverage = the final corpus replayed through the `-fprofile-instr-generate "
              "-fcoverage-mapping` build (`cov_<t>`), `llvm-cov export -summary-only`, "
              "restricted to the library's own sources. Branches/lines: covered count, "
              "median [min-max] over trials. `vs plain`: median branch coverage / plain's "
              "median. exec/s: median over trials of total executions / fuzzing time. "
              "Crashes: distinct signatures (sanitizer report kind + top 3 stack frames) over all "
              "trials, and in how many trials any was found; timeouts (>10 s) and OOMs "
              "(>2048 MB) are counted apart. cov: = libFuzzer's final edge count (median).\n")
    for t in targets:
        trs = [x for x in rows if x["target"] == t]
        cfgs = sorted({x["config"] for x in trs}, key=_cfg_key)
        agg[t] = {}
        for cfg in cfgs:
            xs = [x for x in trs if x["config"] == cfg]
            b = [x["branches_covered"] for x in xs if x["branches_covered"] is not None]
            l = [x["lines_covered"] for x in xs if x["lines_covered"] is not None]
            sigs = sorted({s for x in xs for s in x["crash_signatures"]})
            hangs = sorted({s for x in xs for s in x["hang_signatures"]})
            agg[t][cfg] = {
                "trials": len(xs),
                "branches_median": _median(b), "branches_min": min(b) if b else None,
                "branches_max": max(b) if b else None,
                "branches_total": xs[0]["branches_total"],
                "lines_median": _median(l), "lines_min": min(l) if l else None,
                "lines_max": max(l) if l else None, "lines_total": xs[0]["lines_total"],
                "exec_per_sec_median": _median([x["exec_per_sec"] for x in xs]),
                "corpus_median": _median([x["corpus_inputs"] for x in xs]),
                "libfuzzer_cov_median": _median([x["libfuzzer_cov"] for x in xs]),
                "peak_rss_mb_max": max([x["peak_rss_mb"] or 0 for x in xs]),
                "restarts": sum(max(x["segments"] - 1, 0) for x in xs),
                "crash_signatures": sigs,
                "hang_signatures": hangs,
                "crash_trials": sum(1 for x in xs if x["crash_signatures"]),
                "hang_trials": sum(1 for x in xs if x["hang_signatures"]),
            }
        base = agg[t].get("plain", {}).get("branches_median")
        for cfg in cfgs:
            a = agg[t][cfg]
            a["ratio_vs_plain"] = (a["branches_median"] / base
                                   if base and a["branches_median"] is not None else None)
        # table
        btot = agg[t][cfgs[0]]["branches_total"]
        ltot = agg[t][cfgs[0]]["lines_total"]
        multi = any(agg[t][c]["trials"] > 1 for c in cfgs)
        rng = " med [min-max]" if multi else ""
        header = ["config", "branches" + rng, "branch %", "lines" + rng,
                  "line %", "vs plain", "exec/s", "corpus", "cov:", "crashes",
                  "timeouts/OOMs"]
        table = []
        for cfg in cfgs:
            a = agg[t][cfg]

            def pct(v, tot):
                return "-" if v is None or not tot else "%.2f" % (100.0 * v / tot)
            table.append([
                cfg,
                _range(a["branches_median"], a["branches_min"], a["branches_max"]),
                pct(a["branches_median"], btot),
                _range(a["lines_median"], a["lines_min"], a["lines_max"]),
                pct(a["lines_median"], ltot),
                "-" if a["ratio_vs_plain"] is None else "%.3f" % a["ratio_vs_plain"],
                "-" if a["exec_per_sec_median"] is None else "%d" % round(a["exec_per_sec_median"]),
                _fmt_num(a["corpus_median"]),
                _fmt_num(a["libfuzzer_cov_median"]),
                "%d (%d/%d trials)" % (len(a["crash_signatures"]), a["crash_trials"],
                                        a["trials"]) if a["crash_signatures"] else "0",
                "%d (%d/%d trials)" % (len(a["hang_signatures"]), a["hang_trials"],
                                        a["trials"]) if a["hang_signatures"] else "0",
            ])
        sub = "%s (%s branches, %s lines in the library sources)" % (t, btot, ltot)
        md.append("## %s\n" % sub)
        md.append("| " + " | ".join(header) + " |")
        md.append("|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|")
        for row in table:
            md.append("| " + " | ".join(row) + " |")
        md.append("")
        allsigs = {}
        for cfg in cfgs:
            for s in agg[t][cfg]["crash_signatures"] + agg[t][cfg]["hang_signatures"]:
                allsigs.setdefault(s, []).append(cfg)
        if allsigs:
            md.append("Crashes, timeouts and OOMs (deduplicated; a timeout/OOM is named by "
                      "the library call the harness made):\n")
            for s, cs in sorted(allsigs.items()):
                md.append("- `%s` (%s)" % (s, ", ".join(cs)))
            md.append("")
        restarts = {cfg: agg[t][cfg]["restarts"] for cfg in cfgs if agg[t][cfg]["restarts"]}
        if restarts:
            md.append("Fuzzer restarts after a crash/timeout/OOM (the run then continued on "
                      "the same corpus): %s\n" % ", ".join(
                          "%s %d" % kv for kv in restarts.items()))
        # plot
        duration = max(x["seconds"] or 0 for x in trs) or 60
        step = max(duration / 300.0, 1.0)
        series = {}
        for cfg in cfgs:
            tls = [r["timeline"] for r in runs
                   if r["meta"]["target"] == t and r["meta"]["config"] == cfg]
            series[cfg] = median_series(tls, duration, step)
        png = plot_target(rd, t, series, duration,
                          max(agg[t][c]["trials"] for c in cfgs))
        if png:
            md.append("![%s coverage over time](%s)\n" % (t, os.path.basename(png)))
        # plain-text table for stdout
        widths = [max(len(str(r[i])) for r in [header] + table) for i in range(len(header))]
        txt.append("== " + sub)
        txt.append("  ".join(h.ljust(widths[i]) if i == 0 else h.rjust(widths[i])
                             for i, h in enumerate(header)))
        for row in table:
            txt.append("  ".join(c.ljust(widths[i]) if i == 0 else c.rjust(widths[i])
                                 for i, c in enumerate(row)))
        for s, cs in sorted(allsigs.items()):
            txt.append("  found: %s (%s)" % (s, ", ".join(cs)))
        txt.append("")

    # grammut mutator stats (last line per run), useful to read the results
    gs = [x for x in rows if x["grammut_stats"]]
    if gs:
        md.append("## grammut mutator stats (last stats line of each run)\n")
        for x in gs:
            md.append("- %s/%s trial %s: `%s`" % (x["target"], x["config"], x["trial"],
                                                  x["grammut_stats"]))
        md.append("")
    md.append("Raw numbers: `results.json`, `results.csv`; median cov: over time: "
              "`timeseries/<target>.tsv`; per run: `runs/<target>/<config>/trial<N>/` "
              "(fuzz.log.gz, timeline.tsv, coverage.json, summary.json, artifacts/).\n")
    with open(os.path.join(rd, "report.md"), "w") as f:
        f.write("\n".join(md))
    with open(os.path.join(rd, "results.json"), "w") as f:
        json.dump({"bench": bench, "aggregates": agg, "runs": rows}, f, indent=1)
    print("\n".join(txt))


def cmd_readme(args):
    """Prints the README's summary table (markdown) from a results.json."""
    d = json.load(open(os.path.join(args.results_dir, "results.json")))
    agg = d["aggregates"]
    configs = [c for c in ("plain", "plain+dict", "grammut", "grammut-uniform")
               if any(c in agg[t] for t in agg)]
    head = ["target"] + ["%s branches, median [min-max]" % c for c in configs]
    head += ["grammut / plain", "exec/s plain → grammut"]
    print("| " + " | ".join(head) + " |")
    print("|---" + "|---:" * (len(head) - 1) + "|")
    for t, a in agg.items():
        cells = [t]
        for c in configs:
            x = a.get(c)
            cells.append("—" if x is None else "{:,} [{:,}-{:,}]".format(
                x["branches_median"], x["branches_min"], x["branches_max"]))
        g, p = a.get("grammut"), a.get("plain")
        cells.append("%.3f" % g["ratio_vs_plain"] if g and p else "—")
        cells.append("{:,} → {:,}".format(round(p["exec_per_sec_median"]),
                                          round(g["exec_per_sec_median"]))
                     if g and p else "—")
        print("| " + " | ".join(cells) + " |")


# ---------------------------------------------------------------- main


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sp = ap.add_subparsers(dest="cmd", required=True)
    p = sp.add_parser("dict")
    p.add_argument("grammar_dir")
    p.add_argument("out")
    p.set_defaults(fn=cmd_dict)
    p = sp.add_parser("run")
    p.add_argument("log")
    p.add_argument("timeline")
    p.add_argument("--t0", type=float, required=True)
    p.add_argument("--segment", type=int, default=0)
    p.add_argument("command", nargs=argparse.REMAINDER)
    p.set_defaults(fn=cmd_run)
    p = sp.add_parser("replay")
    p.add_argument("--cov-bin", required=True)
    p.add_argument("--sources", required=True)
    p.add_argument("--corpus", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--quiet", action="store_true")
    p.set_defaults(fn=cmd_replay)
    p = sp.add_parser("runinfo")
    p.add_argument("run_dir")
    p.add_argument("--quiet", action="store_true")
    p.set_defaults(fn=cmd_runinfo)
    p = sp.add_parser("report")
    p.add_argument("results_dir")
    p.set_defaults(fn=cmd_report)
    p = sp.add_parser("readme")
    p.add_argument("results_dir")
    p.set_defaults(fn=cmd_readme)
    args = ap.parse_args()
    args.fn(args)


if __name__ == "__main__":
    main()
