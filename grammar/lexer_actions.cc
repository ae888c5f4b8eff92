// lexer_actions.cc: see lexer_actions.h.
#include "grammar/lexer_actions.h"

#include <cctype>

#include "grammar/predicate_vocabulary.h"

namespace grammut {

LexerActionKind LookUpLexerAction(absl::string_view normalized) {
  if (normalized == "handlecomment()") return LexerActionKind::kLuaComment;
  if (normalized == "emitdot()") return LexerActionKind::kEmitDot;
  return LexerActionKind::kUnknown;
}

std::string LexerActionName(LexerActionKind kind) {
  switch (kind) {
    case LexerActionKind::kLuaComment:
      return "HandleComment(): a Lua comment (long bracket or rest of line)";
    case LexerActionKind::kEmitDot:
      return "emitDot(): a `.` token (DOT_SYMBOL) split off the name's front";
    case LexerActionKind::kUnknown:
      break;
  }
  return "unknown";
}

std::vector<LexerActionKind> LexerActionKinds(
    const std::vector<G4Semantic>& semantics) {
  std::vector<LexerActionKind> kinds;
  for (const G4Semantic& s : semantics) {
    if (s.kind != G4SemanticKind::kAction || s.rule.empty() ||
        !std::isupper(static_cast<unsigned char>(s.rule[0]))) {
      continue;
    }
    kinds.push_back(LookUpLexerAction(NormalizePredicateText(s.text)));
  }
  return kinds;
}

}  // namespace grammut
