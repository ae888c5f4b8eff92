// binding_model.cc: learning where names are defined and used; the text
// form.
#include "bind/binding_model.h"

#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "base/file_io.h"
#include "base/text_form.h"

namespace grammut {
namespace {

// A place defines when at least this share of its names are first
// occurrences used again later.
constexpr double kMinDefineShare = 0.05;
// A place whose names use earlier ones less often than this, and that
// defines, takes each text once (a second definition is an error).
constexpr double kMaxUseShareOfOnce = 0.05;
// A definition's scope holds this share of the uses seen.
constexpr double kScopeCoverage = 0.9;
// Definitions seen in their own statement this rarely do not make every
// definition of their place seen there.
constexpr double kAfterExceptions = 0.05;
// A link from a use place is one of its main ones from this share of its
// links on.
constexpr double kMainLinkShare = 0.25;

// Adds `entry`'s count to the entry of `entries` that `same` accepts, or
// appends `entry`.
template <typename Entry, typename Same>
void Count(std::vector<Entry>& entries, const Entry& entry, Same same) {
  for (Entry& e : entries) {
    if (same(e)) {
      e.count += entry.count;
      return;
    }
  }
  entries.push_back(entry);
}

}  // namespace

BindingModel::BindingModel(const Grammar& grammar, std::vector<bool> name_types)
    : grammar_(grammar),
      name_types_(std::move(name_types)),
      singles_(grammar),
      enclosed_(grammar) {}

int BindingModel::Find(const NamePlace& place) const {
  auto it = ids_.find(place);
  return it == ids_.end() ? -1 : it->second;
}

int BindingModel::Nearest(const NamePlace& place) const {
  const int exact = Find(place);
  if (exact >= 0) return exact;
  int best = -1, best_levels = kNearRules - 1;
  for (int id = 0; id < num_places(); ++id) {
    const PlaceStats& s = places_[id];
    if (s.place.type != place.type || s.place.before != place.before) {
      continue;
    }
    int levels = 0;
    while (levels < NamePlace::kRules &&
           s.place.rules[levels] == place.rules[levels]) {
      ++levels;
    }
    if (levels > best_levels ||
        (levels == best_levels && best >= 0 && s.count > places_[best].count)) {
      best = id;
      best_levels = levels;
    }
  }
  return best;
}

int BindingModel::Intern(const NamePlace& place) {
  auto [it, fresh] = ids_.try_emplace(place, static_cast<int32_t>(0));
  if (fresh) {
    it->second = static_cast<int32_t>(places_.size());
    places_.emplace_back();
    places_.back().place = place;
  }
  return it->second;
}

void BindingModel::AddLink(int use, int def, double n) {
  std::vector<std::pair<int32_t, double>>& links = places_[use].links;
  for (auto& [to, count] : links) {
    if (to == def) {
      count += n;
      return;
    }
  }
  links.emplace_back(def, n);
}

void BindingModel::AddFree(int id, absl::string_view text, double n) {
  auto& free = places_[id].free;
  for (auto& [t, count] : free) {
    if (t == text) {
      count += n;
      return;
    }
  }
  if (free.size() < kFreeTexts) {
    free.emplace_back(std::string(text), n);
    return;
  }
  // Full: the least frequent gives way, its count carried over (so a text
  // seen once cannot push out one seen often).
  auto least = std::min_element(
      free.begin(), free.end(),
      [](const auto& a, const auto& b) { return a.second < b.second; });
  least->first.assign(text.data(), text.size());
  least->second += n;
}

double BindingModel::FreeShare(int id) const {
  const PlaceStats& p = places_[id];
  return p.first > 0 ? std::max(0.0, p.first - p.defines) / p.first : 0.0;
}

bool BindingModel::IsFreeText(int id, absl::string_view text) const {
  for (const auto& f : places_[id].free) {
    if (f.first == text) return true;
  }
  return false;
}

absl::string_view BindingModel::FreeText(int id, Rng& rng) const {
  const auto& free = places_[id].free;
  double total = 0;
  for (const auto& f : free) total += f.second;
  if (total <= 0) return {};
  double r = rng.Uniform() * total;
  for (const auto& f : free) {
    if (r < f.second) return f.first;
    r -= f.second;
  }
  return free.back().first;
}

void BindingModel::AddTree(const Tree& tree, double times) {
  if (tree.empty() || times <= 0) return;
  ++trees_;
  singles_.AddTree(tree, times);
  enclosed_.AddTree(tree, times);
  seen_.clear();
  chains_.clear();
  ForEachName(
      tree, name_types_, &walk_,
      [&](int node, const NamePlace& where, absl::Span<const int32_t> rules) {
        const int id = Intern(where);
        PlaceStats& p = places_[id];
        const absl::string_view text = tree.token_text(node);
        auto [it, first] = seen_.try_emplace(text);
        if (!p.pinned) p.count += times;
        if (first) {
          if (!p.pinned) {
            p.first += times;
            AddFree(id, text, times);
          }
          it->second = Seen{id,
                            node,
                            static_cast<uint32_t>(chains_.size()),
                            static_cast<uint32_t>(rules.size()),
                            static_cast<int32_t>(rules.size()),
                            0,
                            false,
                            id,
                            PlaceAnchor(tree, rules)};
          chains_.insert(chains_.end(), rules.begin(), rules.end());
          return;
        }
        Seen& def = it->second;
        const int32_t anchor = PlaceAnchor(tree, rules);
        if (!p.pinned) {
          p.later += times;
          AddLink(id, def.place, times);
          if (def.last_place == id && def.last_anchor == anchor) {
            p.repeats += times;
          }
        }
        def.last_place = id;
        def.last_anchor = anchor;
        if (!def.used) {
          def.used = true;
          PlaceStats& d = places_[def.place];
          if (!d.pinned) d.defines += times;
        }
        // How many of the rules around the definition hold every use so
        // far (they nest: the outermost ones).
        int k = def.holding;
        while (k > 0 && tree.End(chains_[def.chain_begin + k - 1]) <= node) --k;
        def.holding = k;
        // And how many hold this use (the deepest of them holds the use).
        int h = def.deepest;
        while (static_cast<uint32_t>(h) < def.chain_size &&
               tree.End(chains_[def.chain_begin + h]) > node) {
          ++h;
        }
        def.deepest = h;
      });
  // Scopes of the definitions that were used, in the input's order (the
  // map's order depends on the process: units and snippets must not).
  used_.clear();
  for (const auto& [text, def] : seen_) {
    if (def.used && def.holding > 0) used_.push_back(&def);
  }
  std::sort(used_.begin(), used_.end(),
            [](const Seen* a, const Seen* b) { return a->node < b->node; });
  for (const Seen* seen : used_) {
    const Seen& def = *seen;
    PlaceStats& d = places_[def.place];
    if (d.pinned) continue;
    const int32_t levels =
        static_cast<int32_t>(def.chain_size) - def.holding + 1;
    const int32_t rule =
        tree.node(chains_[def.chain_begin + def.holding - 1]).symbol;
    Count(d.scopes, {levels, rule, times}, [&](const PlaceStats::Scope& s) {
      return s.levels == levels && s.rule == rule;
    });
    // The outermost rule around the definition holding none of its uses
    // (none: a use stood in the name's innermost rule).
    const int32_t free_levels =
        static_cast<int32_t>(def.chain_size) - def.deepest;
    const int32_t after =
        free_levels > 0
            ? tree.node(chains_[def.chain_begin + def.deepest]).symbol
            : -1;
    Count(d.afters, {free_levels, after, times},
          [&](const PlaceStats::Scope& s) {
            return s.levels == free_levels && s.rule == after;
          });
    // The holder's child that holds the definition (none when the name
    // stands right under the holder).
    if (static_cast<uint32_t>(def.holding) >= def.chain_size) continue;
    const int32_t unit =
        tree.node(chains_[def.chain_begin + def.holding]).symbol;
    Count(d.units, {rule, unit, times}, [&](const PlaceStats::Unit& u) {
      return u.holder == rule && u.unit == unit;
    });
    // The unit's text (the first few seen, without leading trivia).
    if (d.snippets.size() < kSnippets) {
      absl::string_view text = absl::StripLeadingAsciiWhitespace(
          tree.SubtreeText(chains_[def.chain_begin + def.holding]));
      const bool known = std::any_of(
          d.snippets.begin(), d.snippets.end(),
          [&](const auto& s) { return s.first == unit && s.second == text; });
      if (!known && !text.empty() && text.size() <= kSnippetBytes) {
        d.snippets.emplace_back(unit, std::string(text));
      }
    }
  }
}

bool BindingModel::NameSameThing(int a, int b) const {
  if (a == b) return true;
  const auto& la = places_[a].links;
  const auto& lb = places_[b].links;
  // A link counts when it is a quarter of its place's links or more (a
  // name that happens to be both a column and a CTE does not make the two
  // places one kind).
  auto links_to = [](const std::vector<std::pair<int32_t, double>>& links,
                     int to) {
    double total = 0, count = 0;
    for (const auto& [place, n] : links) {
      total += n;
      if (place == to) count = n;
    }
    return count > 0 && count >= kMainLinkShare * total;
  };
  if (links_to(la, b) || links_to(lb, a)) return true;
  return std::any_of(la.begin(), la.end(), [&](const auto& l) {
    return links_to(la, l.first) && links_to(lb, l.first);
  });
}

bool BindingModel::DrawsFrom(int use, int def) const {
  const auto& links = places_[use].links;
  return std::any_of(links.begin(), links.end(),
                     [def](const auto& l) { return l.first == def; });
}

bool BindingModel::PickUnit(int id, Rng& rng, PlaceStats::Unit* unit) const {
  const auto& units = places_[id].units;
  double total = 0;
  for (const auto& u : units) total += u.count;
  if (total <= 0) return false;
  double r = rng.Uniform() * total;
  for (const auto& u : units) {
    if (r < u.count) {
      *unit = u;
      return true;
    }
    r -= u.count;
  }
  *unit = units.back();
  return true;
}

double BindingModel::UseShare(int id) const {
  const PlaceStats& p = places_[id];
  return p.count > 0 ? p.later / p.count : 0.0;
}

bool BindingModel::Defines(int id) const {
  const PlaceStats& p = places_[id];
  return p.count > 0 && p.defines >= kMinDefineShare * p.count;
}

bool BindingModel::DefinesOncePerAnchor(int id) const {
  const PlaceStats& p = places_[id];
  return Defines(id) && p.repeats == 0 && p.first >= 0.8 * p.count;
}

bool BindingModel::DefinesOnce(int id) const {
  return Defines(id) && UseShare(id) < kMaxUseShareOfOnce;
}

namespace {

// Of `entries` ordered by levels out (then rule), the first whose running
// count reaches `share` of their total; false if there are none.
bool FirstReaching(std::vector<BindingModel::PlaceStats::Scope> entries,
                   double share, BindingModel::PlaceStats::Scope* out) {
  if (entries.empty()) return false;
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
    return a.levels != b.levels ? a.levels < b.levels : a.rule < b.rule;
  });
  double total = 0;
  for (const auto& x : entries) total += x.count;
  double sum = 0;
  for (const auto& x : entries) {
    sum += x.count;
    if (sum >= share * total) {
      *out = x;
      return true;
    }
  }
  *out = entries.back();
  return true;
}

}  // namespace

