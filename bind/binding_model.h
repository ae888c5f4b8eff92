// binding_model.h: where a grammar's names are defined and used, learned
// from inputs.
//
// From each input, in order, every name token (name_place.h) counts at its
// place: a text's first occurrence in the input may define it, a later one
// uses it. A place defines when the texts first seen there occur again
// later; a place uses when its texts occurred before. Each use links its
// place to the place where its text first stood (a column reference draws
// from column definitions, `FROM t` from `CREATE TABLE t`), and each
// definition that is used records the innermost rule around it that holds
// all its uses: its scope (a Lua `local` is seen within its block, a
// function's parameter within its body, an SQL table in the whole script).
//
//   BindingModel model(grammar, NameTokenTypes(grammar, kit.tokens));
//   model.AddTree(tree);                      // learning, like Weights
//   int p = model.Find(place);                // a place seen before?
//   model.UseShare(p), model.Links(p), model.ScopeRule(p) ...
//
// The model is saved as text (`grammut learn` writes it beside the weights,
// `grammut bindings` prints it); the same text, written by hand, is a
// binding file (GRAMMUT_BINDINGS) for what learning misses: its places are
// kept as written, learning adds the others.
#ifndef GRAMMUT_BIND_BINDING_MODEL_H_
#define GRAMMUT_BIND_BINDING_MODEL_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "base/rng.h"
#include "bind/enclosed_tokens.h"
#include "bind/name_place.h"
#include "bind/single_tokens.h"
#include "grammar/grammar.h"
#include "tree/tree.h"

namespace grammut {

class BindingModel {
 public:
  // Free texts kept per place.
  static constexpr size_t kFreeTexts = 16;
  // Defining units kept per place, and their largest size.
  static constexpr size_t kSnippets = 4;
  static constexpr size_t kSnippetBytes = 256;
  // What was seen at one place.
  struct PlaceStats {
    NamePlace place;
    double count = 0;    // name tokens seen here
    double first = 0;    // first occurrences of their text in their input
    double defines = 0;  // first occurrences whose text occurs again later
    double later = 0;    // occurrences of a text seen before in the input
    // Later occurrences whose text stood at this place just before, under
    // the same anchor (PlaceAnchor): `ch:byte(), ch:byte()` repeats, a
    // column list never does.
    double repeats = 0;
    // Uses here that named a text first seen at place .first: their count.
    std::vector<std::pair<int32_t, double>> links;
    // Definitions here that were used: the innermost rule around the
    // definition that holds all its uses, with how many levels out it is.
    struct Scope {
      int32_t levels;
      int32_t rule;
      double count;
    };
    std::vector<Scope> scopes;
    // Definitions here that were used: the outermost rule around the
    // definition that holds none of its uses, with how many levels out it
    // is (a Lua `local x = ...` is seen after its statement, not in its
    // own initializer; a parameter after the parameter list).
    std::vector<Scope> afters;
    // Definitions here that were used: the rule of the node that holds the
    // definition and its uses (`holder`: a script, a block) and of its
    // child that holds the definition (`unit`: a statement), so a unit
    // that defines can be put before a use that has nothing to use.
    struct Unit {
      int32_t holder;
      int32_t unit;
      double count;
    };
    std::vector<Unit> units;
    // The texts of a few such units from the corpus (its unit rule, the
    // text), at most kSnippets of at most kSnippetBytes: definitions the
    // target accepted, to put before a use with nothing to use.
    std::vector<std::pair<int32_t, std::string>> snippets;
    // Texts first seen here, by how many inputs did so (at most
    // kFreeTexts, the most frequent kept): at a place that uses, names
    // defined outside the input (builtins: print, count, Math).
    std::vector<std::pair<std::string, double>> free;
    bool pinned = false;       // from a binding file: learning leaves it
    int32_t fixed_scope = -2;  // a binding file's scope (-1: whole input)
    int32_t fixed_after = -2;  // a binding file's after (-1: at once)
  };

  // `name_types`: NameTokenTypes of the grammar (indexed by token type).
  BindingModel(const Grammar& grammar, std::vector<bool> name_types);

  // Counts the names of `tree` (a parsed or generated input), `times` over.
  void AddTree(const Tree& tree, double times = 1.0);

  // The id of a place seen before, or -1.
  int Find(const NamePlace& place) const;
  // Levels of innermost rules a place must share with `Nearest`'s answer.
  static constexpr int kNearRules = 2;
  // The place seen before that stands for `place`: itself, else the place
  // of its token type and sibling before whose innermost rules agree with
  // its own for the most levels (at least kNearRules; the most counted of
  // a tie), or -1. A generated `break L` in a loop body the corpus never
  // had takes what the corpus's `break L` in an `if` learned.
  int Nearest(const NamePlace& place) const;
  int num_places() const { return static_cast<int>(places_.size()); }
  const PlaceStats& place(int id) const { return places_[id]; }
  const std::vector<bool>& name_types() const { return name_types_; }
  // Inputs counted.
  int64_t trees() const { return trees_; }

