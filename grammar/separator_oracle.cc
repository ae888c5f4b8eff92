#include "grammar/separator_oracle.h"

#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "base/utf8.h"

namespace grammut {
namespace {

// A word character as maximal-munch lexers read one: [A-Za-z0-9_].
bool IsWordByte(unsigned char c) { return absl::ascii_isalnum(c) || c == '_'; }

// The word characters a lexer might read on with, one of each class.
constexpr unsigned char kWordProbes[] = {'a', 'z', 'A', 'Z', 'e',
                                         'x', '0', '1', '9', '_'};

}  // namespace

SeparatorOracle::SeparatorOracle(const Grammar& grammar, LexerDfa* dfa)
    : grammar_(grammar), dfa_(*dfa) {
  const LexerChains& chains = grammar.lexer_chains();
  chained_.assign(grammar.max_token_type() + 1, false);
  for (int t = 1; t <= grammar.max_token_type(); ++t) {
    for (int32_t r : grammar.lexer_rules_for_token(t)) {
      if (chains.needed[r]) chained_[t] = true;
    }
  }
}

int32_t SeparatorOracle::StateAfter(int type, absl::string_view text,
                                    int start) {
  if (type <= 0 || type >= static_cast<int>(chained_.size()) ||
      !chained_[type]) {
    return dfa_.Run(dfa_.Start(start), text);
  }
  const std::vector<LexerRuleCommands>& commands =
      grammar_.lexer_graph().rule_commands;
  int mode = start;
  std::vector<int>& stack = stack_;
  stack.clear();
  size_t pos = 0;
  // Longest matches in turn, following the `more` rules' mode changes,
  // up to the last rule's.
  for (int piece = 0; piece < 64 && pos < text.size(); ++piece) {
    const LexerDfa::Match m = dfa_.LongestMatch(mode, text.substr(pos));
    if (m.length == 0 || m.rule < 0 ||
        static_cast<size_t>(m.rule) >= commands.size()) {
      break;
    }
    const LexerRuleCommands& c = commands[m.rule];
    if (pos + m.length == text.size() || !(c.more || c.hidden)) {
      return dfa_.Run(dfa_.Start(mode), text.substr(pos));
    }
    pos += m.length;
    if (!ApplyModeChange(c, &mode, &stack)) break;
  }
  return dfa_.Run(dfa_.Start(start), text);
}

bool SeparatorOracle::RunsOn(int32_t state, absl::string_view prev_text,
                             absl::string_view next_text) {
  const unsigned char next = static_cast<unsigned char>(next_text.front());
  if (dfa_.Continues(state, next)) return true;
  // Two tokens that meet in word characters ("1" "do", "0x1" "end", "1."
  // "e"): the grammar's lexer may split the run where the target's reads it
  // whole, as one malformed numeral or name. If some token of the grammar
  // goes on from the first with any word character, keep them apart.
  const unsigned char last = static_cast<unsigned char>(prev_text.back());
  const bool word_end =
      IsWordByte(last) || (last == '.' && prev_text.size() >= 2 &&
                           absl::ascii_isdigit(static_cast<unsigned char>(
                               prev_text[prev_text.size() - 2])));
  // A numeral also reads on over '.' ("3.75" ".." is one malformed
  // numeral to Lua).
  const unsigned char first = static_cast<unsigned char>(prev_text.front());
  const bool numeral =
      absl::ascii_isdigit(first) ||
      (first == '.' && prev_text.size() >= 2 &&
       absl::ascii_isdigit(static_cast<unsigned char>(prev_text[1])));
  if (!word_end || !(IsWordByte(next) || (numeral && next == '.'))) {
    return false;
  }
  for (unsigned char probe : kWordProbes) {
    if (dfa_.Continues(state, probe)) return true;
  }
  return false;
}

bool SeparatorOracle::Needs(int prev_type, absl::string_view prev_text,
                            int next_type, absl::string_view next_text) {
  if (prev_text.empty() || next_text.empty()) return false;
  const std::string& sep = grammar_.separator();
  if (sep.empty()) return false;
  const int next_mode = grammar_.token_mode(next_type);
  if (!grammar_.separator_ok_in_mode(next_mode)) {
    // The next token's mode reads the separator as text (Solidity's
    // `pragma` then the pragma's text up to `;`): it goes in where the two
    // would run together if the next token, read with it in front, is
    // still one token of its type.
    const int32_t state =
        StateAfter(prev_type, prev_text, grammar_.token_mode(prev_type));
    const unsigned char next = static_cast<unsigned char>(next_text.front());
    if (!dfa_.Continues(state, next) || next_mode < 0) return false;
    const std::string joined = absl::StrCat(sep, next_text);
    const int32_t rule =
        dfa_.AcceptedRule(dfa_.Run(dfa_.Start(next_mode), joined));
    return rule >= 0 && grammar_.lexer_rule_token_type(rule) == next_type;
  }
  // A token made in several modes may run on with the next in any of them.
  for (int mode : grammar_.token_start_modes(prev_type)) {
    if (RunsOn(StateAfter(prev_type, prev_text, mode), prev_text, next_text)) {
      return true;
    }
  }
  return false;
}

int32_t SeparatorOracle::OpenEnd(int prev_type, absl::string_view prev_text,
                                 const LexerPosition* after) {
  if (prev_text.empty() || prev_type <= 0 ||
      prev_type > grammar_.max_token_type()) {
    return -1;
  }
  const bool known = after != nullptr && after->known;
  const int mode = known ? after->mode : grammar_.token_mode_after(prev_type);
  if (mode >= 0 && !grammar_.mode_closer(mode).empty()) return -1;
  const int32_t state = StateAfter(prev_type, prev_text,
                                   grammar_.token_start_modes(prev_type)[0]);
  if (dfa_.AcceptedRule(state) < 0) return -1;  // not a whole token
  const std::string& sep = grammar_.separator();
  if (!sep.empty() &&
      !dfa_.Continues(state, static_cast<unsigned char>(sep[0]))) {
    return -1;
  }
  for (const std::string& blank : grammar_.other_blanks(
           mode >= 0 ? mode : grammar_.token_mode(prev_type))) {
    if (!dfa_.Continues(state, static_cast<unsigned char>(blank[0]))) return -1;
  }
  return state;
}

bool SeparatorOracle::Joins(int32_t state, absl::string_view next_text) {
  if (next_text.empty() ||
      !dfa_.Continues(state, static_cast<unsigned char>(next_text[0]))) {
    return false;
  }
  bool joins = false;
  ForEachCodePoint(next_text, [&](uint32_t cp) {
    state = dfa_.Next(state, cp);
    if (state == LexerDfa::kDead) return false;
    joins = dfa_.AcceptedRule(state) >= 0;
    return !joins;
  });
  return joins;
}

void SeparatorOracle::Follow(absl::string_view text, LexerPosition* at) {
  const std::vector<LexerRuleCommands>& commands =
      grammar_.lexer_graph().rule_commands;
  size_t pos = 0;
  while (at->known && pos < text.size()) {
    const LexerDfa::Match m = dfa_.LongestMatch(at->mode, text.substr(pos));
    if (m.length == 0 || m.rule < 0) {
      at->known = false;
      break;
    }
    pos += m.length;
    if (static_cast<size_t>(m.rule) < commands.size() &&
        !ApplyModeChange(commands[m.rule], &at->mode, &at->stack)) {
      at->known = false;
    }
  }
}

bool SeparatorOracle::MadeIn(int mode, int type, absl::string_view text) {
  if (type <= 0 || type > grammar_.max_token_type() ||
      grammar_.lexer_rules_for_token(type).empty() || text.empty()) {
    return true;  // a token from code, or no text: not known
  }
  // The text read there: a token of its type, or the start of a chain (a
  // `more` or hidden rule).
  const LexerDfa::Match m = dfa_.LongestMatch(mode, text);
  const std::vector<LexerRuleCommands>& commands =
      grammar_.lexer_graph().rule_commands;
  return m.length > 0 && m.rule >= 0 &&
         (grammar_.lexer_rule_token_type(m.rule) == type ||
          (static_cast<size_t>(m.rule) < commands.size() &&
           (commands[m.rule].more || commands[m.rule].hidden)));
}

absl::string_view SeparatorOracle::Separator(int prev_type,
                                             absl::string_view prev_text,
                                             int next_type,
                                             absl::string_view next_text,
                                             const LexerPosition* after_prev) {
  if (prev_text.empty() || next_text.empty()) return {};
  const bool known = after_prev != nullptr && after_prev->known;
  const int after =
      known ? after_prev->mode : grammar_.token_mode_after(prev_type);
  if (after >= 0 && !grammar_.mode_closer(after).empty() && next_type > 0 &&
      next_type <= grammar_.max_token_type()) {
    // The next token is read in `after`: it must be made there, else the
    // mode must be left first.
    const LexerChains& chains = grammar_.lexer_chains();
    const std::vector<int32_t>& rules =
        grammar_.lexer_rules_for_token(next_type);
    bool made_there = rules.empty();  // a token from code: not known
    if (known) {
      made_there = MadeIn(after, next_type, next_text);
    } else {
      for (int32_t r : rules) {
        made_there = made_there || chains.StartMode(r) == after;
      }
    }
    if (!made_there) return grammar_.mode_closer(after);
  }
  if (!Needs(prev_type, prev_text, next_type, next_text)) return {};
  const std::string& sep = grammar_.separator();
  const int next_mode = grammar_.token_mode(next_type);
  if (!grammar_.separator_ok_in_mode(next_mode)) return sep;
  // Where the separator would itself run on with the previous token (a
  // name that may hold spaces: `examine YM` one name), another blank the
  // mode hides that does not.
  // Only after a whole token: a broken one (an edit cut a string's
  // quote) runs on with any blank.
  bool whole = false;
  auto runs_on_with = [&](unsigned char c) {
    for (int mode : grammar_.token_start_modes(prev_type)) {
      const int32_t state = StateAfter(prev_type, prev_text, mode);
      whole = whole || dfa_.AcceptedRule(state) >= 0;
      if (dfa_.Continues(state, c)) return true;
    }
    return false;
  };
  if (!runs_on_with(static_cast<unsigned char>(sep.front())) || !whole) {
    return sep;
  }
  for (const std::string& blank : grammar_.other_blanks(next_mode)) {
    if (!runs_on_with(static_cast<unsigned char>(blank.front()))) return blank;
  }
  return sep;
}

void SeparatorOracle::FixSeams(absl::Span<const int32_t> tokens, Tree* t) {
  for (int32_t tok : tokens) {
    if (tok < 0 || tok >= t->size() || t->node(tok).is_rule ||
        !t->token_trivia(tok).empty()) {
      continue;
    }
    const int prev = t->TokenBefore(tok);
    if (prev < 0) continue;
    const absl::string_view between =
        Separator(t->node(prev).symbol, t->token_text(prev),
                  t->node(tok).symbol, t->token_text(tok));
    if (!between.empty()) t->InsertTrivia(tok, between);
  }
}

}  // namespace grammut
