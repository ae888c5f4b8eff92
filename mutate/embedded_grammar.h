// embedded_grammar.h: a grammar compiled into the binary.
//
// grammut_add_grammar() generates a library that defines
// grammut_embedded_grammar(). The mutator references it weakly: when a fuzz
// target links such a library, the mutator uses that grammar unless
// GRAMMUT_GRAMMAR overrides it.
#ifndef GRAMMUT_MUTATE_EMBEDDED_GRAMMAR_H_
#define GRAMMUT_MUTATE_EMBEDDED_GRAMMAR_H_

extern "C" {

// The .interp texts of one grammar, NUL-terminated.
struct GrammutEmbeddedGrammar {
  const char* name;
  const char* start_rule;  // empty: the parser's first rule
  const char* parser_interp;
  const char* lexer_interp;
};

// Defined by a grammut_grammar_<name> library; null if none is linked.
const GrammutEmbeddedGrammar* grammut_embedded_grammar() __attribute__((weak));
}

#endif  // GRAMMUT_MUTATE_EMBEDDED_GRAMMAR_H_
