#include "mutate/operators/operators.h"

#include <algorithm>

namespace grammut {

const std::vector<OperatorInfo>& Operators() {
  static const std::vector<OperatorInfo>* table = new std::vector<OperatorInfo>{
      // name, function, weight, traits, needs
      {"regenerate", OpRegenerate, 3.0, kGenerates, 0},
      {"swap", OpSwap, 1.5, 0, 0},
      {"splice", OpSplice, 2.0, 0, 0},
      {"hoist", OpHoist, 0.5, kShrinks, 0},
      {"recursive", OpRecursive, 0.5, 0, 0},
      {"shortest", OpShortest, 0.3, kShrinks, 0},
      {"loop-delete", OpLoopDelete, 1.0, kShrinks, 0},
      {"loop-duplicate", OpLoopDuplicate, 1.0, 0, 0},
      {"loop-swap", OpLoopSwap, 0.5, 0, 0},
      {"token-regenerate", OpTokenRegenerate, 1.0, 0, 0},
      {"token-bytes", OpTokenBytes, 1.5, kByteLevel, 0},
      {"token-number", OpTokenNumber, 0.5, 0, 0},
      {"crossover", OpCrossover, 2.0, 0, kNeedsOther},
      {"encode", OpEncode, 0.3, kByteLevel | kWholeInput, 0},
      {"replay", OpReplay, 0.5, kGenerates, 0},
      {"replay-rule", OpReplayRule, 1.0, kGenerates, 0},
      {"kpath", OpKPath, 1.0, 0, 0},
      {"insert", OpInsert, 1.0, kGenerates, 0},
      {"token-compare", OpTokenCompare, 1.0, 0, kNeedsCompares},
      {"token-embedded", OpTokenEmbedded, 1.0, 0, kNeedsEmbedded},
      {"loop-skip", OpLoopSkip, 1.0, kShrinks, kNeedsStop},
      {"stop-splice", OpStopSplice, 1.0, 0, kNeedsStop},
  };
  return *table;
}

int FindOperator(absl::string_view name) {
  const auto& ops = Operators();
  for (size_t i = 0; i < ops.size(); ++i) {
    if (name == ops[i].name) return static_cast<int>(i);
  }
  return -1;
}

MutationContext MakeContext(const Grammar& grammar, GeneratorKit& kit, Rng& rng,
                            size_t max_size, ProbabilityMode mode,
                            int max_depth, const TreeIndex& index,
                            OperatorScratch& scratch, std::string* bytes_out,
                            const DonorPool* donors, const TokenPool* pool,
                            const ByteEdits& byte_edits) {
  return MutationContext{grammar,  kit.generator, kit.tokens, kit.separators,
                         donors,   pool,          byte_edits, rng,
                         max_size, mode,          max_depth,  index,
                         scratch,  bytes_out};
}

namespace op_internal {

bool Splice(MutationContext& ctx, const Tree& t, int at, const Tree& donor,
            int from, Tree* out) {
  SeparatorOracle& seps = ctx.separators;
  const int old_first = t.FirstToken(at);
  absl::string_view lead =
      old_first >= 0 ? t.token_trivia(old_first) : absl::string_view();
  const int d_first = donor.FirstToken(from);
  const int d_last = d_first >= 0 ? donor.LastToken(from) : -1;
  const int prev = t.TokenBefore(at);
  if (d_first >= 0 && lead.empty() && prev >= 0) {
    lead =
        seps.Separator(t.node(prev).symbol, t.token_text(prev),
                       donor.node(d_first).symbol, donor.token_text(d_first));
  }
  // The token that will precede the one after the replaced subtree.
  const int next = t.TokenFrom(t.End(at));
  absl::string_view right_sep;
  if (next >= 0 && t.token_trivia(next).empty()) {
    const Tree& left_tree = d_last >= 0 ? donor : t;
    const int left = d_last >= 0 ? d_last : prev;
    if (left >= 0) {
      right_sep = seps.Separator(left_tree.node(left).symbol,
                                 left_tree.token_text(left),
                                 t.node(next).symbol, t.token_text(next));
    }
  }
  const size_t d_trivia = d_first >= 0 ? donor.token_trivia(d_first).size() : 0;
  const size_t repl =
      d_first >= 0 ? lead.size() + donor.SubtreeSize(from) - d_trivia : 0;
  if (t.TextSize() - t.SubtreeSize(at) + repl + right_sep.size() >
      ctx.max_size) {
    return false;
  }
  out->AssignSplice(t, at, donor, from, lead, right_sep);
  return true;
}

void PreferInputTexts(const MutationContext& ctx, const Tree& in,
                      GenerateOptions* options) {
  if (ctx.input_texts <= 0) return;
  options->context = &in;
  // A tree used once (a chain's last output) is not indexed for this: the
  // generator then looks at random nodes of it.
  if (ctx.index.has_tokens()) {
    options->context_tokens = ctx.index.FreeTokens(in, ctx.grammar);
    options->context_token_rules = ctx.index.FreeTokenRules(in, ctx.grammar);
  } else {
    options->context_tokens = {};
    options->context_token_rules = {};
  }
  options->context_probability = ctx.input_texts;
}

absl::Span<const int32_t> EnclosingRules(MutationContext& ctx, const Tree& in,
                                         int at) {
  std::vector<int32_t>& rules = ctx.scratch.enclosing;
  rules.clear();
  // Runs of one rule above `at` (not counting its own rule's): a
  // DecisionPlace needs kDepth of them.
  int32_t last = in.node(at).is_rule ? in.node(at).symbol : -1;
  int runs = 0;
  int p = in.Parent(at);
  for (; p >= 0; p = in.Parent(p)) {
    if (rules.size() >= TokenPool::kMaxContextRules &&
        runs >= DecisionPlace::kDepth) {
      break;
    }
    const int32_t rule = in.node(p).symbol;
    rules.push_back(rule);
    if (rule != last) ++runs;
    last = rule;
  }
  ctx.scratch.enclosing_complete = p < 0;
  std::reverse(rules.begin(), rules.end());
  return rules;
}

void PlaceAt(MutationContext& ctx, const Tree& in, int at,
             GenerateOptions* options) {
  options->enclosing = EnclosingRules(ctx, in, at);
  options->place = DecisionPlace::Of(options->enclosing, in.node(at).symbol,
                                     ctx.scratch.enclosing_complete);
}

size_t RoomFor(const MutationContext& ctx, const Tree& t, int at) {
  const size_t rest = t.TextSize() - t.SubtreeSize(at);
  const size_t slack = 2 * ctx.grammar.separator().size();
  const int first = t.FirstToken(at);
  const size_t lead = first >= 0 ? t.token_trivia(first).size() : 0;
  if (rest + slack + lead >= ctx.max_size) return 0;
  return ctx.max_size - rest - slack - lead;
}

int RepeatCount(MutationContext& ctx, int small_min, int small_max,
                size_t unit_bytes, size_t room) {
  const int small =
      small_min + static_cast<int>(ctx.rng.Below(small_max - small_min + 1));
  if (ctx.rng.Below(8) != 0 || unit_bytes == 0) return small;
  const size_t fits = room / unit_bytes;
  const size_t large = std::min<size_t>(size_t{1} << (2 + ctx.rng.Below(9)),
                                        std::min<size_t>(fits, kMaxRepeat));
  return large >= 4 ? static_cast<int>(large) : small;
}

}  // namespace op_internal
}  // namespace grammut
