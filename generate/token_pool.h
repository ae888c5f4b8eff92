// token_pool.h: token texts seen in real inputs, per token type and per
// grammar context.
//
// Realistic identifiers, numbers and strings come from the corpus rather
// than from the lexer ATN alone. The pool keeps up to `per_type` distinct
// texts per token type (the first ones seen; later ones replace a random
// slot, so it follows the corpus as it grows).
//
// For the token types named by SetContextTypes (those with open
// vocabularies: identifiers, strings, numbers), it also keeps texts per
// context: the token type with the last 1 to kMaxContextRules rules that
// enclose the token. A name is then drawn from the names seen in the same
// place (in SQL, `functionCall > functionName > IDENTIFIER` holds function
// names, `pragmaStmt > qualifiedName > anyName > identifier > IDENTIFIER`
// pragma names), backing off to shorter contexts and to the type.
#ifndef GRAMMUT_GENERATE_TOKEN_POOL_H_
#define GRAMMUT_GENERATE_TOKEN_POOL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "base/rng.h"
#include "tree/tree.h"

namespace grammut {

class TokenPool {
 public:
  // Longest context: enclosing rules looked at, innermost first.
  static constexpr int kMaxContextRules = 4;
  // Chance that Pick offers a program text, where there are any.
  static constexpr double kProgramShare = 0.1;
  static constexpr size_t kMaxProgramTexts = 8192;
  // Chance that Pick offers a neighbour of a program text seen in the
  // token's context: a program keeps related names together in its string
  // data (SQLite's pragma names side by side, its function names side by
  // side), so next to a pragma name the corpus shows lie the ones it lacks.
  static constexpr double kNeighbourShare = 0.2;
  // How far a neighbour lies from that text, in program texts of the type.
  static constexpr int kNeighbourSpan = 16;

  explicit TokenPool(int max_token_type, size_t per_type = 64,
                     size_t max_text = 256);

  // Token types whose texts are also kept per context (indexed by type;
  // types beyond the vector: none).
  void SetContextTypes(std::vector<bool> types);

  // Adds the texts of the tokens of `tree` (error tokens and texts over
  // `max_text` bytes are skipped), by type and by context.
  void AddTree(const Tree& tree, uint64_t salt);
  // Adds one text, by type only.
  void Add(int type, absl::string_view text, uint64_t salt);
  // True if a text of `type` with a byte over 0x7F was added.
  bool HasWideText(int type) const {
    return type > 0 && static_cast<size_t>(type) < wide_.size() && wide_[type];
  }
  // Adds a text the fuzzed program contains (program_words.h) for `type`;
  // Pick offers one with probability kProgramShare. At most
  // kMaxProgramTexts per type, the first ones given.
  void AddProgramText(int type, absl::string_view text);
  // Number of program texts of `type`.
  size_t program_count(int type) const;
  // True if `text` is a program text of `type` (a name the program itself
  // defines, such as a built-in function's).
  bool IsProgramText(int type, absl::string_view text) const;
  // Turns the neighbours of program texts (kNeighbourShare) on or off.
  void set_neighbours(bool on) { neighbours_ = on; }
  // A random text of `type` no longer than `max_len`, or nullptr.
  const std::string* Pick(int type, size_t max_len, Rng& rng) const;
  // The same for a token inside `rules` (its enclosing rules, outermost
  // first): a program text next to one seen in the longest known context
  // with probability kNeighbourShare (when there is one), a program text
  // with probability kProgramShare, else texts seen
  // in the longest known context first, each shorter one and then the type
  // taking over with probability 1/4.
  const std::string* Pick(int type, absl::Span<const int32_t> rules,
                          size_t max_len, Rng& rng) const;
  // Number of texts of `type`.
  size_t count(int type) const;
  // The texts of `type` (by type, not by context), in their slots.
  absl::Span<const std::string> texts(int type) const;
  // The texts of `type` kept for exactly the context `rules` (its enclosing
  // rules, outermost first, at most kMaxContextRules), or nullptr.
  const std::vector<std::string>* ContextTexts(
      int type, absl::Span<const int32_t> rules) const;
  // True if texts are kept per context (SetContextTypes named some type);
  // then texts of an input are drawn by place too (PickTokenTextOfType).
  bool by_context() const { return !context_types_.empty(); }
  // Heap bytes held (texts, sets and tables; approximate).
  size_t MemoryBytes() const { return bytes_; }

 private:
  // Distinct texts, the first `cap` seen, later ones replacing a slot.
  struct Texts {
    std::vector<std::string> list;
    absl::flat_hash_set<std::string> seen;
  };
  // Adds `text` to `texts` (capacity `cap`; slot chosen by `salt`).
  void Insert(Texts& texts, size_t cap, absl::string_view text, uint64_t salt);
  // A program text of `type` at most kNeighbourSpan places from one seen in
  // the longest known context of `rules`, no longer than `max_len`, or
  // nullptr.
  const std::string* PickNeighbour(int type, absl::Span<const int32_t> rules,
                                   size_t max_len, Rng& rng) const;
  // A text of `list` no longer than `max_len` (a few tries), or nullptr.
  static const std::string* PickFrom(const std::vector<std::string>& list,
                                     size_t max_len, Rng& rng);
  // The key of `type` inside the last `depth` of `rules` (the same in every
  // process: it salts choices).
  static uint64_t ContextKey(int type, absl::Span<const int32_t> rules,
                             int depth);

  size_t per_type_;
  size_t max_text_;
  size_t bytes_ = 0;
  std::vector<Texts> by_type_;
  std::vector<bool> wide_;  // per type: a text over ASCII was added
  std::vector<std::vector<std::string>> program_;  // per type
  // Per type: each program text's first place in program_.
  std::vector<absl::flat_hash_map<std::string, uint32_t>> program_places_;
  bool neighbours_ = true;
  std::vector<bool> context_types_;
  absl::flat_hash_map<uint64_t, Texts> by_context_;
  std::vector<int> open_;  // AddTree's open rule nodes
};

}  // namespace grammut

#endif  // GRAMMUT_GENERATE_TOKEN_POOL_H_
