// choice_replay.h: Zest's parametric generation over grammut's generator.
//
// Zest (Padhye et al., ISSTA 2019) sees an input as the sequence of choices
// its generator made: mutate the choices like bytes, run the generator again
// on them, and a byte-level edit becomes a structural one. Here a choice
// sequence is what Generator decides during one derivation, in order: one
// Choice per decision with more than one alternative (the alternative) and
// one per token (its type, text and leading trivia).
//
// ExtractChoices reads that sequence back from any Tree, generated or
// parsed. Rule nodes record their decisions with the number of children the
// node had at that moment (DerivationStep::child), which is exactly the
// interleaving the generator made them in: steps at child c come before
// child c's subtree, steps at the node's child count come after its last
// child. This holds for parsed left-recursive rules too: ANTLR nests one
// context per operator, the loop decision that opened it being the last
// step of the inner context, so a preorder walk keeps the chronology. Steps
// of decisions with one alternative are skipped (the parser does not record
// them; the generator does).
//
// A ChoiceReplay feeds a sequence to Generator (GenerateOptions::replay).
// At each decision the next choice is mapped onto the alternatives that are
// viable there (reachable within the byte budget, and not past the depth or
// work limits, which force the cheapest alternative as usual): the recorded
// alternative if the decision is the recorded one and the alternative fits
// (even if the probability mode gives it no weight), else the choice's
// value picks through the probability mode's distribution (so a learned
// replay keeps to the alternatives the corpus takes). At each
// token the recorded type and text are reused if the edge accepts the type
// and they fit; otherwise the choice's value seeds the text. When the
// sequence runs out the generator goes on with its Rng, as normal
// generation does; choices left over are ignored. Budgets always beat the
// record: no output exceeds GenerateOptions::max_bytes.
//
// Example (Zest's mutation of one subtree, then replay):
//   ChoiceSequence seq;
//   ExtractChoices(grammar, tree, node, &seq);
//   ZestMutate(ZestOptions{}, rng, &seq);
//   ChoiceReplay replay(seq);
//   GenerateOptions opt; opt.max_bytes = 512; opt.replay = &replay;
//   generator.Generate(tree.node(node).symbol, rng, opt, &out);
#ifndef GRAMMUT_GENERATE_CHOICE_REPLAY_H_
#define GRAMMUT_GENERATE_CHOICE_REPLAY_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "base/rng.h"
#include "grammar/grammar.h"
#include "tree/tree.h"

namespace grammut {

// What one recorded choice is.
enum class ChoiceKind : uint8_t {
  kDecision,  // alternative `value` (1-based) of decision `symbol`
  kToken,     // token of type `symbol` with recorded trivia and text
  kRaw,       // an untyped random `value` (what ZestMutate writes)
};

// One choice. Token texts live in the owning ChoiceSequence's `text`.
struct Choice {
  ChoiceKind kind = ChoiceKind::kRaw;
  int32_t symbol = 0;       // decision number or token type (EOF: -1)
  uint32_t value = 0;       // alternative, hash of a token's text, or raw value
  uint32_t text_begin = 0;  // kToken: trivia then text, in `text`
  uint32_t trivia_size = 0;  // kToken
  uint32_t text_size = 0;    // kToken: token text without trivia
};

// ChoiceSequence is a derivation as the generator's choices, in order.
// Value type; Clear keeps the buffers.
struct ChoiceSequence {
  std::vector<Choice> choices;
  std::string text;  // token trivia and texts
  // Scratch for ExtractChoices (open rule nodes), kept for its buffer.
  struct WalkFrame {
    int32_t node, end, step, child;
  };
  std::vector<WalkFrame> walk;
  // Where the choices came from (set by ExtractChoices): the tree and the
  // subtree's root, and per node of that subtree (index - root) the range
  // [first, end) of its choices (rule nodes only). With these the
  // generator copies a subtree whose choices a replay leaves unchanged
  // instead of deriving it again. `source` is null if the tree has error
  // tokens (a copy would keep them; a replay drops them).
  const Tree* source = nullptr;
  int source_root = -1;
  std::vector<uint32_t> first, end;
  // Choices before this index are the recorded ones: ExtractChoices sets
  // the size, ZestMutate lowers it to its first changed choice, and any
  // other edit of `choices` must lower it likewise.
  size_t unchanged = 0;

