// internal/lexer_closure.h: small NFA simulations over the lexer ATN.
//
// Used once when a grammar loads: which lexer rules match a whole string
// (to pick a separator the lexer skips), and which character pairs can begin
// a token (to know when two generated tokens need a separator).
#ifndef GRAMMUT_GRAMMAR_RUNTIME_INTERNAL_LEXER_CLOSURE_H_
#define GRAMMUT_GRAMMAR_RUNTIME_INTERNAL_LEXER_CLOSURE_H_

#include <bitset>
#include <functional>
#include <string>
#include <vector>

#include "grammar_runtime/atn_graph.h"

namespace grammut {
namespace lexer_internal {

// The lexer rules (indexes) that match all of `text`, starting from the
// mode start state `mode_start`.
std::vector<int> WholeMatchRules(const AtnGraph& lexer, int32_t mode_start,
                                 const std::string& text);

// The bytes b (0..255) such that some token of the mode starting at
// `mode_start` can begin with all of `text` followed by b: the lexer would
// run `text` and b together.
std::bitset<256> ContinuationBytes(const AtnGraph& lexer, int32_t mode_start,
                                   const std::string& text);

// The bytes (0..255) an edge of the lexer ATN accepts.
std::vector<int> EdgeBytes(const AtnGraph& lexer, const AtnEdge& edge);

}  // namespace lexer_internal
}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_RUNTIME_INTERNAL_LEXER_CLOSURE_H_
