// Tests for grammar-aware reduction (shrink/): exact results with
// in-process interestingness tests.
#include "shrink/reducer.h"

#include <set>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "shrink/ddmin.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

// Runs Reduce and fails the test on an error; counts the tests it saw.
struct Reduction {
  ReduceResult result;
  std::vector<std::string> tested;  // every text given to the test
};

Reduction ReduceOrDie(const Grammar& grammar, const std::string& input,
                      const std::function<bool(absl::string_view)>& test,
                      ReduceOptions options = {}) {
  Reduction run;
  auto r = Reduce(
      grammar, input,
      [&](absl::string_view s) {
        run.tested.emplace_back(s);
        return test(s);
      },
      options);
  EXPECT_TRUE(r.ok()) << r.status();
  if (r.ok()) run.result = *r;
  return run;
}

bool Contains(absl::string_view s, absl::string_view what) {
  return absl::StrContains(s, what);
}

TEST(DdminTest, FindsTheOneMinimalSubset) {
  // Interesting: contains elements 3 and 11 of 0..15.
  int calls = 0;
  std::vector<int> kept = Ddmin(16, [&](absl::Span<const int> k) {
    ++calls;
    EXPECT_FALSE(k.empty());
    EXPECT_LT(k.size(), 16u);
    const std::set<int> s(k.begin(), k.end());
    return s.count(3) && s.count(11) ? DdminVerdict::kInteresting
                                     : DdminVerdict::kNotInteresting;
  });
  EXPECT_EQ(kept, (std::vector<int>{3, 11}));
  EXPECT_GT(calls, 0);
}

TEST(DdminTest, StopKeepsTheLastInterestingSubset) {
  int calls = 0;
  bool stopped = false;
  std::vector<int> kept = Ddmin(
      8,
      [&](absl::Span<const int> k) {
        if (++calls > 2) return DdminVerdict::kStop;
        return k.size() >= 4 ? DdminVerdict::kInteresting
                             : DdminVerdict::kNotInteresting;
      },
      &stopped);
  EXPECT_TRUE(stopped);
  EXPECT_EQ(kept.size(), 4u);
}

class ReducerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    json_ = testing::LoadShipped("json");
    ASSERT_NE(json_, nullptr);
  }
  std::unique_ptr<Grammar> json_;
};

// The value holding BUG is hoisted up through the array and the object
// into the place of the top-level value: a JSON text that is one string.
TEST_F(ReducerTest, JsonValueReducesToTheString) {
  const Reduction run =
      ReduceOrDie(*json_, R"({"a":[1,2,{"b":"BUG"}],"c":3})",
                  [](absl::string_view s) { return Contains(s, "BUG"); });
  EXPECT_EQ(run.result.output, R"("BUG")");
  EXPECT_TRUE(run.result.by_tree);
  EXPECT_EQ(run.result.tests, static_cast<int64_t>(run.tested.size()));
}

// BUG in a key: the member must stay, so the object keeps it alone (the
// first member goes with the comma after it), its value becomes
// jsonValue's shortest derivation, the one-byte number 0, and the
// whitespace goes.
TEST_F(ReducerTest, JsonKeyKeepsTheMemberWithTheShortestValue) {
  const Reduction run = ReduceOrDie(
      *json_,
      "{\n  \"a\": [1, 2, {\"b\": null}],\n  \"BUG\": {\"x\": [true]}\n}",
      [](absl::string_view s) { return Contains(s, "BUG"); });
  EXPECT_EQ(run.result.output, R"({"BUG":0})");
}

// Loop iterations: ddmin removes the iterations of the array's
// (',' jsonValue)* loop that are not needed, and the list head goes with
// the comma after it.
TEST_F(ReducerTest, LoopIterationsAreRemoved) {
  const Reduction run =
      ReduceOrDie(*json_, "[10,17,30,40,19,60,70,80]", [](absl::string_view s) {
        return Contains(s, "17") && Contains(s, "19");
      });
  EXPECT_EQ(run.result.output, "[17,19]");
}

// Hoisting: nested arrays collapse onto the innermost one that still
// holds the needle.
TEST_F(ReducerTest, SameRuleDescendantIsHoisted) {
  const Reduction run = ReduceOrDie(
      *json_, R"([[[["x",["needle"]]]]])",
      [](absl::string_view s) { return Contains(s, "[\"needle\"]"); });
  EXPECT_EQ(run.result.output, R"(["needle"])");
}

