// Tests for enclosed tokens: learning which tokens stand only inside some
// constructs (`break` inside a loop), their text form, and the repair that
// takes such a token out of what an edit or a generation wrote where it
// cannot stand.
#include "bind/enclosed_tokens.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/strings/str_cat.h"
#include "base/rng.h"
#include "generate/generator.h"
#include "generate/input_size.h"
#include "gtest/gtest.h"
#include "learn/weights.h"
#include "mutate/cache/tree_index.h"
#include "mutate/config.h"
#include "mutate/mutator.h"
#include "mutate/operators/operators.h"
#include "mutate/token_repair.h"
#include "parse/parser.h"
#include "tests/edit_context.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

// Lua with `break` in loops of every kind, under ifs and in functions, and
// as much code again without one (functions, ifs, do blocks, top level).
const char* const kCorpus[] = {
    "while x do break end",
    "while x do if y then break end end",
    "for i = 1, 3 do break end",
    "for i = 1, 3 do if i > 2 then break end end",
    "for k, v in pairs(t) do break end",
    "for k, v in pairs(t) do if v then f(v) else break end end",
    "function f() while true do break end end",
    "function f() for i = 1, n do if g(i) then break end end end",
    "local function h() for _, v in ipairs(t) do if v then break end end end",
    "local g = function() while x do if y then break elseif z then break end "
    "end end",
    "while a do while b do break end break end",
    "repeat if x then break end until y",
    "repeat f() break until y",
    "function o:m() for i = 1, 9 do if i then else break end end end",
    "while x do local function q() end if q() then break end end",
    "for _, v in ipairs(t) do while v do v = v - 1 break end end",
    "if a then for i = 1, 2 do break end end",
    "for i = 1, 2 do for j = 1, 2 do if i then break end end end",
    "if x then f() end",
    "if x then f() elseif y then g() else h() end",
    "function f(a) if a then return 1 end return 2 end",
    "local function g(x) local y = x + 1 return y end",
    "do local x = 1 print(x) end",
    "local t = {} t.x = 1 print(t.x)",
    "function m.n(a, b) do return a end end",
    "local f = function() if a then g() end end",
    "x = 1 y = 2 if x then y = 3 end",
    "print(1) print(2) do print(3) end",
    "while x do f() end for i = 1, 2 do g(i) end",
    "for k in pairs(t) do print(k) end repeat x = x + 1 until x > 3",
    "if a then if b then f() end elseif c then do g() end else h() end",
    "local function p() if a then return end do end end",
    "function q() local r = function() if x then y() end end end",
    "if x then do end else do end end",
    "function u() end function v() end function w() end",
    "local a = function() end local b = function() if c then end end",
    "do do do end end end",
    "if a then b() elseif c then d() elseif e then f() end",
};

struct Lua {
  Lua() : grammar(testing::LoadShipped("lua")), parser(*grammar) {}
  Tree Parse(const std::string& text) {
    auto r = parser.Parse(text);
    EXPECT_TRUE(r.ok() && r->syntax_errors == 0) << text;
    return r.ok() ? r->tree : Tree();
  }
  EnclosedTokens Learned() {
    EnclosedTokens enclosed(*grammar);
    for (const char* t : kCorpus) enclosed.AddTree(Parse(t));
    return enclosed;
  }
  const EnclosedTokens::Rule* RuleOf(const EnclosedTokens& e,
                                     const std::string& token,
                                     const std::string& parent) {
    for (const EnclosedTokens::Rule& r : e.Rules()) {
      if (r.type == grammar->token_type_named(token) &&
          r.parent == grammar->FindRule(parent)) {
        return &r;
      }
    }
    return nullptr;
  }
  std::vector<std::string> Names(const std::vector<int32_t>& rules) {
    std::vector<std::string> out;
    for (const int32_t r : rules) out.push_back(grammar->rule_name(r));
    std::sort(out.begin(), out.end());
    return out;
  }
  // Breaks in `t`.
  int Breaks(const Tree& t) {
    int n = 0;
    for (int i = 0; i < t.size(); ++i) {
      n += !t.node(i).is_rule &&
           t.node(i).symbol == grammar->token_type_named("KW_BREAK");
    }
    return n;
  }
  // Breaks standing outside any loop, walking the tree up as Lua's parser
  // sees it (a function body ends the search), independently of the
  // learned rule.
  int BreaksOutsideLoops(const Tree& t) {
    const auto loop = [&](int32_t rule) {
      const std::string& n = grammar->rule_name(rule);
      return n == "whileStat" || n == "repeatStat" || n == "numericForStat" ||
             n == "genericForStat";
    };
    int outside = 0;
    for (int i = 0; i < t.size(); ++i) {
      if (t.node(i).is_rule ||
          t.node(i).symbol != grammar->token_type_named("KW_BREAK")) {
        continue;
      }
      bool in_loop = false;
      for (int p = t.Parent(i); p >= 0; p = t.Parent(p)) {
        if (loop(t.node(p).symbol)) {
          in_loop = true;
          break;
        }
        if (grammar->rule_name(t.node(p).symbol) == "funcBody") break;
      }
      outside += !in_loop;
    }
    return outside;
  }
  std::unique_ptr<Grammar> grammar;
  Parser parser;
};

