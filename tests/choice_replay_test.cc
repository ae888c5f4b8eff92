// Tests for Zest-style replay: choice extraction, replay through the
// generator, the record mutation, and the replay operators.
#include "generate/choice_replay.h"

#include <memory>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "generate/generator.h"
#include "gtest/gtest.h"
#include "mutate/mutator.h"
#include "parse/parser.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

// A grammar, a parser, weights learned from the samples and a generator,
// and replay through it.
struct Kit : testing::LearnedKit {
  using LearnedKit::LearnedKit;

  // Replays `seq` as a derivation of `rule` into `out`.
  bool Replay(const ChoiceSequence& seq, int rule, uint64_t seed,
              size_t max_bytes, Tree* out, size_t* consumed = nullptr,
              ProbabilityMode mode = ProbabilityMode::kLearned,
              int max_depth = 64) {
    ChoiceReplay replay(seq);
    GenerateOptions options;
    options.max_depth = max_depth;
    options.max_bytes = max_bytes;
    options.mode = mode;
    options.replay = &replay;
    Rng rng(seed);
    const bool ok = generator.Generate(rule, rng, options, out);
    if (consumed != nullptr) *consumed = replay.consumed();
    return ok;
  }
};

// Where two texts first differ, with some context.
std::string FirstDifference(absl::string_view a, absl::string_view b) {
  size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  const size_t from = i > 20 ? i - 20 : 0;
  return absl::StrCat("sizes ", a.size(), " ", b.size(), " at byte ", i, ": \"",
                      a.substr(from, 60), "\" vs \"", b.substr(from, 60), "\"");
}

std::string Describe(const Grammar& g, const ChoiceSequence& s, size_t i) {
  if (i >= s.size()) return "(end)";
  const Choice& c = s.choices[i];
  switch (c.kind) {
    case ChoiceKind::kDecision:
      return absl::StrCat("decision ", c.symbol, " alt ", c.value, " in ",
                          g.rule_name(g.decision(c.symbol).rule));
    case ChoiceKind::kToken:
      return absl::StrCat("token ", c.symbol, " '", s.TokenText(c), "'");
    case ChoiceKind::kRaw:
      return absl::StrCat("raw ", c.value);
  }
  return "";
}

// The first choice where two sequences differ, with context.
std::string FirstChoiceDifference(const Grammar& g, const ChoiceSequence& a,
                                  const ChoiceSequence& b) {
  size_t i = 0;
  while (i < a.size() && i < b.size() && SameChoice(a, i, b, i)) ++i;
  std::string out = absl::StrCat("choices differ at ", i, " of ", a.size(), "/",
                                 b.size(), ":");
  for (size_t k = i > 6 ? i - 6 : 0; k < i + 3; ++k) {
    absl::StrAppend(&out, "\n  ", k, ": ", Describe(g, a, k), " | ",
                    Describe(g, b, k));
  }
  return out;
}

std::string Debug(const Grammar& g, const Tree& back,
                  const ChoiceSequence& seq) {
  ChoiceSequence again;
  ExtractChoices(g, back, 0, &again);
  return FirstChoiceDifference(g, again, seq) + "\n";
}

// Extracts the record of `t`'s subtree at `at` into `*seq`, replays it into
// `*back` and checks that the replay gives the subtree's text back and
// used the whole record (`where` names the case in failures).
void ExpectReplayReproduces(Kit& kit, const Tree& t, int at, uint64_t seed,
                            size_t max_bytes, int max_depth,
                            const std::string& where, Tree* back,
                            ChoiceSequence* seq) {
  ExtractChoices(*kit.grammar, t, at, seq);
  // Twice: copying the subtrees the record leaves unchanged (what replays
  // do), and deriving everything again (no source tree).
  for (const bool copy : {true, false}) {
    if (!copy) seq->source = nullptr;
    size_t consumed = 0;
    ASSERT_TRUE(kit.Replay(*seq, t.node(at).symbol, seed, max_bytes, back,
                           &consumed, ProbabilityMode::kLearned, max_depth));
    ASSERT_EQ(back->SubtreeText(0), t.SubtreeText(at))
        << FirstDifference(back->SubtreeText(0), t.SubtreeText(at)) << " "
        << Debug(*kit.grammar, *back, *seq) << where << " rule "
        << kit.grammar->rule_name(t.node(at).symbol)
        << (copy ? " (copies)" : "");
    EXPECT_EQ(consumed, seq->size()) << where;
  }
}

