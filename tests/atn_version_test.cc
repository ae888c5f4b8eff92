// Tests for reading ATN serialization version 4 (ANTLR 4.10+) through the
// conversion to version 3, on .interp files committed under
// tests/data/antlr413 (see its README for the tools and commands). No tool
// runs here.
#include "grammar/antlr/atn_version.h"

#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "generate/generator.h"
#include "grammar/grammar.h"
#include "grammar/interp_file.h"
#include "parse/parser.h"
#include "learn/weights.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

using testing::ReadFileOrDie;
using testing::TestData;

// The numbers of an .interp file's atn line, as written.
std::vector<int64_t> AtnNumbers(const std::string& path) {
  const std::string text = ReadFileOrDie(path);
  absl::string_view line = text;
  line = line.substr(line.find("atn:\n") + 5);
  line = absl::StripAsciiWhitespace(line);
  line = line.substr(1, line.size() - 2);  // [ ... ]
  std::vector<int64_t> out;
  for (absl::string_view item : absl::StrSplit(line, ',')) {
    int64_t v = 0;
    EXPECT_TRUE(absl::SimpleAtoi(absl::StripAsciiWhitespace(item), &v));
    out.push_back(v);
  }
  return out;
}

// Parses `text` with no syntax error and checks it round-trips.
void ExpectCleanParse(Parser& parser, const std::string& text) {
  absl::StatusOr<ParseResult> r = parser.Parse(text);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->syntax_errors, 0) << text << "\n  -> " << r->first_error;
  EXPECT_EQ(r->tree.Text(), text);
}

// Generates `n` inputs; at least 99% must re-parse with no error.
//
// Known generator limit (not about ATN versions; Debian's 4.7.2 output of
// the same grammar does the same): lexer costs count code points, not
// bytes, so a non-literal token of 4-byte code points (EMOJI) can make a
// derivation near the byte budget fail; Generate then returns false. Such
// misses are counted apart and must stay rare.
void ExpectGeneratedInputsReparse(const Grammar& g, int n) {
  Parser parser(g);
  Weights weights(g);
  GeneratorKit kit(g, weights, nullptr);
  GenerateOptions options;
  options.max_bytes = 256;
  options.mode = ProbabilityMode::kUniform;
  Rng rng(7);
  int generated = 0, valid = 0;
  std::string first_bad;
  for (int i = 0; i < n; ++i) {
    std::optional<Tree> t =
        kit.generator.Generate(g.start_rule(), rng, options);
    if (!t.has_value()) continue;
    ++generated;
    const std::string text = t->Text();
    absl::StatusOr<ParseResult> r = parser.Parse(text);
    ASSERT_TRUE(r.ok()) << r.status();
    if (r->syntax_errors == 0 && r->tree.Text() == text) {
      ++valid;
    } else if (first_bad.empty()) {
      first_bad = absl::StrCat(text, "\n  -> ", r->first_error);
    }
  }
  EXPECT_GE(generated, n * 95 / 100);
  EXPECT_GE(valid, generated * 99 / 100) << "first invalid input:\n"
                                         << first_bad;
}

TEST(AtnVersion, V4ConvertsToTheWordsDebiansToolWrites) {
  // The same grammar through ANTLR 4.13 (version 4) and Debian's 4.7.2
  // (version 3): the tools build the same network, so the converted words
  // must equal the 4.7.2 words one for one.
  for (const char* file : {"Expr.interp", "ExprLexer.interp"}) {
    const std::vector<int64_t> v4 =
        AtnNumbers(TestData(absl::StrCat("antlr413/expr_v4/", file)));
    const std::vector<int64_t> v3 =
        AtnNumbers(TestData(absl::StrCat("antlr413/expr_v3/", file)));
    ASSERT_EQ(v4[0], 4);
    ASSERT_EQ(v3[0], 3);
    absl::StatusOr<std::vector<uint16_t>> converted =
        atn_internal::ConvertAtnV4ToV3(v4);
    ASSERT_TRUE(converted.ok()) << converted.status();
    ASSERT_EQ(converted->size(), v3.size()) << file;
    for (size_t i = 0; i < v3.size(); ++i) {
      ASSERT_EQ((*converted)[i], v3[i]) << file << " word " << i;
    }
  }
}