  void Clear() {
    choices.clear();
    text.clear();
    source = nullptr;
    source_root = -1;
    first.clear();
    end.clear();
    unchanged = 0;
  }
  size_t size() const { return choices.size(); }
  // Trivia and text of token choice `c`.
  absl::string_view Trivia(const Choice& c) const {
    return absl::string_view(text).substr(c.text_begin, c.trivia_size);
  }
  absl::string_view TokenText(const Choice& c) const {
    return absl::string_view(text).substr(c.text_begin + c.trivia_size,
                                          c.text_size);
  }
};

// ExtractChoices writes to `out` (cleared first) the choice sequence of
// subtree `node` of `tree`, in the order Generator makes the choices when
// it derives that rule. Error tokens (placed by the parser's recovery, not
// by the grammar) are left out. If `node` is the inner context of a parsed
// left-recursive rule, its closing "one more operator" step is recorded as
// the loop's exit, since the subtree alone ends there. Linear in the
// subtree; any tree is accepted (a token node gives its one token).
void ExtractChoices(const Grammar& grammar, const Tree& tree, int node,
                    ChoiceSequence* out);

// True if the two choices are the same choice (kind, symbol, value, and
// for tokens the same trivia and text). For tests and tools.
bool SameChoice(const ChoiceSequence& a, size_t i, const ChoiceSequence& b,
                size_t j);

// ChoiceReplay hands the choices of a sequence to Generator one by one. It
// borrows `sequence`, which must outlive it and stay unchanged. Cheap to
// make (no allocation); one replay serves one Generate call (Reset rewinds).
class ChoiceReplay {
 public:
  explicit ChoiceReplay(const ChoiceSequence& sequence) : sequence_(sequence) {}

  // Next returns the next choice and advances, or null once the sequence
  // is used up (the generator then uses its Rng).
  const Choice* Next() {
    if (next_ >= sequence_.choices.size()) return nullptr;
    return &sequence_.choices[next_++];
  }
  // Rewinds to the first choice.
  void Reset() { next_ = 0; }
  // Choices handed out so far.
  size_t consumed() const { return next_; }
  // Skips the choices up to index `to` (a copied subtree's).
  void SkipTo(size_t to) { next_ = std::max(next_, to); }
  // The sequence replayed.
  const ChoiceSequence& sequence() const { return sequence_; }

  // RecordedAlternative is the edge index (alternative - 1) `choice`
  // records for `decision`, or -1 if it is no choice of that decision or out
  // of range. The generator takes it if it fits the budget, whatever its
  // probability in the current mode.
  static int RecordedAlternative(const Choice& choice, int decision,
                                 uint32_t num_edges) {
    if (choice.kind != ChoiceKind::kDecision || choice.symbol != decision ||
        choice.value < 1 || choice.value > num_edges) {
      return -1;
    }
    return static_cast<int>(choice.value) - 1;
  }
  // PickAlternative maps any other `choice` onto the edge indexes whose
  // `weights` are positive (the viable ones; `total` is their sum) through
  // the weights' distribution: a raw value as it is, anything else
  // scattered first. Requires total > 0.
  static uint32_t PickAlternative(const Choice& choice,
                                  absl::Span<const double> weights,
                                  double total);
  // PickIndex maps a choice onto [0, n) (n > 0): by value, or for a raw
  // choice through the weights, if given (one per index).
  static size_t PickIndex(const Choice& choice, size_t n,
                          absl::Span<const double> weights = {});

 private:
  const ChoiceSequence& sequence_;
  size_t next_ = 0;
};

// How ZestMutate edits a sequence. Lengths are geometric (support 1, 2, ...).
struct ZestOptions {
  double mean_run = 4;           // choices replaced per run (Zest: 4)
  double mean_runs = 1.5;        // runs per mutation
  double truncate_chance = 0.1;  // also cut the sequence after the last run
};

// ZestMutate makes Zest's mutation: a geometric number of runs, each
// replacing a geometric-length stretch (from a uniform offset, clipped to
// the end) with random kRaw choices; with `truncate_chance`, the sequence
// is then cut at a random point after the first replaced choice (the rest
// will be drawn fresh). An empty sequence stays empty. Returns the index of
// the first choice it changed (sequence size if none), and lowers
// `unchanged` to it.
size_t ZestMutate(const ZestOptions& options, Rng& rng,
                  ChoiceSequence* sequence);

}  // namespace grammut

#endif  // GRAMMUT_GENERATE_CHOICE_REPLAY_H_
