// grammar.h: a loaded ANTLR4 grammar (parser + lexer ATN and vocabulary).
//
// A `Grammar` is built from the two `.interp` files that the ANTLR tool writes
// for a grammar (parser and lexer), from a directory holding them, or from
// `.g4` files (compiled with the tool on first use; see g4_compiler.h). It
// owns the deserialized ANTLR ATNs (used by the Parser), a plain-data copy of
// both networks (used by everything else) and the tables derived from them:
// literal token texts, skipped lexer rules, decisions, and per-state minimum
// costs that let generation stop within a budget.
//
// Example:
//   absl::StatusOr<std::unique_ptr<Grammar>> g =
//       Grammar::Load("antlr_grammars/json/JSON.g4", "json");
//   if (!g.ok()) { ... (*g).status().message() ... }
#ifndef GRAMMUT_GRAMMAR_GRAMMAR_H_
#define GRAMMUT_GRAMMAR_GRAMMAR_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "grammar/atn_graph.h"
#include "grammar/g4_semantics.h"
#include "grammar/indentation.h"
#include "grammar/interp_file.h"
#include "grammar/lexer_chains.h"

namespace antlr4 {
namespace atn {
class ATN;
}  // namespace atn
namespace dfa {
class Vocabulary;
}  // namespace dfa
}  // namespace antlr4

namespace grammut {

class PredicateTable;
struct PredicateMappings;

// Minimum cost to finish from an ATN state: bytes of output (each token
// counted with its shortest text plus one separator) and steps (transitions
// taken). Ordered lexicographically; steps break ties so that always taking
// the cheapest edge terminates.
struct MinCost {
  int64_t bytes = 0;
  int64_t steps = 0;
  bool operator<(const MinCost& o) const {
    return bytes != o.bytes ? bytes < o.bytes : steps < o.steps;
  }
  bool operator==(const MinCost& o) const {
    return bytes == o.bytes && steps == o.steps;
  }
};

// What kind of choice a decision is.
enum class DecisionKind : uint8_t {
  kBlock,         // ( a | b | c ) or a? : choose one alternative
  kStarEntry,     // ( ... )* : enter another iteration or exit
  kPlusLoopBack,  // ( ... )+ : another iteration or exit
  kPrecedence,    // the operator loop of a left-recursive rule
};

// One decision of the parser ATN.
struct DecisionInfo {
  int32_t state = -1;
  int32_t rule = -1;
  int32_t num_alts = 0;
  DecisionKind kind = DecisionKind::kBlock;
  int32_t exit_alt = 0;  // loops: the alternative (1-based) that leaves
  // (...)+ loops: the decision at the start of each iteration (the block
  // start), so iterations can be found in derivations; -1 otherwise.
  int32_t iteration_decision = -1;
  // A part an insertion generates (one pass through the decision's block)
  // starts at `part_start` and ends at `end_state`: for kBlock the block
  // itself; for kStarEntry, this state (its "enter" edge) to the end of the
  // iteration's body; for kPlusLoopBack, one iteration's block. -1: none.
  int32_t part_start = -1;
  int32_t end_state = -1;
  // kBlock: per alternative, 1 if it reaches end_state without a token or a
  // rule call (the "absent" choice of a?); empty for other kinds.
  std::vector<uint8_t> empty_alt;
  std::vector<std::string> alt_labels;  // short text per alternative
};

// A loaded grammar. Immutable after loading; safe to share across threads.
class Grammar {
 public:
  // Load builds a grammar from `spec`, which is either a directory of
  // `.interp` files (or, with none, of `.g4` files), or one `.g4` file, or
  // several comma-separated `.g4` files (split lexer/parser grammars).
  // `start_rule` names the parser rule inputs start from; empty means the
  // parser's first rule.
  static absl::StatusOr<std::unique_ptr<Grammar>> Load(
      absl::string_view spec, absl::string_view start_rule = "");

