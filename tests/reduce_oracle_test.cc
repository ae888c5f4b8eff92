// Tests for the interestingness tests of `grammut reduce`
// (tools/reduce_oracle.*): crash signatures read from real report shapes,
// and commands run with a time limit.
#include "tools/reduce_oracle.h"

#include <sys/wait.h>

#include <cerrno>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace grammut::cli {
namespace {

constexpr char kAsan[] = R"(INFO: Seed: 1
=================================================================
==10315==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x604000001900 at pc 0x5585babd2079 bp 0x7ffc55b3ee70 sp 0x7ffc55b3ee68
WRITE of size 8 at 0x604000001900 thread T0
    #0 0x5585babd2078 in (anonymous namespace)::Eval((anonymous namespace)::Expr const&, int, long*) /work/main/harness_examples/calc/calc_target.cc:195:23
    #1 0x5585babd1a12 in (anonymous namespace)::Eval((anonymous namespace)::Expr const&, int, long*) /work/main/harness_examples/calc/calc_target.cc:196:14
SUMMARY: AddressSanitizer: heap-buffer-overflow /work/main/harness_examples/calc/calc_target.cc:195:23 in (anonymous namespace)::Eval
)";

constexpr char kDeadlySignal[] = R"(==77== ERROR: libFuzzer: deadly signal
    #0 0x52d1b1 in __sanitizer_print_stack_trace (/out/fuzz+0x52d1b1)
    #1 0x4a0f28 in fuzzer::PrintStackTrace() (/out/fuzz+0x4a0f28)
    #2 0x485f33 in fuzzer::Fuzzer::CrashCallback() (/out/fuzz+0x485f33)
    #3 0x7f1d2c0c251f  (/lib/x86_64-linux-gnu/libc.so.6+0x4251f)
    #4 0x7f1d2c1169fb in __pthread_kill_implementation nptl/pthread_kill.c:44:76
    #5 0x7f1d2c0c2475 in raise (/lib/x86_64-linux-gnu/libc.so.6+0x42475)
    #6 0x7f1d2c0a87f2 in abort (/lib/x86_64-linux-gnu/libc.so.6+0x287f2)
    #7 0x55b2d1 in parse_thing src/thing.c:42
    #8 0x55b2e9 in LLVMFuzzerTestOneInput /src/fuzz.c:9:3
SUMMARY: libFuzzer: deadly signal
)";

constexpr char kTimeout[] = R"(ALARM: working on the last Unit for 11 seconds
==5== ERROR: libFuzzer: timeout after 11 seconds
    #0 0x52d1b1 in __sanitizer_print_stack_trace (/out/fuzz+0x52d1b1)
    #5 0x55b2d1 in spin /src/spin.c:3:1
SUMMARY: libFuzzer: timeout
)";

constexpr char kUbsan[] =
    R"(src/x.c:10:12: runtime error: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'
    #0 0x4c5a7e in add /src/x.c:10:12
    #1 0x4c5b10 in LLVMFuzzerTestOneInput /src/x.c:20:3
SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior src/x.c:10:12 in
)";

// Two leaks allocated through the same wrapper (MuJS's fuzz harness, cut
// short); the 104-byte one is listed first.
constexpr char kLeaks[] = R"(INFO: Seed: 1

=================================================================
==10000==ERROR: LeakSanitizer: detected memory leaks

Direct leak of 104 byte(s) in 1 object(s) allocated from:
    #0 0x55c40bbad146 in __interceptor_realloc (/out/fuzz_mujs+0x135146) (BuildId: 07fbfda4c0e4653c5064a4cefb2dd8bb597ba694)
    #1 0x55c40bbe7e85 in limited_alloc /src/fuzz_mujs.c:77:9
    #2 0x55c40bbecced in js_malloc /src/mujs/jsrun.c:44:14
    #3 0x55c40bbebd84 in js_putc /src/mujs/jsintern.c:9:8
    #4 0x55c40bbebd84 in js_puts /src/mujs/jsintern.c:23:3
    #5 0x55c40bc1ad10 in Sp_replace_regexp /src/mujs/jsstring.c:441:3