int BindingModel::ScopeRule(int id) const {
  const PlaceStats& p = places_[id];
  if (p.fixed_scope >= -1) return p.fixed_scope;
  // The nearest level out that holds kScopeCoverage of the uses.
  PlaceStats::Scope s;
  return FirstReaching(p.scopes, kScopeCoverage, &s) ? s.rule : -1;
}

int BindingModel::SeenAfterRule(int id) const {
  const PlaceStats& p = places_[id];
  if (p.fixed_after >= -1) return p.fixed_after;
  // The fewest levels out that all but kAfterExceptions of the definitions
  // keep free of their uses (a recursive call now and then does not make
  // every definition visible in its own statement).
  PlaceStats::Scope a;
  if (!FirstReaching(p.afters, kAfterExceptions, &a)) return -1;
  return a.levels > 0 ? a.rule : -1;
}

std::string BindingModel::Describe(int id) const {
  const NamePlace& p = places_[id].place;
  std::string out = grammar_.token_name(p.type);
  if (p.before > 0) {
    absl::StrAppend(&out, " after ", grammar_.token_name(p.before));
  } else if (p.before < 0) {
    absl::StrAppend(&out, " after ", grammar_.rule_name(-p.before - 1));
  }
  absl::StrAppend(&out, " in ");
  for (int k = 0; k < NamePlace::kRules && p.rules[k] >= 0; ++k) {
    absl::StrAppend(&out, k ? "<" : "", grammar_.rule_name(p.rules[k]));
  }
  return out;
}