  // FromInterp builds a grammar from the parser's and the lexer's `.interp`
  // data (already parsed). `name` is used in messages and weights files.
  static absl::StatusOr<std::unique_ptr<Grammar>> FromInterp(
      std::string name, InterpData parser, InterpData lexer,
      absl::string_view start_rule = "");

  ~Grammar();
  Grammar(const Grammar&) = delete;
  Grammar& operator=(const Grammar&) = delete;

  // Name of the grammar (the parser grammar's name without "Parser").
  const std::string& name() const { return name_; }
  // A stable 64-bit fingerprint of the parser and lexer ATNs.
  uint64_t fingerprint() const { return fingerprint_; }

  // Parser rules.
  int num_rules() const { return static_cast<int>(parser_.rule_names.size()); }
  const std::string& rule_name(int rule) const {
    return parser_.rule_names[rule];
  }
  // Rule index by name, or -1.
  int FindRule(absl::string_view name) const;
  int start_rule() const { return start_rule_; }

  // Tokens. Token types run from 1 to max_token_type(); EOF is -1.
  int max_token_type() const { return max_token_type_; }
  // The fixed text of a literal token ("{", "SELECT"), or empty.
  const std::string& literal_text(int token_type) const;
  // True if `token_type` is a literal token.
  bool is_literal(int token_type) const {
    return token_type > 0 &&
           token_type < static_cast<int>(literal_text_.size()) &&
           !literal_text_[token_type].empty();
  }
  // A display name: the symbolic name, else the quoted literal.
  std::string token_name(int token_type) const;
  // The token type whose token_name is `name`, or -1.
  int token_type_named(absl::string_view name) const;

  // Lexer rules that produce `token_type` (several rules may share a type).
  const std::vector<int32_t>& lexer_rules_for_token(int token_type) const {
    return token_lexer_rules_[token_type];
  }
  // True if every lexer rule producing `token_type` skips it or puts it on
  // a hidden channel: the parser never sees such tokens.
  bool token_hidden(int token_type) const {
    return token_type > 0 &&
           token_type < static_cast<int>(token_hidden_.size()) &&
           token_hidden_[token_type];
  }
  // The token type lexer rule `rule` produces (0 for fragments, skipped
  // rules and rules that only continue another token).
  int lexer_rule_token_type(int rule) const {
    return rule >= 0 && rule < static_cast<int>(lexer_rule_type_.size())
               ? lexer_rule_type_[rule]
               : 0;
  }
  // True if no lexer rule makes `token_type` and it is no literal, but the
  // parser uses it by name: a token declared in `tokens {}` whose type the
  // lexer's own code sets (ANTLR's grammar: TOKEN_REF and RULE_REF are IDs
  // retyped by its LexerAdaptor). Generation writes the token's name as its
  // text, so rules that need one have a finite shortest input. Load keeps
  // only tokens a `tokens {}` block declares or an action names, when the
  // .g4 sources are at hand (LeaveOutImplicitTokens).
  bool token_from_code(int token_type) const {
    return token_type > 0 &&
           token_type < static_cast<int>(token_from_code_.size()) &&
           token_from_code_[token_type];
  }
  // Shortest text length of a token (literal length, lexer minimum, or the
  // name's length for tokens from code).
  int64_t min_token_length(int token_type) const {
    return token_type > 0 &&
                   token_type < static_cast<int>(token_min_length_.size())
               ? token_min_length_[token_type]
               : 0;
  }
  // False if no input can make a token of `token_type`: every lexer rule
  // for it is shadowed by earlier rules or matches nothing (lexer_check.h;
  // decided within a bounded search, and only for lexers that run no code
  // of their own). Generation never writes such tokens, unless the start
  // rule cannot do without them.
  bool token_makeable(int token_type) const {
    return token_type <= 0 ||
           token_type >= static_cast<int>(token_unmakeable_.size()) ||
           !token_unmakeable_[token_type];
  }
  // True if the start rule cannot do without a token no input can make
  // (token_makeable then holds for every token): no input parses.
  bool start_needs_unmakeable() const { return start_needs_unmakeable_; }
  // Shortest text of any token a parser ATN symbol edge accepts
  // (kUnreachableCost if it accepts no token an input can make).
  int64_t MinSymbolLength(const AtnEdge& edge) const;
  // The text inserted between generated tokens that would otherwise run
  // together: a string the lexer skips (usually " ") in the default mode,
  // else in the first mode that skips one; empty if no mode does.
  const std::string& separator() const { return separator_; }
  // The text lexer `mode` skips and leaves the mode by (a line mode's
  // newline, `EOL: [\r\n]+ -> skip, popMode`), or empty.
  absl::string_view mode_closer(int mode) const;
  // The lexer mode after a token of `token_type` (its lexer rules' mode
  // change applied), or -1 if not known (a popMode, or rules that differ).
  int token_mode_after(int token_type) const;
  // True if the lexer skips (or hides) the separator in lexer `mode`, so it
  // may be inserted before a token of that mode.
  bool separator_ok_in_mode(int mode) const {
    return mode >= 0 && mode < static_cast<int>(separator_ok_.size()) &&
           separator_ok_[mode];
  }
  // The lexer mode a token type is lexed in (0 if unknown).
  int token_mode(int token_type) const;
  // Every lexer mode a token of `token_type` may start in (the start modes
  // of its lexer rules, lowest first; {0} if it has none): a token made in
  // two modes (`PRIVATE_S: PRIVATE -> type(PRIVATE)`) may run on with the
  // next one in either.
  const std::vector<int>& token_start_modes(int token_type) const;
  // Blanks other than separator() that lexer `mode` also hides (of " ",
  // "\t", "\f", "\n", "\r"), to write where the separator itself would
  // run on with the token before it (a name that may hold spaces).
  const std::vector<std::string>& other_blanks(int mode) const;

