#!/usr/bin/env python3
"""Tests for bench/coverage_report.py's reading of fuzzer logs: crash
signatures and when each was found."""
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


if __name__ == "__main__":
    unittest.main()