// Replaying the unmutated record of a generated tree, or of any of its rule
// subtrees, gives back exactly its text, uses up the record exactly (so the
// extraction order is the generator's order), and records the same
// sequence again. A different Rng seed shows nothing came from the Rng.
TEST(ChoiceReplay, UnmutatedRecordOfGeneratedTreesReproducesThem) {
  for (const std::string& name : testing::ShippedGrammars()) {
    Kit kit(name);
    Rng rng(7);
    GenerateOptions options;
    options.max_bytes = 600;
    int subtrees = 0;
    for (int i = 0; i < 60; ++i) {
      Tree t;
      // A walk may end unfinished where a semantic predicate cannot hold
      // (ECMAScript): another takes its place, as in `grammut generate`.
      bool made = false;
      for (int attempt = 0; attempt < 64 && !made; ++attempt) {
        made =
            kit.generator.Generate(kit.grammar->start_rule(), rng, options, &t);
      }
      ASSERT_TRUE(made);
      for (int at = 0; at < t.size(); ++at) {
        if (!t.node(at).is_rule) continue;
        ChoiceSequence seq;
        Tree back;
        ASSERT_NO_FATAL_FAILURE(ExpectReplayReproduces(
            kit, t, at, 1000 + i, options.max_bytes, 64, name, &back, &seq));
        ChoiceSequence again;
        ExtractChoices(*kit.grammar, back, 0, &again);
        ASSERT_EQ(again.size(), seq.size());
        for (size_t k = 0; k < seq.size(); ++k) {
          ASSERT_TRUE(SameChoice(again, k, seq, k))
              << name << " " << k << ": " << Describe(*kit.grammar, again, k)
              << " vs " << Describe(*kit.grammar, seq, k);
        }
        ++subtrees;
      }
    }
    EXPECT_GT(subtrees, 500) << name;
  }
}

// The same for parsed samples of every shipped grammar (whitespace,
// comments and left-recursive expressions included): the whole input, and
// every rule subtree.
TEST(ChoiceReplay, UnmutatedRecordOfParsedTreesReproducesThem) {
  for (const std::string& name : testing::ShippedGrammars()) {
    Kit kit(name);
    int inputs = 0, subtrees = 0;
    for (const std::string& f : testing::Samples(name)) {
      const std::string text = testing::ReadFileOrDie(f);
      auto r = kit.parser.Parse(text);
      ASSERT_TRUE(r.ok());
      if (r->syntax_errors > 0) continue;
      const Tree& t = r->tree;
      ++inputs;
      for (int at = 0; at < t.size(); ++at) {
        if (!t.node(at).is_rule) continue;
        ChoiceSequence seq;
        Tree back;
        // Deep parse trees (JavaScript's expression chains) would reach
        // the generator's default nesting limit, which beats the record.
        ASSERT_NO_FATAL_FAILURE(ExpectReplayReproduces(
            kit, t, at, 5, size_t{1} << 20, 1000, f, &back, &seq));
        if (at == 0) {
          back.set_trailer(t.trailer());
          EXPECT_EQ(back.Text(), text) << f;
        }
        ++subtrees;
      }
    }
    EXPECT_GT(inputs, 0) << name;
    EXPECT_GT(subtrees, 50) << name;
  }
}

// Copying the subtrees a Zest mutation leaves unchanged changes nothing
// but the work: on the parsed samples, mutated records replay to the same
// text with copies as when everything is derived again, and copies happen.
TEST(ChoiceReplay, CopiedSubtreesGiveTheSameOutputAsDerivingThem) {
  for (const std::string name : {"json", "xml", "sqlite", "lua"}) {
    Kit kit(name);
    Rng rng(21);
    int replays = 0, saved = 0;
    for (const std::string& f : testing::Samples(name)) {
      auto r = kit.parser.Parse(testing::ReadFileOrDie(f));
      ASSERT_TRUE(r.ok());
      if (r->syntax_errors > 0) continue;
      for (int k = 0; k < 5; ++k) {
        ChoiceSequence seq;
        ExtractChoices(*kit.grammar, r->tree, 0, &seq);
        ZestMutate(ZestOptions{}, rng, &seq);
        Tree copied, derived;
        const uint64_t seed = rng.Next();
        const int rule = r->tree.node(0).symbol;
        const uint64_t work0 = kit.generator.work();
        ASSERT_TRUE(kit.Replay(seq, rule, seed, 1 << 16, &copied));
        const uint64_t work1 = kit.generator.work();
        seq.source = nullptr;
        ASSERT_TRUE(kit.Replay(seq, rule, seed, 1 << 16, &derived));
        const uint64_t work2 = kit.generator.work();
        ASSERT_EQ(copied.Text(), derived.Text())
            << f << ": " << FirstDifference(copied.Text(), derived.Text());
        ++replays;
        saved += work1 - work0 < work2 - work1 ? 1 : 0;
      }
    }
    EXPECT_GT(replays, 20) << name;
    EXPECT_GT(saved, replays / 2) << name;
  }
}

