// define_first.h: generated inputs that define before they use.
//
// Binding (binder.h) can only point a use at a definition that exists. A
// generated input is a random sequence of units (statements): most uses
// have nothing before them to use ("no such table"). DefinitionsFirst binds
// a generated tree, and for the first use left without a definition it
// generates a unit of the kind that defines at a place the use draws from
// (the model's `units`: a CREATE TABLE statement in the script, a `local`
// statement in the block), puts it first in the holder around the use
// (with the text the holder has between two units, else a few common
// separators, kept if the whole input parses again), and binds again; up
// to `rounds` times. A unit put in may itself use what nothing defines
// (Lua's `function Animal.new` needs `Animal`), and the next round puts its
// definition before it; when the rounds run out first, the input would
// fail at that unit, before anything it had: of the rounds' states, the
// one whose first use without a definition comes latest is kept. A use
// still left without one, at a place whose names the corpus always had
// defined (a `break L` label: nothing can be put before it to enclose it),
// is taken out where the input parses without it (`break;`), else with the
// smallest part around it that names nothing else (`break L;`). For whole
// generated inputs (it parses them again): `grammut generate`.
#ifndef GRAMMUT_BIND_DEFINE_FIRST_H_
#define GRAMMUT_BIND_DEFINE_FIRST_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/types/span.h"
#include "base/rng.h"
#include "bind/binder.h"
#include "bind/binding_model.h"
#include "generate/generator.h"
#include "grammar/grammar.h"
#include "parse/parser.h"
#include "tree/tree.h"

namespace grammut {

class DefinitionsFirst {
 public:
  // All must outlive this.
  DefinitionsFirst(const Grammar& grammar, const BindingModel& model,
                   Binder& binder, Generator& generator, Parser& parser);

  // Binds `tree` and puts in definitions its uses lack (see the file
  // comment), never over `max_size` bytes; `options` are the generation's
  // (mode, limits). Returns how many units it put in.
  int Bind(Tree* tree, Rng& rng, size_t max_size,
           const GenerateOptions& options, int rounds = 8);
  // Uses taken out by the calls so far (their place always binds, and
  // nothing could be put in for them).
  int64_t dropped() const { return dropped_; }

 private:
  // Puts a unit defining at a place `use_place` draws from before the
  // first unit of the holder around node `use` of `tree`; the new unit
  // stands in bytes [*unit_begin, *unit_end). False if none could be made
  // or put in.
  bool PutDefinitionFirst(Tree* tree, int use, int use_place, Rng& rng,
                          size_t max_size, const GenerateOptions& options,
                          size_t* unit_begin, size_t* unit_end);
  // Takes out the `unresolved` uses (node, place) of `tree` at places whose
  // names are always bound (see the file comment), each where the input
  // parses without it. Returns how many it took out.
  int DropUnbound(Tree* tree,
                  absl::Span<const std::pair<int32_t, int32_t>> unresolved);
  // Where the first of the last binding's unresolved uses begins in
  // `tree` (its size if none).
  size_t Reach(const Tree& tree) const;
  // Whether `unit` holds a name standing where `place` stands (as far as
  // the unit's own rules go).
  bool DefinesAt(const Tree& unit, const NamePlace& place);

  const Grammar& grammar_;
  const BindingModel& model_;
  Binder& binder_;
  Generator& generator_;
  Parser& parser_;
  NameWalk walk_;
  Tree unit_;
  std::vector<int32_t> kids_;
  std::vector<const std::string*> snippets_;
  std::vector<int32_t> tried_;  // use places tried in a round
  Tree best_;                   // Bind's best state so far
  std::vector<std::pair<int32_t, int32_t>> best_unresolved_;
  std::vector<size_t> starts_;  // DropUnbound's uses
  int64_t dropped_ = 0;
};

}  // namespace grammut

#endif  // GRAMMUT_BIND_DEFINE_FIRST_H_
