// internal/atn_semantics.h: the semantic predicates and actions of an ATN.
//
// The .interp files hold no predicate or action text, only where they are:
// a predicate edge or an action edge in some rule. ListAtnSemantics reads
// them from ANTLR's ATN, so a grammar loaded from .interp files can still
// say which rules have predicates or actions (grammut runs neither).
#ifndef GRAMMUT_GRAMMAR_ANTLR_ATN_SEMANTICS_H_
#define GRAMMUT_GRAMMAR_ANTLR_ATN_SEMANTICS_H_

#include <cstdint>
#include <vector>

#include "grammar/grammar.h"

namespace grammut {
namespace atn_internal {

// One predicate or action edge of a grammar's ATN.
struct AtnSemantic {
  bool lexer = false;      // in the lexer ATN (else the parser's)
  bool predicate = false;  // a predicate `{...}?` (else an action `{...}`)
  int rule = -1;           // the rule it stands in (lexer or parser index)
  int index = -1;          // ANTLR's predicate or action index (-1: none)
  int32_t edge = -1;       // the edge's index in Grammar::parser_graph().edges
                           // (lexer_graph() for lexer items)
};

// ListAtnSemantics lists `grammar`'s predicate edges and action edges, the
// parser's first, then the lexer's, each in ATN state order. Lexer commands
// (`-> skip`, `-> channel(X)`, `-> type(X)`, modes) are left out: grammut
// honours those. Precedence predicates of left-recursive rules are left
// out too (the tool makes them; the generator honours them), and so are
// the parser actions of left-recursive rules, which cannot be told apart
// from the ones the tool adds there.
std::vector<AtnSemantic> ListAtnSemantics(const Grammar& grammar);

}  // namespace atn_internal
}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_ANTLR_ATN_SEMANTICS_H_