// Same record, same seed: the same bytes, for mutated records too (their
// random choices and the fresh choices after them).
TEST(ChoiceReplay, SameRecordAndSeedGiveTheSameOutput) {
  for (const std::string name : {"json", "lua"}) {
    Kit kit(name);
    for (const std::string& f : testing::Samples(name)) {
      auto r = kit.parser.Parse(testing::ReadFileOrDie(f));
      ASSERT_TRUE(r.ok());
      for (uint64_t seed = 1; seed <= 20; ++seed) {
        ChoiceSequence seq;
        ExtractChoices(*kit.grammar, r->tree, 0, &seq);
        Rng mutate(seed);
        ZestMutate(ZestOptions{}, mutate, &seq);
        Tree a, b;
        ASSERT_TRUE(kit.Replay(seq, r->tree.node(0).symbol, seed, 4096, &a));
        ASSERT_TRUE(kit.Replay(seq, r->tree.node(0).symbol, seed, 4096, &b));
        EXPECT_EQ(a.Text(), b.Text());
      }
    }
  }
}

// Zest's contract: changing choice p leaves every choice before p as it
// was; the output's own record agrees with the input's up to p.
TEST(ChoiceReplay, ChangingChoicePKeepsTheChoicesBeforeIt) {
  for (const std::string name : {"json", "lua", "sqlite"}) {
    Kit kit(name);
    Rng rng(11);
    GenerateOptions options;
    options.max_bytes = 800;
    int changed = 0;
    for (int i = 0; i < 40; ++i) {
      Tree t;
      ASSERT_TRUE(
          kit.generator.Generate(kit.grammar->start_rule(), rng, options, &t));
      ChoiceSequence seq;
      ExtractChoices(*kit.grammar, t, 0, &seq);
      if (seq.size() < 2) continue;
      for (int k = 0; k < 5; ++k) {
        const size_t p = rng.Below(seq.size());
        ChoiceSequence mutated = seq;
        mutated.choices[p] = Choice{};
        mutated.choices[p].value = static_cast<uint32_t>(rng.Next());
        mutated.unchanged = p;
        Tree out;
        ASSERT_TRUE(kit.Replay(mutated, kit.grammar->start_rule(), 99 + i,
                               options.max_bytes, &out));
        ASSERT_LE(out.TextSize(), options.max_bytes);
        ChoiceSequence after;
        ExtractChoices(*kit.grammar, out, 0, &after);
        for (size_t j = 0; j < p; ++j) {
          ASSERT_TRUE(SameChoice(after, j, seq, j))
              << name << " p=" << p << " j=" << j << ": "
              << Describe(*kit.grammar, after, j) << " vs "
              << Describe(*kit.grammar, seq, j);
        }
        changed += !out.SameText(t);
      }
    }
    EXPECT_GT(changed, 20) << name;  // the change at p did change something
  }
}

