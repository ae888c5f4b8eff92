// Tests for name binding: the learned model, the binding file and the pass
// that binds the names an edit writes.
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "base/rng.h"
#include "bind/binder.h"
#include "bind/binding_model.h"
#include "bind/define_first.h"
#include "generate/generator.h"
#include "generate/token_generator.h"
#include "grammar/lexer_dfa.h"
#include "grammar/separator_oracle.h"
#include "gtest/gtest.h"
#include "learn/weights.h"
#include "parse/parser.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

// A shipped grammar with what binding needs.
struct Kit {
  explicit Kit(const std::string& name)
      : grammar(testing::LoadShipped(name)),
        dfa(grammar->lexer_graph(), size_t{1} << 20),
        tokens(*grammar, &dfa),
        separators(*grammar, &dfa),
        parser(*grammar),
        model(*grammar, NameTokenTypes(*grammar, tokens)),
        binder(model, tokens, separators) {}
  Tree Parse(const std::string& text) {
    auto r = parser.Parse(text);
    EXPECT_TRUE(r.ok() && r->syntax_errors == 0) << text;
    return r.ok() ? r->tree : Tree();
  }
  // Learns from the grammar's samples.
  void LearnSamples(const std::string& name) {
    for (const std::string& s : testing::SampleTexts(name)) {
      auto r = parser.Parse(s);
      if (r.ok() && r->syntax_errors == 0) model.AddTree(r->tree);
    }
  }
  std::unique_ptr<Grammar> grammar;
  LexerDfa dfa;
  TokenGenerator tokens;
  SeparatorOracle separators;
  Parser parser;
  BindingModel model;
  Binder binder;
};

// Tables are defined by CREATE TABLE and used in FROM; columns defined in
// a column definition and used in expressions: always uses.
std::string SqlBindingFile(const Grammar& g) {
  return absl::StrCat(
      "version 1\ngrammar ", g.name(),
      "\n"
      "place 0 IDENTIFIER - identifier,anyName,qualifiedName,createTableStmt "
      "role define scope *\n"
      "place 1 IDENTIFIER - identifier,anyName,columnDef,createTableStmt "
      "role define\n"
      "place 2 IDENTIFIER - identifier,anyName,qualifiedName,tableOrSubquery "
      "role use\n"
      "place 3 IDENTIFIER - columnName,columnRef,operand,expr role use\n"
      "link 2 0\nlink 3 1 5\nend\n");
}

TEST(Binding, NewSelectNamesOnlyWhatTheScriptDefines) {
  Kit k("sqlite");
  ASSERT_TRUE(k.model.FromText(SqlBindingFile(*k.grammar), "test", true).ok());
  const Tree in = k.Parse("CREATE TABLE t(a, b);");
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    Tree out = k.Parse("CREATE TABLE t(a, b); SELECT x FROM u WHERE y > z;");
    Rng rng(seed);
    ASSERT_TRUE(k.binder.BindChange(in, &out, rng, 4096));
    const std::string text = out.Text();
    // Every column is a or b, the table t: nothing else is named.
    ASSERT_TRUE(absl::StartsWith(text, "CREATE TABLE t(a, b); SELECT "))
        << text;
    for (const char* gone : {" x ", " u ", " y ", " z;"}) {
      EXPECT_FALSE(absl::StrContains(text, gone)) << text;
    }
    EXPECT_TRUE(absl::StrContains(text, "FROM t WHERE")) << text;
  }
}

// DefinitionsFirst over `k`'s model, read from `file`: SqlBindingFile's
// places with units, snippets or free texts added after them (its `end`
// line is dropped, so they can follow).
struct Definer {
  Definer(Kit& k, const std::string& file)
      : weights(*k.grammar),
        generator(*k.grammar, weights, k.tokens, k.separators, nullptr),
        parser(*k.grammar),
        first(*k.grammar, k.model, k.binder, generator, parser) {
    const absl::Status st = k.model.FromText(
        absl::StrReplaceAll(file, {{"end\n", ""}}), "test", true);
    EXPECT_TRUE(st.ok()) << st;
  }
  Weights weights;
  Generator generator;
  Parser parser;
  DefinitionsFirst first;
};

// A generated script that uses a table nothing creates gets the corpus's
// CREATE TABLE first (joined by ';' and a newline: the first separator
// that parses), and its names are bound to it.
TEST(Binding, DefinitionsComeFirst) {
  Kit k("sqlite");
  const std::string file =
      absl::StrCat(SqlBindingFile(*k.grammar),
                   "unit 0 sqlScript sqlStatement 1\n"
                   "snippet 0 sqlStatement \"CREATE\\040TABLE\\040t(a)\"\n");
  Definer definer(k, file);
  DefinitionsFirst& first = definer.first;
  Tree t = k.Parse("SELECT x FROM u;");
  Rng rng(1);
  EXPECT_EQ(first.Bind(&t, rng, 4096, GenerateOptions()), 1);
  EXPECT_EQ(t.Text(), "CREATE TABLE t(a);\nSELECT a FROM t;");
  // No room for it: the script stays as it was bound.
  Tree small = k.Parse("SELECT x FROM u;");
  EXPECT_EQ(first.Bind(&small, rng, 20, GenerateOptions()), 0);
  EXPECT_EQ(small.Text(), "SELECT x FROM u;");
}

