// g4_semantics.h: the semantic predicates and actions written in .g4 files.
//
// ANTLR's .interp output keeps only where predicates and actions are, not
// their text. ScanG4Semantics reads a grammar's source for them: rule
// actions `{...}`, predicates `{...}?` and named actions (`@members {...}`,
// a rule's `@init {...}`), with the rule and line they stand in. It is a
// scanner, not a parser: it skips comments, literals and character sets and
// counts braces, which is all .g4 syntax needs for this.
//
// Example:
//   for (const G4Semantic& s : ScanG4Semantics(text, "Expr.g4")) {
//     ... s.rule, s.line, s.text ...
//   }
#ifndef GRAMMUT_GRAMMAR_G4_SEMANTICS_H_
#define GRAMMUT_GRAMMAR_G4_SEMANTICS_H_

#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/string_view.h"

namespace grammut {

// What a `{...}` block in a .g4 file is.
enum class G4SemanticKind {
  kPredicate,    // {...}? in a rule
  kAction,       // {...} in a rule
  kNamedAction,  // @name {...}, at the top or in a rule's header
};

// One predicate or action found in a .g4 file.
struct G4Semantic {
  G4SemanticKind kind = G4SemanticKind::kAction;
  std::string rule;  // the rule it stands in; empty at the top level
  std::string name;  // kNamedAction: the name, e.g. "members" or
                     // "parser::members"
  std::string file;
  int line = 0;      // 1-based line of the opening brace
  std::string text;  // the block as written, braces (and `?`) included
  // Where in its rule: the outermost alternative (1-based; 0 outside rule
  // bodies), and whether that alternative begins, ends with a reference to
  // the rule itself (what ANTLR's left-recursion rewrite looks at: it puts
  // the alternatives that begin with the rule after the others, binary ones
  // (also ending with it) before suffix ones, and numbers their predicates
  // in that order).
  int alt = 0;
  bool alt_begins_with_rule = false;
  bool alt_ends_with_rule = false;
};

// ScanG4Semantics lists the predicates and actions of the .g4 source `text`
// in the order they appear; `file` is copied into each item. `options`,
// `tokens` and `channels` blocks are not actions and are skipped.
std::vector<G4Semantic> ScanG4Semantics(absl::string_view text,
                                        absl::string_view file);

// G4SetHasDashAfterRange says whether a lexer set in the .g4 source `text`
// has a '-' right after a range and before another character, as in
// `[a-zA-Z0-9-.]`: ANTLR 4.7.2 reads that '-' as the start of a range from
// EOF (so the set takes in every character up to '.'), the 4.10+ tools as
// the character '-' (g4_compiler.h then prefers a newer tool). Comments,
// literals and actions are skipped; a `[` elsewhere (rule arguments) can
// only give a false alarm.
bool G4SetHasDashAfterRange(absl::string_view text);

// G4Imports lists the grammars the .g4 source `text` imports (`import A,
// B = C;` names A and C), in order; comments, literals and actions are
// skipped.
std::vector<std::string> G4Imports(absl::string_view text);

// G4DeclaredTokens lists the token names the `tokens { A, B }` blocks of
// the .g4 source `text` declare, in order (comments, literals and actions
// skipped). A token the parser names that no lexer rule makes and no such
// block declares is an implicit definition: no lexer makes it.
std::vector<std::string> G4DeclaredTokens(absl::string_view text);

// G4CodeWords lists the identifiers in `code`, the text of an action or
// predicate (`{setType(NAME);}` gives setType and NAME), in order.
std::vector<std::string> G4CodeWords(absl::string_view code);

// G4TokensCodeMayMake lists the token names the lexer's code may make:
// those the `tokens {}` blocks of `files` (and the files they import)
// declare, and the words of the `semantics`' texts.
absl::flat_hash_set<std::string> G4TokensCodeMayMake(
    const std::vector<std::string>& files,
    const std::vector<G4Semantic>& semantics);

// G4ImportedFiles lists the .g4 files that `files` import (G4Imports),
// found beside the importing file, and those they import in turn, each
// once; files of `files` and missing ones are left out.
std::vector<std::string> G4ImportedFiles(const std::vector<std::string>& files);

// G4FilesOf lists the .g4 files behind a grammar given as Grammar::Load
// takes it: the comma-separated .g4 files, or the .g4 files of a directory
// (sorted). Empty when there are none (a directory of .interp files only).
std::vector<std::string> G4FilesOf(absl::string_view spec);

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_G4_SEMANTICS_H_
