// Tests for the insert operator: an optional part the input leaves out, or
// one more loop iteration, generated in place.
#include <algorithm>
#include <string>

#include "absl/strings/ascii.h"
#include "gtest/gtest.h"
#include "mutate/config.h"
#include "mutate/mutator.h"
#include "parse/parser.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

// A mutator over a shipped grammar that has seen its samples and then uses
// only the insert operator.
std::unique_ptr<Mutator> InsertOnly(const std::string& grammar) {
  MutatorConfig config;
  auto m = Mutator::Create(config, testing::LoadShipped(grammar));
  EXPECT_TRUE(m.ok()) << m.status();
  EXPECT_TRUE((*m)->RestrictArms("grammar").ok());
  for (const std::string& s : testing::SampleTexts(grammar)) {
    (*m)->MutateString(s, 1 << 16, 1);
  }
  EXPECT_TRUE((*m)->RestrictArms(getenv("OP") ? getenv("OP") : "insert").ok());
  return std::move(*m);
}

// True if `out` is `in` with text added at one place (and separators):
// what precedes and what follows the insertion cover all of `in`.
bool OnlyAdds(const std::string& in, const std::string& out) {
  size_t prefix = 0;
  while (prefix < in.size() && prefix < out.size() &&
         in[prefix] == out[prefix]) {
    ++prefix;
  }
  size_t suffix = 0;
  while (suffix < in.size() - prefix && suffix < out.size() - prefix &&
         in[in.size() - 1 - suffix] == out[out.size() - 1 - suffix]) {
    ++suffix;
  }
  // A separator may go before the first token after the insertion.
  return prefix + suffix >= in.size() - 1 && out.size() > in.size();
}

// Same rule and token nodes, in the same places, with the same steps.
bool SameDerivation(const Tree& a, const Tree& b) {
  if (a.size() != b.size() || a.text() != b.text()) return false;
  for (int i = 0; i < a.size(); ++i) {
    const Node& x = a.node(i);
    const Node& y = b.node(i);
    if (x.is_rule != y.is_rule || x.size != y.size || x.symbol != y.symbol) {
      return false;
    }
    if (!x.is_rule) continue;
    const auto sa = a.steps(i), sb = b.steps(i);
    if (sa.size() != sb.size()) return false;
    for (size_t k = 0; k < sa.size(); ++k) {
      if (sa[k].decision != sb[k].decision || sa[k].alt != sb[k].alt ||
          sa[k].child != sb[k].child) {
        return false;
      }
    }
  }
  return true;
}

// The tree insert builds is the one the parser builds from its text:
// children in place, and the derivation record (which later loop edits,
// replay and learning read) with the new steps at the right positions.
// Exact for the grammars whose generated subtrees always parse back the
// same; in SQL and Lua a generated expression may nest differently when
// parsed (regenerate's trees do too), and in ECMAScript 2022 a generated
// statement may be read otherwise (a line break the generator put for an
// inserted semicolon where the next line goes on with the expression), so
// there only the text is checked.
TEST(Insert, AddsTextAndBuildsTheTreeTheParserBuilds) {
  for (const std::string& grammar : testing::ShippedGrammars()) {
    const bool exact =
        grammar != "sqlite" && grammar != "lua" && grammar != "ecmascript";
    auto m = InsertOnly(grammar);
    Parser parser(m->grammar());
    const auto samples = testing::Samples(grammar);
    int made = 0;
    for (int i = 0; i < 300; ++i) {
      const std::string in =
          testing::ReadFileOrDie(samples[i % samples.size()]);
      std::string op;
      const std::string out = m->MutateString(in, 1 << 16, 100 + i, &op);
      if (op.rfind("insert", 0) != 0) continue;
      ++made;
      EXPECT_TRUE(OnlyAdds(in, out)) << grammar << "\n" << out;
      const Tree* tree = m->last_output_tree();
      ASSERT_NE(tree, nullptr);
      auto parsed = parser.Parse(out);
      ASSERT_TRUE(parsed.ok());
      if (exact) {
        EXPECT_EQ(parsed->syntax_errors, 0) << grammar << "\n" << out;
        EXPECT_TRUE(SameDerivation(*tree, parsed->tree)) << grammar << "\n"
                                                         << out;
      }
    }
    EXPECT_GE(made, 100) << grammar;
  }
}

// A function call the input has gains a window: mutate
// "SELECT count(*) FROM t;" until exactly "SELECT count(*)OVER() FROM t;"
// appears (keywords come in random letter case). Every output keeps the
// input's text around what it adds.
TEST(Insert, GivesAFunctionCallAnOverClause) {
  auto m = InsertOnly("sqlite");
  const std::string in = "SELECT count(*) FROM t;";
  bool seen = false;
  for (unsigned seed = 0; seed < 5000 && !seen; ++seed) {
    std::string op;
    const std::string out = m->MutateString(in, 256, seed, &op);
    if (op.rfind("insert", 0) != 0) continue;
    ASSERT_TRUE(OnlyAdds(in, out)) << out;
    seen = absl::AsciiStrToLower(out) == "select count(*)over() from t;";
  }
  EXPECT_TRUE(seen);
}

// A (...)+ loop gets one more iteration after any of its iterations: the
// choice `(b|c)` of a DTD (`( S? '|' S? cp )+`) gains a third member, and
// every output's tree, the grown loop's record included, is the parser's.
TEST(Insert, AddsAnIterationToAPlusLoop) {
  auto m = InsertOnly("xml");
  Parser parser(m->grammar());
  const std::string in = "<!DOCTYPE a [<!ELEMENT a (b|c)>]><a/>";
  int third = 0;
  for (unsigned seed = 0; seed < 400; ++seed) {
    std::string op;
    const std::string out = m->MutateString(in, 256, seed, &op);
    if (op.rfind("insert", 0) != 0) continue;
    ASSERT_TRUE(OnlyAdds(in, out)) << out;
    auto parsed = parser.Parse(out);
    ASSERT_TRUE(parsed.ok());
    ASSERT_EQ(parsed->syntax_errors, 0) << out;
    ASSERT_TRUE(SameDerivation(*m->last_output_tree(), parsed->tree)) << out;
    const size_t open = out.find("(b|c");
    if (open != std::string::npos &&
        out.find('|', open + 3) < out.find(')', open)) {
      ++third;
    }
  }
  EXPECT_GT(third, 0);
}

}  // namespace
}  // namespace grammut
