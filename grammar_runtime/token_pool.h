// token_pool.h: token texts seen in real inputs, per token type.
//
// Realistic identifiers, numbers and strings come from the corpus rather
// than from the lexer ATN alone. The pool keeps up to `per_type` distinct
// texts per token type (the first ones seen; later ones replace a random
// slot, so it follows the corpus as it grows).
#ifndef GRAMMUT_GRAMMAR_RUNTIME_TOKEN_POOL_H_
#define GRAMMUT_GRAMMAR_RUNTIME_TOKEN_POOL_H_

#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/string_view.h"
#include "grammar_runtime/rng.h"
#include "grammar_runtime/tree.h"

namespace grammut {

class TokenPool {
 public:
  explicit TokenPool(int max_token_type, size_t per_type = 64,
                     size_t max_text = 256);

  // Adds the texts of the non-literal tokens of `tree` (error tokens and
  // texts over `max_text` bytes are skipped).
  void AddTree(const Tree& tree, uint64_t salt);
  // Adds one text.
  void Add(int type, absl::string_view text, uint64_t salt);
  // A random text of `type` no longer than `max_len`, or nullptr.
  const std::string* Pick(int type, size_t max_len, Rng& rng) const;
  // Number of texts of `type`.
  size_t count(int type) const;

 private:
  size_t per_type_;
  size_t max_text_;
  std::vector<std::vector<std::string>> texts_;
  std::vector<absl::flat_hash_set<std::string>> seen_;
};

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_RUNTIME_TOKEN_POOL_H_