// Every tested candidate is smaller than the input, parses, and is tested
// once; the output is one of the texts the test accepted.
TEST_F(ReducerTest, NothingIsTestedTwiceAndOutputWasTested) {
  std::set<std::string> accepted;
  const std::string input = R"({"a":[1,2,{"b":"BUG"}],"c":3,"d":[4,5]})";
  const Reduction run = ReduceOrDie(*json_, input, [&](absl::string_view s) {
    const bool yes = Contains(s, "BUG") && Contains(s, "5");
    if (yes) accepted.emplace(s);
    return yes;
  });
  const std::set<std::string> unique(run.tested.begin(), run.tested.end());
  EXPECT_EQ(unique.size(), run.tested.size());
  EXPECT_EQ(run.tested.front(), input);
  EXPECT_TRUE(accepted.count(run.result.output));
  // The keys that need not stay become STRING_LIT's shortest text, "".
  EXPECT_EQ(run.result.output, R"({"":"BUG","":5})");
}

// Inside a token: ddmin over the bytes of the string's text, keeping it a
// string (its quotes stay: without them it would not parse).
TEST_F(ReducerTest, TokenTextsShrinkInside) {
  const Reduction run =
      ReduceOrDie(*json_, R"({"k": ["a long BUG text", 12345]})",
                  [](absl::string_view s) { return Contains(s, "BUG"); });
  EXPECT_EQ(run.result.output, R"("BUG")");
}

// Input that does not parse: plain ddmin over the bytes.
TEST_F(ReducerTest, UnparsableInputFallsBackToBytes) {
  const Reduction run =
      ReduceOrDie(*json_, "{\"a\": [1, 2,, BUG ]]]",
                  [](absl::string_view s) { return Contains(s, "BUG"); });
  EXPECT_FALSE(run.result.by_tree);
  EXPECT_EQ(run.result.output, "BUG");
}

TEST_F(ReducerTest, SameInputSameTestsSameOrder) {
  const std::string input =
      R"({"k":[{"a":1},{"b":[2,3,"BUG",4]},{"c":{"d":[5]}}],"z":[6,7]})";
  auto test = [](absl::string_view s) {
    return Contains(s, "BUG") && Contains(s, "d");
  };
  const Reduction a = ReduceOrDie(*json_, input, test);
  const Reduction b = ReduceOrDie(*json_, input, test);
  EXPECT_EQ(a.tested, b.tested);
  EXPECT_EQ(a.result.output, b.result.output);
}

TEST_F(ReducerTest, MaxTestsStopsWithTheBestSoFar) {
  ReduceOptions options;
  options.max_tests = 3;
  const Reduction run = ReduceOrDie(
      *json_, R"({"a":[1,2,{"b":"BUG"}],"c":3})",
      [](absl::string_view s) { return Contains(s, "BUG"); }, options);
  EXPECT_TRUE(run.result.stopped);
  EXPECT_EQ(run.result.tests, 3);
  EXPECT_EQ(run.tested.size(), 3u);
}

TEST_F(ReducerTest, StopCallbackEndsTheReduction) {
  // The callback (grammut reduce --max-time's deadline) is asked before
  // each test after the original's; the result is the last interesting
  // text. Here it says "stop" once two tests have run.
  int64_t asked = 0;
  ReduceOptions options;
  options.stop = [&] { return ++asked > 1; };
  const Reduction run = ReduceOrDie(
      *json_, R"({"a":[1,2,{"b":"BUG"}],"c":3})",
      [](absl::string_view s) { return Contains(s, "BUG"); }, options);
  EXPECT_TRUE(run.result.stopped);
  EXPECT_EQ(run.result.tests, 2);
  EXPECT_EQ(run.tested.size(), 2u);
  EXPECT_TRUE(Contains(run.result.output, "BUG"));
  EXPECT_EQ(asked, 2);
}

TEST_F(ReducerTest, OriginalNotInterestingIsAnError) {
  auto r = Reduce(*json_, "[1,2]", [](absl::string_view) { return false; });
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_TRUE(absl::StrContains(r.status().message(), "not interesting"));
}

}  // namespace
}  // namespace grammut
