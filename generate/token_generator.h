// token_generator.h: makes the text of one token.
//
// Literal tokens use their literal text. Other tokens are made by a random
// walk over the lexer ATN of a lexer rule that produces the token type
// (sets, ranges, not-sets over a printable default alphabet, closures,
// fragment calls), or taken from a TokenPool of texts seen in real inputs.
// With a LexerDfa, a made text is kept only if the lexer would read it back
// as exactly that one token (e.g. an identifier walk that made "if" is
// refused where `if` is a keyword); otherwise the rule's shortest text is
// used (the shortest that reads back as the type). Checking costs one DFA step
// per code point.
#ifndef GRAMMUT_GENERATE_TOKEN_GENERATOR_H_
#define GRAMMUT_GENERATE_TOKEN_GENERATOR_H_

#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "base/rng.h"
#include "generate/token_pool.h"
#include "grammar/grammar.h"
#include "grammar/lexer_dfa.h"

namespace grammut {

// TokenTextSource makes whole texts for one token type from elsewhere than
// the lexer rules: an embedded language (embedded_language.h).
class TokenTextSource {
 public:
  virtual ~TokenTextSource() = default;
  // Make writes to `out` a text of at most `max_len` bytes, which may use
  // `words` (the words of the input it goes into; may be empty); false if
  // it made none that fits.
  virtual bool Make(Rng& rng, size_t max_len,
                    absl::Span<const absl::string_view> words,
                    std::string* out) = 0;
};

class TokenGenerator {
 public:
  // `dfa` (over grammar.lexer_graph(); may be null: no checking) must
  // outlive the generator.
  TokenGenerator(const Grammar& grammar, LexerDfa* dfa);

  // Generate writes to `out` a text for `type` of at most `max_len` bytes
  // (when even the shortest text is longer, the shortest text). With
  // probability `pool_probability` a fitting pool text is used, preferably
  // one seen inside the same `enclosing` rules (outermost first). Texts
  // drawn from the lexer's character sets keep to ASCII unless `exotic`
  // (the inverse and uniform modes) or the pool holds a non-ASCII text of
  // `type` (the corpus uses such characters).
  void Generate(int type, Rng& rng, size_t max_len, const TokenPool* pool,
                double pool_probability, bool exotic, std::string* out,
                absl::Span<const int32_t> enclosing = {});

  // Chance that a text not taken from the pool comes from a source added
  // for its type (AddSource), where there is one.
  static constexpr double kSourceShare = 0.5;
  // AddSource lets `source` (not owned; must outlive the generator) make
  // texts of `type`.
  void AddSource(int type, TokenTextSource* source);
  // True if a source was added for `type`.
  bool HasSource(int type) const {
    return type > 0 && static_cast<size_t>(type) < sources_.size() &&
           !sources_[type].empty();
  }
  // FromSource writes to `out` a text of at most `max_len` bytes made by
  // one of `type`'s sources, chosen at random, which may use `words`;
  // false if none made one.
  bool FromSource(int type, Rng& rng, size_t max_len,
                  absl::Span<const absl::string_view> words, std::string* out);

  // The shortest text of `type` (deterministic).
  const std::string& Shortest(int type) const { return shortest_[type]; }

  // True if some text for `type` can be made.
  bool CanGenerate(int type) const;
  // True if a text of `type` taken from a parse tree (the pool, the input
  // being mutated) stands for the token by itself: not where a hidden rule,
  // such as a skipped `#`, enters the type's mode, since the tree keeps
  // that prefix apart from the token's text.
  bool TextAlone(int type) const { return text_alone_[type]; }
  // False if `text` of `type` (from the corpus or the input being mutated)
  // would not stand for one token by itself: the lexer reads it by a rule
  // that changes the mode (ANTLR 3's `{` in an action is ACTION_CONTENT
  // that pushes a nested action, which needs its own `}`) while another
  // rule makes the type without, or the separator does not end it where
  // it ends the type's shortest text (yini's NL may end in a line comment,
  // which swallows what follows).
  bool StandsAlone(int type, absl::string_view text);
  // True if `type` has more than a fixed spelling: not a literal, and some
  // lexer rule making it branches (identifiers, numbers, strings; not a
  // keyword spelled letter by letter), or the lexer's code makes it (a
  // lexer base class turning an identifier into TOKEN_REF or RULE_REF).
  bool HasOpenText(int type) const;

  // Texts of a type learned before Familiar judges walks of it.
  static constexpr int kMinLearnedTexts = 4;
  // Walks tried for a familiar text before the pool or the shortest text.
  static constexpr int kFamiliarTries = 8;
  // Learns the lexer steps (DFA state to DFA state, by StateKey) of `text`,
  // a token of `type` a real input had. With a DFA only.
  void Learn(int type, absl::string_view text);
  // Whether every lexer step of `text`, read as a token of `type` in the
  // mode of lexer rule `rule`, was taken by a learned text: the corpus's
  // common case (the `0x1F` and `1e5` an ES5 corpus writes, not `0o17`;
  // `\n` but not `\u{7A}`). True while fewer than kMinLearnedTexts texts
  // of `type` were learned, or without a DFA.
  bool Familiar(int type, int rule, absl::string_view text);
  // Turns Familiar's judging of walks on or off (on by default).
  void set_familiar(bool on) { familiar_on_ = on; }
  // Texts learned of `type`.
  int learned(int type) const {
    return static_cast<size_t>(type) < learned_.size() ? learned_[type] : 0;
  }