std::string BindingModel::ToText() const {
  auto token = [this](int t) { return TokenField(grammar_, t); };
  std::string out =
      "# grammut bindings: where names are defined and used.\n"
      "# place ID TOKEN BEFORE RULES count N first N defines N later N "
      "scope RULE|* after RULE|-\n"
      "#   BEFORE: - | T:token | R:rule; RULES: innermost first, comma-"
      "separated; after: the rule around a definition that ends before it "
      "is seen\n"
      "# link USE-ID DEF-ID COUNT: uses at USE-ID name texts defined at "
      "DEF-ID\n"
      "# free ID COUNT \"TEXT\": TEXT was first seen at ID in COUNT inputs "
      "(a builtin where ID uses)\n"
      "# unit ID HOLDER UNIT COUNT: definitions at ID stood in a UNIT (a "
      "statement) of a HOLDER (a script) that held their uses\n"
      "# snippet ID UNIT \"TEXT\": such a unit from the corpus\n"
      "# single TOKEN RULE holding N twice N expected N: RULE nodes that held "
      "TOKEN, twice, and the repeats independent placement would have made "
      "(single: expected >= 3, twice <= 2% of holding); `single TOKEN RULE` "
      "declares one\n"
      "# enclosed TOKEN PARENT in RULES not RULES contexts N expected N: "
      "TOKEN under PARENT stood below one of the first RULES before any of "
      "the second (walking up); N distinct rule chains above it, N expected "
      "outside had they stood like all nodes they start from; without "
      "counts, declared\n";
  absl::StrAppend(&out, "version 1\n");
  absl::StrAppendFormat(&out, "grammar %s %016x\n", grammar_.name(),
                        grammar_.fingerprint());
  absl::StrAppend(&out, "trees ", trees_, "\n");
  int links = 0;
  for (size_t id = 0; id < places_.size(); ++id) {
    const PlaceStats& p = places_[id];
    std::string before = "-";
    if (p.place.before > 0) before = token(p.place.before);
    if (p.place.before < 0) {
      before = absl::StrCat("R:", grammar_.rule_name(-p.place.before - 1));
    }
    std::string rules;
    for (int k = 0; k < NamePlace::kRules && p.place.rules[k] >= 0; ++k) {
      absl::StrAppend(&rules, k ? "," : "",
                      grammar_.rule_name(p.place.rules[k]));
    }
    const int scope = ScopeRule(static_cast<int>(id));
    const int after = SeenAfterRule(static_cast<int>(id));
    absl::StrAppend(&out, "place ", id, " ", token(p.place.type), " ", before,
                    " ", rules, " count ", p.count, " first ", p.first,
                    " defines ", p.defines, " later ", p.later, " repeats ",
                    p.repeats, " scope ",
                    scope < 0 ? "*" : grammar_.rule_name(scope), " after ",
                    after < 0 ? "-" : grammar_.rule_name(after), "\n");
  }
  for (size_t id = 0; id < places_.size(); ++id) {
    for (const auto& [def, count] : places_[id].links) {
      absl::StrAppend(&out, "link ", id, " ", def, " ", count, "\n");
      ++links;
    }
  }
  for (size_t id = 0; id < places_.size(); ++id) {
    for (const PlaceStats::Unit& u : places_[id].units) {
      absl::StrAppend(&out, "unit ", id, " ", grammar_.rule_name(u.holder), " ",
                      grammar_.rule_name(u.unit), " ", u.count, "\n");
    }
  }
  for (size_t id = 0; id < places_.size(); ++id) {
    for (const auto& [unit, text] : places_[id].snippets) {
      absl::StrAppend(&out, "snippet ", id, " ", grammar_.rule_name(unit), " ",
                      QuotedField(text), "\n");
    }
  }
  for (size_t id = 0; id < places_.size(); ++id) {
    for (const auto& [text, count] : places_[id].free) {
      absl::StrAppend(&out, "free ", id, " ", count, " ", QuotedField(text),
                      "\n");
    }
  }
  absl::StrAppend(&out, singles_.ToText());
  absl::StrAppend(&out, enclosed_.ToText());
  absl::StrAppend(&out, "end ", places_.size(), " places ", links, " links\n");
  return out;
}