TEST(EnclosedTokens, BreakNeedsALoopBeforeAFunctionBody) {
  Lua lua;
  const EnclosedTokens enclosed = lua.Learned();
  const EnclosedTokens::Rule* brk =
      lua.RuleOf(enclosed, "KW_BREAK", "breakStat");
  ASSERT_NE(brk, nullptr) << enclosed.ToText();
  // Not `if`, which holds most breaks and much else besides.
  EXPECT_EQ(lua.Names(brk->witnesses),
            (std::vector<std::string>{"genericForStat", "numericForStat",
                                      "repeatStat", "whileStat"}))
      << enclosed.ToText();
  for (const char* bound : {"chunk", "funcBody"}) {
    EXPECT_TRUE(absl::c_linear_search(lua.Names(brk->bounds), bound)) << bound;
  }
  // Tokens that stand anywhere need nothing.
  EXPECT_EQ(lua.RuleOf(enclosed, "KW_RETURN", "retStat"), nullptr);
  EXPECT_EQ(lua.RuleOf(enclosed, "KW_IF", "ifStat"), nullptr);
}

TEST(EnclosedTokens, TooFewContextsTeachNothing) {
  Lua lua;
  EnclosedTokens enclosed(*lua.grammar);
  for (int i = 0; i < 4; ++i) {
    enclosed.AddTree(lua.Parse(kCorpus[i]));
    enclosed.AddTree(lua.Parse(kCorpus[18 + i]));
  }
  EXPECT_EQ(lua.RuleOf(enclosed, "KW_BREAK", "breakStat"), nullptr);
}

TEST(EnclosedTokens, AFewInputsTeachNothing) {
  // The same code in three inputs: as many contexts, three authors' style.
  Lua lua;
  EnclosedTokens enclosed(*lua.grammar);
  std::string parts[3];
  int k = 0;
  for (const char* t : kCorpus) absl::StrAppend(&parts[k++ % 3], t, "\n");
  for (const std::string& p : parts) enclosed.AddTree(lua.Parse(p));
  EXPECT_EQ(lua.RuleOf(enclosed, "KW_BREAK", "breakStat"), nullptr);
}

TEST(EnclosedTokens, InputsThatBreakOutsideUndoIt) {
  Lua lua;
  EnclosedTokens enclosed = lua.Learned();
  enclosed.AddTree(lua.Parse("function f() if x then break end end"));
  EXPECT_EQ(lua.RuleOf(enclosed, "KW_BREAK", "breakStat"), nullptr);
}

TEST(EnclosedTokens, TextFormRoundTripsAndDeclares) {
  Lua lua;
  const EnclosedTokens learned = lua.Learned();
  ASSERT_FALSE(learned.ToText().empty());
  EnclosedTokens read(*lua.grammar);
  absl::Status st = testing::ReadTextLines(learned.ToText(), "test", &read);
  ASSERT_TRUE(st.ok()) << st;
  EXPECT_EQ(read.ToText(), learned.ToText());

  EnclosedTokens declared(*lua.grammar);
  st = testing::ReadTextLines(
      "enclosed KW_RETURN retStat in funcBody not chunk\n", "test", &declared);
  ASSERT_TRUE(st.ok()) << st;
  const EnclosedTokens::Rule* ret =
      lua.RuleOf(declared, "KW_RETURN", "retStat");
  ASSERT_NE(ret, nullptr);
  EXPECT_EQ(lua.Names(ret->witnesses), std::vector<std::string>{"funcBody"});
  EXPECT_EQ(ret->contexts, 0);

  st = testing::ReadTextLines(
      "enclosed KW_RETURN retStat in funcBody not chunk\n"
      "enclosed KW_BREAK breakStat in loopStat not chunk\n",
      "file.txt", &declared);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(std::string(st.message()).find("file.txt:2: unknown rule loopStat"),
            std::string::npos)
      << st;
}

// The repair on a parsed tree, as after an edit that wrote bytes [begin,
// end); returns the tokens it took out.
int Repair(Lua& lua, const EnclosedTokens& enclosed, Tree* tree, size_t begin,
           size_t end) {
  testing::EditContext edit(*lua.grammar);
  TokenRepair repair;
  return repair.RemoveUnenclosed(edit.ctx(), enclosed, tree, begin, end);
}

