// operators.h: the tree mutation operators, as a named table.
//
// Each operator takes the input tree (with its TreeIndex) and a
// MutationContext and either writes a new tree to `out` and returns true,
// or returns false ("cannot apply": no suitable node, nothing fits the size
// limit...). The dispatcher retries with another operator. Operators never
// produce output over `ctx.max_size`. Whole-input operators (encode) write
// bytes to `ctx.bytes_out` instead of a tree.
//
// Operators allocate nothing in steady state: trees and vectors they need
// come from `ctx.scratch`, whose buffers are reused from call to call.
#ifndef GRAMMUT_MUTATE_OPERATORS_OPERATORS_H_
#define GRAMMUT_MUTATE_OPERATORS_OPERATORS_H_

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/string_view.h"
#include "base/rng.h"
#include "bind/name_place.h"
#include "generate/choice_replay.h"
#include "generate/generator.h"
#include "generate/token_generator.h"
#include "generate/token_pool.h"
#include "grammar/grammar.h"
#include "grammar/separator_oracle.h"
#include "kpath/kpath_targets.h"
#include "mutate/byte_mutator.h"
#include "mutate/cache/tree_index.h"
#include "mutate/donor_pool.h"
#include "mutate/loops.h"
#include "mutate/recent_compares.h"
#include "tree/tree.h"