// A unit put in whose own use finds nothing before the rounds run out
// would fail before anything the script had: it is taken back out. Here
// the only defining unit uses a table too (`v` at byte 32, where the
// script's first undefined name stood at byte 45).
TEST(Binding, AUnitThatFailsFirstIsTakenBack) {
  Kit k("sqlite");
  const std::string file = absl::StrCat(
      SqlBindingFile(*k.grammar),
      "unit 0 sqlScript sqlStatement 1\n"
      "snippet 0 sqlStatement "
      "\"CREATE\\040TABLE\\040t\\040AS\\040SELECT\\040*\\040FROM\\040v\"\n");
  // (`t` is seen once its statement ends.)
  Definer definer(k, absl::StrReplaceAll(
                         file, {{"define scope *\n",
                                 "define scope * after createTableStmt\n"}}));
  DefinitionsFirst& first = definer.first;
  const std::string script = "SELECT 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 FROM u;";
  Tree t = k.Parse(script);
  Rng rng(1);
  EXPECT_EQ(first.Bind(&t, rng, 4096, GenerateOptions(), /*rounds=*/1), 0);
  EXPECT_EQ(t.Text(), script);
  // Where the unit's own use comes after the script's, it stays.
  const std::string early = "SELECT 1 FROM u;";
  Tree e = k.Parse(early);
  EXPECT_EQ(first.Bind(&e, rng, 4096, GenerateOptions(), /*rounds=*/1), 1);
  EXPECT_TRUE(absl::StartsWith(e.Text(), "CREATE TABLE t AS SELECT * FROM v;"))
      << e.Text();
}

// A unit put in keeps the names its input used undefined (builtins): it
// ran as it stands. Here `FROM sqlite_master` in the corpus's CREATE TABLE
// stays, though `t` is defined before it.
TEST(Binding, AUnitPutInKeepsItsBuiltins) {
  Kit k("sqlite");
  const std::string file = absl::StrCat(
      SqlBindingFile(*k.grammar),
      "free 2 5 \"sqlite_master\"\n"
      "unit 0 sqlScript sqlStatement 1\n"
      "snippet 0 sqlStatement "
      "\"CREATE\\040TABLE\\040t\\040AS\\040SELECT\\040*\\040FROM\\040sqlite_"
      "master\"\n");
  Definer definer(k, file);
  DefinitionsFirst& first = definer.first;
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    Tree t = k.Parse("SELECT 1 FROM u;");
    Rng rng(seed);
    ASSERT_EQ(first.Bind(&t, rng, 4096, GenerateOptions(), /*rounds=*/1), 1);
    EXPECT_TRUE(absl::StartsWith(
        t.Text(), "CREATE TABLE t AS SELECT * FROM sqlite_master;"))
        << t.Text();
  }
}

TEST(Binding, UsesOfADeletedDefinitionAreBoundAgain) {
  Kit k("sqlite");
  ASSERT_TRUE(k.model.FromText(SqlBindingFile(*k.grammar), "test", true).ok());
  const Tree in =
      k.Parse("CREATE TABLE t(a); CREATE TABLE s(b); SELECT a FROM t;");
  Tree out = k.Parse("CREATE TABLE s(b); SELECT a FROM t;");
  Rng rng(1);
  ASSERT_TRUE(k.binder.BindChange(in, &out, rng, 4096));
  EXPECT_EQ(out.Text(), "CREATE TABLE s(b); SELECT b FROM s;");
}

// An edit that only moves names (a swap of two statements) keeps them:
// each stood at its place in the input.
TEST(Binding, ASwapKeepsTheNamesItMoves) {
  Kit k("sqlite");
  ASSERT_TRUE(k.model.FromText(SqlBindingFile(*k.grammar), "test", true).ok());
  const Tree in = k.Parse(
      "CREATE TABLE t(a); SELECT a FROM t; CREATE TABLE s(b); "
      "SELECT b FROM s;");
  const std::string swapped =
      "CREATE TABLE t(a); SELECT b FROM s; CREATE TABLE s(b); "
      "SELECT a FROM t;";
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Tree out = k.Parse(swapped);
    Rng rng(seed);
    EXPECT_FALSE(k.binder.BindChange(in, &out, rng, 4096));
    EXPECT_EQ(out.Text(), swapped) << "seed " << seed;
  }
}

