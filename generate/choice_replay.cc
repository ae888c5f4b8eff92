#include "generate/choice_replay.h"

#include <algorithm>

namespace grammut {
namespace {

// FNV-1a over a token's type and text: the value a token choice stands for
// when it is met where its own type does not fit.
uint32_t TokenValue(int type, absl::string_view text) {
  uint32_t h = 2166136261u ^ static_cast<uint32_t>(type);
  for (unsigned char c : text) h = (h ^ c) * 16777619u;
  return h;
}

// Geometric on {1, 2, ...} with the given mean (>= 1), capped at `cap`.
size_t Geometric(Rng& rng, double mean, size_t cap) {
  const double stop = mean <= 1 ? 1.0 : 1.0 / mean;
  size_t n = 1;
  while (n < cap && !rng.Chance(stop)) ++n;
  return n;
}

// The position, among the indexes with positive weight, that `u` in [0, 1)
// falls on when they share [0, total) by weight.
uint32_t ByWeight(absl::Span<const double> weights, double total, double u) {
  double r = u * total;
  uint32_t pick = 0;
  for (uint32_t i = 0; i < weights.size(); ++i) {
    if (weights[i] <= 0) continue;
    pick = i;
    r -= weights[i];
    if (r < 0) break;
  }
  return pick;
}

double Unit(uint32_t value) { return (value + 0.5) * 0x1.0p-32; }

}  // namespace

void ExtractChoices(const Grammar& grammar, const Tree& tree, int node,
                    ChoiceSequence* out) {
  out->Clear();
  if (node < 0 || node >= tree.size()) return;
  const AtnGraph& g = grammar.parser_graph();
  auto add_token = [&](int i) {
    const Node& n = tree.node(i);
    if (n.is_error) return;
    const absl::string_view trivia = tree.token_trivia(i);
    const absl::string_view text = tree.token_text(i);
    Choice c;
    c.kind = ChoiceKind::kToken;
    c.symbol = n.symbol;
    c.value = TokenValue(n.symbol, text);
    c.text_begin = static_cast<uint32_t>(out->text.size());
    c.trivia_size = static_cast<uint32_t>(trivia.size());
    c.text_size = static_cast<uint32_t>(text.size());
    out->text.append(trivia.data(), trivia.size());
    out->text.append(text.data(), text.size());
    out->choices.push_back(c);
  };
  auto add_step = [&](const DerivationStep& s, bool closes_root) {
    if (s.decision < 0 || s.decision >= grammar.num_decisions()) return;
    const DecisionInfo& d = grammar.decision(s.decision);
    if (d.state < 0 || g.states[d.state].num_edges < 2) return;
    Choice c;
    c.kind = ChoiceKind::kDecision;
    c.symbol = s.decision;
    c.value = s.alt;
    // The subtree alone ends here: an inner context of a parsed
    // left-recursive rule stops its operator loop where the outer one
    // took another operator.
    if (closes_root && d.kind == DecisionKind::kPrecedence) {
      c.value = static_cast<uint32_t>(d.exit_alt);
    }
    out->choices.push_back(c);
  };
  if (!tree.node(node).is_rule) {
    add_token(node);
    out->unchanged = out->choices.size();
    return;
  }
  bool clean = true;
  out->first.resize(tree.End(node) - node);
  out->end.resize(tree.End(node) - node);
  std::vector<ChoiceSequence::WalkFrame>& stack = out->walk;
  stack.clear();
  stack.push_back({node, tree.End(node), 0, 0});
  out->first[0] = 0;
  for (int i = node + 1;;) {
    // Close the rule nodes whose subtrees end before i.
    while (!stack.empty() && i >= stack.back().end) {
      ChoiceSequence::WalkFrame& f = stack.back();
      absl::Span<const DerivationStep> steps = tree.steps(f.node);
      for (size_t s = f.step; s < steps.size(); ++s) {
        add_step(steps[s], f.node == node && s + 1 == steps.size());
      }
      out->end[f.node - node] = static_cast<uint32_t>(out->choices.size());
      stack.pop_back();
    }
    if (stack.empty()) break;
    // Node i is the next child of the innermost open rule node: first the
    // decisions that rule made before this child.
    ChoiceSequence::WalkFrame& f = stack.back();
    absl::Span<const DerivationStep> steps = tree.steps(f.node);
    while (f.step < static_cast<int32_t>(steps.size()) &&
           steps[f.step].child <= f.child) {
      add_step(steps[f.step], false);
      ++f.step;
    }
    ++f.child;
    if (tree.node(i).is_rule) {
      const int end = tree.End(i);
      out->first[i - node] = static_cast<uint32_t>(out->choices.size());
      stack.push_back({i, end, 0, 0});
      ++i;
    } else {
      clean &= !tree.node(i).is_error;
      add_token(i);
      i = tree.End(i);
    }
  }
  out->unchanged = out->choices.size();
  if (clean) {
    out->source = &tree;
    out->source_root = node;
  }
}

bool SameChoice(const ChoiceSequence& a, size_t i, const ChoiceSequence& b,
                size_t j) {
  if (i >= a.size() || j >= b.size()) return false;
  const Choice& x = a.choices[i];
  const Choice& y = b.choices[j];
  if (x.kind != y.kind || x.symbol != y.symbol || x.value != y.value) {
    return false;
  }
  if (x.kind != ChoiceKind::kToken) return true;
  return a.Trivia(x) == b.Trivia(y) && a.TokenText(x) == b.TokenText(y);
}

uint32_t ChoiceReplay::PickAlternative(const Choice& choice,
                                       absl::Span<const double> weights,
                                       double total) {
  if (choice.kind == ChoiceKind::kRaw) {
    return ByWeight(weights, total, Unit(choice.value));
  }
  // A recorded alternative that does not fit here, or a choice met out of
  // its place: its value, scattered (alternative numbers are small), through
  // the weights' distribution, so that the learned mode keeps to what the
  // corpus does (its unseen alternatives carry only the smoothing) and the
  // uniform mode stays uniform.
  return ByWeight(weights, total, Unit(choice.value * 0x9E3779B1u));
}

size_t ChoiceReplay::PickIndex(const Choice& choice, size_t n,
                               absl::Span<const double> weights) {
  if (n == 0) return 0;
  if (choice.kind == ChoiceKind::kRaw && weights.size() == n) {
    double total = 0;
    for (double w : weights) total += w > 0 ? w : 0;
    if (total > 0) return ByWeight(weights, total, Unit(choice.value));
  }
  return choice.value % n;
}

size_t ZestMutate(const ZestOptions& options, Rng& rng,
                  ChoiceSequence* sequence) {
  std::vector<Choice>& choices = sequence->choices;
  const size_t n = choices.size();
  if (n == 0) return 0;
  size_t first = n;
  const size_t runs = Geometric(rng, options.mean_runs, n);
  for (size_t r = 0; r < runs; ++r) {
    const size_t at = rng.Below(n);
    const size_t len = Geometric(rng, options.mean_run, n - at);
    for (size_t k = at; k < at + len; ++k) {
      Choice& c = choices[k];
      c = Choice{};
      c.kind = ChoiceKind::kRaw;
      c.value = static_cast<uint32_t>(rng.Next() >> 32);
    }
    first = std::min(first, at);
  }
  if (rng.Chance(options.truncate_chance) && first + 1 < n) {
    choices.resize(static_cast<size_t>(rng.Range(
        static_cast<int64_t>(first) + 1, static_cast<int64_t>(n) - 1)));
  }
  sequence->unchanged = std::min(sequence->unchanged, first);
  return first;
}

}  // namespace grammut