// The mapping of one choice onto the viable alternatives.
TEST(ChoiceReplay, ChoicesMapOntoViableAlternatives) {
  const double weights[] = {0.0, 1.0, 0.0, 3.0};
  Choice c;
  c.kind = ChoiceKind::kDecision;
  c.symbol = 5;
  c.value = 3;  // at its own decision: taken as recorded (if it fits)
  EXPECT_EQ(ChoiceReplay::RecordedAlternative(c, 5, 4), 2);
  EXPECT_EQ(ChoiceReplay::RecordedAlternative(c, 6, 4), -1);
  EXPECT_EQ(ChoiceReplay::RecordedAlternative(c, 5, 2), -1);
  // Otherwise by weight, the value scattered: only viable edges, and the
  // heavier one more often.
  int picked[4] = {0, 0, 0, 0};
  for (uint32_t v = 1; v <= 1000; ++v) {
    c.value = v;
    ++picked[ChoiceReplay::PickAlternative(c, weights, 4.0)];
  }
  EXPECT_EQ(picked[0] + picked[2], 0);
  EXPECT_GT(picked[1], 0);
  EXPECT_GT(picked[3], 2 * picked[1]);
  // A learned mode's unseen alternative carries only the smoothing: the
  // out-of-place choices (small values) seldom take it (modulo: half).
  const double learned[] = {0.01, 10.0};
  int unseen = 0;
  for (uint32_t v = 1; v <= 1000; ++v) {
    c.value = v;
    unseen += ChoiceReplay::PickAlternative(c, learned, 10.01) == 0;
  }
  EXPECT_LT(unseen, 20);
  c.value = 3;
  c.kind = ChoiceKind::kRaw;  // raw: by weight, 1/4 to index 1
  EXPECT_EQ(ChoiceReplay::RecordedAlternative(c, 5, 4), -1);
  c.value = 0x3FFFFFFF;
  EXPECT_EQ(ChoiceReplay::PickAlternative(c, weights, 4.0), 1u);
  c.value = 0x40000001;
  EXPECT_EQ(ChoiceReplay::PickAlternative(c, weights, 4.0), 3u);
  c.value = 0xFFFFFFFF;
  EXPECT_EQ(ChoiceReplay::PickAlternative(c, weights, 4.0), 3u);
}

// ZestMutate writes raw choices from the offset it reports and keeps the
// choices before it.
TEST(ChoiceReplay, ZestMutateReplacesRunsWithRawChoices) {
  Kit kit("json");
  auto r = kit.parser.Parse(R"({"a": [1, 2, 3], "b": {"c": null}})");
  ASSERT_TRUE(r.ok());
  ChoiceSequence seq;
  ExtractChoices(*kit.grammar, r->tree, 0, &seq);
  ASSERT_GT(seq.size(), 20u);
  size_t total_raw = 0, truncated = 0;
  for (uint64_t seed = 0; seed < 500; ++seed) {
    ChoiceSequence m = seq;
    Rng rng(seed);
    const size_t first = ZestMutate(ZestOptions{}, rng, &m);
    ASSERT_LT(first, seq.size());
    ASSERT_GT(m.size(), first);
    EXPECT_EQ(m.choices[first].kind, ChoiceKind::kRaw);
    for (size_t j = 0; j < first; ++j) ASSERT_TRUE(SameChoice(m, j, seq, j));
    for (size_t j = first; j < m.size(); ++j) {
      if (m.choices[j].kind == ChoiceKind::kRaw) ++total_raw;
    }
    truncated += m.size() < seq.size();
  }
  // Geometric runs of mean 4, about 1.5 runs each: about 6 per mutation.
  EXPECT_GT(total_raw, 500u * 3);
  EXPECT_LT(total_raw, 500u * 12);
  EXPECT_GT(truncated, 10u);
  ChoiceSequence empty;
  Rng rng(1);
  EXPECT_EQ(ZestMutate(ZestOptions{}, rng, &empty), 0u);
  EXPECT_EQ(empty.size(), 0u);
}

// Mutated records never make output over the budget, whatever the budget,
// and replay never fails where plain generation would not.
TEST(ChoiceReplay, NeverExceedsTheBudget) {
  for (const std::string name : {"json", "lua", "sqlite"}) {
    Kit kit(name);
    const int start = kit.grammar->start_rule();
    const int64_t shortest = kit.grammar->rule_min_cost(start).bytes;
    for (const std::string& f : testing::Samples(name)) {
      auto r = kit.parser.Parse(testing::ReadFileOrDie(f));
      ASSERT_TRUE(r.ok());
      for (uint64_t seed = 0; seed < 30; ++seed) {
        ChoiceSequence seq;
        ExtractChoices(*kit.grammar, r->tree, 0, &seq);
        Rng rng(seed);
        if (seed % 3 != 0) ZestMutate(ZestOptions{}, rng, &seq);
        const size_t budget =
            static_cast<size_t>(shortest) + rng.Below(r->tree.TextSize() + 1);
        Tree out;
        ASSERT_TRUE(kit.Replay(seq, start, seed, budget, &out, nullptr,
                               ProbabilityMode::kUniform));
        ASSERT_LE(out.TextSize(), budget) << f;
      }
    }
  }
}

