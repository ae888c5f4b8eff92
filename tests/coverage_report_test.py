#!/usr/bin/env python3
"""Tests for bench/coverage_report.py: its reading of fuzzer logs (crash
signatures and when each was found) and the README's headline table."""
import argparse
import contextlib
import io
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import coverage_report as cr  # noqa: E402

LOG = """=== bench segment 0 start seed=1 max_total_time=600
#100 NEW cov: 10 ft: 10 corp: 1/1b exec/s: 0 rss: 40Mb
==12==ERROR: AddressSanitizer: heap-use-after-free on address 0x1 at pc 0x2
READ of size 8 at 0x1 thread T0
    #0 0x55b4 in luaV_concat /src/lua/lvm.c:640:7
    #1 0x55b5 in void __sanitizer::Alloc<int>::Release(unsigned long) (/b/fuzz+0xa3) (BuildId: e456)
    #2 0x55b6 in luaV_execute (/b/fuzz+0xa4) (BuildId: e456)
    #3 0x55b7 in ccall /src/lua/ldo.c:1:1

artifact_prefix='a/'; Test unit written to a/crash-1
=== bench segment 0 exit 1
=== bench segment 1 start seed=2 max_total_time=300
==13== ERROR: libFuzzer: timeout after 10 seconds
    #0 0x1 in __sanitizer::internal_madvise(unsigned long) (/b/fuzz+0x1)
    #1 0x2 in luaM_free_ /src/lua/lmem.c:1:1
    #2 0x3 in LLVMFuzzerTestOneInput /h/fuzz.c:9:9

artifact_prefix='a/'; Test unit written to a/timeout-2
"""

TIMELINE = """t\tsegment\texecs\tevent\tcov\tft\tcorp\texec_s\trss_mb
1.0\t0\t10\tINITED\t5\t5\t1\t0\t40
290.5\t0\t100\tNEW\t10\t10\t1\t0\t40
301.0\t1\t110\tINITED\t10\t10\t1\t0\t40
480.0\t1\t200\tpulse\t11\t11\t1\t0\t40
"""


class CrashesTest(unittest.TestCase):
    def test_signatures_skip_sanitizer_frames_and_build_ids(self):
        crashes = cr.parse_crashes(LOG.splitlines())
        self.assertEqual([c["signature"] for c in crashes], [
            "AddressSanitizer: heap-use-after-free | luaV_concat > luaV_execute > ccall",
            "libFuzzer: timeout | luaM_free_ > LLVMFuzzerTestOneInput",
        ])

    def test_each_report_is_timed_by_the_end_of_its_segment(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "fuzz.log"), "w") as f:
                f.write(LOG)
            with open(os.path.join(d, "timeline.tsv"), "w") as f:
                f.write(TIMELINE)
            with open(os.path.join(d, "meta.json"), "w") as f:
                f.write('{"seconds": 600}')
            summary = cr.parse_run(d)
        self.assertEqual([c["seconds"] for c in summary["crashes"]], [290.5, 480.0])

    def test_found_note(self):
        self.assertEqual(cr._found_note([290.5, 120.0], 3), "2 of 3 trials, first after 2.0 min")
        self.assertEqual(cr._found_note([None], 1), "1 of 1 trial")


def write_results(folder, rows):
    """A results.csv of one row per (config, branches, part, sha)."""
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "results.csv"), "w") as f:
        f.write("scenario,target,config,trial,seconds,branches_covered,exec_per_sec,"
                "peak_rss_mb,grammut_cpu_pct,git_commit,libgrammut_sha256,part\n")
        for i, (config, branches, part, sha) in enumerate(rows):
            f.write("seeded,lua,%s,%d,600,%d,100,500,,%s,%s,%s\n" % (
                config, i + 1, branches, "c0ffee" if sha else "beef", sha, part))


class ReadmeTest(unittest.TestCase):
    def test_plain_gets_its_own_column_and_ratio(self):
        with tempfile.TemporaryDirectory() as head:
            write_results(head, [("grammut", 120, "20261203T1", "abc"),
                                 ("plain+dict", 100, "20261203T1", "abc"),
                                 ("plain", 80, "20261203T1", "")])
            text = cr.readme_provenance(head, "seeded")
            self.assertIn("Measured on 2026-12-03, checkout at commit `beef` to `c0ffee`", text)
            self.assertIn("libgrammut.so sha256 `abc`", text)
            agg = cr.readme_aggregates(head, "seeded")
            self.assertEqual(agg["lua"]["plain"]["branches_median"], 80)
            self.assertAlmostEqual(agg["lua"]["grammut"]["ratio_vs_base"], 1.2)
            out = io.StringIO()
            args = argparse.Namespace(results_dir=head, scenario="seeded", provenance=False)
            with contextlib.redirect_stdout(out):
                cr.cmd_readme(args)
            lines = out.getvalue().splitlines()
            self.assertTrue(lines[0].startswith("| target | plain branches, median [min-max] | "
                                                "plain+dict branches, median [min-max] | "
                                                "grammut branches, median [min-max] | "
                                                "grammut / plain+dict | grammut / plain |"))
            self.assertTrue(lines[2].startswith("| lua | 80 [80-80] | 100 [100-100] | "
                                                "120 [120-120] | 1.200 | 1.500 |"))


if __name__ == "__main__":
    unittest.main()