  // Accepts tells whether the lexer reads all of `text` as one token of
  // `type`, in the mode of one of the lexer rules that make `type`. True
  // without a DFA.
  bool Accepts(int type, absl::string_view text);

  // LexesAs tells whether the lexer, starting in the lexer mode of `rule`,
  // reads all of `text` as one token of `type`. True without a DFA.
  bool LexesAs(int type, int rule, absl::string_view text);

  // LexesEverywhere tells whether the lexer reads all of `text` as one token
  // of `type` in every mode a non-chained rule making `type` starts in: a
  // STRING_ID `$` of a mode where `$` alone is one is a DOLLAR in the
  // default mode, which makes STRING_ID too. True without a DFA, and for
  // a type made in one mode (its callers have checked LexesAs there).
  bool LexesEverywhere(int type, absl::string_view text);

 private:
  // Adds the lexer steps of `text`, read as a token of `type`, to steps_.
  void LearnSteps(int type, absl::string_view text);
  // Whether the lexer, having read `text` in the mode of lexer rule `rule`,
  // could not go on with the grammar's separator: a text the separator
  // ends. A walk of `'[' ('\\]' | .)*? ']'` that wrote `[a\]` reads on
  // past any separator to the next `]` of the input. True without a DFA or
  // a separator.
  bool Ends(int rule, absl::string_view text);
  // Walks tried by ReadableShortest.
  static constexpr int kReadableTries = 256;
  // Replaces `text`, the shortest walk of `type`'s lexer rule `walked` that
  // the lexer reads as another token (a TEXT `[]` where NONE is `[]`) or that
  // the separator does not end, with the shortest of kReadableTries random
  // walks (a fixed seed) that reads back as `type` and ends, else with the
  // shortest that reads back if `text` does not; else leaves it. Walks
  // that read back in every mode of `type` (LexesEverywhere) go first.
  void ReadableShortest(int type, int walked, std::string* text);
  // Chains (token_chains.cc; grammar/lexer_chains.h): writes to `out` a
  // text of `rule`, a rule whose token needs a chain, of at most
  // `max_len` bytes: a `more` rule entering its mode, `more` rules of the
  // modes the chain passes (`rng` null: none, and the shortest texts),
  // then `rule`'s text. False if none was made that the lexer reads so.
  bool MakeChain(int rule, Rng* rng, size_t max_len, std::string* out);
  // Writes to `text` the shortest chain ending in `rule` that the lexer
  // reads so: the chain of shortest texts, else the shortest of
  // kReadableTries random chains (a fixed seed), else `rule`'s own
  // shortest text.
  void ShortestChain(int rule, std::string* text);
  // Whether the lexer reads every piece of chain_ (within `text`) as its
  // rule, each the longest match in its mode.
  bool ChainReads(absl::string_view text);
  // Pieces a chain takes besides its ends, and nested modes it enters.
  static constexpr int kChainSteps = 12;
  static constexpr size_t kChainDepth = 3;
  // One rule's text in a chain: bytes [begin, end) read in `mode`.
  struct ChainPiece {
    int rule;
    int mode;
    size_t begin;
    size_t end;
  };
  // Walks lexer rule `rule`; returns false if it ran out of room.
  bool Walk(int rule, Rng* rng, size_t max_len, std::string* out);
  // True if lexer rule `rule` changes the mode and no lexer chain
  // (lexer_chains.h) writes it in a closed run.
  bool ChangesMode(int rule) const;
  // The symbol edges of `rule` in order if its walk (fragments included)
  // never branches, as in case-insensitive keywords (`S E L E C T`); else
  // empty.
  std::vector<uint32_t> LinearEdges(int rule) const;
  // A code point the symbol edge accepts within `room` bytes (`rng` null:
  // the smallest), or -1.
  int PickSymbol(const AtnEdge& e, Rng* rng, size_t room) const;
  // Whether the current Walk may draw characters over 0x7F (Generate sets
  // it; other walks may).
  bool wide_ = true;

  const Grammar& grammar_;
  LexerDfa* dfa_;
  std::vector<std::string> shortest_;
  // Per type: whether the separator ends its shortest text, so a walk
  // must end too (a bracketed text, not XML character data, which any
  // separator continues).
  std::vector<bool> ends_;
  std::vector<bool> text_alone_;  // per type: TextAlone
  // Per type: some rule makes it without changing the mode (StandsAlone).
  std::vector<bool> mode_free_;
  std::vector<int> rule_mode_;                 // lexer rule -> mode
  std::vector<std::vector<int>> printable_;    // lexer set -> printable members
  std::vector<std::vector<uint32_t>> linear_;  // lexer rule -> LinearEdges
  std::vector<int32_t> pass_to_;  // PassThroughTargets of the lexer graph
  std::vector<std::vector<TokenTextSource*>> sources_;  // per token type
  // Learned lexer steps (StableHash64 of the two StateKeys) and texts
  // learned per type.
  absl::flat_hash_set<uint64_t> steps_;
  std::vector<int> learned_;
  bool familiar_on_ = true;
  // Scratch for MakeChain.
  std::vector<ChainPiece> chain_;
  std::vector<int> chain_stack_;
  std::vector<int32_t> chain_options_;
  // Scratch for Walk.
  std::vector<int32_t> stack_;
  std::vector<int64_t> pending_of_;
  std::vector<uint32_t> allowed_;
};

}  // namespace grammut

#endif  // GRAMMUT_GENERATE_TOKEN_GENERATOR_H_
