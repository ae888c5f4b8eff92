// define_first.cc: definitions put before the uses that lack them.
#include "bind/define_first.h"

#include <algorithm>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"

namespace grammut {
namespace {

// Tries to make a defining unit this many times.
constexpr int kUnitTries = 24;
// Uses DropUnbound takes out of one input, at most, and how many rules
// around one it may take out with it.
constexpr size_t kMaxDrops = 8;
constexpr int kDropLevels = 3;
// A place whose names are this share of uses, or more, and none of them
// free (a builtin) in the corpus, always has its names bound.
constexpr double kAlwaysBoundUseShare = 0.9;

}  // namespace

DefinitionsFirst::DefinitionsFirst(const Grammar& grammar,
                                   const BindingModel& model, Binder& binder,
                                   Generator& generator, Parser& parser)
    : grammar_(grammar),
      model_(model),
      binder_(binder),
      generator_(generator),
      parser_(parser) {}

bool DefinitionsFirst::DefinesAt(const Tree& unit, const NamePlace& place) {
  bool found = false;
  ForEachName(unit, model_.name_types(), &walk_,
              [&](int, const NamePlace& p, absl::Span<const int32_t>) {
                if (found || p.type != place.type || p.before != place.before) {
                  return;
                }
                for (int k = 0; k < NamePlace::kRules && p.rules[k] >= 0; ++k) {
                  if (p.rules[k] != place.rules[k]) return;
                }
                found = p.rules[0] >= 0;
              });
  return found;
}

bool DefinitionsFirst::PutDefinitionFirst(Tree* tree, int use, int use_place,
                                          Rng& rng, size_t max_size,
                                          const GenerateOptions& options,
                                          size_t* unit_begin,
                                          size_t* unit_end) {
  const Tree& t = *tree;
  // A place the use draws from that has defining units, by link count.
  const auto& links = model_.place(use_place).links;
  double total = 0;
  for (const auto& [def, count] : links) {
    if (!model_.place(def).units.empty()) total += count;
  }
  if (total <= 0) return false;
  double r = rng.Uniform() * total;
  int def = -1;
  for (const auto& [d, count] : links) {
    if (model_.place(d).units.empty()) continue;
    def = d;
    if (r < count) break;
    r -= count;
  }
  BindingModel::PlaceStats::Unit kind;
  if (!model_.PickUnit(def, rng, &kind)) return false;
  // The outermost holder around the use (the script, the chunk's block:
  // what is put there is seen everywhere below, and it stands outside any
  // function or loop whose rules the unit might break), and its first unit.
  int holder = -1;
  for (int j = 0; j < use; ++j) {
    if (t.node(j).is_rule && t.End(j) > use &&
        t.node(j).symbol == kind.holder) {
      holder = j;
      break;
    }
  }
  if (holder < 0) return false;
  kids_.clear();
  for (int c = holder + 1; c < t.End(holder); c = t.End(c)) {
    if (t.node(c).is_rule && t.node(c).symbol == kind.unit) kids_.push_back(c);
  }
  if (kids_.empty()) return false;
  // What stands between two units of the holder, else common separators.
  std::vector<std::string> seps;
  if (kids_.size() >= 2) {
    const size_t end = t.node(kids_[0]).text_begin + t.SubtreeSize(kids_[0]);
    const absl::string_view between =
        t.text().substr(end, t.node(kids_[1]).text_begin - end);
    // (Empty when the units' own trivia separates them: then a newline.)
    if (!between.empty()) seps.emplace_back(between);
  }
  for (const char* s : {"\n", ";\n", ";", ","}) seps.emplace_back(s);
  const size_t at = t.node(kids_[0]).text_begin;
  if (t.TextSize() >= max_size) return false;
  GenerateOptions opt = options;
  opt.max_bytes = std::min(options.max_bytes, max_size - t.TextSize());
  const NamePlace& place = model_.place(def).place;
  // A unit the corpus had (the target accepted it), else one made by the
  // generator that defines at the place.
  std::string text;
  snippets_.clear();
  for (const auto& [unit, snippet] : model_.place(def).snippets) {
    if (unit == kind.unit) snippets_.push_back(&snippet);
  }
  if (!snippets_.empty()) {
    text = *snippets_[rng.Below(snippets_.size())];
  } else {
    for (int i = 0; i < kUnitTries && text.empty(); ++i) {
      if (!generator_.Generate(kind.unit, rng, opt, &unit_)) return false;
      if (DefinesAt(unit_, place)) text = unit_.Text();
    }
  }
  if (text.empty()) return false;
  {
    for (const std::string& sep : seps) {
      if (t.TextSize() + text.size() + sep.size() > max_size) continue;
      const std::string all = absl::StrCat(t.text().substr(0, at), text, sep,
                                           t.text().substr(at), t.trailer());
      absl::StatusOr<ParseResult> r = parser_.Parse(all);
      if (!r.ok() || r->syntax_errors > 0 || r->tree.TextSize() != all.size()) {
        continue;
      }
      *tree = std::move(r->tree);
      *unit_begin = at;
      *unit_end = at + text.size();
      return true;
    }
  }
  return false;  // the unit fits nowhere
}

size_t DefinitionsFirst::Reach(const Tree& tree) const {
  size_t reach = tree.TextSize();
  for (const auto& [use, place] : binder_.unresolved()) {
    reach = std::min<size_t>(reach, tree.node(use).text_begin);
  }
  return reach;
}

int DefinitionsFirst::DropUnbound(
    Tree* tree, absl::Span<const std::pair<int32_t, int32_t>> unresolved) {
  // The uses to take out, by where their text starts.
  starts_.clear();
  for (const auto& [use, place] : unresolved) {
    const BindingModel::PlaceStats& p = model_.place(place);
    if (p.free.empty() && model_.FreeShare(place) <= 0 &&
        model_.UseShare(place) >= kAlwaysBoundUseShare) {
      const Node& n = tree->node(use);
      starts_.push_back(n.text_begin + n.trivia_size);
    }
  }
  // From the last: taking one out moves only the bytes after it.
  std::sort(starts_.begin(), starts_.end());
  int dropped = 0;
  size_t cut_from = std::string::npos;  // where the last part taken out began
  for (size_t k = starts_.size(); k-- > 0 && starts_.size() - k <= kMaxDrops;) {
    if (starts_[k] >= cut_from) continue;  // went with a larger part
    const Tree& t = *tree;
    int use = -1;
    for (int i = 0; i < t.size() && use < 0; ++i) {
      const Node& n = t.node(i);
      if (!n.is_rule && n.text_begin + n.trivia_size == starts_[k]) use = i;
    }
    if (use < 0) continue;
    // The name alone (an optional label), else the smallest part around it
    // that names nothing else (the whole `break L;`), a few levels up.
    const Node& name = t.node(use);
    size_t begin = starts_[k], end = name.text_begin + name.text_size;
    for (int level = 0, node = use; level <= kDropLevels && node >= 0;
         ++level, node = t.Parent(node)) {
      if (level > 0) {
        if (binder_.NamesIn(t, node) > 1) break;
        begin = t.node(node).text_begin;
        end = begin + t.SubtreeSize(node);
      }
      const std::string all = absl::StrCat(t.text().substr(0, begin),
                                           t.text().substr(end), t.trailer());
      absl::StatusOr<ParseResult> r = parser_.Parse(all);
      if (!r.ok() || r->syntax_errors > 0 || r->tree.TextSize() != all.size()) {
        continue;
      }
      *tree = std::move(r->tree);
      cut_from = begin;
      ++dropped;
      break;
    }
  }
  return dropped;
}

int DefinitionsFirst::Bind(Tree* tree, Rng& rng, size_t max_size,
                           const GenerateOptions& options, int rounds) {
  binder_.set_prefer_definitions(false);
  binder_.BindAll(tree, rng, max_size);
  int put = 0;
  // The rounds' best state: the one whose first use left without a
  // definition comes latest (a program runs up to its first undefined
  // name). A unit put in by the last rounds, whose own uses found nothing
  // before the rounds ran out, stands first and fails first: the
  // rounds since the best state are taken back.
  size_t best_reach = Reach(*tree);
  best_ = *tree;
  best_unresolved_ = binder_.unresolved();
  int best_put = 0;
  for (int round = 0; round < rounds; ++round) {
    // The first unbound use a definition can be put in for.
    size_t unit_begin = 0, unit_end = 0;
    bool done = false;
    tried_.clear();
    for (const auto& [use, place] : binder_.unresolved()) {
      if (std::find(tried_.begin(), tried_.end(), place) != tried_.end()) {
        continue;
      }
      tried_.push_back(place);
      if (PutDefinitionFirst(tree, use, place, rng, max_size, options,
                             &unit_begin, &unit_end)) {
        done = true;
        break;
      }
    }
    if (!done) break;
    ++put;
    // The new unit and what follows it are bound again: the unit keeps its
    // definitions, its own uses (a corpus snippet may use what its input
    // defined elsewhere) get definitions in the next rounds; names that
    // refer to something stay.
    binder_.set_prefer_definitions(true);
    binder_.set_keep_definitions_before(unit_end);
    binder_.BindRange(tree, unit_begin, tree->text().size(), rng, max_size);
    binder_.set_keep_definitions_before(0);
    const size_t reach = Reach(*tree);
    if (reach >= best_reach) {
      best_reach = reach;
      best_ = *tree;
      best_unresolved_ = binder_.unresolved();
      best_put = put;
    }
  }
  binder_.set_prefer_definitions(false);
  if (best_put != put) {
    std::swap(*tree, best_);
    put = best_put;
  }
  dropped_ += DropUnbound(tree, best_unresolved_);
  return put;
}

}  // namespace grammut