TEST(AtnVersion, V3FilesLoadExactlyAsBefore) {
  // Version-3 words are kept as written, and the fingerprint is the one the
  // loader computed before version 4 was supported (0xcf002e54dd805641,
  // recorded from a build without it).
  auto parser = ReadInterpFile(TestData("antlr413/expr_v3/Expr.interp"));
  ASSERT_TRUE(parser.ok()) << parser.status();
  const std::vector<int64_t> numbers =
      AtnNumbers(TestData("antlr413/expr_v3/Expr.interp"));
  ASSERT_EQ(parser->atn.size(), numbers.size());
  for (size_t i = 0; i < numbers.size(); ++i) {
    ASSERT_EQ(parser->atn[i], numbers[i]) << "word " << i;
  }
  auto v3 = Grammar::Load(TestData("antlr413/expr_v3"));
  ASSERT_TRUE(v3.ok()) << v3.status();
  EXPECT_EQ((*v3)->fingerprint(), 0xcf002e54dd805641ULL);
  // The 4.13 files of the same grammar load as the same grammar.
  auto v4 = Grammar::Load(TestData("antlr413/expr_v4"));
  ASSERT_TRUE(v4.ok()) << v4.status();
  EXPECT_EQ((*v4)->fingerprint(), (*v3)->fingerprint());
  Parser p(**v4);
  ExpectCleanParse(p, "1+2*(3-4)/-5");
}

TEST(AtnVersion, FeatGrammarFrom413LoadsParsesAndGenerates) {
  auto g = Grammar::Load(TestData("antlr413/feat_v4"), "script");
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ((*g)->name(), "Feat");
  Parser parser(**g);
  // Case-insensitive keywords, a mode (strings), channels, type(), code
  // points above U+FFFF (an emoji range, an atom and a set mixing planes).
  for (const std::string& text : std::vector<std::string>{
           "SELECT a FROM t;",
           "select a, b from t where a = 1 and not b == 'x y';",
           "SeLeCt * FrOm t WhErE (a + 2) * 3 = 9 oR b = '';",
           "select \xF0\x9F\x98\x80, \xF0\x9F\x9A\x80 from t; -- comment",
           "select \xF0\x90\x90\x80"
           "abc /* hidden */ from t;\n",
       }) {
    ExpectCleanParse(parser, text);
  }
  // The keywords in any case are the keyword tokens, not identifiers.
  absl::StatusOr<ParseResult> r = parser.Parse("SeLeCt x FROM t;");
  ASSERT_TRUE(r.ok());
  const Tree& tree = r->tree;
  int first_token = tree.FirstToken(0);
  ASSERT_GE(first_token, 0);
  EXPECT_EQ((*g)->token_name(tree.node(first_token).symbol), "SELECT");
  // Code points above U+FFFF outside the grammar's sets are errors.
  r = parser.Parse("select \xF0\x9F\x9B\x80 from t;");
  ASSERT_TRUE(r.ok());
  EXPECT_GT(r->syntax_errors, 0);
  ExpectGeneratedInputsReparse(**g, 500);
}

TEST(AtnVersion, InterpFileWithVersion4Atn) {
  // A parser ATN written by hand in version 4: rule 0 is
  // start(s0) -> s2 -'a'-> s3 -action(-1)-> s4 -> stop(s1).
  const std::string v4_text =
      "token literal names:\nnull\n'a'\n\ntoken symbolic names:\nnull\nnull\n\n"
      "rule names:\nstart\n\natn:\n"
      "[4, 1, 1, 5, 2, 0, 7, 0, 1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 4, "
      "0, 2, 1, 0, 0, 0, 2, 3, 5, 1, 0, 0, 3, 4, 6, 0, -1, 0, "
      "4, 1, 1, 0, 0, 0, 0]\n";
  auto data = ParseInterp(v4_text, "v4.interp");
  ASSERT_TRUE(data.ok()) << data.status();
  // Version 3: the UUID after the version, two set lists, -1 as 0xFFFF,
  // every word but the first plus 2.
  // clang-format off
  std::vector<int> expected = {1, 1, 5, 2, 0, 7, 0, 1, 0, 1, 0, 1, 0, 0, 0, 1,
                               0, 0, 0, 0, 4, 0, 2, 1, 0, 0, 0, 2, 3, 5, 1,
                               0, 0, 3, 4, 6, 0, 0xFFFF, 0, 4, 1, 1, 0, 0, 0,
                               0};
  std::vector<uint16_t> words = {3, 0x6089, 0xA728, 0x8131, 0xB9EB,
                                 0x417A, 0x3BE5, 0x7784, 0x5962};
  // clang-format on
  for (int v : expected) words.push_back(static_cast<uint16_t>(v));
  for (size_t i = 1; i < words.size(); ++i) words[i] += 2;
  EXPECT_EQ(data->atn, words);
}