Indirect leak of 32 byte(s) in 1 object(s) allocated from:
    #0 0x55c40bbad146 in __interceptor_realloc (/out/fuzz_mujs+0x135146) (BuildId: 07fbfda4c0e4653c5064a4cefb2dd8bb597ba694)
    #1 0x55c40bbe7e85 in limited_alloc /src/fuzz_mujs.c:77:9
    #2 0x55c40bbecced in js_malloc /src/mujs/jsrun.c:44:14
    #3 0x55c40bbf0001 in jsV_newobject /src/mujs/jsvalue.c:300:8

SUMMARY: AddressSanitizer: 136 byte(s) leaked in 2 allocation(s).
)";

// The signature of `log` as "kind in frame", or "none".
std::string Signature(absl::string_view log) {
  const std::optional<CrashSignature> sig = ParseCrashReport(log);
  return sig.has_value() ? sig->ToString() : "none";
}

TEST(CrashSignatureTest, AsanKindAndTopFrame) {
  auto sig = ParseCrashReport(kAsan);
  ASSERT_TRUE(sig.has_value());
  EXPECT_EQ(sig->kind, "heap-buffer-overflow");
  EXPECT_EQ(sig->frame,
            "(anonymous namespace)::Eval((anonymous namespace)::Expr const&, "
            "int, long*)");
}

TEST(CrashSignatureTest, DeadlySignalSkipsRuntimeFrames) {
  EXPECT_EQ(Signature(kDeadlySignal), "deadly signal in parse_thing");
}

TEST(CrashSignatureTest, TimeoutsMatchByKindAlone) {
  EXPECT_EQ(Signature(kTimeout), "timeout in spin");
  EXPECT_TRUE(SameCrash(*ParseCrashReport(kTimeout),
                        CrashSignature{"timeout", "other"}));
  auto asan = ParseCrashReport(kAsan);
  EXPECT_FALSE(SameCrash(*asan, CrashSignature{asan->kind, "other"}));
  EXPECT_FALSE(SameCrash(*asan, CrashSignature{"SEGV", asan->frame}));
  EXPECT_TRUE(SameCrash(*asan, *ParseCrashReport(kAsan)));
}

TEST(CrashSignatureTest, LeaksMatchByAllocationStack) {
  auto sig = ParseCrashReport(kLeaks);
  ASSERT_TRUE(sig.has_value());
  EXPECT_EQ(sig->ToString(),
            "detected memory leaks in limited_alloc <- js_malloc <- js_putc");
  EXPECT_EQ(sig->leaks, (std::vector<std::string>{
                            "limited_alloc <- js_malloc <- js_putc",
                            "limited_alloc <- js_malloc <- jsV_newobject"}));
  EXPECT_TRUE(SameCrash(*sig, *sig));
  // The same leak listed second (reduction changed the sizes) still is.
  CrashSignature reordered = *sig;
  std::swap(reordered.leaks[0], reordered.leaks[1]);
  reordered.frame = reordered.leaks[0];
  EXPECT_TRUE(SameCrash(*sig, reordered));
  // Another leak through the same allocator wrapper is not.
  const CrashSignature other{"detected memory leaks",
                             "limited_alloc <- js_malloc <- jsV_newobject",
                             {"limited_alloc <- js_malloc <- jsV_newobject"}};
  EXPECT_FALSE(SameCrash(*sig, other));
}

TEST(CrashSignatureTest, UserFunctionsNamedLikeLibcAreKept) {
  EXPECT_EQ(Signature("==1==ERROR: AddressSanitizer: SEGV on unknown address "
                      "0x0\n"
                      "    #0 0x1 in free (/lib/libc.so.6+0x99)\n"
                      "    #1 0x2 in free_list(node*) /src/list.cc:7:3\n"),
            "SEGV in free_list(node*)");
}

TEST(CrashSignatureTest, ModuleLocationAndBuildIdAreDropped) {
  EXPECT_EQ(Signature("==9== ERROR: libFuzzer: deadly signal\n"
                      "    #4 0x5604 in parse_thing (/out/fuzz+0xb5b35) "
                      "(BuildId: 11aea0f4af21dcf7f6bf8a7492a3f01faea111e5)\n"),
            "deadly signal in parse_thing");
}

TEST(CrashSignatureTest, UbsanFromTheSummary) {
  EXPECT_EQ(Signature(kUbsan), "undefined-behavior in add");
}

TEST(CrashSignatureTest, NoReport) {
  EXPECT_EQ(Signature("INFO: Seed: 1\nDone 1 runs\n"), "none");
}