  // Share of the names at `id` that use a text named before.
  double UseShare(int id) const;
  // Whether texts first seen at `id` are used later (a defining place).
  bool Defines(int id) const;
  // Whether a second definition of one text at `id` is an error (a place
  // that defines and is never a use: CREATE TABLE, a column definition).
  bool DefinesOnce(int id) const;
  // Whether one text twice at `id` under one anchor is an error: a place
  // where names are mostly first occurrences and never repeat under one
  // anchor (a column list).
  bool DefinesOncePerAnchor(int id) const;
  // The rule whose nearest node around a definition at `id` bounds where it
  // is seen (its scope), or -1: the whole input.
  int ScopeRule(int id) const;
  // The rule whose nearest node around a definition at `id` must end
  // before the definition is seen, or -1: seen right after the name.
  int SeenAfterRule(int id) const;
  // Whether names at places `a` and `b` can name one thing: one place, a
  // use and the place it draws from, or two uses that draw from one place
  // (`FROM t` and `INSERT INTO t`; not a table and a column).
  bool NameSameThing(int a, int b) const;
  // Whether a use at place `use` named a text first seen at place `def`.
  bool DrawsFrom(int use, int def) const;
  // A (holder, unit) pair of definitions at `id`, by their counts; false
  // if none was seen.
  bool PickUnit(int id, Rng& rng, PlaceStats::Unit* unit) const;
  // Share of the first occurrences at `id` that nothing uses later: names
  // from outside the input (builtins) or left undefined.
  double FreeShare(int id) const;
  // Whether `text` is one of the free texts of `id`.
  bool IsFreeText(int id, absl::string_view text) const;
  // A text first seen at `id` in other inputs (by their counts), or empty.
  absl::string_view FreeText(int id, Rng& rng) const;

  // Text form (see the file comment); FromText replaces the model's places
  // with the text's and checks every name against the grammar (one line
  // per error, `source:line: why`). `pin`: a binding file, whose places
  // learning leaves as written; else a saved model that learning goes on.
  std::string ToText() const;
  absl::Status FromText(absl::string_view text, absl::string_view source,
                        bool pin);
  // Save writes ToText atomically; Load reads a file by FromText.
  absl::Status Save(const std::string& path) const;
  absl::Status Load(const std::string& path, bool pin);
  // The tokens a rule holds once (one PRIMARY KEY per table), learned
  // with the names and kept in the same text form.
  const SingleTokens& singles() const { return singles_; }
  // The tokens that stand only inside some constructs (enclosed_tokens.h).
  const EnclosedTokens& enclosed() const { return enclosed_; }
  // A readable line for a place: `IDENTIFIER after '.' in expr<select_core`.
  std::string Describe(int id) const;

 private:
  int Intern(const NamePlace& place);
  void AddLink(int use, int def, double n);
  void AddFree(int id, absl::string_view text, double n);

  const Grammar& grammar_;
  std::vector<bool> name_types_;
  std::vector<PlaceStats> places_;
  absl::flat_hash_map<NamePlace, int32_t> ids_;
  int64_t trees_ = 0;
  SingleTokens singles_;
  EnclosedTokens enclosed_;
  // AddTree's buffers.
  struct Seen {
    int32_t place;
    int32_t node;
    uint32_t chain_begin, chain_size;  // its enclosing rule nodes in chains_
    int32_t holding;  // rules of its chain (outermost first) holding its uses
    int32_t deepest;  // rules of its chain holding some use (outermost first)
    bool used;
    int32_t last_place, last_anchor;  // where the text stood last
  };
  absl::flat_hash_map<absl::string_view, Seen> seen_;
  std::vector<const Seen*> used_;
  std::vector<int32_t> chains_;
  NameWalk walk_;
};

// Where `grammut learn` saves the model learned with a weights file:
// `<weights>.bindings`.
std::string BindingsBesideWeights(absl::string_view weights_path);
// The binding file of a grammar (`Lexer.g4,Parser.g4`, a .g4 file or an
// .interp directory): `bindings.txt` in the grammar's folder; empty for the
// grammar built in.
std::string BindingsBesideGrammar(absl::string_view grammar_spec);

}  // namespace grammut

#endif  // GRAMMUT_BIND_BINDING_MODEL_H_
