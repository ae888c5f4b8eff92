// Tests for the interestingness tests of `grammut reduce`
// (tools/reduce_oracle.*): crash signatures read from real report shapes,
// and commands run with a time limit.
#include "tools/reduce_oracle.h"

#include <chrono>
#include <optional>
#include <string>

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

TEST(CrashSignatureTest, UserFunctionsNamedLikeLibcAreKept) {
  EXPECT_EQ(Signature("==1==ERROR: AddressSanitizer: SEGV on unknown address "
                      "0x0\n"
                      "    #0 0x1 in free (/lib/libc.so.6+0x99)\n"
                      "    #1 0x2 in free_list(node*) /src/list.cc:7:3\n"),
            "SEGV in free_list(node*)");
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
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_FALSE((*o)->Interesting("x"));
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10));
  EXPECT_EQ((*o)->why_not(), "the test takes over 0.3 s");
}

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
