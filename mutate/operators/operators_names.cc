// Names adopted from the host: a subtree that splice or crossover takes from
// another input names that input's tables, variables or functions, which the
// host does not define ("no such table: log", "x is not defined"). Before it
// goes in, each such name becomes one the host uses in the most similar
// place (the same enclosing rules, innermost first), the same donor name
// always the same host name, so the part refers to what the host defines.
#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include "learn/place_match.h"
#include "mutate/operators/operators.h"

namespace grammut {

namespace op_internal {
namespace {

// The innermost rules enclosing a token, innermost first (-1: none).
using Rules = std::array<int32_t, OperatorScratch::kNameRules>;

// Calls fn(token node, its Rules) for every token of subtree `from` of `t`
// that `wanted(node)` accepts (the rules are only gathered for those).
template <typename Wanted, typename Fn>
void ForEachToken(const Tree& t, int from, std::vector<int32_t>* open,
                  Wanted wanted, Fn fn) {
  ForEachNodeWithEnclosingRules(
      t, from, open, [&](int i, absl::Span<const int> enclosing) {
        if (t.node(i).is_rule || !wanted(t.node(i))) return;
        Rules rules;
        WritePlace(t, enclosing, static_cast<int>(rules.size()), rules.data());
        fn(i, rules);
      });
}

// How many innermost rules `a` and `b` share.
int Shared(const Rules& a, const Rules& b) {
  int n = 0;
  while (n < static_cast<int>(a.size()) && a[n] >= 0 && a[n] == b[n]) ++n;
  return n;
}

}  // namespace

const Tree* AdoptNames(MutationContext& ctx, const Tree& host, int at,
                       const Tree& donor, int from) {
  if (ctx.name_types == nullptr) return nullptr;
  const std::vector<bool>& is_name = *ctx.name_types;
  auto name_type = [&is_name](const Node& n) {
    return !n.is_error && n.symbol > 0 &&
           static_cast<size_t>(n.symbol) < is_name.size() && is_name[n.symbol];
  };
  OperatorScratch& s = ctx.scratch;
  // The host's names outside the replaced subtree.
  s.host_names.clear();
  s.host_texts.clear();
  const int at_end = host.End(at);
  ForEachToken(host, 0, &s.open_rules, name_type,
               [&](int i, const Rules& rules) {
                 if (i >= at && i < at_end) return;
                 const absl::string_view text = host.token_text(i);
                 if (text.empty()) return;
                 s.host_names.push_back({host.node(i).symbol, rules, text});
                 s.host_texts.insert({host.node(i).symbol, text});
               });
  if (s.host_names.empty()) return nullptr;
  // The donor's names the host lacks and the program does not define.
  s.adopted.clear();
  s.renamed.clear();
  ForEachToken(
      donor, from, &s.open_rules, name_type, [&](int i, const Rules& rules) {
        const Node& n = donor.node(i);
        const absl::string_view text = donor.token_text(i);
        if (text.empty() || s.host_texts.contains({n.symbol, text})) return;
        if (ctx.pool != nullptr && ctx.pool->IsProgramText(n.symbol, text))
          return;
        auto [it, fresh] = s.adopted.try_emplace({n.symbol, text});
        if (fresh) {
          // A host name of the type from the most similar place.
          int best = -1, seen = 0;
          for (const OperatorScratch::HostName& h : s.host_names) {
            if (h.type != n.symbol) continue;
            const int shared = Shared(h.rules, rules);
            if (shared < best) continue;
            if (shared > best) {
              best = shared;
              seen = 0;
            }
            if (ctx.rng.Below(++seen) == 0) it->second = h.text;
          }
        }
        if (!it->second.empty()) s.renamed.push_back({i, it->second});
      });
  if (s.renamed.empty()) return nullptr;
  s.named.AssignSubtreeWithTexts(donor, from, s.renamed);
  return &s.named;
}

}  // namespace op_internal
}  // namespace grammut
