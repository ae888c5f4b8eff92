#!/usr/bin/env python3
"""coverage_report.py - helper for scripts/bench_coverage.sh and scripts/demo.sh.

Standard library only (plus gnuplot, run as a subprocess, for the plots).

Subcommands:
  run --t0 EPOCH [--segment K] LOG TIMELINE -- COMMAND...
      run a fuzzer, appending its output to LOG and one row per libFuzzer
      status line ('#N ... cov: ...') to TIMELINE, stamped with the seconds
      elapsed since EPOCH; exit with the fuzzer's status.
  replay --cov-bin BIN --sources DIR --corpus DIR --work DIR --out JSON
      replay a corpus through a coverage binary (carrying on past crashing
      inputs), merge the profiles and write llvm-cov's summary for the
      library sources (lines, branches, regions, functions; in total and per
      file) to JSON.
  runinfo RUN_DIR
      parse a finished run (log, timeline) into RUN_DIR/summary.json.
  report RESULTS_DIR
      aggregate every run under RESULTS_DIR/runs/<scenario>/<target>/<config>/
      trial<N>/ (and the older layout runs/<target>/<config>/trial<N>/, read as
      scenario "seeded") into results.csv (one row per trial), report.md,
      ratios_<scenario>.png and coverage_<scenario>.png (cov: over time, one
      panel per target); print the tables. The plots' data
      (timeseries/<scenario>/) and RESULTS_DIR/parts.jsonl (each part's
      command line, which bench_coverage.sh appends) are working files that
      are not committed.
  filediff RESULTS_DIR TARGET CONFIG_A CONFIG_B [--scenario S] [--metric M]
      per source file: median covered branches (or lines, regions,
      functions) of A and of B over their trials and the difference B - A,
      sorted by |difference|.
  goals RESULTS_DIR [--scenario S]
      FdLoop's measures per target and configuration: failures the harness
      reported, distinct failure sites, the slowest run, timeouts; writes
      RESULTS_DIR/goals_<scenario>.md.
  semantic RESULTS_DIR [--scenario S]
      per target and configuration, median branches covered in the parsing
      stage (FRONT_END_FILES) and in the semantic stage (every other file);
      writes RESULTS_DIR/semantic_<scenario>.md.
  readme RESULTS_DIR [--scenario S] [--provenance]
      the README's summary table (markdown) from RESULTS_DIR/results.csv
      (and the times to reach plain's coverage from its report.md); with
      plain, plain+dict and grammut, a grammut / plain column beside
      grammut / plain+dict.
  memory RESULTS_DIR
      where the memory goes, per target and configuration (runs made with
      ASAN_OPTIONS=print_stats=1:atexit=1, as scripts/bench_memory.sh does):
      peak RSS, the sanitizer's stack depot, allocator and quarantine, and
      grammut's own accounted memory; writes RESULTS_DIR/memory.md.
"""

import argparse
import collections
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

CONFIG_ORDER = ["plain", "grammut", "grammut-validity", "grammut-novalidity", "grammut-goal-failures",
                "grammut-goal-time", "grammut-grammar-only",
                "grammut-bytes-only", "plain+dict", "grammut-uniform"]
# The parsing stage of each target (every other file is its semantic stage:
# what runs after an input was accepted). SQLite is one amalgamation file
# and nlohmann/json one header: no split.
FRONT_END_FILES = {
    "lua": {"llex.c", "lparser.c", "lcode.c", "lzio.c", "lctype.c", "lundump.c"},
    "libxml2": {"parser.c", "parserInternals.c", "SAX2.c", "encoding.c", "entities.c",
                "xmlIO.c", "buf.c", "dict.c", "xmlstring.c", "chvalid.c", "hash.c", "uri.c",
                "error.c", "globals.c", "threads.c", "xmlmemory.c", "list.c"},
    "mujs": {"jslex.c", "jsparse.c", "jscompile.c", "utf.c"},
    "expat": {"xmltok.c", "xmltok_impl.c", "xmltok_ns.c", "xmlrole.c"},
}
SCENARIO_ORDER = ["seeded", "empty"]
TARGET_ORDER = ["cjson", "libxml2", "sqlite3", "lua", "expat", "jsonc", "mujs", "nlohmann"]
LLVM_PROFDATA = os.environ.get("LLVM_PROFDATA", "llvm-profdata-14")
LLVM_COV = os.environ.get("LLVM_COV", "llvm-cov-14")

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
    data = json.loads(out)["data"][0]
    totals = data["totals"]
    res = {"inputs": len(files), "replay_crashes": crashed,
           "replay_seconds": round(time.time() - t_start, 1)}
    for k in ("lines", "branches", "regions", "functions"):
        t = totals[k]
        res[k] = {"covered": t["covered"], "count": t["count"],
                  "percent": round(t["percent"], 3)}
    # per file (path relative to the sources directory): [covered, count] per metric
    per_file = {}
    root = os.path.abspath(sources)
    for f in data.get("files", []):
        name = f["filename"]
        rel = os.path.relpath(name, root) if os.path.isabs(name) else name
        if rel.startswith(".."):
            rel = name
        per_file[rel] = {k: [f["summary"][k]["covered"], f["summary"][k]["count"]]
                         for k in ("lines", "branches", "regions", "functions")
                         if k in f["summary"]}
    res["files"] = per_file
    return res


FUNCTIONS_FILE = "functions.tsv.gz"


def function_coverage(cov_bin, sources, profdata):
    """Per function of the sources: (file, function, branches covered, branches,
    lines covered, lines), from `llvm-cov report -show-functions`."""
    demangler = shutil.which("c++filt")
    out = subprocess.run([LLVM_COV, "report", "-show-functions", "-instr-profile=" + profdata]
                         + (["-Xdemangler=" + demangler] if demangler else []) +
                         [cov_bin, sources], check=True, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL).stdout.decode("utf-8", "replace")
    root = os.path.abspath(sources)
    rows = []
    cur = None
    for line in out.splitlines():
        if line.startswith("File '") and line.endswith("':"):
            name = line[len("File '"):-2]
            cur = os.path.relpath(name, root) if name.startswith(root + os.sep) else name
            continue
        parts = line.split()
        # name, then Regions Miss Cover Lines Miss Cover Branches Miss Cover
        if cur is None or len(parts) < 10 or parts[0] in ("Name", "TOTAL"):
            continue
        nums = parts[-9:]
        try:
            lines, lines_miss = int(nums[3]), int(nums[4])
            branches, branches_miss = int(nums[6]), int(nums[7])
        except ValueError:
            continue
        rows.append((cur, " ".join(parts[:-9]), branches - branches_miss, branches,
                     lines - lines_miss, lines))
    return rows


def write_function_coverage(path, rows):
    with gzip.open(path, "wt") as f:
        f.write("file\tfunction\tbranches_covered\tbranches\tlines_covered\tlines\n")
        for r in rows:
            f.write("%s\t%s\t%d\t%d\t%d\t%d\n" % r)


def read_function_coverage(path):
    """{(file, function): (branches covered, branches)} of a functions.tsv.gz."""
    res = {}
    with gzip.open(path, "rt") as f:
        next(f, None)
        for line in f:
            p = line.rstrip("\n").split("\t")
            if len(p) == 6:
                res[(p[0], p[1])] = (int(p[2]), int(p[3]))
    return res


def cmd_replay(args):
    res = replay_coverage(args.cov_bin, args.sources, args.corpus, args.work)
    with open(args.out, "w") as f:
        json.dump(res, f, indent=1)
    # Per function too (funcdiff reads it): best effort, the totals above stand alone.
    try:
        rows = function_coverage(args.cov_bin, args.sources,
                                 os.path.join(args.work, "merged.profdata"))
        write_function_coverage(os.path.join(os.path.dirname(os.path.abspath(args.out)),
                                             FUNCTIONS_FILE), rows)
    except (OSError, subprocess.CalledProcessError) as e:
        print("coverage_report: no per-function coverage: %s" % e, file=sys.stderr)
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
FRAME_RE = re.compile(r"^\s*#(\d+) 0x[0-9a-f]+ in (.+?)(?: (/\S+|\(/\S+\)|\S+\.\w+:\d+\S*))?"
                      r"(?: \(BuildId: [0-9a-f]+\))?$")