namespace grammut {

// Buffers operators reuse from call to call.
struct OperatorScratch {
  Tree fresh;           // a generated or single-token replacement
  Tree step_a, step_b;  // intermediate results of multi-step edits
  TreeIndex step_index;
  std::vector<int32_t> ints;
  std::vector<int32_t> kids;
  std::vector<DerivationStep> steps;
  ChoiceSequence choices;  // replay: the record being mutated
  Loops loops;
  std::string text;
  std::vector<absl::string_view> words;  // token-embedded: the input's words
  std::vector<int32_t> enclosing;        // EnclosingRules
  bool enclosing_complete = false;
  // AdoptNames: the host's names, each with its innermost enclosing rules;
  // (type, text) pairs the host uses; donor name -> host name; the donor
  // tokens renamed; the renamed copy of the donor's subtree.
  static constexpr size_t kNameRules = 4;
  struct HostName {
    int32_t type;
    std::array<int32_t, kNameRules> rules;
    absl::string_view text;
  };
  std::vector<HostName> host_names;
  std::vector<int32_t> open_rules;
  absl::flat_hash_set<std::pair<int32_t, absl::string_view>> host_texts;
  absl::flat_hash_map<std::pair<int32_t, absl::string_view>, absl::string_view>
      adopted;
  std::vector<std::pair<int, absl::string_view>> renamed;
  Tree named;
  // token-compare: the recent comparisons, and where one side stands in a
  // token of the input (pair, token node, byte offset in the token's text,
  // which side was found).
  std::vector<ComparedPair> compared;
  struct CompareSite {
    uint32_t pair;
    int32_t token;
    uint32_t offset;
    bool found_b;
  };
  std::vector<CompareSite> compare_sites;
};

// What operators may use. References outlive one mutation.
struct MutationContext {
  const Grammar& grammar;
  Generator& generator;
  TokenGenerator& tokens;
  SeparatorOracle& separators;
  const DonorPool* donors;      // corpus subtrees; null when learning is off
  const TokenPool* pool;        // corpus token texts; null when learning is off
  const ByteEdits& byte_edits;  // LLVMFuzzerMutate, or our own with words
  Rng& rng;
  size_t max_size;       // the output's size limit
  ProbabilityMode mode;  // for generating operators
  int max_depth;
  const TreeIndex& index;  // of the input tree
  OperatorScratch& scratch;
  std::string* bytes_out;       // whole-input operators
  const Tree* other = nullptr;  // crossover: the second input
  const TreeIndex* other_index = nullptr;
  KPathTargets* kpaths = nullptr;  // uncovered k-paths; null: none tracked
  // What the target compared lately (token-compare); null: not known.
  RecentCompares* compares = nullptr;
  // Chance that a generated token takes the text of a token of its type in
  // the input (GRAMMUT_INPUT_TEXTS; GenerateOptions::context_probability).
  double input_texts = 0;
  // Token types that name things (identifiers: an open text that a bare
  // word matches), indexed by type; null: none (AdoptNames).
  const std::vector<bool>* name_types = nullptr;
  // Chance that a part splice or crossover takes from another input adopts
  // the input's names first (GRAMMUT_ADOPT_NAMES; AdoptNames).
  double adopt_names = 0;
  // Swap, splice and crossover prefer partners from the same place
  // (GRAMMUT_PLACES).
  bool places = false;
  // Nodes [0, read_nodes) of the input start in the part the target read
  // (grammut_report_read); operators pick the node they edit among them
  // (ReadPart). Every node when the input was read whole or it is not known.
  int read_nodes = std::numeric_limits<int>::max();
};

// MakeContext assembles a MutationContext on `kit` (its generator, token
// generator and separators) for a tree indexed by `index`; the optional
// fields keep their defaults and callers set those they use. Without
// `donors`, `pool` and `byte_edits` it is the context of shrinking edits
// (the reducer, the AFL++ trimmer).
MutationContext MakeContext(const Grammar& grammar, GeneratorKit& kit, Rng& rng,
                            size_t max_size, ProbabilityMode mode,
                            int max_depth, const TreeIndex& index,
                            OperatorScratch& scratch, std::string* bytes_out,
                            const DonorPool* donors = nullptr,
                            const TokenPool* pool = nullptr,
                            const ByteEdits& byte_edits = kNoByteEdits);

// An operator: returns false if it cannot apply.
using OperatorFn = bool (*)(MutationContext& ctx, const Tree& in, Tree* out);

// What an operator is (bits of OperatorInfo::traits).
enum OperatorTrait : uint32_t {
  kShrinks = 1 << 0,     // only makes the input smaller (-minimize_crash)
  kByteLevel = 1 << 1,   // edits bytes: the output is not a clean derivation
  kGenerates = 1 << 2,   // uses the probability mode
  kWholeInput = 1 << 3,  // writes ctx.bytes_out, not a tree
};

// What an operator needs to apply at all (bits of OperatorInfo::needs); the
// core leaves out the arms whose needs a call cannot meet.
enum OperatorNeed : uint32_t {
  kNeedsOther = 1 << 0,     // a second input (crossover)
  kNeedsCompares = 1 << 1,  // the target's recent comparisons
  kNeedsEmbedded = 1 << 2,  // an embedded language
  kNeedsStop = 1 << 3,      // where the target stopped reading the input
};

// One entry of the operator table.
struct OperatorInfo {
  const char* name;
  OperatorFn fn;
  double weight;        // share of use before any feedback (relative)
  uint32_t traits = 0;  // OperatorTrait bits
  uint32_t needs = 0;   // OperatorNeed bits
  // Is tells whether the operator has trait `t`.
  bool Is(OperatorTrait t) const { return (traits & t) != 0; }
  // Needs tells whether the operator needs `n`.
  bool Needs(OperatorNeed n) const { return (needs & n) != 0; }
};

// The table, in a fixed order (the index is the operator id).
const std::vector<OperatorInfo>& Operators();
// Index of an operator by name, or -1.
int FindOperator(absl::string_view name);

// Operators (see operators_*.cc).
bool OpRegenerate(MutationContext& ctx, const Tree& in, Tree* out);
bool OpSwap(MutationContext& ctx, const Tree& in, Tree* out);
bool OpSplice(MutationContext& ctx, const Tree& in, Tree* out);
bool OpCrossover(MutationContext& ctx, const Tree& in, Tree* out);
bool OpHoist(MutationContext& ctx, const Tree& in, Tree* out);
bool OpRecursive(MutationContext& ctx, const Tree& in, Tree* out);
bool OpShortest(MutationContext& ctx, const Tree& in, Tree* out);
bool OpLoopDelete(MutationContext& ctx, const Tree& in, Tree* out);
bool OpLoopDuplicate(MutationContext& ctx, const Tree& in, Tree* out);
bool OpLoopSwap(MutationContext& ctx, const Tree& in, Tree* out);
// Deletes the loop iteration where the target stopped reading (the harness
// said so: grammut_report_read), mostly the outermost: the failing
// statement of a script, so the ones after it run. Needs ctx.read_nodes.
bool OpLoopSkip(MutationContext& ctx, const Tree& in, Tree* out);
// Replaces a rule node of that same iteration (the failing statement) by a
// donor of its rule, as splice does (names adopted): what follows runs, after
// a statement that may work.
bool OpStopSplice(MutationContext& ctx, const Tree& in, Tree* out);
bool OpTokenRegenerate(MutationContext& ctx, const Tree& in, Tree* out);
bool OpTokenBytes(MutationContext& ctx, const Tree& in, Tree* out);
// A token whose type has an embedded language (embedded_language.h) gets a
// new sentence of that language (a full-text query, a JSON path, a date
// modifier in an SQL string).
bool OpTokenEmbedded(MutationContext& ctx, const Tree& in, Tree* out);
bool OpTokenNumber(MutationContext& ctx, const Tree& in, Tree* out);
bool OpEncode(MutationContext& ctx, const Tree& in, Tree* out);
// Input-to-state at the token level (operators_compare.cc): where a token's
// text holds one side of a comparison the target made lately
// (ctx.compares), writes the other side there, if the lexer still reads the
// token as its type. Numbers replace whole tokens only.
bool OpTokenCompare(MutationContext& ctx, const Tree& in, Tree* out);
// Zest's parametric mutation (operators_replay.cc): the choice sequence of
// the whole tree (replay; an input over 4 KB gets replay-rule) or of one
// rule node's subtree (replay-rule) gets
// geometric runs of random choices and is replayed through the generator;
// a changed choice changes what the following ones mean, and choices that
// run out are drawn fresh in the arm's probability mode.
bool OpReplay(MutationContext& ctx, const Tree& in, Tree* out);
bool OpReplayRule(MutationContext& ctx, const Tree& in, Tree* out);
// k-path-directed regeneration (operators_kpath.cc): draws a k-path the
// corpus has not covered (KPathTargets), and regenerates a node of the rule
// it starts in (with inverse probabilities: unseen alternatives first), up
// to 4 times, until the new subtree holds the path's last symbol.
bool OpKPath(MutationContext& ctx, const Tree& in, Tree* out);
// Insertion (operators_insert.cc): at an optional block the input leaves
// out, or at a (...)* loop, a part generated in place (the block present,
// one more iteration); the rest of the rule node is kept.
bool OpInsert(MutationContext& ctx, const Tree& in, Tree* out);

// Helpers shared by the operators.
namespace op_internal {
// Makes `out` = `t` with subtree `at` replaced by subtree `from` of `donor`
// (which may be `t`, not `out`), keeping the replaced subtree's leading
// trivia and inserting the grammar's separator where tokens would run
// together. Returns false if the result is over ctx.max_size.
bool Splice(MutationContext& ctx, const Tree& t, int at, const Tree& donor,
            int from, Tree* out);
// Makes `out` = `in` with token node `at`'s text replaced by `text` (its
// type and trivia kept, separators added where tokens would run together).
// False if the text is the same or the result is over ctx.max_size.
bool ReplaceToken(MutationContext& ctx, const Tree& in, int at,
                  absl::string_view text, Tree* out);
// Bytes a replacement of subtree `at` of `t` may take within ctx.max_size
// (room for its leading trivia and two separators kept aside).
size_t RoomFor(const MutationContext& ctx, const Tree& t, int at);
// Before subtree `from` of `donor` (another input's) replaces subtree `at`
// of `host`: the donor's names (ctx.name_types) that `host` does not use and
// the program does not define become names `host` uses elsewhere, each
// taken from the most similar place (the most innermost enclosing rules in
// common), the same donor name always the same host name. Returns the
// renamed subtree (ctx.scratch.named, root 0), or null if nothing changed
// (operators_names.cc).
const Tree* AdoptNames(MutationContext& ctx, const Tree& host, int at,
                       const Tree& donor, int from);
// The loop iteration where the target stopped reading (ctx.read_nodes):
// one around the token before the last one read, half the time the
// outermost (SQL: the `; statement` that failed), else any. False when
// there is no stop inside `in` or no loop around it (operators_loop.cc).
bool PickStopIteration(MutationContext& ctx, const Tree& in, LoopInstance* loop,
                       LoopIteration* iteration);
// Lets generation with `options` reuse the texts of `in`'s tokens
// (ctx.input_texts of the time), so new subtrees name what `in` defines.
void PreferInputTexts(const MutationContext& ctx, const Tree& in,
                      GenerateOptions* options);
// The rules enclosing node `at` of `in` (outermost first; `at` itself not
// included), in ctx.scratch.enclosing: the place generated tokens draw
// corpus texts for (GenerateOptions::enclosing). At least the innermost
// TokenPool::kMaxContextRules, and enough for a DecisionPlace;
// ctx.scratch.enclosing_complete tells whether they reach the root.
absl::Span<const int32_t> EnclosingRules(MutationContext& ctx, const Tree& in,
                                         int at);
// Sets options->enclosing and options->place for a tree that will stand
// where rule node `at` of `in` stands.
void PlaceAt(MutationContext& ctx, const Tree& in, int at,
             GenerateOptions* options);
// How many times an edit repeats a unit of `unit_bytes` bytes: from
// `small_min` to `small_max` mostly, and 1 time in 8 a power of two from 4
// to kMaxRepeat that fits in `room` bytes, so inputs reach the counts and
// depths where parsers change behaviour (growing buffers and pools,
// nesting and count limits) that small steps reach only by many kept ones.
inline constexpr int kMaxRepeat = 1024;
int RepeatCount(MutationContext& ctx, int small_min, int small_max,
                size_t unit_bytes, size_t room);
// The entries of `nodes` (ascending node indexes) that stand in the part of
// the input the target read (below ctx.read_nodes), or all of them when
// none does.
inline absl::Span<const int32_t> ReadPart(const MutationContext& ctx,
                                          absl::Span<const int32_t> nodes) {
  const size_t n = static_cast<size_t>(
      std::lower_bound(nodes.begin(), nodes.end(), ctx.read_nodes) -
      nodes.begin());
  return n == 0 ? nodes : nodes.first(n);
}
// A random rule node that stands in the part of the input the target read.
inline int PickReadRuleNode(MutationContext& ctx, const Tree& in) {
  return TreeIndex::RandomRuleNode(in, ctx.rng, ctx.read_nodes);
}
// True if `a` lies inside subtree `b` (or is b).
inline bool Inside(const Tree& t, int a, int b) {
  return a >= b && a < t.End(b);
}
}  // namespace op_internal

}  // namespace grammut

#endif  // GRAMMUT_MUTATE_OPERATORS_OPERATORS_H_