// A use at a place that drew from a kind of definition only now and then
// (a Lua method call on a local, where the corpus mostly called methods
// on parameters) keeps a visible name of that kind.
TEST(Binding, ARareUseOfAVisibleNameStays) {
  Kit k("lua");
  for (int i = 0; i < 4; ++i) {
    k.model.AddTree(k.Parse("local function f(p) print(p:len()) end\n"));
  }
  k.model.AddTree(k.Parse("local s = 'a'\nprint(s:len())\n"));
  const std::string head = "local s = 'a'\nlocal u = 'b'\n";
  const Tree in = k.Parse(head);
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Tree out = k.Parse(head + "print(s:len())\n");
    Rng rng(seed);
    k.binder.BindChange(in, &out, rng, 4096);
    EXPECT_EQ(out.Text(), head + "print(s:len())\n") << "seed " << seed;
  }
}

// A use at a place the corpus never had (a `while` condition, where the
// corpus named a local only in an `if` condition) is bound as the nearest
// place that was: the innermost rules agree, the statement differs.
TEST(Binding, AnUnseenPlaceIsBoundAsTheNearestSeenOne) {
  Kit k("lua");
  for (int i = 0; i < 3; ++i) {
    k.model.AddTree(k.Parse("local a = 1\nif a then end\n"));
  }
  const Tree in = k.Parse("local a = 1\n");
  Tree out = k.Parse("local a = 1\nwhile x do end\n");
  bool unseen = false;
  NameWalk walk;
  ForEachName(out, k.model.name_types(), &walk,
              [&](int i, const NamePlace& place, absl::Span<const int32_t>) {
                if (out.token_text(i) != "x") return;
                unseen = k.model.Find(place) < 0;
                EXPECT_GE(k.model.Nearest(place), 0);
              });
  EXPECT_TRUE(unseen);
  Rng rng(1);
  ASSERT_TRUE(k.binder.BindChange(in, &out, rng, 4096));
  EXPECT_EQ(out.Text(), "local a = 1\nwhile a do end\n");
  // A name after `goto` stands at no place like a variable's: it stays.
  Tree go = k.Parse("local a = 1\ngoto x\n");
  EXPECT_FALSE(k.binder.BindChange(in, &go, rng, 4096));
}

// A label the corpus always defined around its use: a generated `break M`
// with no label around it loses the label where a bare `break` parses (in
// a loop), else the whole statement; nothing else changes.
TEST(Binding, AUseNothingCanDefineIsTakenOut) {
  Kit k("javascript");
  for (int i = 0; i < 3; ++i) {
    k.model.AddTree(k.Parse("L: for (;;) { if (x) break L; }\n"));
    k.model.AddTree(k.Parse("B: { x(); break B; }\n"));
  }
  Weights weights(*k.grammar);
  Generator generator(*k.grammar, weights, k.tokens, k.separators, nullptr);
  Parser parser(*k.grammar);
  DefinitionsFirst first(*k.grammar, k.model, k.binder, generator, parser);
  Rng rng(1);
  Tree in_loop = k.Parse("for (;;) { if (x) break M; }\n");
  first.Bind(&in_loop, rng, 4096, GenerateOptions());
  EXPECT_EQ(in_loop.Text(), "for (;;) { if (x) break ; }\n");
  Tree alone = k.Parse("var a = 1; break M;\n");
  first.Bind(&alone, rng, 4096, GenerateOptions());
  EXPECT_EQ(alone.Text(), "var a = 1;\n");
  EXPECT_EQ(first.dropped(), 2);
  // Inside the label, it is bound instead.
  Tree inside = k.Parse("L: for (;;) { if (x) break M; }\n");
  first.Bind(&inside, rng, 4096, GenerateOptions());
  EXPECT_EQ(inside.Text(), "L: for (;;) { if (x) break L; }\n");
}

// A table use named like a column is not a use of the column: it is bound
// to a table.
TEST(Binding, AColumnIsNoTable) {
  Kit k("sqlite");
  ASSERT_TRUE(k.model.FromText(SqlBindingFile(*k.grammar), "test", true).ok());
  const Tree in = k.Parse("CREATE TABLE t(a, email); SELECT a FROM t;");
  Tree out = k.Parse("CREATE TABLE t(a, email); SELECT a FROM email;");
  Rng rng(1);
  ASSERT_TRUE(k.binder.BindChange(in, &out, rng, 4096));
  EXPECT_EQ(out.Text(), "CREATE TABLE t(a, email); SELECT a FROM t;");
}

