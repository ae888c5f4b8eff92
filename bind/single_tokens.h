// single_tokens.h: tokens a rule holds at most once, learned from inputs.
//
// Some constructs may stand once per enclosing construct although the
// grammar lets them repeat: one PRIMARY KEY per CREATE TABLE, one `default`
// per switch. The grammar allows `column_constraint*` in every column, so a
// regenerated column writes a second PRIMARY KEY as often as the corpus
// writes one, and the target rejects the table (and, after it, every
// statement that names the table). From the inputs themselves: token type
// T is single in rule R when, over the R nodes that hold T, (almost) none
// holds it twice although, were T placed independently, kMinExpected of
// them would have: an R node holding T once and k nodes of the rule C
// right around T (k column constraints) would hold it again with chance
// 1 - (1 - p)^(k - 1), p being the share of C nodes that hold T (the
// constraints that are PRIMARY KEY). A rare token (`%` in an expression)
// has a small p, so its never repeating says nothing; one that repeats at a
// twentieth or more of that rate is allowed, only less common.
//
//   SingleTokens singles(grammar);
//   singles.AddTree(tree);                   // learning, like Weights
//   for (auto [type, rule] : singles.Singles()) ...
//
// The binding model (binding_model.h) owns one and keeps it in its text
// form as `single` lines, so `grammut learn` saves it and a binding file
// can declare one by hand (`single PRIMARY createTableStmt`).
#ifndef GRAMMUT_BIND_SINGLE_TOKENS_H_
#define GRAMMUT_BIND_SINGLE_TOKENS_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/types/span.h"
#include "base/text_form.h"
#include "grammar/grammar.h"
#include "tree/tree.h"

namespace grammut {

class SingleTokens {
 public:
  // Repeats that independent placement would have made before T counts
  // as single in R.
  static constexpr double kMinExpected = 3;

  explicit SingleTokens(const Grammar& grammar) : grammar_(&grammar) {}

  // Counts the tokens of `tree` (a parsed or generated input), `times`
  // over.
  void AddTree(const Tree& tree, double times = 1.0);

  // The (token type, rule) pairs where the token stands at most once per
  // rule node, sorted.
  const std::vector<std::pair<int32_t, int32_t>>& Singles() const;

  // Why a pair of Singles() is single, for people: "13 holding, 0 twice,
  // 3.8 expected" or "declared".
  std::string Evidence(int32_t type, int32_t rule) const;

  // `single TOKEN RULE holding N twice N expected N` lines for the pairs
  // that repeat rarely enough to be single once enough is seen, sorted;
  // pinned pairs without counts.
  std::string ToText() const;
  // Reads one `single` line (its fields `f`): `single TOKEN RULE` (pinned:
  // single whatever learning sees) or with the three counts.
  absl::Status ParseLine(absl::Span<const absl::string_view> f, LineError bad);
  // Forgets everything (before reading a text form).
  void Clear();

 private:
  struct Counts {
    double holding = 0;   // R nodes that hold T
    double twice = 0;     // ... twice or more
    double expected = 0;  // repeats independent placement would make
    bool pinned = false;
  };
  static uint64_t Key(int32_t type, int32_t rule) {
    return (static_cast<uint64_t>(static_cast<uint32_t>(type)) << 32) |
           static_cast<uint32_t>(rule);
  }

  const Grammar* grammar_;
  absl::flat_hash_map<uint64_t, Counts> counts_;
  mutable std::vector<std::pair<int32_t, int32_t>> singles_;
  mutable bool dirty_ = true;
  // Rule nodes seen per rule, and per (token type, rule) those of them
  // that hold the token as a child: p above.
  absl::flat_hash_map<int32_t, double> rule_nodes_;
  absl::flat_hash_map<uint64_t, double> holding_child_;
  // AddTree's buffers: per (node, token type) the count and the rule
  // around its first occurrence; per (node, rule) the nodes of the rule
  // inside the node; the (node, token type) pairs of tokens and parents.
  absl::flat_hash_map<uint64_t, std::pair<int32_t, int32_t>> in_node_;
  absl::flat_hash_map<uint64_t, int32_t> rules_in_node_;
  absl::flat_hash_set<uint64_t> child_of_;
  std::vector<int32_t> open_;
};

}  // namespace grammut

#endif  // GRAMMUT_BIND_SINGLE_TOKENS_H_
