// lexer_chains.h: tokens the lexer builds over several rules (`more`).
//
// ANTLR's `more` command keeps a rule's text and goes on matching, often in
// another mode, until a rule without it makes the token: XML's processing
// instruction is `<?` Name (`more`, pushMode(PROC_INSTR)), any characters
// (`more`), then `?>` (the PI token); a string of PEG's grammar is `"`
// (`more`, mode(STRINGMODE)), characters and escapes (`more`), then `"`
// (`type(STRING)`). A lexer rule in a mode that only `more` rules enter
// makes its token only after such a prefix: its text alone ("?>", `"`) is
// never that token, and the token starts in the mode of the rule entering.
// A mode that only hidden rules enter is the same to a writer (a comment
// mode entered by a skipped `#` -> pushMode: its text is written after
// `#`), though the `#` is not part of the token the parser sees.
// TokenGenerator::MakeChain (generate/token_chains.cc) writes such texts.
#ifndef GRAMMUT_GRAMMAR_LEXER_CHAINS_H_
#define GRAMMUT_GRAMMAR_LEXER_CHAINS_H_

#include <cstdint>
#include <vector>

#include "grammar/atn_graph.h"

namespace grammut {

struct LexerChains {
  // Per lexer rule: its mode (the mode whose start state reaches it).
  std::vector<int> rule_mode;
  // Per lexer rule: its token needs a prefix of `more` or hidden rules (it
  // is neither, and only such rules enter its mode).
  std::vector<bool> needed;
  // Per mode: the `more` and hidden rules that enter it (push or set it).
  std::vector<std::vector<int32_t>> entries;
  // Per mode: its own `more` rules.
  std::vector<std::vector<int32_t>> more_rules;

  // The mode in which a token of rule `rule` starts: for a rule that needs
  // a chain, the mode of the first rule entering its mode.
  int StartMode(int rule) const {
    return needed[rule] ? rule_mode[entries[rule_mode[rule]].front()]
                        : rule_mode[rule];
  }
};

// Applies rule commands `c`'s mode change to the lexer's `mode` and mode
// `stack`, as ANTLR's lexer does; false for a pop of an empty stack.
bool ApplyModeChange(const LexerRuleCommands& c, int* mode,
                     std::vector<int>* stack);

// Where the lexer is after some text: its mode and mode stack, or not
// known (text no rule matches, or a pop of an empty stack).
struct LexerPosition {
  int mode = 0;
  std::vector<int> stack;
  bool known = true;
};

// Finds the chains of lexer ATN `lexer` (no mode or no commands: none).
LexerChains FindLexerChains(const AtnGraph& lexer);

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_LEXER_CHAINS_H_