  // ATNs as plain data.
  const AtnGraph& parser_graph() const { return parser_graph_; }
  const AtnGraph& lexer_graph() const { return lexer_graph_; }
  // Tokens the lexer builds over several rules (`more`; lexer_chains.h).
  const LexerChains& lexer_chains() const { return lexer_chains_; }
  // Minimum cost from each parser ATN state to its rule's stop state.
  const std::vector<MinCost>& parser_min_cost() const { return parser_cost_; }
  // Minimum cost (characters) from each lexer ATN state to its stop state.
  const std::vector<MinCost>& lexer_min_cost() const { return lexer_cost_; }
  // Minimum cost of a whole parser rule.
  MinCost rule_min_cost(int rule) const {
    return parser_cost_[parser_graph_.rule_start[rule]];
  }

  // Decisions of the parser ATN.
  int num_decisions() const { return static_cast<int>(decisions_.size()); }
  const DecisionInfo& decision(int d) const { return decisions_[d]; }

  // ANTLR objects for the parser adapter. Not for general use.
  const antlr4::atn::ATN& antlr_parser_atn() const { return *parser_atn_; }
  const antlr4::atn::ATN& antlr_lexer_atn() const { return *lexer_atn_; }
  const antlr4::dfa::Vocabulary& antlr_vocabulary() const {
    return *vocabulary_;
  }
  const InterpData& parser_interp() const { return parser_; }

