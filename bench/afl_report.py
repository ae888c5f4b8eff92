#!/usr/bin/env python3
"""afl_report.py RESULTS_DIR - the report of scripts/bench_afl.sh.

Reads RESULTS_DIR/runs/<target>/<config>/trial<N>/ (afl_out/default/
fuzzer_stats and plot_data, log.txt with grammut's exit summary, and
coverage.json from bench/coverage_report.py replay) and writes
RESULTS_DIR/results.json, RESULTS_DIR/report.md (per target: branches
median [min-max] per configuration, grammut / AFL++ ratio, execs/s, queue
size, grammut's share of the executions) and RESULTS_DIR/afl_<target>.png
(AFL++'s edges found over time, every trial). Standard library and gnuplot.
"""

import glob
import json
import os
import re
import statistics
import subprocess
import sys

CONFIGS = ["afl", "afl+grammut"]
SUMMARY_RE = re.compile(r"grammut: (\d+) outputs: kept (\d+), discarded (\d+)")


def read_stats(path):
    stats = {}
    try:
        with open(path) as f:
            for line in f:
                if ":" in line:
                    k, v = line.split(":", 1)
                    stats[k.strip()] = v.strip()
    except OSError:
        pass
    return stats


def read_plot(path):
    """(seconds, edges) rows of AFL++'s plot_data."""
    rows, cols = [], None
    try:
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line.startswith("#"):
                    cols = [c.strip() for c in line[1:].split(",")]
                    continue
                if not line or cols is None:
                    continue
                v = [x.strip() for x in line.split(",")]
                d = dict(zip(cols, v))
                try:
                    rows.append((float(d.get("relative_time", d.get("unix_time", 0))),
                                 float(d.get("edges_found", 0))))
                except ValueError:
                    pass
    except OSError:
        pass
    return rows


def run_info(run_dir):
    info = {"dir": run_dir}
    st = read_stats(os.path.join(run_dir, "afl_out", "default", "fuzzer_stats"))
    for k in ("execs_done", "execs_per_sec", "corpus_count", "edges_found", "run_time",
              "saved_crashes", "saved_hangs", "bitmap_cvg"):
        if k in st:
            info[k] = st[k]
    try:
        execs = float(st.get("execs_done", "0"))
        secs = float(st.get("run_time", "0"))
        info["execs_per_sec_avg"] = execs / secs if secs > 0 else None
    except ValueError:
        execs = 0
    try:
        with open(os.path.join(run_dir, "log.txt"), errors="replace") as f:
            for line in f:
                m = SUMMARY_RE.search(line)
                if m:
                    info["grammut_outputs"] = int(m.group(1))
                    info["grammut_kept"] = int(m.group(2))
                    info["grammut_summary"] = line.strip()
    except OSError:
        pass
    if info.get("grammut_outputs") and execs > 0:
        info["grammut_exec_share"] = info["grammut_outputs"] / execs
    try:
        with open(os.path.join(run_dir, "coverage.json")) as f:
            cov = json.load(f)
        info["branches"] = cov["branches"]["covered"]
        info["branches_total"] = cov["branches"]["count"]
        info["lines"] = cov["lines"]["covered"]
    except (OSError, KeyError, ValueError):
        pass
    info["plot"] = read_plot(os.path.join(run_dir, "afl_out", "default", "plot_data"))
    return info


def med_range(values, fmt="{:,.0f}"):
    values = [v for v in values if v is not None]
    if not values:
        return "-"
    return "%s [%s-%s]" % (fmt.format(statistics.median(values)), fmt.format(min(values)),
                           fmt.format(max(values)))


