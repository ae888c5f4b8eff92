// binder.h: makes the names of a new or changed part of a tree refer to
// what the tree defines before them (define before use).
//
// After an edit, the pass walks the tree once with the binding model
// (binding_model.h): a name in the changed part, at a place that uses
// (as often as names there are uses in the corpus), takes the text of a
// definition that is visible there (earlier in the input, within its
// scope) at a place its place draws from; a definition at a place that
// takes each text once gets a fresh text when the text is taken; a use
// after the change whose definition the edit removed is bound again. The
// rest stays: builtins, names the corpus leaves undefined, error paths,
// names that already refer to a visible definition and names the edit
// only moved (a swap).
//
//   Binder binder(model, kit.tokens, kit.separators);
//   binder.BindChange(input_tree, &output_tree, rng, max_size);
//   binder.BindAll(&generated_tree, rng, max_size);
#ifndef GRAMMUT_BIND_BINDER_H_
#define GRAMMUT_BIND_BINDER_H_

#include <cstddef>
#include <deque>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/string_view.h"
#include "base/rng.h"
#include "bind/binding_model.h"
#include "generate/token_generator.h"
#include "grammar/separator_oracle.h"
#include "tree/tree.h"

namespace grammut {

class Binder {
 public:
  // All must outlive the binder; the model may go on learning.
  Binder(const BindingModel& model, TokenGenerator& tokens,
         SeparatorOracle& separators);

  // `out` is `in` after an edit: binds the names of the part that differs
  // (found by comparing the texts) and the uses after it that named what
  // the edit removed. Returns true if it changed `out` (never over
  // `max_size` bytes).
  bool BindChange(const Tree& in, Tree* out, Rng& rng, size_t max_size);
  // Binds every name of `tree` (a generated input).
  bool BindAll(Tree* tree, Rng& rng, size_t max_size);
  // Binds the names of `tree` standing in bytes [begin, end) of its text.
  bool BindRange(Tree* tree, size_t begin, size_t end, Rng& rng,
                 size_t max_size);

  // How many name tokens the subtree of node `node` of `t` holds.
  int NamesIn(const Tree& t, int node) const;
  // Names given a new text by the calls so far.
  int64_t renamed() const { return renamed_count_; }
  // The uses the last call found nothing defined for (node, place), in
  // order: what DefinitionsFirst provides definitions for.
  const std::vector<std::pair<int32_t, int32_t>>& unresolved() const {
    return unresolved_;
  }
  // With `on`, a changed use that is a free text of its place (a builtin)
  // is bound to a visible definition all the same (after definitions were
  // put in for it), except in a unit put in (set_keep_definitions_before),
  // which ran as it stands.
  void set_prefer_definitions(bool on) { prefer_definitions_ = on; }
  // Names ending at or before byte `offset` at a place that defines keep
  // their text when nothing they could use is seen (a defining unit put
  // in: its definitions stay, its uses are bound, its builtins stay).
  // 0: none.
  void set_keep_definitions_before(size_t offset) {
    keep_definitions_before_ = offset;
  }

 private:
  // A definition seen in the walk: its text, token type, place, the node
  // bounding where it is seen (-1: everywhere after it), the first node
  // that sees it (after its statement, for a Lua `local`) and the node of
  // its place's outermost rule (its column definition's CREATE TABLE).
  struct Def {
    absl::string_view text;
    int32_t type;
    int32_t place;
    int32_t scope;
    int32_t from;
    int32_t anchor;
  };
  // Binds `tree`'s names standing in bytes [begin, end) of its text, and
  // the uses after them of `removed` texts.
  bool Bind(Tree* tree, size_t begin, size_t end, Rng& rng, size_t max_size);
  // Collects the texts of `in`'s names in bytes [begin, end) at places
  // that define into removed_, and each name's text and place into
  // moved_.
  void CollectRemoved(const Tree& in, size_t begin, size_t end);
  // The model's place for `place` (BindingModel::Nearest), remembered
  // until the model learns a new place.
  int PlaceOf(const NamePlace& place);
  // Whether tokens in bytes [begin, end) of `t` include a name.
  bool HasName(const Tree& t, size_t begin, size_t end) const;
  // Whether `d` is seen at node `at` of `t`.
  static bool Visible(const Tree& t, const Def& d, int at) {
    return at >= d.from &&
           (d.scope < 0 || (d.scope <= at && at < t.End(d.scope)));
  }
  // A visible definition for a use at place `place` of type `type`, or null.
  // A use at a place that also defines does not take a text defined at its
  // own place under the same `anchor` (a column of the table being
  // defined: a duplicate column).
  const Def* PickDefinition(const Tree& t, int at, int place, int type,
                            int anchor, Rng& rng);
  // Whether a definition at `place` under `anchor` has `text` already.
  bool Taken(absl::string_view text, int place, int anchor) const;
  // Whether a name of `t` outside bytes [begin, end) (the change) has
  // `text` at a place that names the same kind of thing as `place` (or at
  // a place never seen) (collected once a call).
  bool NamedElsewhere(const Tree& t, absl::string_view text, int place,
                      size_t begin, size_t end);
  // A text of `type` no name of `t` has, made from `text`; empty if none.
  absl::string_view FreshText(const Tree& t, int type, absl::string_view text);

  const BindingModel& model_;
  TokenGenerator& tokens_;
  SeparatorOracle& separators_;
  int64_t renamed_count_ = 0;
  bool prefer_definitions_ = false;
  size_t keep_definitions_before_ = 0;
  std::vector<std::pair<int32_t, int32_t>> unresolved_;
  // PlaceOf's answers, for a model of nearest_places_ places.
  absl::flat_hash_map<NamePlace, int32_t> nearest_;
  int nearest_places_ = 0;
  // Buffers reused from call to call.
  NameWalk walk_;
  std::vector<Def> defs_;
  absl::flat_hash_set<absl::string_view> removed_;
  absl::flat_hash_set<std::pair<absl::string_view, int32_t>> moved_;
  absl::flat_hash_set<absl::string_view> all_texts_;
  absl::flat_hash_map<absl::string_view, std::vector<int32_t>> outside_;
  NameWalk outside_walk_;
  bool counted_ = false;
  std::deque<std::string> fresh_;
  std::vector<std::pair<int, absl::string_view>> renamed_;
  std::vector<std::pair<int32_t, double>> choice_;
  std::vector<int32_t> seams_;
  Tree bound_;
};

}  // namespace grammut

#endif  // GRAMMUT_BIND_BINDER_H_