  // The grammar's semantic predicates and what grammut makes of them
  // (predicate_table.h). Load fills it from the .g4 source beside the
  // grammar and $GRAMMUT_PREDICATES; otherwise every predicate is unknown
  // and holds.
  const PredicateTable& predicates() const { return *predicates_; }
  // Replaces the predicate table (tests, tools).
  void SetPredicates(PredicateTable table);
  // UseSemantics gives the grammar what its .g4 sources' predicates and
  // actions mean to grammut: the predicate table (meanings from `user`
  // mappings, may be null, then the built-in vocabulary) and Python-style
  // indentation tokens (indentation.h). Load calls it with the sources
  // beside the grammar; a parse server with those its hello carries.
  void UseSemantics(std::vector<G4Semantic> source,
                    const PredicateMappings* user);
  // LeaveOutImplicitTokens takes the tokens the parser names, that no
  // lexer rule makes and whose names are not in `code_may_make` (the
  // names `tokens {}` blocks declare and actions mention) for what they
  // are: ANTLR's implicit definitions, which no lexer makes. They are no
  // longer token_from_code and not token_makeable, so generation leaves
  // out what needs them, unless the start rule cannot do without them.
  // Load calls it when the grammar's .g4 sources are at hand.
  void LeaveOutImplicitTokens(
      const absl::flat_hash_set<std::string>& code_may_make);
  // The predicates and actions UseSemantics was given (empty if none).
  const std::vector<G4Semantic>& semantics() const { return semantics_; }
  // How the grammar's INDENT/DEDENT tokens are made (indentation.h;
  // inactive for grammars without them). Set by UseSemantics.
  const IndentationScheme& indentation() const { return indentation_; }
  const InterpData& lexer_interp() const { return lexer_; }

 private:
  Grammar();
  absl::Status Init(absl::string_view start_rule);
  void BuildTokenTables();
  // The token tables, unmakeable tokens and parser costs, from the lexer
  // graph (again after CloseLexerPredicatesFalseAtStart).
  void AnalyseTokens();
  // Makes the lexer graph's edges of counter predicates that do not hold
  // at the start of the input (`{listDepth > 0}?`, all counters 0) pass
  // nothing, so the analyses that take the lexer's predicates as true
  // (LexerDfa, token texts) do not read every text as that rule's. True if
  // it closed any.
  bool CloseLexerPredicatesFalseAtStart(const PredicateTable& table);
  void BuildDecisions();
  void ChooseSeparator();
  void BuildTokenModes();
  void FindUnmakeableTokens();
  void DropSplittingLexerRules(const std::vector<G4Semantic>& source);
  void ComputeParserCosts();

  std::string name_;
  uint64_t fingerprint_ = 0;
  InterpData parser_;
  InterpData lexer_;
  std::unique_ptr<antlr4::atn::ATN> parser_atn_;
  std::unique_ptr<antlr4::atn::ATN> lexer_atn_;
  std::unique_ptr<antlr4::dfa::Vocabulary> vocabulary_;
  AtnGraph parser_graph_;
  AtnGraph lexer_graph_;
  std::vector<MinCost> parser_cost_;
  std::vector<MinCost> lexer_cost_;
  int start_rule_ = 0;
  int max_token_type_ = 0;
  std::vector<std::string> literal_text_;
  std::vector<std::vector<int32_t>> token_lexer_rules_;
  std::vector<int> lexer_rule_type_;
  std::vector<bool> token_hidden_;  // per token type
  std::vector<int64_t> token_min_length_;
  std::vector<bool> token_from_code_;   // per token type
  std::vector<bool> token_unmakeable_;  // per token type
  bool start_needs_unmakeable_ = false;
  std::vector<DecisionInfo> decisions_;
  LexerChains lexer_chains_;
  std::string separator_;
  std::vector<bool> separator_ok_;                      // per mode
  std::vector<std::string> mode_closer_;                // per mode
  std::vector<int> mode_after_;                         // per token type
  std::vector<int> token_mode_;                         // per token type
  std::vector<std::vector<int>> token_start_modes_;     // per token type
  std::vector<std::vector<std::string>> other_blanks_;  // per mode
  std::unique_ptr<PredicateTable> predicates_;
  std::vector<G4Semantic> semantics_;
  IndentationScheme indentation_;
};

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_GRAMMAR_H_
