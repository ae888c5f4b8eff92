// internal/lexer_eof_loops.h: lexer loops that match end of input.
//
// At end of input ANTLR's lexer crosses every atom, range or set edge that
// contains EOF as if it were an epsilon edge (LexerATNSimulator::
// getEpsilonTarget with treatEofAsEpsilon). If such an edge lies on a loop
// of epsilon edges, the lexer's closure recurses around that loop until the
// stack overflows, on every input, since every input ends. ANTLR 4.7.2
// builds such loops from ordinary grammars: it reads the set `[0-9-.]` as
// 0-9 plus the range EOF..'.' (the '-' after a range starts a range from
// EOF), so `ARG : [0-9-.]+ ;` matches EOF inside its loop.
//
// RepairLexerEofLoops removes EOF from each such edge: a loop cannot match
// end of input more than once, so what the rule matches is unchanged, and
// the lexer terminates.
#ifndef GRAMMUT_GRAMMAR_ANTLR_LEXER_EOF_LOOPS_H_
#define GRAMMUT_GRAMMAR_ANTLR_LEXER_EOF_LOOPS_H_

#include <string>
#include <vector>

namespace antlr4 {
namespace atn {
class ATN;
}  // namespace atn
}  // namespace antlr4

namespace grammut {
namespace atn_internal {

// RepairLexerEofLoops replaces each edge of `lexer_atn` that matches EOF and
// lies on a loop of edges crossed without input (epsilon, predicate, action,
// rule call and return, or EOF itself) by a set edge over the same symbols
// without EOF. Returns the number of edges replaced. An edge that matches
// EOF only (`( EOF )*`, or grammars-v4 Prolog's nested comment `'/*'
// (COMMENT | .)*? ('*/' | EOF)`, whose loop runs through a return) is left
// matching nothing, and the rule's name (from `rule_names`) is added to
// `emptied`: a text that ends inside it no longer lexes as it.
int RepairLexerEofLoops(antlr4::atn::ATN& lexer_atn,
                        const std::vector<std::string>& rule_names,
                        std::vector<std::string>* emptied);

}  // namespace atn_internal
}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_ANTLR_LEXER_EOF_LOOPS_H_