absl::Status BindingModel::FromText(absl::string_view text,
                                    absl::string_view source, bool pin) {
  std::vector<PlaceStats> places;
  absl::flat_hash_map<NamePlace, int32_t> ids;
  absl::flat_hash_map<int64_t, int32_t> by_file_id;
  std::vector<std::pair<int64_t, std::pair<int64_t, double>>> links;
  std::vector<int> link_lines;
  int64_t trees = 0;
  SingleTokens singles(grammar_);
  EnclosedTokens enclosed(grammar_);
  bool saw_end = false;
  absl::Status read = ForEachTextLine(
      text, source,
      [&](absl::Span<const absl::string_view> f, int line_no,
          LineError bad) -> absl::Status {
        if (saw_end) return bad("text after the end line");
        auto token = [&](absl::string_view s, int* type) -> absl::Status {
          if (ReadTokenField(grammar_, s, type)) return absl::OkStatus();
          return bad(absl::StrCat("unknown token ", s, " (grammar ",
                                  grammar_.name(), ")"));
        };
        auto rule = [&](absl::string_view s, int* r) -> absl::Status {
          *r = grammar_.FindRule(s);
          if (*r >= 0) return absl::OkStatus();
          return bad(absl::StrCat("unknown rule ", s, " (grammar ",
                                  grammar_.name(), ")"));
        };
        if (f[0] == "version") {
          if (f.size() != 2 || f[1] != "1") {
            return bad("unsupported bindings version (this grammut reads 1)");
          }
        } else if (f[0] == "grammar") {
          if (f.size() < 2 || f[1] != grammar_.name()) {
            return bad(absl::StrCat("made for another grammar (this is ",
                                    grammar_.name(), ")"));
          }
          const std::string mine =
              absl::StrFormat("%016x", grammar_.fingerprint());
          if (f.size() == 3 && f[2] != mine) {
            return bad(absl::StrCat("made for another version of grammar ",
                                    grammar_.name(), " (fingerprint ", f[2],
                                    ", this one ", mine,
                                    "); leave the fingerprint out to use it"));
          }
        } else if (f[0] == "trees") {
          if (f.size() != 2 || !absl::SimpleAtoi(f[1], &trees) || trees < 0) {
            return bad("trees takes a count");
          }
        } else if (f[0] == "place") {
          // place ID TOKEN BEFORE RULES [key value]...
          int64_t file_id = 0;
          if (f.size() < 5 || !absl::SimpleAtoi(f[1], &file_id)) {
            return bad("place takes ID TOKEN BEFORE RULES [key value ...]");
          }
          PlaceStats p;
          p.pinned = pin;
          int type = 0;
          if (absl::Status st = token(f[2], &type); !st.ok()) return st;
          if (static_cast<size_t>(type) >= name_types_.size() ||
              !name_types_[type]) {
            return bad(
                absl::StrCat("token ", f[2],
                             " is not a name (an identifier-like token "
                             "type: an open text that reads a bare word)"));
          }
          p.place.type = type;
          if (f[3] != "-") {
            int sym = 0;
            if (absl::StartsWith(f[3], "R:")) {
              if (absl::Status st = rule(f[3].substr(2), &sym); !st.ok())
                return st;
              p.place.before = -(sym + 1);
            } else {
              if (absl::Status st = token(f[3], &sym); !st.ok()) return st;
              p.place.before = sym;
            }
          }
          int k = 0;
          for (absl::string_view r : absl::StrSplit(f[4], ',')) {
            if (k == NamePlace::kRules) {
              return bad(absl::StrCat("a place has at most ", NamePlace::kRules,
                                      " rules"));
            }
            if (absl::Status st = rule(r, &p.place.rules[k++]); !st.ok())
              return st;
          }
          bool role = false;
          for (size_t i = 5; i < f.size(); i += 2) {
            if (f[i] == "role" && i + 1 < f.size()) {
              // A hand-written role: define, use or both.
              role = true;
              const absl::string_view r = f[i + 1];
              if (r != "define" && r != "use" && r != "both") {
                return bad("role is define, use or both");
              }
              const bool def = r != "use", use = r != "define";
              p.count = 2;
              p.first = p.defines = def ? 2 : 0;
              p.later = use ? 2 : 0;
              if (def && use) p.first = p.defines = p.later = 1;
              continue;
            }
            // A rule or `none`: a file's is kept as written, a saved
            // model's is what it learned so far.
            auto rule_field =
                [&](absl::string_view none, int32_t* fixed,
                    std::vector<PlaceStats::Scope>* learned) -> absl::Status {
              int r = -1;
              if (f[i + 1] != none) {
                if (absl::Status st = rule(f[i + 1], &r); !st.ok()) return st;
              }
              if (pin) {
                *fixed = r;
              } else if (r >= 0) {
                learned->push_back({1, r, 1.0});
              }
              return absl::OkStatus();
            };
            if (f[i] == "scope" && i + 1 < f.size()) {
              if (absl::Status st = rule_field("*", &p.fixed_scope, &p.scopes);
                  !st.ok()) {
                return st;
              }
              continue;
            }
            if (f[i] == "after" && i + 1 < f.size()) {
              if (absl::Status st = rule_field("-", &p.fixed_after, &p.afters);
                  !st.ok()) {
                return st;
              }
              continue;
            }
            double v = 0;
            if (i + 1 >= f.size() || !absl::SimpleAtod(f[i + 1], &v) || v < 0) {
              return bad(absl::StrCat("bad value for ", f[i]));
            }
            if (f[i] == "count") {
              p.count = v;
            } else if (f[i] == "first") {
              p.first = v;
            } else if (f[i] == "defines") {
              p.defines = v;
            } else if (f[i] == "later") {
              p.later = v;
            } else if (f[i] == "repeats") {
              p.repeats = v;
            } else {
              return bad(
                  absl::StrCat("unknown field ", f[i],
                               " (count, first, defines, later, repeats, "
                               "role, scope, after)"));
            }
          }
          if (!role && p.count <= 0) {
            return bad("a place needs counts or a role (define, use, both)");
          }
          if (by_file_id.contains(file_id)) {
            return bad(absl::StrCat("place ", file_id, " given twice"));
          }
          if (ids.contains(p.place)) return bad("the same place given twice");
          const int32_t id = static_cast<int32_t>(places.size());
          by_file_id[file_id] = id;
          ids[p.place] = id;
          places.push_back(std::move(p));
        } else if (f[0] == "link") {
          int64_t use = 0, def = 0;
          double count = 1;
          if ((f.size() != 3 && f.size() != 4) ||
              !absl::SimpleAtoi(f[1], &use) || !absl::SimpleAtoi(f[2], &def) ||
              (f.size() == 4 &&
               (!absl::SimpleAtod(f[3], &count) || count <= 0))) {
            return bad("link takes USE-ID DEF-ID [COUNT]");
          }
          links.push_back({use, {def, count}});
          link_lines.push_back(line_no);
        } else if (f[0] == "unit") {
          int64_t file_id = 0;
          double count = 0;
          int holder = -1, unit = -1;
          if (f.size() != 5 || !absl::SimpleAtoi(f[1], &file_id) ||
              !absl::SimpleAtod(f[4], &count) || count <= 0) {
            return bad("unit takes ID HOLDER-RULE UNIT-RULE COUNT");
          }
          if (absl::Status st = rule(f[2], &holder); !st.ok()) return st;
          if (absl::Status st = rule(f[3], &unit); !st.ok()) return st;
          auto it = by_file_id.find(file_id);
          if (it == by_file_id.end()) {
            return bad("unit names a place given after it or not at all");
          }
          places[it->second].units.push_back({holder, unit, count});
        } else if (f[0] == "snippet") {
          // snippet ID UNIT-RULE "TEXT"
          int64_t file_id = 0;
          int unit = -1;
          std::string unescaped;
          if (f.size() != 4 || !absl::SimpleAtoi(f[1], &file_id) ||
              !UnquoteField(f[3], &unescaped)) {
            return bad("snippet takes ID UNIT-RULE \"TEXT\"");
          }
          if (absl::Status st = rule(f[2], &unit); !st.ok()) return st;
          auto it = by_file_id.find(file_id);
          if (it == by_file_id.end()) {
            return bad("snippet names a place given after it or not at all");
          }
          places[it->second].snippets.emplace_back(unit, std::move(unescaped));
        } else if (f[0] == "free") {
          // free ID COUNT "TEXT" (the text C-escaped, so it has no space).
          int64_t file_id = 0;
          double count = 0;
          std::string unescaped;
          if (f.size() != 4 || !absl::SimpleAtoi(f[1], &file_id) ||
              !absl::SimpleAtod(f[2], &count) || count <= 0 ||
              !UnquoteField(f[3], &unescaped)) {
            return bad("free takes ID COUNT \"TEXT\"");
          }
          auto it = by_file_id.find(file_id);
          if (it == by_file_id.end()) {
            return bad("free names a place given after it or not at all");
          }
          places[it->second].free.emplace_back(std::move(unescaped), count);
        } else if (f[0] == "single") {
          if (absl::Status st = singles.ParseLine(f, bad); !st.ok()) return st;
        } else if (f[0] == "enclosed") {
          if (absl::Status st = enclosed.ParseLine(f, bad); !st.ok()) return st;
        } else if (f[0] == "end") {
          saw_end = true;
        } else {
          return bad(absl::StrCat(
              "unknown line '", f[0],
              "' (version, grammar, trees, place, link, unit, snippet, free, "
              "single, enclosed, end)"));
        }
        return absl::OkStatus();
      });
  if (!read.ok()) return read;
  for (size_t i = 0; i < links.size(); ++i) {
    auto use = by_file_id.find(links[i].first);
    auto def = by_file_id.find(links[i].second.first);
    if (use == by_file_id.end() || def == by_file_id.end()) {
      return absl::InvalidArgumentError(
          absl::StrCat(source, ":", link_lines[i],
                       ": link names a place the file does not give"));
    }
    places[use->second].links.emplace_back(def->second, links[i].second.second);
  }
  places_ = std::move(places);
  ids_ = std::move(ids);
  trees_ = trees;
  singles_ = std::move(singles);
  enclosed_ = std::move(enclosed);
  return absl::OkStatus();
}

absl::Status BindingModel::Save(const std::string& path) const {
  return WriteFileAtomically(path, ToText());
}

absl::Status BindingModel::Load(const std::string& path, bool pin) {
  absl::StatusOr<std::string> text = ReadFile(path);
  if (!text.ok()) return text.status();
  return FromText(*text, path, pin);
}

std::string BindingsBesideWeights(absl::string_view weights_path) {
  return absl::StrCat(weights_path, ".bindings");
}

std::string BindingsBesideGrammar(absl::string_view grammar_spec) {
  if (grammar_spec.empty()) return "";
  const std::vector<std::string> files = absl::StrSplit(grammar_spec, ',');
  std::filesystem::path base(files.back());
  std::error_code ec;
  if (!std::filesystem::is_directory(base, ec)) base = base.parent_path();
  return (base / "bindings.txt").string();
}

}  // namespace grammut