TEST(EnclosedTokens, RepairTakesOutTheBreakOutsideALoop) {
  Lua lua;
  const EnclosedTokens enclosed = lua.Learned();
  const std::string text =
      "function f() if x then g() break end while y do break end end "
      "for i = 1, 2 do if i then break end end";
  Tree t = lua.Parse(text);
  EXPECT_EQ(Repair(lua, enclosed, &t, 0, text.size()), 1);
  EXPECT_EQ(t.Text(),
            "function f() if x then g() end while y do break end end "
            "for i = 1, 2 do if i then break end end");
  // Outside the span an edit wrote, it stays.
  t = lua.Parse(text);
  EXPECT_EQ(Repair(lua, enclosed, &t, text.find("while"), text.size()), 0);
  EXPECT_EQ(t.Text(), text);
}

TEST(EnclosedTokens, GeneratedInputsBreakOnlyInLoops) {
  Lua lua;
  const EnclosedTokens enclosed = lua.Learned();
  Weights weights(*lua.grammar);
  for (const char* t : kCorpus) weights.AddTree(lua.Parse(t));
  GeneratorKit kit(*lua.grammar, weights, nullptr);
  TreeIndex index;
  OperatorScratch scratch;
  std::string bytes;
  int outside_before = 0, breaks_after = 0;
  for (int seed = 1; seed <= 300; ++seed) {
    Rng rng(seed);
    GenerateOptions opt;
    opt.mode = ProbabilityMode::kLearned;
    Tree t;
    if (!GenerateWholeInput(kit.generator, *lua.grammar,
                            lua.grammar->start_rule(), weights, 1024, rng, &opt,
                            &t)) {
      continue;
    }
    outside_before += lua.BreaksOutsideLoops(t);
    MutationContext ctx =
        MakeContext(*lua.grammar, kit, rng, 1024, ProbabilityMode::kLearned, 64,
                    index, scratch, &bytes);
    TokenRepair repair;
    repair.RemoveUnenclosed(ctx, enclosed, &t, 0, t.text().size());
    EXPECT_EQ(lua.BreaksOutsideLoops(t), 0) << t.Text();
    breaks_after += lua.Breaks(t);
  }
  // Generation alone writes them; breaks in loops stay.
  EXPECT_GT(outside_before, 0);
  EXPECT_GT(breaks_after, 0);
}

// The fuzzer's path: a mutator with weights learned from the corpus and a
// bindings file beside them that declares the rule, binding on every edit
// (bind_names=1) or never; how many of its mutants that parse break
// outside a loop, and how many break inside one.
std::pair<int, int> MutantBreaks(Lua& lua, double bind_names) {
  const std::string dir = ::testing::TempDir() + "/enclosed_mutator";
  std::filesystem::create_directories(dir);
  Weights weights(*lua.grammar);
  for (const char* t : kCorpus) weights.AddTree(lua.Parse(t));
  EXPECT_TRUE(weights.Save(dir + "/w").ok());
  std::ofstream(dir + "/w.bindings")
      << "version 1\ngrammar Lua\n"
         "enclosed KW_BREAK breakStat in whileStat,repeatStat,numericForStat,"
         "genericForStat not funcBody,chunk\nend 0 places 0 links\n";
  MutatorConfig config;
  config.weights_file = dir + "/w";
  config.arms = "grammar";
  config.bind_names = bind_names;
  auto m = Mutator::Create(config, testing::LoadShipped("lua"));
  EXPECT_TRUE(m.ok()) << m.status();
  if (!m.ok()) return {-1, -1};
  int outside = 0, inside = 0;
  for (unsigned seed = 1; seed <= 2000; ++seed) {
    const std::string out = (*m)->MutateString(
        "function f() local x = 1 g(x) end while y do h() end", 4096, seed);
    auto r = lua.parser.Parse(out);
    if (!r.ok() || r->syntax_errors > 0) continue;
    const int out_here = lua.BreaksOutsideLoops(r->tree);
    outside += out_here;
    inside += lua.Breaks(r->tree) - out_here;
  }
  return {outside, inside};
}

TEST(EnclosedTokens, MutantsWithBindingBreakOnlyInLoops) {
  Lua lua;
  const auto [outside_unbound, inside_unbound] = MutantBreaks(lua, 0);
  EXPECT_GT(outside_unbound, 0);  // the edits write them
  const auto [outside, inside] = MutantBreaks(lua, 1);
  EXPECT_EQ(outside, 0);
  EXPECT_GT(inside, 0);
}

}  // namespace
}  // namespace grammut
