// binder.cc: the binding pass.
#include "bind/binder.h"

#include <algorithm>
#include <string>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "base/edit_distance.h"

namespace grammut {
namespace {

// Where token node i's text (without trivia) lies in the tree's text.
std::pair<size_t, size_t> TextSpan(const Tree& t, int i) {
  const Node& n = t.node(i);
  return {n.text_begin + n.trivia_size, n.text_begin + n.text_size};
}

// The first node whose bytes start at or after `offset`.
int FirstNodeFrom(const Tree& t, size_t offset) {
  const std::vector<Node>& nodes = t.nodes();
  return static_cast<int>(std::partition_point(nodes.begin(), nodes.end(),
                                               [offset](const Node& n) {
                                                 return n.text_begin < offset;
                                               }) -
                          nodes.begin());
}

}  // namespace

Binder::Binder(const BindingModel& model, TokenGenerator& tokens,
               SeparatorOracle& separators)
    : model_(model), tokens_(tokens), separators_(separators) {}

int Binder::PlaceOf(const NamePlace& place) {
  // Also bounded: a large grammar's generated trees stand names at many
  // places.
  if (nearest_places_ != model_.num_places() || nearest_.size() > 4096) {
    nearest_.clear();
    nearest_places_ = model_.num_places();
  }
  auto [it, fresh] = nearest_.try_emplace(place, -1);
  if (fresh) it->second = model_.Nearest(place);
  return it->second;
}

bool Binder::HasName(const Tree& t, size_t begin, size_t end) const {
  if (begin >= end) return false;
  const std::vector<bool>& names = model_.name_types();
  // A token overlapping `begin` may start before it.
  for (int i = std::max(0, FirstNodeFrom(t, begin) - 1); i < t.size(); ++i) {
    const Node& n = t.node(i);
    if (n.text_begin >= end) break;
    if (!IsNameToken(n, names)) continue;
    const auto [b, e] = TextSpan(t, i);
    if (e > begin && b < end) return true;
  }
  return false;
}

int Binder::NamesIn(const Tree& t, int node) const {
  int names = 0;
  for (int i = node; i < t.End(node); ++i) {
    names += IsNameToken(t.node(i), model_.name_types());
  }
  return names;
}

void Binder::CollectRemoved(const Tree& in, size_t begin, size_t end) {
  removed_.clear();
  moved_.clear();
  if (!HasName(in, begin, end)) return;
  ForEachName(
      in, model_.name_types(), &walk_,
      [&](int i, const NamePlace& place, absl::Span<const int32_t>) {
        const auto [b, e] = TextSpan(in, i);
        if (e <= begin || b >= end) return;
        const int id = PlaceOf(place);
        if (id < 0) return;
        moved_.insert({in.token_text(i), id});
        if (model_.Defines(id)) {
          removed_.insert(in.token_text(i));
        }
      },
      FirstNodeFrom(in, end));
}

bool Binder::BindChange(const Tree& in, Tree* out, Rng& rng, size_t max_size) {
  if (model_.num_places() == 0) return false;
  const auto [begin, end] = ChangedSpan(in.text(), out->text());
  // The removed bytes of `in`: as many after `begin` as `in` has more.
  CollectRemoved(in, begin, end + in.text().size() - out->text().size());
  return Bind(out, begin, end, rng, max_size);
}

bool Binder::BindAll(Tree* tree, Rng& rng, size_t max_size) {
  return BindRange(tree, 0, tree->text().size(), rng, max_size);
}

bool Binder::BindRange(Tree* tree, size_t begin, size_t end, Rng& rng,
                       size_t max_size) {
  unresolved_.clear();
  if (model_.num_places() == 0) return false;
  removed_.clear();
  moved_.clear();
  return Bind(tree, begin, end, rng, max_size);
}

bool Binder::Taken(absl::string_view text, int place, int anchor) const {
  for (const Def& d : defs_) {
    if (d.place == place && d.anchor == anchor && d.text == text) return true;
  }
  return false;
}

const Binder::Def* Binder::PickDefinition(const Tree& t, int at, int place,
                                          int type, int anchor, Rng& rng) {
  const auto& links = model_.place(place).links;
  if (links.empty()) return nullptr;
  const bool once = model_.DefinesOncePerAnchor(place);
  // A linked place with a visible definition, by its link count; then one
  // of its visible definitions.
  choice_.clear();
  double total = 0;
  for (const auto& [def_place, count] : links) {
    for (const Def& d : defs_) {
      if (d.place == def_place && d.type == type && Visible(t, d, at) &&
          !(once && Taken(d.text, place, anchor))) {
        choice_.emplace_back(def_place, count);
        total += count;
        break;
      }
    }
  }
  if (choice_.empty()) return nullptr;
  double r = rng.Uniform() * total;
  int32_t chosen = choice_.back().first;
  for (const auto& [def_place, count] : choice_) {
    if (r < count) {
      chosen = def_place;
      break;
    }
    r -= count;
  }
  int seen = 0;
  const Def* pick = nullptr;
  for (const Def& d : defs_) {
    if (d.place != chosen || d.type != type || !Visible(t, d, at) ||
        (once && Taken(d.text, place, anchor))) {
      continue;
    }
    if (rng.Below(++seen) == 0) pick = &d;
  }
  return pick;
}

bool Binder::NamedElsewhere(const Tree& t, absl::string_view text, int place,
                            size_t begin, size_t end) {
  if (!counted_) {
    counted_ = true;
    ForEachName(t, model_.name_types(), &outside_walk_,
                [&](int i, const NamePlace& p, absl::Span<const int32_t>) {
                  const auto [b, e] = TextSpan(t, i);
                  if (e <= begin || b >= end) {
                    outside_[t.token_text(i)].push_back(PlaceOf(p));
                  }
                });
  }
  auto it = outside_.find(text);
  if (it == outside_.end()) return false;
  return std::any_of(it->second.begin(), it->second.end(), [&](int32_t p) {
    return p < 0 || model_.NameSameThing(place, p);
  });
}

absl::string_view Binder::FreshText(const Tree& t, int type,
                                    absl::string_view text) {
  if (all_texts_.empty()) {
    const std::vector<bool>& names = model_.name_types();
    for (int i = 0; i < t.size(); ++i) {
      const Node& n = t.node(i);
      if (!n.is_rule && n.symbol > 0 &&
          static_cast<size_t>(n.symbol) < names.size() && names[n.symbol]) {
        all_texts_.insert(t.token_text(i));
      }
    }
  }
  absl::string_view base = text;
  while (!base.empty() && absl::ascii_isdigit(base.back())) {
    base.remove_suffix(1);
  }
  if (base.empty()) return {};
  for (int k = 1; k <= 8; ++k) {
    std::string candidate = absl::StrCat(base, k);
    if (all_texts_.contains(candidate)) continue;
    if (!tokens_.Accepts(type, candidate)) return {};
    fresh_.push_back(std::move(candidate));
    all_texts_.insert(fresh_.back());
    return fresh_.back();
  }
  return {};
}

bool Binder::Bind(Tree* tree, size_t begin, size_t end, Rng& rng,
                  size_t max_size) {
  unresolved_.clear();
  if (!HasName(*tree, begin, end) && removed_.empty()) return false;
  const Tree& t = *tree;
  defs_.clear();
  renamed_.clear();
  outside_.clear();
  counted_ = false;
  all_texts_.clear();
  fresh_.clear();
  // Whether a definition of `text` that a name at `place` could refer to
  // (NameSameThing: not a column named like the table) is seen at `at`;
  // with `any_link`, also one at a place its place drew from in the corpus
  // at all (a name already referring to it: a rare use of a local,
  // `packed:gsub`).
  auto visible = [&](absl::string_view text, int at, int place,
                     bool any_link = false) {
    for (const Def& d : defs_) {
      if (d.text == text && Visible(t, d, at) &&
          ((any_link && model_.DrawsFrom(place, d.place)) ||
           model_.NameSameThing(place, d.place))) {
        return true;
      }
    }
    return false;
  };
  // The innermost node of `rule` around the name, or -1.
  auto around = [&](int rule, absl::Span<const int32_t> enclosing) {
    for (size_t j = enclosing.size(); rule >= 0 && j-- > 0;) {
      if (t.node(enclosing[j]).symbol == rule) return enclosing[j];
    }
    return -1;
  };
  auto define = [&](int at, absl::string_view text, int type, int id,
                    absl::Span<const int32_t> enclosing) {
    const int32_t scope = around(model_.ScopeRule(id), enclosing);
    const int32_t after = around(model_.SeenAfterRule(id), enclosing);
    defs_.push_back({text, type, id, scope, after < 0 ? at : t.End(after),
                     PlaceAnchor(t, enclosing)});
  };
  ForEachName(
      t, model_.name_types(), &walk_,
      [&](int i, const NamePlace& place, absl::Span<const int32_t> enclosing) {
        const int id = PlaceOf(place);
        if (id < 0) return;
        absl::string_view text = t.token_text(i);
        const auto [b, e] = TextSpan(t, i);
        const bool changed = e > begin && b < end;
        const int32_t anchor = PlaceAnchor(t, enclosing);
        const bool defines = model_.Defines(id);
        if (changed) {
          // A text defined twice where each is defined once, or twice under
          // one anchor where the corpus never repeats one (a column list),
          // gets a fresh text.
          if (defines &&
              ((model_.DefinesOnce(id) && visible(text, i, id)) ||
               (model_.DefinesOncePerAnchor(id) && Taken(text, id, anchor)))) {
            const absl::string_view fresh = FreshText(t, place.type, text);
            if (fresh.empty()) return;
            renamed_.push_back({i, fresh});
            define(i, fresh, place.type, id, enclosing);
            return;
          }
          // A name that already refers to something seen here, that the
          // corpus uses here undefined (a builtin), that the input names
          // elsewhere too (a field, a global), or that the edit only moved
          // (the input had its text at its place in the bytes the edit
          // replaced: a swap), stays.
          if (!model_.DefinesOnce(id) &&
              (visible(text, i, id, /*any_link=*/true) ||
               moved_.contains({text, id}) ||
               (model_.IsFreeText(id, text) && e <= keep_definitions_before_) ||
               (!prefer_definitions_ &&
                (model_.IsFreeText(id, text) ||
                 NamedElsewhere(t, text, id, begin, end))))) {
            if (defines) define(i, text, place.type, id, enclosing);
            return;
          }
          if (defines && e <= keep_definitions_before_) {
            define(i, text, place.type, id, enclosing);
            return;
          }
          const bool use = rng.Chance(model_.UseShare(id));
          if (use) {
            if (const Def* d =
                    PickDefinition(t, i, id, place.type, anchor, rng)) {
              if (d->text != text) renamed_.push_back({i, d->text});
              return;
            }
            if (!model_.place(id).links.empty()) unresolved_.push_back({i, id});
          }
          // A use with nothing defined to use, or a first occurrence that
          // nothing uses: a name from outside the input (a builtin), as
          // often as the corpus has them here.
          if (use || rng.Chance(model_.FreeShare(id))) {
            const absl::string_view free = model_.FreeText(id, rng);
            if (!free.empty() && !visible(free, i, id) &&
                !(model_.DefinesOncePerAnchor(id) && Taken(free, id, anchor))) {
              if (free != text) renamed_.push_back({i, free});
              return;
            }
          }
          if (defines) define(i, text, place.type, id, enclosing);
          return;
        }
        if (visible(text, i, id, /*any_link=*/true)) {
          if (defines && !Taken(text, id, anchor)) {
            define(i, text, place.type, id, enclosing);
          }
          return;
        }
        if (b >= end && removed_.contains(text) && model_.UseShare(id) > 0) {
          // Its definition was removed: another one, if any is seen here.
          if (const Def* d =
                  PickDefinition(t, i, id, place.type, anchor, rng)) {
            renamed_.push_back({i, d->text});
            return;
          }
        }
        if (defines) define(i, text, place.type, id, enclosing);
      },
      // Past the change only uses of removed definitions are bound.
      removed_.empty() ? FirstNodeFrom(t, end) : -1);
  if (renamed_.empty()) return false;
  bound_.AssignSubtreeWithTexts(t, 0, renamed_);
  bound_.set_trailer(t.trailer());
  // A bare name where a quoted one stood may run into its neighbours.
  seams_.clear();
  for (const auto& [node, text] : renamed_) {
    seams_.push_back(node);
    const int next = bound_.TokenFrom(node + 1);
    if (next >= 0) seams_.push_back(next);
  }
  separators_.FixSeams(seams_, &bound_);
  if (bound_.TextSize() > max_size) return false;
  std::swap(*tree, bound_);
  renamed_count_ += static_cast<int64_t>(renamed_.size());
  return true;
}

}  // namespace grammut
