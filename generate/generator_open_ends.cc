// generator_open_ends.cc: tokens that would not read back where they are
// written, left out where something else can go.
//
// After some tokens no blank the lexer skips ends them: a text that runs to
// the line's end (PlantUML's `: label`), or any token of a grammar without
// a separator (`/` before `/` in an IRI is `//`). Whatever follows with a
// byte the token reads on over joins it, and the input no longer parses.
// And where the lexer's mode is known (a whole input), a token its rules do
// not make in that mode is read as another (desktop entries' `@` after a
// country is AT_0, not the AT the parser wants there). At a decision,
// alternatives that can only begin with such a token give way to the
// others (when there are any), and so does a token type picked for a set.
// An alternative that may reach its rule's end first (a parser rule of
// blanks, `ws : SPACE*`, left empty) gives way only if what the callers
// write next would join too.
// A type joins when its shortest text, written after the token, takes the
// lexer DFA to an accepting state (`X` then `${` in a template does not:
// `X$` is no token); it is made in the mode when its shortest text reads
// as it there. Modes with a closer (a line mode's newline) are left alone:
// the separator leaves them first.
#include <utility>
#include <vector>

#include "generate/generator.h"

namespace grammut {
namespace {

// How far the search for an alternative's first tokens goes before giving
// up (then the alternative stays allowed).
constexpr int kFirstSearchLimit = 4000;

}  // namespace

int32_t Generator::OpenState(const Tree& tree, int last_token) {
  if (last_token < 0) return -1;
  // A state id is void once the DFA dropped its states.
  if (open_clears_ != separators_.dfa_clears()) {
    joins_.clear();
    open_for_ = -2;
  }
  if (open_for_ != last_token) {
    open_state_ = separators_.OpenEnd(tree.node(last_token).symbol,
                                      tree.token_text(last_token), &lexer_at_);
    open_for_ = last_token;
    open_clears_ = separators_.dfa_clears();
  }
  return open_state_;
}

bool Generator::TypeRunsOn(int type, int32_t state) {
  const auto key = std::make_pair(state, type);
  const auto found = joins_.find(key);
  if (found != joins_.end()) return found->second;
  const bool joins = separators_.Joins(state, tokens_.Shortest(type));
  joins_.emplace(key, joins);
  return joins;
}

namespace {

// Index of `key` in `index` (grown to `size`, -1: not computed yet).
int32_t& CacheSlot(std::vector<int32_t>& index, size_t size, size_t key) {
  if (index.empty()) index.assign(size, -1);
  return index[key];
}

}  // namespace

Generator::FirstTypes Generator::FindFirstTypes(int32_t state, uint32_t edge) {
  FirstTypes found;
  std::vector<bool> have(grammar_.max_token_type() + 1, false);
  auto add_type = [&](int type) {
    if (tokens_.Shortest(type).empty()) {
      found.may_be_empty = true;
    } else if (!have[type]) {
      have[type] = true;
      found.types.push_back(type);
    }
  };
  bool rule_end = false;  // what follows is the caller's
  const FirstWalk walk = WalkToFirstSymbols(
      state, edge, kFirstSearchLimit,
      [&](const AtnEdge& e) {
        switch (e.kind) {
          case EdgeKind::kAtom:
            if (e.label < 0) {
              found.may_be_empty = true;  // EOF: nothing follows
            } else {
              add_type(e.label);
            }
            break;
          case EdgeKind::kSet:
          case EdgeKind::kRange:
            for (int t : set_types_[e.set]) add_type(t);
            break;
          case EdgeKind::kNotSet:
            for (int t : not_set_types_[e.set]) add_type(t);
            break;
          default:  // a wildcard
            for (int t : wildcard_types_) add_type(t);
            break;
        }
        return !found.may_be_empty;
      },
      &rule_end);
  if (walk == FirstWalk::kGaveUp) found.may_be_empty = true;
  found.reaches_end = rule_end;
  if (found.may_be_empty) found.types.clear();
  return found;
}

const Generator::FirstTypes& Generator::EdgeFirstTypes(uint32_t edge) {
  int32_t& slot =
      CacheSlot(first_index_, grammar_.parser_graph().edges.size(), edge);
  if (slot < 0) {
    slot = static_cast<int32_t>(first_types_.size());
    first_types_.push_back(FindFirstTypes(-1, edge));
  }
  return first_types_[slot];
}

const Generator::FirstTypes& Generator::StateFirstTypes(int32_t state) {
  int32_t& slot = CacheSlot(state_first_index_,
                            grammar_.parser_graph().states.size(), state);
  if (slot < 0) {
    slot = static_cast<int32_t>(first_types_.size());
    first_types_.push_back(FindFirstTypes(state, 0));
  }
  return first_types_[slot];
}

bool Generator::AllRunOn(const FirstTypes& first, int32_t state) {
  if (first.may_be_empty) return false;
  for (int t : first.types) {
    if (!TypeRunsOn(t, state)) return false;
  }
  return true;
}

bool Generator::EdgeRunsOn(uint32_t edge, int32_t state) {
  const FirstTypes& first = EdgeFirstTypes(edge);
  if (!AllRunOn(first, state)) return false;
  if (!first.reaches_end) return !first.types.empty();
  // What follows the rule: each caller's continuation, innermost first,
  // until one cannot be left without a token.
  for (size_t d = depth_; d-- > 0;) {
    const int32_t follow = frames_[d].follow;
    if (follow < 0) return false;  // the walk's root: not known
    const FirstTypes& next = StateFirstTypes(follow);
    if (!AllRunOn(next, state)) return false;
    if (!next.reaches_end) return true;
  }
  return false;
}

bool Generator::ModeKnown() const {
  return lexer_at_.known && grammar_.mode_closer(lexer_at_.mode).empty();
}

bool Generator::TypeMadeHere(int type) {
  const auto key = std::make_pair(lexer_at_.mode, type);
  const auto found = made_here_.find(key);
  if (found != made_here_.end()) return found->second;
  const bool made =
      separators_.MadeIn(lexer_at_.mode, type, tokens_.Shortest(type));
  made_here_.emplace(key, made);
  return made;
}

bool Generator::EdgeNotMadeHere(uint32_t edge) {
  const FirstTypes& first = EdgeFirstTypes(edge);
  if (first.may_be_empty || first.reaches_end || first.types.empty()) {
    return false;
  }
  for (int t : first.types) {
    if (TypeMadeHere(t)) return false;
  }
  return true;
}

void Generator::RemakeIfNotMadeHere(int type, int64_t room,
                                    const GenerateOptions& options, Rng& rng,
                                    absl::Span<const int32_t> enclosing) {
  if (!ModeKnown() || !TypeMadeHere(type)) return;
  const int mode = lexer_at_.mode;
  for (int k = 0; k < kRemakes; ++k) {
    if (separators_.MadeIn(mode, type, text_)) return;
    tokens_.Generate(type, rng, room > 0 ? static_cast<size_t>(room) : 0, pool_,
                     options.pool_probability,
                     options.mode != ProbabilityMode::kLearned, &text_,
                     enclosing);
  }
  if (!separators_.MadeIn(mode, type, text_)) text_ = tokens_.Shortest(type);
}

}  // namespace grammut
