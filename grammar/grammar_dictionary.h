// grammar_dictionary.h: the grammar's fixed tokens as a fuzzing dictionary.
//
// Byte-level mutators (libFuzzer's `-dict`, AFL++'s `-x`) insert dictionary
// words into inputs. A grammar knows its language's words: literal tokens
// ("{", "->") and tokens whose lexer rule makes one word in any letter case
// (SQL's `K_SELECT : S E L E C T ;` built from one-letter fragments, which
// the .interp file's literal names do not list). Tokens with open-ended
// texts (identifiers, numbers, strings) are left out.
#ifndef GRAMMUT_GRAMMAR_GRAMMAR_DICTIONARY_H_
#define GRAMMUT_GRAMMAR_GRAMMAR_DICTIONARY_H_

#include <string>
#include <vector>

#include "grammar/grammar.h"

namespace grammut {

// The texts of `grammar`'s fixed tokens the parser can see, in token-type
// order, without duplicates: literal texts, and for a token whose random
// texts are all one word up to ASCII letter case, its shortest text.
std::vector<std::string> GrammarDictionaryWords(const Grammar& grammar);

// `words` in the dictionary format libFuzzer and AFL++ read: a comment line
// naming `source`, then one quoted word per line (`\\`, `\"` and bytes
// outside printable ASCII escaped as `\xNN`).
std::string FormatDictionary(const std::vector<std::string>& words,
                             const std::string& source);

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_GRAMMAR_DICTIONARY_H_
