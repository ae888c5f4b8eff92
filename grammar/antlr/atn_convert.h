// internal/atn_convert.h: ANTLR ATN -> AtnGraph, and lexer rule facts.
#ifndef GRAMMUT_GRAMMAR_ANTLR_ATN_CONVERT_H_
#define GRAMMUT_GRAMMAR_ANTLR_ATN_CONVERT_H_

#include <vector>

#include "grammar/atn_graph.h"

namespace antlr4 {
namespace atn {
class ATN;
}  // namespace atn
}  // namespace antlr4

namespace grammut {
namespace atn_internal {

// ConvertAtn copies `atn` into plain data.
AtnGraph ConvertAtn(const antlr4::atn::ATN& atn);

// Per lexer rule: true if the rule's tokens never reach the parser (the rule
// has a `skip` action or sends tokens to a channel other than the default).
std::vector<bool> LexerRulesHidden(const antlr4::atn::ATN& lexer_atn);

// Per lexer rule: the token type it produces, honouring `type(X)` actions
// (0 for fragments and rules that produce no token).
std::vector<int> LexerRuleTokenTypes(const antlr4::atn::ATN& lexer_atn);

// True if the lexer runs code of the grammar's own: a predicate or a
// custom action (`{...}`) in any rule, which may make or refuse tokens in
// ways the ATN does not show.
bool LexerRunsCode(const antlr4::atn::ATN& lexer_atn);

}  // namespace atn_internal
}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_ANTLR_ATN_CONVERT_H_
