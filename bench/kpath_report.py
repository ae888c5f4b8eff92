#!/usr/bin/env python3
"""kpath_report.py - helper of scripts/bench_kpath.sh (Havrikov's chapter-3
experiment: branch coverage of k-path suites against random suites of the
same size).

  measure --cov-bin BIN --sources DIR --suite DIR --work DIR --out JSON
      replay one suite through a coverage binary (coverage_report.py's
      replay) and write its totals.
  report RESULTS_DIR
      aggregate RESULTS_DIR/runs/<target>/<k>/<kind>/rep<N>.json into
      report.md (median, min, max branches per target, k and suite kind)
      and kpath_<target>.png (gnuplot, if installed).
"""
import argparse
import glob
import json
import os
import shutil
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from coverage_report import replay_coverage  # noqa: E402

KINDS = ["kpath", "uniform", "learned"]


def cmd_measure(a):
    res = replay_coverage(a.cov_bin, a.sources, a.suite, a.work)
    res.pop("files", None)
    with open(a.out, "w") as f:
        json.dump(res, f)
    print("%s: %d inputs, branches %d" % (a.suite, res["inputs"], res["branches"]["covered"]))


def cmd_report(a):
    rows = {}
    for path in glob.glob(os.path.join(a.dir, "runs", "*", "*", "*", "rep*.json")):
        parts = path.split(os.sep)
        target, k, kind = parts[-4], int(parts[-3][1:]), parts[-2]
        with open(path) as f:
            r = json.load(f)
        rows.setdefault((target, k), {}).setdefault(kind, []).append(
            (r["branches"]["covered"], r["branches"]["count"], r["inputs"]))
    lines = ["| target | k | inputs (median) | " + " | ".join(
        "%s branches median [min-max]" % k for k in KINDS) + " | k-path / uniform | k-path / learned |",
        "|---|---|---|" + "---|" * (len(KINDS) + 2)]
    series = {}
    for (target, k) in sorted(rows):
        d = rows[(target, k)]
        med = {}
        cells = []
        for kind in KINDS:
            xs = [x[0] for x in d.get(kind, [])]
            if not xs:
                cells.append("-")
                continue
            med[kind] = statistics.median(xs)
            cells.append("%g [%d-%d] (n=%d)" % (med[kind], min(xs), max(xs), len(xs)))
        n = statistics.median([x[2] for x in d.get("kpath", [(0, 0, 0)])])
        ratio = lambda b: ("%.3f" % (med["kpath"] / med[b])) if "kpath" in med and med.get(b) else "-"
        lines.append("| %s | %d | %g | %s | %s | %s |" % (target, k, n, " | ".join(cells),
                                                          ratio("uniform"), ratio("learned")))
        series.setdefault(target, []).append((k, [med.get(kind, 0) for kind in KINDS]))
    with open(os.path.join(a.dir, "report.md"), "a") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    if shutil.which("gnuplot") is None:
        print("kpath_report: gnuplot not found, no plots")
        return
    for target, pts in series.items():
        data = os.path.join(a.dir, "kpath_%s.tsv" % target)
        with open(data, "w") as f:
            for k, meds in pts:
                f.write("k=%d\t%s\n" % (k, "\t".join(str(m) for m in meds)))
        script = """set terminal png size 640,400
set output '%s'
set title 'Branches covered by suites of the same size: %s (median of reps)'
set style data histograms
set style fill solid 0.8
set ylabel 'branches'
set key left top
plot '%s' using 2:xtic(1) title 'k-path suite', '' using 3 title 'random, uniform', '' using 4 title 'random, learned'
""" % (os.path.join(a.dir, "kpath_%s.png" % target), target, data)
        subprocess.run(["gnuplot"], input=script.encode(), check=False)


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("measure")
    m.add_argument("--cov-bin", required=True)
    m.add_argument("--sources", required=True)
    m.add_argument("--suite", required=True)
    m.add_argument("--work", required=True)
    m.add_argument("--out", required=True)
    r = sub.add_parser("report")
    r.add_argument("dir")
    a = p.parse_args()
    {"measure": cmd_measure, "report": cmd_report}[a.cmd](a)


if __name__ == "__main__":
    main()