TEST(OracleTest, ShellTestExitZeroIsInteresting) {
  auto o = Oracle::Create(
      OracleOptions{"grep -q BUG {}", "", 10, "/some/where/input.json"});
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_FALSE((*o)->Interesting("no"));
  EXPECT_EQ((*o)->why_not(), "the test exits with status 1");
  EXPECT_TRUE((*o)->Interesting("a BUG"));
  // The candidate file keeps the input's name.
  auto named = Oracle::Create(
      OracleOptions{"case {} in *input.json) exit 0;; esac; exit 1", "", 10,
                    "/some/where/input.json"});
  ASSERT_TRUE(named.ok());
  EXPECT_TRUE((*named)->Interesting("x"));
}

TEST(OracleTest, SlowTestIsKilledAndNotInteresting) {
  auto o = Oracle::Create(OracleOptions{"sleep 30 # {}", "", 0.3, "in"});
  ASSERT_TRUE(o.ok());
  EXPECT_FALSE((*o)->Interesting("x"));
  // Reported as a timeout, and the test stopped and reaped: this process
  // has no child left, running or a zombie (ctest runs each test alone).
  EXPECT_EQ((*o)->why_not(), "the test takes over 0.3 s");
  int status = 0;
  EXPECT_EQ(waitpid(-1, &status, WNOHANG), -1);
  EXPECT_EQ(errno, ECHILD);
}

#ifdef REDUCE_FUZZ_TARGET
// --fuzzer on tests/reduce_fuzz_target.c, which hangs on "HANG" and leaks
// on "LEAKA" or "LEAKB". A hang waits out the timeout, so the timeout test
// keeps it short; the others run to the end at once, and a long timeout
// keeps a loaded machine (LeakSanitizer's report at exit) from making them
// a hang.
OracleOptions FuzzerOptions(double timeout_seconds = 10) {
  return OracleOptions{"", REDUCE_FUZZ_TARGET, timeout_seconds,
                       "/some/where/crash"};
}

TEST(OracleTest, FuzzerTimeoutIsLibFuzzersReport) {
  auto o = Oracle::Create(FuzzerOptions(1));
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_TRUE((*o)->Interesting("xx HANG xx"));
  ASSERT_TRUE((*o)->signature().has_value());
  EXPECT_EQ((*o)->signature()->kind, "timeout");
  EXPECT_FALSE((*o)->Interesting("xx"));     // runs to the end
  EXPECT_FALSE((*o)->Interesting("LEAKA"));  // another report
  EXPECT_TRUE((*o)->Interesting("HANG"));
}

TEST(OracleTest, FuzzerLeakNeedsTheSameAllocationStack) {
  auto o = Oracle::Create(FuzzerOptions());
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_TRUE((*o)->Interesting("x LEAKA x"));
  ASSERT_TRUE((*o)->signature().has_value());
  EXPECT_EQ((*o)->signature()->ToString(),
            "detected memory leaks in alloc_wrapper <- leak_a <- "
            "LLVMFuzzerTestOneInput");
  EXPECT_TRUE((*o)->Interesting("LEAKA"));
  // Same allocator wrapper, another leak: not the same crash.
  EXPECT_FALSE((*o)->Interesting("LEAKB"));
  // Both leaks: leak_b's (64 bytes) is listed first, leak_a's still there.
  EXPECT_TRUE((*o)->Interesting("LEAKA LEAKB"));
  EXPECT_FALSE((*o)->Interesting("none"));
}

TEST(OracleTest, FuzzerNotCrashingSaysWhy) {
  auto o = Oracle::Create(FuzzerOptions());
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_FALSE((*o)->Interesting("fine"));
  EXPECT_EQ((*o)->why_not(),
            absl::StrCat(REDUCE_FUZZ_TARGET, " does not crash on it"));
}
#endif  // REDUCE_FUZZ_TARGET

TEST(OracleTest, BadOptions) {
  EXPECT_FALSE(Oracle::Create(OracleOptions{"", "", 10, "in"}).ok());
  EXPECT_FALSE(
      Oracle::Create(OracleOptions{"true", "/bin/true", 10, "in"}).ok());
  EXPECT_FALSE(Oracle::Create(OracleOptions{"true", "", 0, "in"}).ok());
  EXPECT_FALSE(
      Oracle::Create(OracleOptions{"", "/nonexistent", 10, "in"}).ok());
}

}  // namespace
}  // namespace grammut::cli