TEST(Binding, ADefinitionTakenTwiceGetsAFreshName) {
  Kit k("sqlite");
  ASSERT_TRUE(k.model.FromText(SqlBindingFile(*k.grammar), "test", true).ok());
  const Tree in = k.Parse("CREATE TABLE t(a);");
  Tree out = k.Parse("CREATE TABLE t(a); CREATE TABLE t(b);");
  Rng rng(1);
  ASSERT_TRUE(k.binder.BindChange(in, &out, rng, 4096));
  EXPECT_EQ(out.Text(), "CREATE TABLE t(a); CREATE TABLE t1(b);");
}

TEST(Binding, NeverOverMaxSize) {
  Kit k("sqlite");
  ASSERT_TRUE(k.model.FromText(SqlBindingFile(*k.grammar), "test", true).ok());
  const Tree in = k.Parse("CREATE TABLE long_name(a);");
  Tree out = k.Parse("CREATE TABLE long_name(a); SELECT a FROM u;");
  const std::string before = out.Text();
  Rng rng(1);
  EXPECT_FALSE(k.binder.BindChange(in, &out, rng, before.size()));
  EXPECT_EQ(out.Text(), before);
}

// Learned from Lua's samples: a local of a function body is seen in that
// body only; a local of the chunk everywhere after it.
TEST(Binding, LuaLocalsStayInTheirFunction) {
  Kit k("lua");
  k.LearnSamples("lua");
  const std::string head =
      "local outer = 2\nlocal function f() local inner = 1 end\n";
  const Tree in = k.Parse(head);
  int outer = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    Tree out = k.Parse(head + "print(zz)\n");
    Rng rng(seed);
    k.binder.BindChange(in, &out, rng, 4096);
    const std::string text = out.Text();
    ASSERT_TRUE(absl::StartsWith(text, head)) << text;
    EXPECT_FALSE(absl::StrContains(text.substr(head.size()), "inner")) << text;
    outer += absl::StrContains(text.substr(head.size()), "outer");
  }
  EXPECT_GT(outer, 0);
}

// Learned from Lua's samples: a local is seen after its statement, not
// in its own initializer (`local b = b` reads a global b).
TEST(Binding, LuaLocalIsNotSeenInItsOwnInitializer) {
  Kit k("lua");
  k.LearnSamples("lua");
  const std::string head = "local a = 1\n";
  const Tree in = k.Parse(head);
  int bound_to_a = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    Tree out = k.Parse(head + "local b = zz + 1\n");
    Rng rng(seed);
    k.binder.BindChange(in, &out, rng, 4096);
    const std::string text = out.Text();
    EXPECT_FALSE(absl::StrContains(text, "local b = b")) << text;
    bound_to_a += absl::StrContains(text, "local b = a + 1");
  }
  EXPECT_GT(bound_to_a, 0);
}

TEST(Binding, LearnedModelSurvivesItsTextForm) {
  Kit k("sqlite");
  k.LearnSamples("sqlite");
  ASSERT_GT(k.model.num_places(), 5);
  const std::string text = k.model.ToText();
  BindingModel again(*k.grammar, k.model.name_types());
  ASSERT_TRUE(again.FromText(text, "saved", false).ok());
  EXPECT_EQ(again.ToText(), text);
  for (int id = 0; id < k.model.num_places(); ++id) {
    EXPECT_EQ(again.ScopeRule(id), k.model.ScopeRule(id));
    EXPECT_EQ(again.SeenAfterRule(id), k.model.SeenAfterRule(id));
    EXPECT_EQ(again.Defines(id), k.model.Defines(id));
  }
}

// A binding file names the grammar's rules and tokens; what it gets wrong
// is refused with the line and the reason.
TEST(Binding, BindingFileErrorsNameTheLine) {
  Kit k("sqlite");
  struct Case {
    const char* body;
    const char* error;
  };
  const Case cases[] = {
      {"place 0 IDENTIFIER - identifier,no_such_rule role use\n",
       "test:2: unknown rule no_such_rule"},
      {"place 0 NO_TOKEN - identifier role use\n", "test:2: unknown token"},
      {"place 0 IDENTIFIER - identifier role sometimes\n",
       "test:2: role is define, use or both"},
      {"place 0 IDENTIFIER - identifier role use\nlink 0 7\n",
       "test:3: link names a place the file does not give"},
      {"place 0 IDENTIFIER - identifier\n",
       "test:2: a place needs counts or a role"},
      {"bogus 1\n", "test:2: unknown line 'bogus'"},
  };
  for (const Case& c : cases) {
    const std::string text =
        absl::StrCat("grammar ", k.grammar->name(), "\n", c.body);
    const absl::Status st = k.model.FromText(text, "test", true);
    EXPECT_FALSE(st.ok()) << c.body;
    EXPECT_TRUE(absl::StrContains(st.message(), c.error))
        << st.message() << " (wanted: " << c.error << ")";
  }
  EXPECT_FALSE(k.model.FromText("grammar NotThisOne\n", "test", true).ok());
}

}  // namespace
}  // namespace grammut