FRAME_NOFUNC_RE = re.compile(r"^\s*#(\d+) 0x[0-9a-f]+ \(")
ARTIFACT_RE = re.compile(r"Test unit written to (\S+)")
INTERNAL_FUNC = re.compile(
    r"^(?:(?:void|bool|int|unsigned|long|char|uptr|u\d+)\s+)*(__sanitizer|__asan|__lsan|__ubsan|__interceptor|__libc|__GI_|fuzzer::|"
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
    seg = 0
    for line in lines:
        m = SEGMENT_RE.match(line)
        if m:
            seg = int(m.group(1))
            continue
        m = ERROR_RE.match(line)
        if m:
            tool = m.group(1) or m.group(3) or m.group(5)
            text = m.group(2) or m.group(4) or m.group(6)
            if cur is not None and cur.get("artifact") is None and tool == "libFuzzer" \
                    and text.startswith("deadly signal"):
                continue  # ASan already reported this one
            cur = {"kind": _short_kind(tool, text), "frames": [], "artifact": None,
                   "stack_done": False, "segment": seg}
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
    stats_by_seg = {}  # each segment's last periodic stats line
    helper_rss = 0.0
    dict_entries = None
    # Streamed, not read whole: a target that prints (a MuJS `debugger`
    # dump in a loop) once made a 4 GB log.
    f = _open_log(run_dir)
    for line in (l.rstrip("\n") for l in f) if f is not None else ():
        m = SEGMENT_RE.match(line)
        if m:
            seg = int(m.group(1))
            segments.setdefault(seg, {})
            continue
        m = STAT_RE.match(line)
        if m:
            segments.setdefault(seg, {})[m.group(1)] = int(m.group(2))
            continue
        if "grammut: " in line:
            text = line[line.index("grammut: "):]
            # the periodic stats lines ("#N<TAB>grammut: ... | ..."); any other
            # grammut: line only when no stats line was seen
            if line.startswith("#") or " | " in text or grammut_stats is None:
                grammut_stats = text
            if line.startswith("#") and " | " in text:
                stats_by_seg[seg] = text
            m = HELPER_RSS_RE.search(text)
            if m:
                helper_rss = max(helper_rss, float(m.group(1)))
            continue
        if line.startswith("Dictionary: ") and dict_entries is None:
            m = re.match(r"Dictionary: (\d+) entries", line)
            if m:
                dict_entries = int(m.group(1))
    if f is not None:
        f.close()
    timeline = read_timeline(os.path.join(run_dir, "timeline.tsv"))
    # executions: per segment, the final stats (or the last status line)
    execs = 0
    last_by_seg = {}
    for row in timeline:
        last_by_seg[row["segment"]] = row
    seg_execs = {}
    for s in set(segments) | set(last_by_seg):
        n = segments.get(s, {}).get("number_of_executed_units")
        if n is None and s in last_by_seg:
            n = last_by_seg[s]["execs"]
        seg_execs[s] = n or 0
        execs += n or 0
    secs = meta.get("fuzz_seconds") or meta.get("seconds")
    # After a restart late in a trial (a crash, -fork), the last stats line
    # comes from a segment that mostly loaded the corpus: report the one of
    # the segment that ran the most executions.
    if stats_by_seg:
        grammut_stats = stats_by_seg[max(stats_by_seg,
                                         key=lambda s: (seg_execs.get(s, 0), s))]
    crashes = []
    f = _open_log(run_dir)
    if f is not None:
        with f:
            crashes = parse_crashes(l.rstrip("\n") for l in f)
    # When each was found: the last timeline event of the run segment it
    # ended (a report that did not end its segment: that segment's end too).
    for c in crashes:
        c["seconds"] = last_by_seg.get(c.pop("segment", None), {}).get("t")
    art_dir = os.path.join(run_dir, "artifacts")
    artifacts = sorted(os.listdir(art_dir)) if os.path.isdir(art_dir) else []
    final = timeline[-1] if timeline else {}
    summary = {
        "execs": execs,
        "exec_per_sec": round(execs / secs, 1) if secs else None,
        "final_cov": final.get("cov"),
        "final_ft": final.get("ft"),
        "final_corp": final.get("corp"),
        # the fuzzer's own peak plus its parse helper's (a separate process)
        "peak_rss_mb": max([r["rss_mb"] for r in timeline]
                           + [v.get("peak_rss_mb", 0) for v in segments.values()] or [0])
                       + round(helper_rss),
        "helper_peak_rss_mb": round(helper_rss) or None,
        "peak_rss_mb_final_stats": max([v["peak_rss_mb"] for v in segments.values()
                                        if "peak_rss_mb" in v] or [0]) or None,
        "segments": max(len(segments), 1),
        "crashes": crashes,
        "artifacts": artifacts,
        "grammut_stats": grammut_stats,
        "grammut_cpu_pct": grammut_cpu_share(grammut_stats),
        "dict_entries": dict_entries,
    }
    with open(os.path.join(run_dir, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    return summary


# the parse helper's peak RSS in a stats line ('helper 46 (up, 21 MB, ...')
HELPER_RSS_RE = re.compile(r"\bhelper \d+ \((?:up|down), ([0-9.]+) MB")
CPU_RE = re.compile(r"\bcpu\s+([0-9]+(?:\.[0-9]+)?)\s*%")


def grammut_cpu_share(stats_line):
    """grammut's share of the CPU time from a stats line ('... cpu 12.5% ...')."""
    if not stats_line:
        return None
    m = CPU_RE.search(stats_line)
    return float(m.group(1)) if m else None


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


def _ratio(x):
    return "-" if x is None else "%.3f" % x


def _order_key(order, x):
    return (order.index(x) if x in order else len(order), x)


def _cfg_key(c):
    return _order_key(CONFIG_ORDER, c)


def _sc_key(s):
    return _order_key(SCENARIO_ORDER, s)


def _t_key(t):
    return _order_key(TARGET_ORDER, t)


def collect(results_dir, with_timelines=True):
    """Every run under results_dir/runs: the new layout
    runs/<scenario>/<target>/<config>/trial<N>/ and the old one
    runs/<target>/<config>/trial<N>/ (scenario "seeded")."""
    runs = []
    pats = [os.path.join(results_dir, "runs", "*", "*", "*", "trial*", "meta.json"),
            os.path.join(results_dir, "runs", "*", "*", "trial*", "meta.json")]
    for meta_path in sorted(set(glob.glob(pats[0])) | set(glob.glob(pats[1]))):
        run_dir = os.path.dirname(meta_path)
        try:
            meta = json.load(open(meta_path))
        except (OSError, ValueError) as e:
            print("coverage_report: skipping %s: %s" % (meta_path, e), file=sys.stderr)
            continue
        meta.setdefault("scenario", "seeded")
        cov_path = os.path.join(run_dir, "coverage.json")
        cov = json.load(open(cov_path)) if os.path.exists(cov_path) else None
        summ = parse_run(run_dir)
        runs.append({"dir": os.path.relpath(run_dir, results_dir), "meta": meta,
                     "coverage": cov, "summary": summ,
                     "timeline": (read_timeline(os.path.join(run_dir, "timeline.tsv"))
                                  if with_timelines else [])})
    return runs


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


def time_to_reach(series, level):
    """The first time a median series [(t, cov)] reaches `level`; None if never."""
    for t, v in series:
        if v is not None and v >= level:
            return t
    return None


# The baseline every ratio is against: plain libFuzzer with the grammar's
# words as its dictionary where a run has it (the strongest fair baseline),
# else plain libFuzzer (set_base).
BASE = "plain"


def set_base(configs):
    """Sets BASE from the configurations present (an iterable of names)."""
    global BASE
    BASE = "plain+dict" if "plain+dict" in set(configs) else "plain"


COLORS = {"plain": "#1f77b4", "grammut": "#d62728", "grammut-grammar-only": "#9467bd",
          "grammut-bytes-only": "#8c564b", "plain+dict": "#2ca02c", "grammut-uniform": "#ff7f0e"}


def _run_gnuplot(script, what):
    """Runs a gnuplot script; False (and says why on stderr) if it fails."""
    p = subprocess.run(["gnuplot"], input=script.encode(), stderr=subprocess.PIPE)
    if p.returncode != 0:
        print("coverage_report: gnuplot failed for %s: %s" % (
            what, p.stderr.decode(errors="replace")), file=sys.stderr)
    return p.returncode == 0


def write_series(results_dir, scenario, target, series):
    """series: {config: [(t, median_cov)]}; writes the working file
    timeseries/<scenario>/<target>.tsv (not committed) and returns its path."""
    ts_dir = os.path.join(results_dir, "timeseries", scenario)
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
    return data


def _gp_str(s):
    """s inside a single-quoted gnuplot string."""
    return s.replace("'", "''")


# Configurations without a colour of their own (ablations, A/B names) take these in turn.
SPARE_COLORS = ["#17becf", "#bcbd22", "#e377c2", "#7f7f7f", "#393b79", "#637939", "#8c6d31"]


def plot_coverage(results_dir, scenario, panels):
    """One PNG per scenario, coverage_<scenario>.png: one panel per target
    (gnuplot multiplot), each libFuzzer's cov: over time per configuration.
    panels: [{"target", "data" (a TSV: seconds, then one column of median cov:
    per configuration, header = configuration names), "duration" (s),
    "trials"}]. Returns the PNG's path, or None without gnuplot or panels."""
    panels = [p for p in panels if p.get("data") and os.path.exists(p["data"])]
    if not panels:
        return None
    if shutil.which("gnuplot") is None:
        print("coverage_report: gnuplot not found, no coverage plot for %s" % scenario,
              file=sys.stderr)
        return None
    n = len(panels)
    ncols = 1 if n == 1 else 2 if n <= 6 else 3
    nrows = (n + ncols - 1) // ncols
    png = os.path.join(results_dir, "coverage_%s.png" % scenario)
    start = {"seeded": "from seeds", "empty": "from an empty corpus"}.get(
        scenario, "scenario %s" % scenario)
    lines = [
        "set terminal pngcairo size 1200,%d font 'Sans,10'" % (380 * nrows + 40),
        "set output '%s'" % _gp_str(png),
        "set datafile separator '\\t'",
        "set datafile missing 'NaN'",
        "set key autotitle columnhead",
        "set grid",
        "set key right bottom",
        "set ylabel 'cov: (covered edges)'",
        "set multiplot layout %d,%d title \"%s: libFuzzer cov: (covered edges) over time, "
        "median over trials\" font 'Sans,12'" % (nrows, ncols, start),
    ]
    for p in panels:
        with open(p["data"]) as f:
            p["configs"] = f.readline().rstrip("\n").split("\t")[1:]
    # one colour per configuration in every panel
    colors, spare = {}, iter(SPARE_COLORS)
    for c in sorted({c for p in panels for c in p["configs"]}, key=_cfg_key):
        colors[c] = COLORS.get(c) or next(spare, "#555555")
    for p in panels:
        duration = p.get("duration") or 60
        minutes = duration > 180
        xscale = 60.0 if minutes else 1.0
        plots = []
        for i, c in enumerate(p["configs"]):
            plots.append("'%s' using ($1/%g):%d with lines lw 2 lc rgb '%s' title '%s'" % (
                _gp_str(p["data"]), xscale, i + 2, colors[c], _gp_str(c)))
        lines += [
            "set title \"%s, median of %s trial(s)\"" % (p["target"], p.get("trials") or "?"),
            "set xlabel '%s'" % ("minutes" if minutes else "seconds"),
            "set xrange [0:%g]" % (duration / xscale),
            "plot " + ", \\\n     ".join(plots),
        ]
    lines.append("unset multiplot")
    return png if _run_gnuplot("\n".join(lines) + "\n", "the %s coverage plot" % scenario) \
        else None


def snapshot_branches(results_dir, run):
    """{minutes: covered branches} of a run's --snapshots replays
    (coverage_at_<m>.json) and of its final corpus (at the run's length)."""
    out = {}
    run_dir = os.path.join(results_dir, run["dir"])
    for path in glob.glob(os.path.join(run_dir, "coverage_at_*.json")):
        m = os.path.basename(path)[len("coverage_at_"):-len(".json")]
        try:
            out[float(m)] = json.load(open(path))["branches"]["covered"]
        except (OSError, ValueError, KeyError) as e:
            print("coverage_report: skipping %s: %s" % (path, e), file=sys.stderr)
    if out and run["coverage"]:
        out[(run["meta"].get("seconds") or 0) / 60.0] = run["coverage"]["branches"]["covered"]
    return out


def cov_at(timeline, seconds):
    """libFuzzer's cov: at a time (the last status line by then), None before the first."""
    v = None
    for row in timeline:
        if row["t"] > seconds:
            break
        v = row["cov"]
    return v


def over_time_section(results_dir, scenario, runs, panels):
    """With --snapshots runs: per target, each configuration's median branches
    and cov: at every mark and its ratio to the baseline, as markdown (also
    written to coverage_at_<scenario>.md), and over_time_<scenario>.png
    (branches and cov: against minutes, linear and log time axes)."""
    per = {}  # target -> config -> [ {minutes: branches} ]
    for r in runs:
        b = snapshot_branches(results_dir, r)
        if b:
            per.setdefault(r["meta"]["target"], {}).setdefault(
                r["meta"]["config"], []).append((b, r["timeline"]))
    if not per:
        return []
    md = ["### %s: coverage over the run (corpus snapshots replayed)\n" % scenario,
          "Median over trials of the branches covered by the corpus as it stood at each "
          "mark (`--snapshots`, replayed through the coverage build) and of libFuzzer's "
          "`cov:` then; ratio to `%s`.\n" % BASE]
    rows_tsv = {}
    for t in sorted(per, key=_t_key):
        cfgs = sorted(per[t], key=_cfg_key)
        marks = sorted({m for c in cfgs for b, _ in per[t][c] for m in b})
        med = {}
        for c in cfgs:
            for m in marks:
                bs = [b[m] for b, _ in per[t][c] if m in b]
                cs = [v for v in (cov_at(tl, m * 60 + 1) for _, tl in per[t][c]) if v is not None]
                med[c, m] = (statistics.median(bs) if bs else None,
                             statistics.median(cs) if cs else None, len(bs))
        header = ["minutes"] + ["%s branches" % c for c in cfgs] + \
            ["%s / %s" % (c, BASE) for c in cfgs if c != BASE] + \
            ["%s cov:" % c for c in cfgs] + ["cov: %s / %s" % (c, BASE) for c in cfgs if c != BASE]
        table = []
        for m in marks:
            # A mark some trials lack (a snapshot that was not kept) says so.
            row = ["%g" % m] + [
                _fmt_num(med[c, m][0]) + ("" if med[c, m][2] in (0, len(per[t][c]))
                                          else " (%d of %d)" % (med[c, m][2], len(per[t][c])))
                for c in cfgs]
            for i in (0, 1):
                if i == 1:
                    row += [_fmt_num(med[c, m][1]) for c in cfgs]
                for c in cfgs:
                    if c == BASE:
                        continue
                    a, b = med[c, m][i], med.get((BASE, m), (None, None, 0))[i]
                    row.append("%.3f" % (a / b) if a and b else "-")
            table.append(row)
        rows_tsv[t] = (cfgs, marks, med)
        md.append("%s (%s trial(s)):\n" % (t, max(len(v) for v in per[t].values())))
        md.extend(_md_table(header, table))
        md.append("")
    with open(os.path.join(results_dir, "coverage_at_%s.md" % scenario), "w") as f:
        f.write("\n".join(md) + "\n")
    png = plot_over_time(results_dir, scenario, rows_tsv, panels)
    if png:
        md.append("![%s: branches and cov: against time, linear and log](%s)\n" % (
            scenario, os.path.basename(png)))
    return md


def plot_over_time(results_dir, scenario, rows_tsv, panels):
    """over_time_<scenario>.png: per target a row of four panels, median
    branches (at the snapshot marks) and cov: against minutes, each with a
    linear and a logarithmic time axis."""
    if shutil.which("gnuplot") is None or not rows_tsv:
        return None
    cov_data = {p["target"]: p["data"] for p in panels if p.get("data")}
    ts_dir = os.path.join(results_dir, "timeseries", scenario)
    os.makedirs(ts_dir, exist_ok=True)
    png = os.path.join(results_dir, "over_time_%s.png" % scenario)
    lines = ["set terminal pngcairo size 1600,%d font 'Sans,10'" % (360 * len(rows_tsv) + 40),
             "set output '%s'" % _gp_str(png),
             "set datafile separator '\\t'", "set datafile missing 'NaN'",
             "set grid", "set key left top",
             "set multiplot layout %d,4 title \"%s: coverage against time (median over "
             "trials)\" font 'Sans,12'" % (len(rows_tsv), scenario)]
    for t, (cfgs, marks, med) in sorted(rows_tsv.items(), key=lambda kv: _t_key(kv[0])):
        data = os.path.join(ts_dir, "%s_branches.tsv" % t)
        with open(data, "w") as f:
            f.write("minutes\t" + "\t".join(cfgs) + "\n")
            for m in marks:
                f.write("%g\t%s\n" % (m, "\t".join(
                    "NaN" if med[c, m][0] is None else "%g" % med[c, m][0] for c in cfgs)))
        colors, spare = {}, iter(SPARE_COLORS)
        for c in cfgs:
            colors[c] = COLORS.get(c) or next(spare, "#555555")
        for log in (False, True):
            plots = ["'%s' using 1:%d with linespoints lw 2 pt 7 lc rgb '%s' title '%s'" % (
                _gp_str(data), i + 2, colors[c], _gp_str(c)) for i, c in enumerate(cfgs)]
            lines += ["set logscale x" if log else "unset logscale x",
                      "set xrange [%g:%g]" % (min(marks) if log else 0, max(marks)),
                      "set xlabel 'minutes%s'" % (" (log)" if log else ""),
                      "set ylabel 'branches'",
                      "set title '%s: branches of the corpus%s'" % (t, ", log time" if log else ""),
                      "plot " + ", ".join(plots)]
        cd = cov_data.get(t)
        for log in (False, True):
            if not cd or not os.path.exists(cd):
                lines.append("set multiplot next")
                continue
            with open(cd) as f:
                ccfgs = f.readline().rstrip("\n").split("\t")[1:]
            plots = ["'%s' using ($1/60):%d with lines lw 2 lc rgb '%s' title '%s'" % (
                _gp_str(cd), i + 2, colors.get(c, "#555555"), _gp_str(c))
                for i, c in enumerate(ccfgs)]
            lines += ["set logscale x" if log else "unset logscale x",
                      "set xrange [%g:%g]" % (0.1 if log else 0, max(marks)),
                      "set xlabel 'minutes%s'" % (" (log)" if log else ""),
                      "set ylabel 'cov: (edges)'",
                      "set title '%s: libFuzzer cov:%s'" % (t, ", log time" if log else ""),
                      "plot " + ", ".join(plots)]
    lines.append("unset multiplot")
    return png if _run_gnuplot("\n".join(lines) + "\n", "the %s over-time plot" % scenario) \
        else None


def plot_stages(results_dir, scenario, target, rows):
    """Bars of each configuration's branches per stage, as a ratio to plain's
    (rows as cmd_semantic makes them); writes semantic_<t>_<scenario>.png."""
    if shutil.which("gnuplot") is None or not rows:
        return None
    data = os.path.join(results_dir, "timeseries", scenario, "%s_stages.tsv" % target)
    os.makedirs(os.path.dirname(data), exist_ok=True)
    with open(data, "w") as f:
        f.write("config\tparsing stage\tsemantic stage\n")
        for r in rows:
            f.write("%s\t%s\t%s\n" % (r[0], r[3] if r[3] != "-" else "NaN",
                                       r[5] if r[5] != "-" else "NaN"))
    png = os.path.join(results_dir, "semantic_%s_%s.png" % (target, scenario))
    script = "\n".join([
        "set terminal pngcairo size 760,480 font 'Sans,11'",
        "set output '%s'" % png,
        "set datafile separator '\\t'",
        "set datafile missing 'NaN'",
        "set title \"%s (%s): covered branches per stage / %s's, median of trials\"" % (
            target, scenario, BASE),
        "set style data histogram",
        "set style histogram clustered gap 1",
        "set style fill solid 0.8 border -1",
        "set key left top",
        "set grid ytics",
        "set yrange [0.8:*]",
        "set ylabel 'branches / %s'" % BASE,
        "plot '%s' using 2:xtic(1) title columnhead lc rgb '#4477aa', "
        "'' using 3 title columnhead lc rgb '#ee6677'" % data,
    ])
    return png if _run_gnuplot(script, "%s stages" % target) else None


def plot_ratios(results_dir, scenario, agg_sc, targets):
    """Bars: each configuration's median branches / plain's, per target, with the
    trials' range (min and max / plain's median) as error bars and a line at 1;
    writes ratios_<scenario>.png. None without plain runs or gnuplot."""
    cfgs = sorted({c for t in targets for c in agg_sc.get(t, {}) if c != BASE}, key=_cfg_key)
    ts = [t for t in targets if agg_sc.get(t, {}).get(BASE, {}).get("branches_median")]
    if not cfgs or not ts or shutil.which("gnuplot") is None:
        return None
    data = os.path.join(results_dir, "timeseries", scenario, "ratios.tsv")
    os.makedirs(os.path.dirname(data), exist_ok=True)
    with open(data, "w") as f:
        f.write("# target\t" + "\t".join("%s\t%s min\t%s max" % (c, c, c) for c in cfgs) + "\n")
        for t in ts:
            base = agg_sc[t][BASE]["branches_median"]
            cells = []
            for c in cfgs:
                a = agg_sc[t].get(c)
                if a is None or a.get("branches_median") is None:
                    cells += ["NaN"] * 3
                else:
                    cells += ["%.4f" % (a[k] / base)
                              for k in ("branches_median", "branches_min", "branches_max")]
            f.write("%s\t%s\n" % (t, "\t".join(cells)))
    png = os.path.join(results_dir, "ratios_%s.png" % scenario)
    plots = []
    for i, c in enumerate(cfgs):
        col = 2 + 3 * i
        plots.append("'%s' using %d:%d:%d%s title '%s' lc rgb '%s'" % (
            data, col, col + 1, col + 2, ":xtic(1)" if i == 0 else "", c,
            COLORS.get(c, "#555555")))
    script = "\n".join([
        "set terminal pngcairo size %d,480 font 'Sans,11'" % max(640, 110 * len(ts) * len(cfgs)),
        "set output '%s'" % png,
        "set datafile separator '\\t'",
        "set datafile missing 'NaN'",
        "set title \"%s: median branches / %s's median (bars: trials' min-max)\"" % (
            "from seeds" if scenario == "seeded" else "from an empty corpus", BASE),
        "set style data histogram",
        "set style histogram errorbars gap 1 lw 1",
        "set style fill solid 0.8 border -1",
        "set key left top",
        "set grid ytics",
        "set yrange [0.8:*]",
        "set ylabel 'branches / %s'" % BASE,
        "set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lw 2 lc rgb '#333333'",
        "plot " + ", \\\n     ".join(plots),
    ])
    return png if _run_gnuplot(script, "the %s ratios" % scenario) else None


def _read_parts(rd):
    parts = []
    pp = os.path.join(rd, "parts.jsonl")
    if os.path.exists(pp):
        with open(pp) as f:
            for line in f:
                line = line.strip()
                if line:
                    try:
                        parts.append(json.loads(line))
                    except ValueError:
                        pass
    if not parts and os.path.exists(os.path.join(rd, "bench.json")):
        parts.append(json.load(open(os.path.join(rd, "bench.json"))))
    return parts


def _md_table(header, rows, align=None):
    out = ["| " + " | ".join(header) + " |"]
    out.append("|" + "|".join(align or (["---"] + ["---:"] * (len(header) - 1))) + "|")
    for r in rows:
        out.append("| " + " | ".join(r) + " |")
    return out


def _txt_table(header, rows):
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
    out = ["  ".join(h.ljust(widths[i]) if i == 0 else h.rjust(widths[i])
                     for i, h in enumerate(header))]
    for row in rows:
        out.append("  ".join(c.ljust(widths[i]) if i == 0 else c.rjust(widths[i])
                             for i, c in enumerate(row)))
    return out


def _row_of(r):
    m, c, s = r["meta"], r["coverage"] or {}, r["summary"]
    return {
        "scenario": m["scenario"], "target": m["target"], "config": m["config"],
        "trial": m["trial"], "seconds": m.get("seconds"), "fuzz_seconds": m.get("fuzz_seconds"),
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
        "peak_rss_mb": s["peak_rss_mb"] or None, "segments": s["segments"],
        "crashes": len(s["crashes"]), "artifacts": len(s["artifacts"]),
        "grammut_cpu_pct": s.get("grammut_cpu_pct"),
        "git_commit": m.get("git_commit"), "git_dirty": m.get("git_dirty"),
        "libgrammut_sha256": m.get("libgrammut_sha256"), "part": m.get("part"),
        "crash_signatures": sorted({x["signature"] for x in s["crashes"] if not x["hang"]}),
        "hang_signatures": sorted({x["signature"] for x in s["crashes"] if x["hang"]}),
        # signature -> seconds into the trial it was first reported (None: unknown)
        "signature_seconds": _first_seconds(s["crashes"]),
        "grammut_stats": s["grammut_stats"], "dict_entries": s["dict_entries"],
        "load_start": m.get("load_start"), "load_end": m.get("load_end"),
        "dir": r["dir"],
    }


def _first_seconds(crashes):
    """Signature -> the earliest time (s) a trial reported it, None if unknown."""
    first = {}
    for c in crashes:
        t = c.get("seconds")
        if c["signature"] not in first:
            first[c["signature"]] = t
        elif t is not None and (first[c["signature"]] is None or t < first[c["signature"]]):
            first[c["signature"]] = t
    return first


def _found_note(x_found, trials):
    """'2 of 3 trials, first after 4.1 min' from per-trial first times."""
    known = [t for t in x_found if t is not None]
    note = "%d of %d trial%s" % (len(x_found), trials, "" if trials == 1 else "s")
    if known:
        note += ", first after %.1f min" % (min(known) / 60.0)
    return note


def _aggregate(xs):
    b = [x["branches_covered"] for x in xs if x["branches_covered"] is not None]
    l = [x["lines_covered"] for x in xs if x["lines_covered"] is not None]
    return {
        "trials": len(xs),
        "branches_median": _median(b), "branches_min": min(b) if b else None,
        "branches_max": max(b) if b else None,
        "branches_total": xs[0]["branches_total"],
        "lines_median": _median(l), "lines_min": min(l) if l else None,
        "lines_max": max(l) if l else None, "lines_total": xs[0]["lines_total"],
        "exec_per_sec_median": _median([x["exec_per_sec"] for x in xs]),
        "corpus_median": _median([x["corpus_inputs"] for x in xs]),
        "libfuzzer_cov_median": _median([x["libfuzzer_cov"] for x in xs]),
        "peak_rss_mb_median": _median([x["peak_rss_mb"] for x in xs]),
        "peak_rss_mb_max": max([x["peak_rss_mb"] or 0 for x in xs]),
        "grammut_cpu_pct_median": _median([x["grammut_cpu_pct"] for x in xs]),
        "seconds": sorted({x["seconds"] for x in xs if x["seconds"] is not None}),
        "restarts": sum(max(x["segments"] - 1, 0) for x in xs),
        "crash_signatures": sorted({s for x in xs for s in x["crash_signatures"]}),
        "hang_signatures": sorted({s for x in xs for s in x["hang_signatures"]}),
        "crash_trials": sum(1 for x in xs if x["crash_signatures"]),
        # signature -> the time each trial that reported it first did
        "signature_found": {sig: [x["signature_seconds"].get(sig) for x in xs
                                  if sig in x["signature_seconds"]]
                            for sig in {s for x in xs for s in x["signature_seconds"]}},
        "hang_trials": sum(1 for x in xs if x["hang_signatures"]),
        "libgrammut_sha256": sorted({x["libgrammut_sha256"] for x in xs
                                     if x["libgrammut_sha256"]}),
    }


def cmd_report(args):
    rd = args.results_dir
    runs = collect(rd)
    if not runs:
        raise SystemExit("coverage_report: no runs under %s/runs" % rd)
    parts = _read_parts(rd)
    rows = [_row_of(r) for r in runs]
    set_base(x["config"] for x in rows)
    rows.sort(key=lambda x: (_sc_key(x["scenario"]), _t_key(x["target"]), _cfg_key(x["config"]),
                             x["trial"]))
    scenarios = sorted({x["scenario"] for x in rows}, key=_sc_key)
    targets = sorted({x["target"] for x in rows}, key=_t_key)
    with open(os.path.join(rd, "results.csv"), "w", newline="") as f:
        cols = [k for k in rows[0]
                if k not in ("crash_signatures", "hang_signatures", "grammut_stats",
                             "signature_seconds")]
        w = csv.writer(f)
        w.writerow(cols)
        for x in rows:
            w.writerow(["" if x[k] is None else x[k] for k in cols])

    # aggregates[scenario][target][config]
    agg = {}
    for sc in scenarios:
        agg[sc] = {}
        for t in targets:
            trs = [x for x in rows if x["scenario"] == sc and x["target"] == t]
            if not trs:
                continue
            agg[sc][t] = {}
            for cfg in sorted({x["config"] for x in trs}, key=_cfg_key):
                agg[sc][t][cfg] = _aggregate([x for x in trs if x["config"] == cfg])
            base = agg[sc][t].get(BASE, {}).get("branches_median")
            for cfg, a in agg[sc][t].items():
                a["ratio_vs_base"] = (a["branches_median"] / base
                                       if base and a["branches_median"] is not None else None)

    md, txt, warnings = [], [], []
    dates = sorted({p.get("date") for p in parts if p.get("date")})
    md.append("# grammut coverage benchmark, %s\n" % (
        ", ".join(dates) if dates else os.path.basename(os.path.abspath(rd))))

    # ---- setup: parts, commits, library builds
    if parts:
        md.append("Made in %d part(s), each with its exact command line:\n" % len(parts))
        for p in parts:
            md.append("- %s on `%s` (%s cores, %s fuzzers at a time, %s s per trial): %s; "
                      "commit %s%s, libgrammut.so `%s`" % (
                          p.get("started", "?"), p.get("host", "?"), p.get("cores", "?"),
                          p.get("jobs", "?"), p.get("seconds_per_trial", "?"),
                          "`%s`" % p["command"] if p.get("command")
                          else "command not recorded",
                          "`%s`" % p["git_commit"][:12] if p.get("git_commit")
                          else "not recorded",
                          " (uncommitted changes)" if p.get("git_dirty") else "",
                          (p.get("libgrammut_sha256") or "-")[:16]))
        md.append("")
    flags = sorted({p.get("libfuzzer_flags") for p in parts if p.get("libfuzzer_flags")})
    loads = [x for r in rows for x in (r["load_start"], r["load_end"]) if x is not None]
    starts = {"seeded": "from a fresh copy of `harness_examples/<t>/seeds` (scenario `seeded`)",
              "empty": "from an empty corpus directory (scenario `empty`; libFuzzer then "
                       "starts from a single newline)"}
    md.append("Every run gets `%s` and starts %s%s.\n" % (
        "`, `".join(flags) if flags else "-max_len=4096 -len_control=0 -timeout=10",
        " or ".join(starts.get(sc, "scenario `%s`" % sc) for sc in scenarios),
        "; 1-min load average seen at run starts/ends: %.1f-%.1f (the machine may be "
        "shared)" % (min(loads), max(loads)) if loads else ""))
    commits = {}
    for x in rows:
        key = ((x["git_commit"] or "unknown")[:12], bool(x["git_dirty"]))
        commits[key] = commits.get(key, 0) + 1
    if any(k[0] != "unknown" for k in commits):
        md.append("Commits: " + ", ".join(
            "`%s`%s (%d runs)" % (c, " + uncommitted changes" if d else "", n)
            for (c, d), n in sorted(commits.items())) + ".\n")
    shas = {}
    for x in rows:
        if x["config"].startswith("grammut") and x["libgrammut_sha256"]:
            shas[x["libgrammut_sha256"]] = shas.get(x["libgrammut_sha256"], 0) + 1
    if shas:
        md.append("libgrammut.so builds used by grammut runs (sha256): " + ", ".join(
            "`%s` (%d runs)" % (s[:16], n) for s, n in sorted(shas.items())) + ".\n")
    for sc in scenarios:
        for t in agg[sc]:
            gsh = sorted({s for cfg, a in agg[sc][t].items() if cfg.startswith("grammut")
                          for s in a["libgrammut_sha256"]})
            if len(gsh) > 1:
                warnings.append("%s/%s: the grammut runs used %d different libgrammut.so "
                                "builds (%s)" % (sc, t, len(gsh),
                                                 ", ".join(s[:16] for s in gsh)))
            secs = sorted({s for a in agg[sc][t].values() for s in a["seconds"]})
            if len(secs) > 1:
                warnings.append("%s/%s: runs of different lengths are mixed (%s s)" % (
                    sc, t, ", ".join(_fmt_num(s) for s in secs)))
    for w_ in warnings:
        md.append("**Warning:** %s.\n" % w_)
        print("warning: " + w_, file=sys.stderr)
    md.append("Coverage = the final corpus replayed through the `-fprofile-instr-generate "
              "-fcoverage-mapping` build (`cov_<t>`), `llvm-cov export -summary-only`, "
              "restricted to the library's own sources. Branches/lines: covered count, "
              "median [min-max] over trials. `/ {base}`: median branch coverage / {base}'s "
              "median in the same scenario. exec/s: median over trials of total executions / "
              "fuzzing time. Peak RSS: the largest of libFuzzer's `rss:` values and "
              "`stat::peak_rss_mb`, plus the peak RSS of grammut's parse helper "
              "process (its stats line) where there is one, median over trials. grammut cpu: the share of CPU time "
              "grammut's last stats line reports (`cpu N%`; of the segment with the most executions when a trial restarted), median. Crashes: distinct "
              "signatures (sanitizer report kind + top 3 stack frames) over all trials, and in "
              "how many trials any was found; timeouts (>10 s) and OOMs (>2048 MB) are counted "
              "apart. cov: = libFuzzer's final edge count (median).\n".replace("{base}", BASE))

    # ---- headline: ratios per target and scenario
    head = ["target"]
    cols = []
    for sc in scenarios:
        present = {c for t in agg[sc] for c in agg[sc][t]}
        cols.append((sc, BASE, "branches"))
        cols.append((sc, "grammut", "branches"))
        cols.append((sc, "grammut", "ratio"))
        # every other configuration (ablations, grammut-no-<op>, grammut-cpu-<share>)
        for c in sorted(present - {BASE, "grammut"}, key=_cfg_key):
            cols.append((sc, c, "ratio"))
    for sc, c, kind in cols:
        head.append("%s: %s" % (sc, c if kind == "branches" else c + " / " + BASE))
    hrows = []
    for t in targets:
        row = [t]
        for sc, c, kind in cols:
            a = agg[sc].get(t, {}).get(c)
            if a is None:
                row.append("-")
            elif kind == "branches":
                row.append(_range(a["branches_median"], a["branches_min"], a["branches_max"]))
            else:
                row.append(_ratio(a["ratio_vs_base"]))
        hrows.append(row)
    md.append("## grammut / %s: median branch coverage\n" % BASE)
    md.append("Branches covered, median [min-max] over trials; ratios are medians over "
              "%s's median in the same scenario (> 1: grammut ahead).\n" % BASE)
    md.extend(_md_table(head, hrows))
    md.append("")
    for sc in scenarios:
        png = plot_ratios(rd, sc, agg[sc], targets)
        if png:
            md.append("![%s: branches / %s per target](%s)\n" % (
                sc, BASE, os.path.basename(png)))
    txt.append("== grammut / %s: median branch coverage" % BASE)
    txt.extend(_txt_table(head, hrows))
    txt.append("")

    # ---- how soon grammut reaches plain's final coverage
    trows = []
    for sc in scenarios:
        for t in targets:
            trs = [r for r in runs if r["meta"]["scenario"] == sc and r["meta"]["target"] == t]
            by = {c: [r["timeline"] for r in trs if r["meta"]["config"] == c and r["timeline"]]
                  for c in (BASE, "grammut")}
            if not by[BASE] or not by["grammut"]:
                continue
            duration = max(r["meta"].get("seconds") or 0 for r in trs) or 60
            step = max(duration / 300.0, 1.0)
            plain_s = median_series(by[BASE], duration, step)
            final = next((v for _, v in reversed(plain_s) if v is not None), None)
            if final is None:
                continue
            reach = time_to_reach(median_series(by["grammut"], duration, step), final)
            if "grammut" in agg[sc].get(t, {}):
                agg[sc][t]["grammut"]["reach_plain_final_s"] = reach
                agg[sc][t]["grammut"]["reach_step_s"] = step
            trows.append([t, sc, _fmt_num(final),
                          "not within %d s" % duration if reach is None
                          else ("≤ %d s" if reach <= step else "%d s") % reach,
                          "-" if not reach else ("≥ %.0f×" if reach <= step else "%.1f×") % (
                              duration / reach)])
    if trows:
        theadr = ["target", "scenario", "%s's final cov: (median)" % BASE,
                  "grammut's median reaches it after", "time ratio"]
        md.append("## How soon grammut reaches %s's final coverage\n" % BASE)
        md.append("libFuzzer's `cov:` (covered edges) over time, median over trials; the time "
                  "ratio is the run length over the time grammut's median curve needs to "
                  "reach %s's median at the end.\n" % BASE)
        md.extend(_md_table(theadr, trows, ["---", "---"] + ["---:"] * 3))
        md.append("")
        txt.append("== how soon grammut reaches %s's final cov:" % BASE)
        txt.extend(_txt_table(theadr, trows))
        txt.append("")

    # ---- memory and CPU
    mhead = ["target", "scenario", "%s peak RSS MB" % BASE, "grammut peak RSS MB",
             "grammut - %s MB" % BASE, "grammut cpu %", "exec/s %s -> grammut" % BASE]
    mrows = []
    for t in targets:
        for sc in scenarios:
            a = agg[sc].get(t, {})
            p, g = a.get(BASE), a.get("grammut")
            if p is None and g is None:
                continue
            pr = p["peak_rss_mb_median"] if p else None
            gr = g["peak_rss_mb_median"] if g else None
            mrows.append([
                t, sc, _fmt_num(pr), _fmt_num(gr),
                "-" if pr is None or gr is None else "%+d" % round(gr - pr),
                _fmt_num(g["grammut_cpu_pct_median"], 1) if g and
                g["grammut_cpu_pct_median"] is not None else "-",
                "%s -> %s" % ("%d" % round(p["exec_per_sec_median"])
                              if p and p["exec_per_sec_median"] is not None else "-",
                              "%d" % round(g["exec_per_sec_median"])
                              if g and g["exec_per_sec_median"] is not None else "-")])
    if mrows:
        md.append("## Memory and speed (medians over trials)\n")
        md.extend(_md_table(mhead, mrows, ["---", "---"] + ["---:"] * (len(mhead) - 2)))
        md.append("")
        txt.append("== memory and speed (medians over trials)")
        txt.extend(_txt_table(mhead, mrows))
        txt.append("")

    # ---- per scenario and target
    for sc in scenarios:
        md.append("## Scenario `%s` (%s)\n" % (
            sc, "seed corpus" if sc == "seeded" else "empty corpus"))
        panels = []  # one panel of coverage_<sc>.png per target
        for t in targets:
            if t not in agg[sc]:
                continue
            cfgs = sorted(agg[sc][t], key=_cfg_key)
            first = agg[sc][t][cfgs[0]]
            btot, ltot = first["branches_total"], first["lines_total"]
            multi = any(agg[sc][t][c]["trials"] > 1 for c in cfgs)
            rng = " med [min-max]" if multi else ""
            header = ["config", "trials", "branches" + rng, "branch %", "lines" + rng, "line %",
                      "/ " + BASE, "exec/s", "corpus", "cov:", "peak RSS MB", "grammut cpu %",
                      "crashes", "timeouts/OOMs"]
            table = []
            for cfg in cfgs:
                a = agg[sc][t][cfg]

                def pct(v, tot):
                    return "-" if v is None or not tot else "%.2f" % (100.0 * v / tot)
                table.append([
                    cfg, str(a["trials"]),
                    _range(a["branches_median"], a["branches_min"], a["branches_max"]),
                    pct(a["branches_median"], btot),
                    _range(a["lines_median"], a["lines_min"], a["lines_max"]),
                    pct(a["lines_median"], ltot),
                    _ratio(a["ratio_vs_base"]),
                    "-" if a["exec_per_sec_median"] is None
                    else "%d" % round(a["exec_per_sec_median"]),
                    _fmt_num(a["corpus_median"]),
                    _fmt_num(a["libfuzzer_cov_median"]),
                    _fmt_num(a["peak_rss_mb_median"]),
                    "-" if a["grammut_cpu_pct_median"] is None
                    else _fmt_num(a["grammut_cpu_pct_median"], 1),
                    "%d (%d/%d trials)" % (len(a["crash_signatures"]), a["crash_trials"],
                                            a["trials"]) if a["crash_signatures"] else "0",
                    "%d (%d/%d trials)" % (len(a["hang_signatures"]), a["hang_trials"],
                                            a["trials"]) if a["hang_signatures"] else "0",
                ])
            sub = "%s, %s (%s branches, %s lines in the library sources)" % (t, sc, btot, ltot)
            md.append("### %s\n" % sub)
            md.extend(_md_table(header, table, ["---"] + ["---:"] * (len(header) - 1)))
            md.append("")
            allsigs = {}
            for cfg in cfgs:
                for s_ in agg[sc][t][cfg]["crash_signatures"] + agg[sc][t][cfg]["hang_signatures"]:
                    allsigs.setdefault(s_, []).append(cfg)
            if allsigs:
                md.append("Crashes, timeouts and OOMs (deduplicated; a timeout/OOM is named by "
                          "the library call the harness made):\n")
                for s_, cs in sorted(allsigs.items()):
                    md.append("- `%s` (%s)" % (s_, "; ".join(
                        "%s: %s" % (cfg, _found_note(agg[sc][t][cfg]["signature_found"].get(s_, []),
                                                     agg[sc][t][cfg]["trials"]))
                        for cfg in cs)))
                md.append("")
            restarts = {cfg: agg[sc][t][cfg]["restarts"] for cfg in cfgs
                        if agg[sc][t][cfg]["restarts"]}
            if restarts:
                md.append("Fuzzer restarts after a crash/timeout/OOM (the run then continued on "
                          "the same corpus): %s\n" % ", ".join(
                              "%s %d" % kv for kv in restarts.items()))
            trs = [r for r in runs if r["meta"]["scenario"] == sc and r["meta"]["target"] == t]
            if BASE in cfgs and "grammut" in cfgs:
                md.extend(_report_function_lines(rd, trs, "grammut"))
            # plot
            duration = max(r["meta"].get("seconds") or 0 for r in trs) or 60
            step = max(duration / 300.0, 1.0)
            series = {}
            for cfg in cfgs:
                series[cfg] = median_series([r["timeline"] for r in trs
                                             if r["meta"]["config"] == cfg], duration, step)
            panels.append({"target": t, "data": write_series(rd, sc, t, series),
                           "duration": duration,
                           "trials": max(agg[sc][t][c]["trials"] for c in cfgs)})
            txt.append("== " + sub)
            txt.extend(_txt_table(header, table))
            for s_, cs in sorted(allsigs.items()):
                txt.append("  found: %s (%s)" % (s_, ", ".join(cs)))
            txt.append("")
        png = plot_coverage(rd, sc, panels)
        if png:
            md.append("![%s: coverage over time, one panel per target](%s)\n" % (
                sc, os.path.basename(png)))
        md.extend(over_time_section(rd, sc, [r for r in runs if r["meta"]["scenario"] == sc],
                                    panels))

    # ---- grammut stats lines
    gs = [x for x in rows if x["grammut_stats"]]
    if gs:
        md.append("## grammut mutator stats (last stats line of each run)\n")
        for x in gs:
            md.append("- %s/%s/%s trial %s: `%s`" % (x["scenario"], x["target"], x["config"],
                                                     x["trial"], x["grammut_stats"]))
        md.append("")
    md.append("Per trial: `results.csv`. Not committed (working files on the machine that ran "
              "it, see .gitignore): the parts (`parts.jsonl`), the median cov: over time "
              "(`timeseries/<scenario>/<target>.tsv`) and per run "
              "`runs/<scenario>/<target>/<config>/trial<N>/` (meta.json, fuzz.log.gz, "
              "timeline.tsv, coverage.json with per-file counts, summary.json, artifacts/). "
              "Per-file differences (from runs/): `bench/coverage_report.py filediff %s TARGET "
              "plain grammut --scenario S`; per function (runs with functions.tsv.gz): "
              "`funcdiff`, same arguments.\n" % os.path.basename(os.path.abspath(rd)))
    with open(os.path.join(rd, "report.md"), "w") as f:
        f.write("\n".join(md))
    print("\n".join(txt))


def cmd_filediff(args):
    rd = args.results_dir
    runs = [r for r in collect(rd, with_timelines=False)
            if r["meta"]["target"] == args.target and r["meta"]["scenario"] == args.scenario]
    if not runs:
        raise SystemExit("coverage_report: no %s runs of %s under %s/runs" % (
            args.scenario, args.target, rd))
    per_cfg = {}
    for name in (args.config_a, args.config_b):
        rs = [r for r in runs if r["meta"]["config"] == name]
        if not rs:
            have = sorted({r["meta"]["config"] for r in runs}, key=_cfg_key)
            raise SystemExit("coverage_report: no %s runs of %s/%s (configs there: %s)" % (
                args.scenario, args.target, name, ", ".join(have)))
        files = [(r["coverage"] or {}).get("files") for r in rs]
        if any(f is None for f in files):
            raise SystemExit("coverage_report: %s/%s/%s: coverage.json has no per-file data "
                             "(runs made before per-file recording); re-run them" % (
                                 args.scenario, args.target, name))
        per_cfg[name] = files
    names = sorted({f for fl in per_cfg.values() for files in fl for f in files})
    m = args.metric
    out = []
    for f in names:
        vals = {}
        total = None
        for name, fl in per_cfg.items():
            covered = [files.get(f, {}).get(m, [0, 0])[0] for files in fl]
            counts = [files[f][m][1] for files in fl if f in files and m in files[f]]
            if counts:
                total = counts[0]
            vals[name] = _median(covered)
        a, b = vals[args.config_a], vals[args.config_b]
        out.append((f, a, b, b - a, total))
    out.sort(key=lambda x: (-abs(x[3]), x[0]))
    if not args.all:
        out = [x for x in out if x[3] != 0] or out[:1]
    head = ["file", "%s %s" % (args.config_a, m), "%s %s" % (args.config_b, m), "B - A", "total"]
    rows = [[f, _fmt_num(a), _fmt_num(b), "%+g" % d, _fmt_num(tot)] for f, a, b, d, tot in out]
    ta = sum(x[1] for x in out)
    tb = sum(x[2] for x in out)
    print("%s, scenario %s: median covered %s per file over %d trial(s) of %s (A) and %d of "
          "%s (B), sorted by |B - A|%s" % (
              args.target, args.scenario, m, len(per_cfg[args.config_a]), args.config_a,
              len(per_cfg[args.config_b]), args.config_b,
              "" if args.all else "; files with no difference left out (--all shows them)"))
    for line in _txt_table(head, rows):
        print(line)
    print("sum of the medians shown: A %s, B %s, B - A %+g" % (_fmt_num(ta), _fmt_num(tb),
                                                               tb - ta))


def _run_functions(results_dir, run):
    """A run's per-function table: its functions.tsv.gz, or (runs replayed before
    it was written) made now from the replay profile left in the work directory
    and saved beside coverage.json. None when neither exists."""
    run_dir = os.path.join(results_dir, run["dir"])
    path = os.path.join(run_dir, FUNCTIONS_FILE)
    if not os.path.exists(path):
        meta = run["meta"]
        t = meta["target"]
        profdata = os.path.join(os.path.dirname(meta.get("corpus", "")), "replay",
                                "merged.profdata")
        tdir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build",
                            "targets", t)
        cov_bin = os.path.join(tdir, "cov_" + t)
        if not (os.path.exists(profdata) and os.path.exists(cov_bin)):
            return None
        with open(os.path.join(tdir, "sources.txt")) as f:
            sources = f.read().strip()
        write_function_coverage(path, function_coverage(cov_bin, sources, profdata))
        print("coverage_report: wrote %s from %s" % (path, profdata), file=sys.stderr)
    return read_function_coverage(path)


def function_differences(tables_a, tables_b):
    """Functions whose median covered branches differ between two lists of per-run
    tables: [((file, function), median A, median B, B - A, branches)], largest
    |B - A| first."""
    keys = sorted({k for tab in tables_a + tables_b for k in tab})
    out = []
    for k in keys:
        a = _median([tab.get(k, (0, 0))[0] for tab in tables_a])
        b = _median([tab.get(k, (0, 0))[0] for tab in tables_b])
        if a != b:
            total = max(tab[k][1] for tab in tables_a + tables_b if k in tab)
            out.append((k, a, b, b - a, total))
    out.sort(key=lambda x: (-abs(x[3]), x[0]))
    return out


def cmd_funcdiff(args):
    """Per-function branch coverage of two configurations (medians over trials):
    what one reaches that the other does not, inside one file too (SQLite's
    amalgamation, nlohmann's header)."""
    rd = args.results_dir
    runs = []
    for meta_path in sorted(glob.glob(os.path.join(rd, "runs", args.scenario, args.target, "*",
                                                   "trial*", "meta.json"))):
        runs.append({"dir": os.path.relpath(os.path.dirname(meta_path), rd),
                     "meta": json.load(open(meta_path))})
    tables = {}
    for name in (args.config_a, args.config_b):
        rs = [r for r in runs if r["meta"]["config"] == name]
        if not rs:
            have = sorted({r["meta"]["config"] for r in runs}, key=_cfg_key)
            raise SystemExit("coverage_report: no %s runs of %s/%s under %s/runs (configs "
                             "there: %s)" % (args.scenario, args.target, name, rd,
                                             ", ".join(have) or "none"))
        tabs = [_run_functions(rd, r) for r in rs]
        missing = [r["dir"] for r, tab in zip(rs, tabs) if tab is None]
        if missing:
            raise SystemExit("coverage_report: no per-function coverage for %s (neither %s nor "
                             "the replay profile in its work directory)" % (
                                 ", ".join(missing), FUNCTIONS_FILE))
        tables[name] = tabs
    out = function_differences(tables[args.config_a], tables[args.config_b])
    gain = sum(x[3] for x in out if x[3] > 0)
    loss = sum(x[3] for x in out if x[3] < 0)
    print("%s, scenario %s: median covered branches per function over %d trial(s) of %s (A) "
          "and %d of %s (B); %d functions differ: B ahead by %+g in %d, behind by %+g in %d; "
          "the %d largest differences:" % (
              args.target, args.scenario, len(tables[args.config_a]), args.config_a,
              len(tables[args.config_b]), args.config_b, len(out), gain,
              sum(1 for x in out if x[3] > 0), loss, sum(1 for x in out if x[3] < 0),
              min(args.top, len(out))))
    head = ["file", "function", "A", "B", "B - A", "branches"]
    rows = [[f, fn, _fmt_num(a), _fmt_num(b), "%+g" % d, _fmt_num(tot)]
            for (f, fn), a, b, d, tot in out[:args.top]]
    if rows:
        for line in _txt_table(head, rows):
            print(line)


def _report_function_lines(rd, trs, cfg):
    """Markdown lines: where `cfg` differs from BASE per function (5 largest
    each way), from the runs' functions.tsv.gz; none when a run lacks one."""
    tables = {}
    for name in (BASE, cfg):
        paths = [os.path.join(rd, r["dir"], FUNCTIONS_FILE) for r in trs
                 if r["meta"]["config"] == name]
        if not paths or not all(os.path.exists(p) for p in paths):
            return []
        tables[name] = [read_function_coverage(p) for p in paths]
    out = function_differences(tables[BASE], tables[cfg])
    if not out:
        return []

    def names(xs):
        return ", ".join("`%s` %+g" % (fn.split(":")[-1] if ":" in fn and "::" not in fn
                                       else fn[:60], d) for (f, fn), a, b, d, tot in xs)
    ahead = [x for x in out if x[3] > 0]
    behind = [x for x in out if x[3] < 0]
    lines = ["Per function, %s against %s (median branches): ahead by %+g in %d functions, "
             "behind by %+g in %d." % (cfg, BASE, sum(x[3] for x in ahead), len(ahead),
                                       sum(x[3] for x in behind), len(behind))]
    if ahead:
        lines.append("Most ahead: " + names(ahead[:5]) + ".")
    if behind:
        lines.append("Most behind: " + names(behind[:5]) + ".")
    return [" ".join(lines), ""]


def cmd_semantic(args):
    """Branches covered in each target's parsing and semantic stages."""
    rd = args.results_dir
    runs = [r for r in collect(rd, with_timelines=False) if r["meta"]["scenario"] == args.scenario]
    targets = sorted({r["meta"]["target"] for r in runs}, key=_t_key)
    lines = ["# Parsing stage vs semantic stage (%s)" % args.scenario, "",
             "Median covered branches over trials, per stage (the parsing stage's files are "
             "listed in bench/coverage_report.py FRONT_END_FILES; every other library file is "
             "the semantic stage). Ratios are against plain.", ""]
    for t in targets:
        front = FRONT_END_FILES.get(t)
        if front is None:
            lines += ["## %s" % t, "", "No split: %s is not divided into stages here." % t, ""]
            continue
        configs = sorted({r["meta"]["config"] for r in runs if r["meta"]["target"] == t},
                         key=_cfg_key)
        rows, base = [], {}
        for c in configs:
            fronts, sems = [], []
            for r in runs:
                if r["meta"]["target"] != t or r["meta"]["config"] != c:
                    continue
                files = (r["coverage"] or {}).get("files") or {}
                f_cov = sum(v.get("branches", [0, 0])[0] for k, v in files.items()
                            if os.path.basename(k) in front)
                s_cov = sum(v.get("branches", [0, 0])[0] for k, v in files.items()
                            if os.path.basename(k) not in front)
                fronts.append(f_cov)
                sems.append(s_cov)
            if not sems:
                continue
            mf, ms = _median(fronts), _median(sems)
            base.setdefault("f", mf)
            base.setdefault("s", ms)
            rows.append([c, str(len(sems)), _fmt_num(mf),
                         _ratio(mf / base["f"]) if base["f"] else "-", _fmt_num(ms),
                         _ratio(ms / base["s"]) if base["s"] else "-"])
        lines += ["## %s" % t, ""]
        lines += _md_table(["config", "trials", "parsing-stage branches", "ratio",
                            "semantic-stage branches", "ratio"], rows)
        lines.append("")
        png = plot_stages(rd, args.scenario, t, rows)
        if png:
            lines += ["![%s: branches per stage](%s)" % (t, os.path.basename(png)), ""]
    text = "\n".join(lines) + "\n"
    with open(os.path.join(rd, "semantic_%s.md" % args.scenario), "w") as f:
        f.write(text)
    print(text)


FEEDBACK_RE = re.compile(r"feedback: valid (\d+) invalid (\d+), failures (\d+) at (\d+) sites, "
                         r"slowest ([0-9.]+) ms")


def goal_outcomes(run_dir):
    """What a run found for FdLoop's goals, from grammut's stats lines: per
    process segment (a crash restarts the fuzzer) the last line counts."""
    segments, last = [], None
    for line in _open_log(run_dir):
        m = FEEDBACK_RE.search(line)
        if m:
            vals = [int(m.group(i)) for i in range(1, 5)] + [float(m.group(5))]
            if last is not None and vals[2] < last[2]:
                segments.append(last)  # counters went back: a new process
            last = vals
    if last is not None:
        segments.append(last)
    if not segments:
        return None
    return {"valid": sum(s[0] for s in segments), "invalid": sum(s[1] for s in segments),
            "failures": sum(s[2] for s in segments),
            "failure_sites": max(s[3] for s in segments),
            "slowest_ms": max(s[4] for s in segments)}


def cmd_goals(args):
    """FdLoop's experiment: failures and slow inputs found per configuration."""
    rd = args.results_dir
    runs = [r for r in collect(rd, with_timelines=False) if r["meta"]["scenario"] == args.scenario]
    lines = ["# Goals (%s): what each configuration found" % args.scenario, "",
             "Per run, from grammut's stats lines (summed over the fuzzer's process segments; "
             "sites: the most distinct failure sites one process saw); timeouts from "
             "libFuzzer's reports. Median [min-max] over trials.", ""]
    for t in sorted({r["meta"]["target"] for r in runs}, key=_t_key):
        rows = []
        for c in sorted({r["meta"]["config"] for r in runs if r["meta"]["target"] == t},
                        key=_cfg_key):
            outs, hangs = [], []
            for r in runs:
                if r["meta"]["target"] != t or r["meta"]["config"] != c:
                    continue
                o = goal_outcomes(os.path.join(rd, r["dir"]))
                if o is not None:
                    outs.append(o)
                hangs.append(sum(1 for x in (r["summary"] or {}).get("crashes", [])
                                 if x.get("hang")))
            if not outs:
                continue

            def agg(key):
                xs = [o[key] for o in outs]
                return _range(_median(xs), min(xs), max(xs))
            rows.append([c, str(len(outs)), agg("failures"), agg("failure_sites"),
                         agg("slowest_ms"), _range(_median(hangs), min(hangs), max(hangs)),
                         agg("valid"), agg("invalid")])
        lines += ["## %s" % t, ""]
        lines += _md_table(["config", "trials", "failures reported", "failure sites",
                            "slowest run (ms)", "timeouts/OOMs", "valid", "invalid"], rows)
        lines.append("")
    text = "\n".join(lines) + "\n"
    with open(os.path.join(rd, "goals_%s.md" % args.scenario), "w") as f:
        f.write(text)
    print(text)


def _csv_num(v):
    if v in (None, ""):
        return None
    try:
        return int(v)
    except ValueError:
        try:
            return float(v)
        except ValueError:
            return None


def _reach_from_report(rd):
    """{(target, scenario): "N s" | "≤ N s"} from the "How soon grammut
    reaches plain's final coverage" table of RESULTS_DIR/report.md."""
    res = {}
    path = os.path.join(rd, "report.md")
    if not os.path.exists(path):
        return res
    on = False
    with open(path) as f:
        for line in f:
            if line.startswith("## "):
                on = line.startswith("## How soon grammut reaches")
                continue
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if on and line.startswith("|") and len(cells) >= 4 and \
                    not cells[0].startswith("---") and cells[0] != "target":
                if not cells[3].startswith("not within"):
                    res[(cells[0], cells[1])] = cells[3]
    return res


def readme_rows(rd, scenario):
    """The trials of one scenario from the committed RESULTS_DIR/results.csv."""
    path = os.path.join(rd, "results.csv")
    if not os.path.exists(path):
        raise SystemExit("coverage_report: no %s" % path)
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    if rows and "branches_covered" not in rows[0]:
        raise SystemExit("coverage_report: %s has no branches_covered column (not a "
                         "coverage benchmark's table)" % path)
    have = sorted({r.get("scenario") or "seeded" for r in rows}, key=_sc_key)
    rows = [r for r in rows if (r.get("scenario") or "seeded") == scenario]
    if not rows:
        raise SystemExit("coverage_report: no scenario %s in %s (have: %s)" % (
            scenario, path, ", ".join(have)))
    return rows


def readme_aggregates(rd, scenario):
    """{target: {config: medians and ranges}} of one scenario, from the
    committed RESULTS_DIR/results.csv (one row per trial) and report.md."""
    rows = readme_rows(rd, scenario)
    reach = _reach_from_report(rd)
    set_base(r["config"] for r in rows)
    agg = {}
    for r in rows:
        agg.setdefault(r["target"], {}).setdefault(r["config"], []).append(r)
    for t, by in agg.items():
        for c, rs in list(by.items()):
            b = [x for x in (_csv_num(r["branches_covered"]) for r in rs) if x is not None]
            by[c] = {
                "branches_median": _median(b), "branches_min": min(b) if b else None,
                "branches_max": max(b) if b else None,
                "exec_per_sec_median": _median([_csv_num(r.get("exec_per_sec")) for r in rs]),
                "peak_rss_mb_median": _median([_csv_num(r.get("peak_rss_mb")) for r in rs]),
                "grammut_cpu_pct_median": _median([_csv_num(r.get("grammut_cpu_pct"))
                                                   for r in rs]),
            }
        base = by.get(BASE, {}).get("branches_median")
        for c, a in by.items():
            a["ratio_vs_base"] = (a["branches_median"] / base
                                   if base and a["branches_median"] is not None else None)
        if "grammut" in by:
            by["grammut"]["reach"] = reach.get((t, scenario))
    return agg


def readme_provenance(rd, scenario):
    """One sentence on what the README's table measured (the date, the one
    commit and libgrammut.so build, trial length and count), from the
    committed results.csv; exits when the grammut runs used more than one
    build, since the README's headline is one code version."""
    rows = readme_rows(rd, scenario)
    shas = sorted({r["libgrammut_sha256"] for r in rows
                   if r["config"].startswith("grammut") and r.get("libgrammut_sha256")})
    commits = sorted({(r.get("git_commit") or "")[:12] for r in rows} - {""})
    if len(shas) != 1:
        raise SystemExit("coverage_report: %s holds %d libgrammut.so builds; the README's "
                         "headline needs exactly one" % (rd, len(shas)))
    seconds = sorted({int(float(r["seconds"])) for r in rows if r.get("seconds")})
    trials = collections.Counter((r["target"], r["config"]) for r in rows)
    days = sorted({(r.get("part") or "")[:8] for r in rows} - {""})
    when = ", ".join("%s-%s-%s" % (d[:4], d[4:6], d[6:8]) for d in days) or "?"
    return ("Measured on %s, checkout at commit %s (libgrammut.so sha256 `%s`, one build "
            "for every grammut run): %s s per trial, %s trials per target and configuration, "
            "scenario `%s`, from `%s`." % (
                when, " to ".join("`%s`" % c for c in commits[:1] + commits[1:][-1:]),
                shas[0][:16], "/".join(str(x) for x in seconds),
                "/".join(str(n) for n in sorted(set(trials.values()))), scenario,
                os.path.relpath(rd)))


def cmd_readme(args):
    """Prints the README's summary table (markdown) from a results.csv."""
    if args.provenance:
        print(readme_provenance(args.results_dir, args.scenario))
        print()
    agg = readme_aggregates(args.results_dir, args.scenario)
    # plain first, then the baseline, then grammut's configurations.
    order = ["plain", BASE] + [c for c in CONFIG_ORDER if c not in ("plain", BASE)]
    configs = [c for c in order if any(c in agg[t] for t in agg)]
    with_plain = BASE != "plain" and "plain" in configs
    head = ["target"] + ["%s branches, median [min-max]" % c for c in configs]
    head += ["grammut / %s" % BASE] + (["grammut / plain"] if with_plain else [])
    head += ["grammut reaches %s's final cov: after" % BASE,
             "exec/s %s → grammut" % BASE, "peak RSS MB %s → grammut" % BASE,
             "grammut CPU share"]
    print("| " + " | ".join(head) + " |")
    print("|---" + "|---:" * (len(head) - 1) + "|")
    for t in sorted(agg, key=_t_key):
        a = agg[t]
        cells = [t]
        for c in configs:
            x = a.get(c)
            cells.append("—" if x is None else "{:,} [{:,}-{:,}]".format(
                x["branches_median"], x["branches_min"], x["branches_max"]))
        g, p = a.get("grammut"), a.get(BASE)
        cells.append("%.3f" % g["ratio_vs_base"] if g and p and g.get("ratio_vs_base")
                     else "—")
        if with_plain:
            q = a.get("plain")
            cells.append("%.3f" % (g["branches_median"] / q["branches_median"])
                         if g and q and q.get("branches_median") else "—")
        cells.append((g.get("reach") if g else None) or "—")
        cells.append("{:,} → {:,}".format(round(p["exec_per_sec_median"]),
                                          round(g["exec_per_sec_median"]))
                     if g and p else "—")
        cells.append("{:,} → {:,}".format(round(p["peak_rss_mb_median"]),
                                          round(g["peak_rss_mb_median"]))
                     if g and p and p.get("peak_rss_mb_median") and g.get("peak_rss_mb_median")
                     else "—")
        cells.append("%.1f%%" % g["grammut_cpu_pct_median"]
                     if g and g.get("grammut_cpu_pct_median") is not None else "—")
        print("| " + " | ".join(cells) + " |")


# ---------------------------------------------------------------- main


DEPOT_RE = re.compile(r"Stats: StackDepot: (\d+) ids; (\d+)M allocated")
ALLOC_RE = re.compile(r"Stats: SizeClassAllocator64: (\d+)M mapped \((\d+)M rss\)")
QUAR_RE = re.compile(r"Global quarantine stats: .*?bytes: (\d+)")
TREES_RE = re.compile(r"trees \d+ \(([\d.]+) MB of")
# The plain fuzzer's last line over a run's final corpus (bench_memory.sh).
REPLAY_RSS_RE = re.compile(r"\bDONE\b.* rss: (\d+)Mb")


def memory_of_run(run_dir):
    """Sanitizer and grammut memory figures from a run's log (last segment)."""
    res = {}
    f = _open_log(run_dir)
    if f is None:
        return res
    with f:
        for line in f:
            for key, rx in (("depot", DEPOT_RE), ("alloc", ALLOC_RE), ("quarantine", QUAR_RE),
                            ("trees", TREES_RE)):
                m = rx.search(line)
                if m:
                    res[key] = m.groups()
    summary = os.path.join(run_dir, "summary.json")
    if os.path.exists(summary):
        res["peak_rss_mb"] = json.load(open(summary)).get("peak_rss_mb")
    replay = os.path.join(run_dir, "replay.log")
    if os.path.exists(replay):
        with open(replay, errors="replace") as f:
            for line in f:
                m = REPLAY_RSS_RE.search(line)
                if m:
                    res["replay_rss_mb"] = float(m.group(1))
    return res


def cmd_memory(args):
    rows = {}
    for run in sorted(glob.glob(os.path.join(args.results_dir, "runs", "*", "*", "*", "trial*"))):
        sc, t, cfg = run.split(os.sep)[-4:-1]
        rows.setdefault((sc, t), {}).setdefault(cfg, []).append(memory_of_run(run))

    def med(runs, fn):
        xs = [fn(r) for r in runs if fn(r) is not None]
        return statistics.median(xs) if xs else None

    def num(x, fmt="%.0f"):
        return "-" if x is None else fmt % x
    depot_mb = lambda r: float(r["depot"][1]) if "depot" in r else None
    depot_ids = lambda r: float(r["depot"][0]) if "depot" in r else None
    alloc_rss = lambda r: float(r["alloc"][1]) if "alloc" in r else None
    quar = lambda r: float(r["quarantine"][0]) / 2**20 if "quarantine" in r else None
    rss = lambda r: r.get("peak_rss_mb")
    trees = lambda r: float(r["trees"][0]) if "trees" in r else None
    replay = lambda r: r.get("replay_rss_mb")
    header = ["scenario", "target", "peak RSS plain", "peak RSS grammut", "overhead",
              "stack depot plain (MB / stacks)", "stack depot grammut (MB / stacks)",
              "overhead minus depot growth", "allocator RSS plain / grammut",
              "quarantine plain / grammut", "grammut tree cache",
              "replay RSS plain corpus / grammut corpus",
              "overhead minus replay difference"]
    out = []
    for (sc, t), cfgs in sorted(rows.items()):
        p, g = cfgs.get("plain", []), cfgs.get("grammut", [])
        if not p or not g:
            continue
        over = None if med(g, rss) is None or med(p, rss) is None else med(g, rss) - med(p, rss)
        depot_growth = (None if med(g, depot_mb) is None or med(p, depot_mb) is None
                        else med(g, depot_mb) - med(p, depot_mb))
        out.append([sc, t, num(med(p, rss)), num(med(g, rss)), num(over, "%+.0f"),
                    "%s / %s" % (num(med(p, depot_mb)), num(med(p, depot_ids))),
                    "%s / %s" % (num(med(g, depot_mb)), num(med(g, depot_ids))),
                    num(None if over is None or depot_growth is None else over - depot_growth,
                        "%+.0f"),
                    "%s / %s" % (num(med(p, alloc_rss)), num(med(g, alloc_rss))),
                    "%s / %s" % (num(med(p, quar)), num(med(g, quar))),
                    num(med(g, trees), "%.0f"),
                    "%s / %s" % (num(med(p, replay)), num(med(g, replay))),
                    num(None if over is None or med(p, replay) is None or med(g, replay) is None
                        else over - (med(g, replay) - med(p, replay)), "%+.0f")])
    table = "\n".join(_md_table(header, out))
    with open(os.path.join(args.results_dir, "memory.md"), "w") as f:
        f.write("# Where the memory goes (MB; medians over trials)\n\n" + table + "\n\n"
                "Replay RSS: the plain fuzzer's peak RSS over one pass of a run's final\n"
                "corpus (-runs=0, grammut not loaded; bench_memory.sh). Its difference\n"
                "between grammut's and plain's corpora is memory the target needs for the\n"
                "inputs grammut found; the last column is the overhead without it.\n")
    print(table)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sp = ap.add_subparsers(dest="cmd", required=True)
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
    p = sp.add_parser("filediff", help="per-file coverage of two configurations")
    p.add_argument("results_dir")
    p.add_argument("target")
    p.add_argument("config_a")
    p.add_argument("config_b")
    p.add_argument("--scenario", default="seeded", help="seeded (default) or empty")
    p.add_argument("--metric", default="branches",
                   choices=["branches", "lines", "regions", "functions"])
    p.add_argument("--all", action="store_true", help="also list files with no difference")
    p.set_defaults(fn=cmd_filediff)
    p = sp.add_parser("funcdiff", help="per-function branch coverage of two configurations")
    p.add_argument("results_dir")
    p.add_argument("target")
    p.add_argument("config_a")
    p.add_argument("config_b")
    p.add_argument("--scenario", default="seeded", help="seeded (default) or empty")
    p.add_argument("--top", type=int, default=40, help="differences listed (default 40)")
    p.set_defaults(fn=cmd_funcdiff)
    p = sp.add_parser("goals", help="failures and slow inputs found (FdLoop goals)")
    p.add_argument("results_dir")
    p.add_argument("--scenario", default="seeded")
    p.set_defaults(fn=cmd_goals)
    p = sp.add_parser("semantic", help="branches per stage: parsing vs semantic")
    p.add_argument("results_dir")
    p.add_argument("--scenario", default="seeded")
    p.set_defaults(fn=cmd_semantic)
    p = sp.add_parser("memory", help="peak RSS, stack depot, allocator, quarantine")
    p.add_argument("results_dir")
    p.set_defaults(fn=cmd_memory)
    p = sp.add_parser("readme")
    p.add_argument("results_dir")
    p.add_argument("--scenario", default="seeded")
    p.add_argument("--provenance", action="store_true",
                   help="first a sentence on the date, commit and build (one of each)")
    p.set_defaults(fn=cmd_readme)
    args = ap.parse_args()
    args.fn(args)


if __name__ == "__main__":
    main()