// Trees with syntax errors (error tokens, records of recovered parses) and
// token nodes are replayed without trouble and within budget.
TEST(ChoiceReplay, AnyTreeIsReplayable) {
  Kit kit("json");
  const std::string inputs[] = {"",           "{",
                                "}",          "[1,,2]",
                                R"({"a" 1})", "\x01\xff garbage",
                                "[[[[",       R"({"a": [1, 2], "b": tru})",
                                "nul"};
  for (const std::string& in : inputs) {
    auto r = kit.parser.Parse(in);
    ASSERT_TRUE(r.ok());
    const Tree& t = r->tree;
    for (int at = 0; at < t.size(); ++at) {
      ChoiceSequence seq;
      ExtractChoices(*kit.grammar, t, at, &seq);
      // Error tokens are not the grammar's: never in a record.
      size_t tokens = 0, token_choices = 0;
      for (int i = at; i < t.End(at); ++i) {
        tokens += !t.node(i).is_rule && !t.node(i).is_error;
      }
      for (const Choice& c : seq.choices) {
        token_choices += c.kind == ChoiceKind::kToken;
      }
      EXPECT_EQ(token_choices, tokens) << in;
      const int rule =
          t.node(at).is_rule ? t.node(at).symbol : kit.grammar->start_rule();
      for (uint64_t seed = 0; seed < 5; ++seed) {
        Rng rng(seed);
        ZestMutate(ZestOptions{}, rng, &seq);
        Tree out;
        if (kit.Replay(seq, rule, seed, 64, &out)) {
          EXPECT_LE(out.TextSize(), 64u);
        }
      }
    }
  }
}

// --- The operators, through the Mutator -----------------------------------

std::unique_ptr<Mutator> MakeMutator(const std::string& grammar,
                                     const std::string& arms) {
  MutatorConfig config;
  config.arms = arms;
  auto m = Mutator::Create(config, testing::LoadShipped(grammar));
  EXPECT_TRUE(m.ok()) << m.status();
  return std::move(*m);
}

// Mutates `a` with only `arms` until exactly `b` comes out (each try starts
// again from `a`). Returns the number of tries, or -1.
int TriesUntil(const std::string& grammar, const std::string& arms,
               const std::string& a, const std::string& b, int limit) {
  auto m = MakeMutator(grammar, arms);
  for (int i = 0; i < limit; ++i) {
    std::string op;
    const std::string out = m->MutateString(a, 4096, 77 + i, &op);
    if (out == b && absl::StartsWith(op, "replay")) return i + 1;
  }
  return -1;
}

// Flat replay: turning the loop's "one more element" into "stop" deletes
// the rest of the array; the tokens met where the closing bracket and EOF
// are due are reinterpreted, so exactly `[true]` comes out.
TEST(ReplayOperator, FlatReplayReachesAShorterArray) {
  const int tries =
      TriesUntil("json", "replay", "[true, false]", "[true]", 5000);
  EXPECT_GT(tries, 0);
  RecordProperty("tries", tries);
}

// Hierarchical replay: the same edit inside one member's value leaves the
// rest of the object as it was.
TEST(ReplayOperator, RuleReplayEditsOneSubtreeOnly) {
  const int tries =
      TriesUntil("json", "replay-rule", R"({"a": [true, false], "b": null})",
                 R"({"a": [true], "b": null})", 5000);
  EXPECT_GT(tries, 0);
  RecordProperty("tries", tries);
}

// Both arms can be chosen by name and made outputs; outputs stay within
// max_size for every size, and the same seed gives the same output.
TEST(ReplayOperator, ObeysMaxSizeAndIsDeterministic) {
  for (const std::string grammar : {"json", "lua"}) {
    auto m = MakeMutator(grammar, "replay,replay-rule");
    auto m2 = MakeMutator(grammar, "replay,replay-rule");
    const std::vector<std::string> samples = testing::SampleTexts(grammar);
    int flat = 0, rule = 0;
    for (size_t max_size = 1; max_size <= 8192;
         max_size = max_size < 64 ? max_size + 3 : max_size * 2) {
      for (int i = 0; i < 30; ++i) {
        const std::string& in = samples[i % samples.size()];
        std::string op, op2;
        const std::string out = m->MutateString(in, max_size, i, &op);
        const std::string out2 = m2->MutateString(in, max_size, i, &op2);
        ASSERT_LE(out.size(), max_size) << op;
        EXPECT_EQ(out, out2);
        EXPECT_EQ(op, op2);
        flat += absl::StartsWith(op, "replay/");
        rule += absl::StartsWith(op, "replay-rule/");
      }
    }
    EXPECT_GT(flat, 20) << grammar;
    EXPECT_GT(rule, 20) << grammar;
  }
}

}  // namespace
}  // namespace grammut