def plot(results_dir, target, runs):
    data = os.path.join(results_dir, "afl_%s.dat" % target)
    blocks = []
    with open(data, "w") as f:
        for cfg in CONFIGS:
            for r in runs.get(cfg, []):
                if not r["plot"]:
                    continue
                f.write("# %s %s\n" % (cfg, os.path.basename(r["dir"])))
                for t, e in r["plot"]:
                    f.write("%g %g\n" % (t / 60.0, e))
                f.write("\n\n")
                blocks.append(cfg)
    if not blocks:
        return None
    png = os.path.join(results_dir, "afl_%s.png" % target)
    colors = {"afl": "#1f77b4", "afl+grammut": "#d62728"}
    parts = []
    seen = set()
    for i, cfg in enumerate(blocks):
        title = ("title '%s'" % cfg) if cfg not in seen else "notitle"
        seen.add(cfg)
        parts.append("'%s' index %d using 1:2 with lines lc rgb '%s' %s" % (
            data, i, colors.get(cfg, "black"), title))
    script = ("set terminal png size 900,500; set output '%s'; set key left top; "
              "set xlabel 'minutes'; set ylabel 'AFL++ edges found'; set title '%s'; "
              "plot %s\n" % (png, target, ", ".join(parts)))
    try:
        subprocess.run(["gnuplot"], input=script.encode(), check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return png


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    results_dir = sys.argv[1]
    all_runs = {}
    for run_dir in sorted(glob.glob(os.path.join(results_dir, "runs", "*", "*", "trial*"))):
        target, cfg = run_dir.split(os.sep)[-3], run_dir.split(os.sep)[-2]
        all_runs.setdefault(target, {}).setdefault(cfg, []).append(run_info(run_dir))
    lines = ["# AFL++ alone vs AFL++ with grammut", ""]
    cmds = os.path.join(results_dir, "commands.txt")
    if os.path.exists(cmds):
        lines += ["```", open(cmds).read().strip(), "```", ""]
    lines += ["Branch coverage of the library's own sources after replaying each final "
              "queue through cov_<target> (median [min-max] over trials); execs/s is "
              "execs_done / run_time from fuzzer_stats; grammut share: afl_custom_fuzz "
              "outputs / executions.", "",
              "| target | AFL++ branches | AFL++ + grammut branches | ratio | execs/s AFL++ "
              "-> +grammut | queue AFL++ -> +grammut | grammut share of execs |",
              "|---|---:|---:|---:|---:|---:|---:|"]
    out = {}
    for target in sorted(all_runs):
        runs = all_runs[target]
        a, g = runs.get("afl", []), runs.get("afl+grammut", [])
        ba = [r.get("branches") for r in a if r.get("branches") is not None]
        bg = [r.get("branches") for r in g if r.get("branches") is not None]
        ratio = "%.3f" % (statistics.median(bg) / statistics.median(ba)) \
            if ba and bg and statistics.median(ba) > 0 else "-"
        eps = lambda rs: med_range([r.get("execs_per_sec_avg") for r in rs])
        queue = lambda rs: med_range([float(r["corpus_count"]) for r in rs
                                      if "corpus_count" in r])
        share = med_range([100 * r["grammut_exec_share"] for r in g
                           if "grammut_exec_share" in r], "{:.1f}%")
        lines.append("| %s | %s | %s | %s | %s -> %s | %s -> %s | %s |" % (
            target, med_range(ba), med_range(bg), ratio, eps(a), eps(g), queue(a),
            queue(g), share))
        png = plot(results_dir, target, runs)
        out[target] = {cfg: [{k: v for k, v in r.items() if k != "plot"} for r in rs]
                       for cfg, rs in runs.items()}
        out[target]["plot"] = png
    lines.append("")
    for target in sorted(out):
        if out[target].get("plot"):
            lines.append("![%s](%s)" % (target, os.path.basename(out[target]["plot"])))
    lines.append("")
    lines.append("grammut's summary line per run (outputs, fates, trimming):")
    lines.append("")
    for target in sorted(all_runs):
        for r in all_runs[target].get("afl+grammut", []):
            if "grammut_summary" in r:
                lines.append("- %s %s: `%s`" % (target, os.path.basename(r["dir"]),
                                                r["grammut_summary"]))
    with open(os.path.join(results_dir, "results.json"), "w") as f:
        json.dump(out, f, indent=1)
    with open(os.path.join(results_dir, "report.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