TEST(AtnVersion, WideCodePointsBecomeSets) {
  // A lexer ATN (version 4) whose edges are an atom U+1F680 and a range
  // U+1F600..U+1F64F, and whose one set is [a-z] plus U+10400..U+1044F.
  // clang-format off
  const std::vector<int64_t> v4 = {
      4, 0, 1,                     // lexer, max token type 1
      4, 6, -1, 2, 0, 7, 0, 1, 0,  // TOKEN_START, RULE_START, RULE_STOP, BASIC
      0, 0,                        // no non-greedy, no precedence states
      1, 1, 1,                     // rule 0 starts at s1, token type 1
      1, 0,                        // mode 0 starts at s0
      1, 2, 0, 97, 122, 0x10400, 0x1044F,  // set 0
      4, 0, 1, 1, 0, 0, 0,              // s0 -> s1
      1, 3, 5, 0x1F680, 0, 0,           // s1 -U+1F680-> s3
      1, 3, 2, 0x1F600, 0x1F64F, 0,     // s1 -U+1F600..U+1F64F-> s3
      3, 2, 7, 0, 0, 0,                 // s3 -set 0-> s2
      1, 0,                             // decision 0 at s0
      0};                               // no lexer actions
  absl::StatusOr<std::vector<uint16_t>> r = atn_internal::ConvertAtnV4ToV3(v4);
  ASSERT_TRUE(r.ok()) << r.status();
  std::vector<int> body;
  for (size_t i = 9; i < r->size(); ++i) {
    body.push_back(static_cast<uint16_t>((*r)[i] - 2));
  }
  const std::vector<int> expected = {
      0, 1, 4, 6, 0xFFFF, 2, 0, 7, 0, 1, 0, 0, 0, 1, 1, 1, 1, 0,
      0,  // no 16-bit sets
      3,  // three 32-bit sets: the original, then the atom, then the range
      2, 0, 97, 0, 122, 0, 0x0400, 1, 0x044F, 1,
      1, 0, 0xF680, 1, 0xF680, 1,
      1, 0, 0xF600, 1, 0xF64F, 1,
      4, 0, 1, 1, 0, 0, 0,
      1, 3, 7, 1, 0, 0,  // the atom: a set edge to set 1
      1, 3, 7, 2, 0, 0,  // the range: set 2
      3, 2, 7, 0, 0, 0,
      1, 0, 0};
  // clang-format on
  EXPECT_EQ(body, expected);
}

TEST(AtnVersion, MalformedOrOversizedV4IsAClearError) {
  // Cut short.
  absl::StatusOr<std::vector<uint16_t>> r =
      atn_internal::ConvertAtnV4ToV3(std::vector<int64_t>{4, 1, 3, 2, 1});
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(absl::StrContains(r.status().message(), "ends early"))
      << r.status();
  // A value version 3 cannot hold (a token type above 16 bits).
  r = atn_internal::ConvertAtnV4ToV3(std::vector<int64_t>{4, 1, 70000, 0});
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(absl::StrContains(r.status().message(), "does not fit 16 bits"))
      << r.status();
  // Through ParseInterp: the file is named, the code is DataLoss.
  auto data = ParseInterp("rule names:\nx\n\natn:\n[4, 1, 1]\n", "cut.interp");
  ASSERT_FALSE(data.ok());
  EXPECT_EQ(data.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_TRUE(absl::StrContains(data.status().message(), "cut.interp"));
  // Negative values are not version-3 words.
  data = ParseInterp("rule names:\nx\n\natn:\n[3, -1]\n", "neg.interp");
  ASSERT_FALSE(data.ok());
  EXPECT_EQ(data.status().code(), absl::StatusCode::kDataLoss);
}

}  // namespace
}  // namespace grammut
