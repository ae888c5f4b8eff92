// lexer_actions.cc: see lexer_actions.h.
#include "grammar/lexer_actions.h"

#include <cctype>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/strip.h"
#include "grammar/predicate_vocabulary.h"

namespace grammut {

LexerActionKind LookUpLexerAction(absl::string_view normalized) {
  // Commands spelt with a capital (no braces: the scanner wrote them so).
  if (absl::StartsWith(normalized, "channel(")) {
    return LexerActionKind::kChannelCommand;
  }
  if (normalized == "skip") return LexerActionKind::kSkipCommand;
  if (normalized == "more") return LexerActionKind::kMoreCommand;
  if (absl::StartsWith(normalized, "type(")) {
    return LexerActionKind::kTypeCommand;
  }
  if (absl::StartsWith(normalized, "mode(")) {
    return LexerActionKind::kModeCommand;
  }
  if (absl::StartsWith(normalized, "pushmode(")) {
    return LexerActionKind::kPushModeCommand;
  }
  if (normalized == "popmode") return LexerActionKind::kPopModeCommand;
  if (normalized == "handlecomment()") return LexerActionKind::kLuaComment;
  if (normalized == "emitdot()") return LexerActionKind::kEmitDot;
  if (normalized == "handlebeginargument()") {
    return LexerActionKind::kBeginArgument;
  }
  if (normalized == "handleendargument()") return LexerActionKind::kEndArgument;
  if (normalized == "handleendaction()") return LexerActionKind::kEndAction;
  if (normalized == "handleoptionslbrace()") {
    return LexerActionKind::kOptionsLBrace;
  }
  if (normalized == "_scripttag=true") return LexerActionKind::kScriptTag;
  if (normalized == "_styletag=true") return LexerActionKind::kStyleTag;
  if (normalized == "pushmodeonhtmlclose()") return LexerActionKind::kHtmlClose;
  if (normalized == "setinsidestring()") return LexerActionKind::kInsideString;
  if (normalized == "popmodeoncurlybracketclose()") {
    return LexerActionKind::kCurlyClose;
  }
  if (normalized == "onclosebrace()") {
    return LexerActionKind::kSkipAndPopModeWhenClosed;
  }
  if (normalized == "oninterpolatedregularstringstart()") {
    return LexerActionKind::kRegularInterpolationStart;
  }
  if (normalized == "oninterpolatedverbatiumstringstart()") {
    return LexerActionKind::kVerbatimInterpolationStart;
  }
  if (normalized == "ondoublequoteinside()") {
    return LexerActionKind::kInterpolationQuote;
  }
  if (normalized == "oncolon()") return LexerActionKind::kInterpolationColon;
  if (ParseCounterChange(normalized)) return LexerActionKind::kCounterChange;
  // Code that pops the mode (a `}` or `)` closing an interpolation).
  if (absl::StrContains(normalized, "popmode()")) {
    return absl::StrContains(normalized, "skip()")
               ? LexerActionKind::kSkipAndPopModeWhenClosed
               : LexerActionKind::kPopModeWhenClosed;
  }
  return LexerActionKind::kUnknown;
}

std::optional<CounterChange> ParseCounterChange(absl::string_view k) {
  absl::ConsumeSuffix(&k, ";");
  auto is_name = [](absl::string_view n) {
    if (n.empty() || absl::ascii_isdigit(n[0]) || n[0] == '.') return false;
    for (char c : n) {
      if (!absl::ascii_isalnum(c) && c != '_' && c != '.') return false;
    }
    return true;
  };
  CounterChange c;
  for (absl::string_view receiver : {"this.", "self."}) {
    if (absl::ConsumePrefix(&k, receiver)) break;
  }
  // `++n`, `--n`, `n++`, `n--`.
  int step = 0;
  if (absl::ConsumePrefix(&k, "++") || absl::ConsumeSuffix(&k, "++")) {
    step = 1;
  } else if (absl::ConsumePrefix(&k, "--") || absl::ConsumeSuffix(&k, "--")) {
    step = -1;
  }
  if (step != 0) {
    for (absl::string_view receiver : {"this.", "self."}) {
      if (absl::ConsumePrefix(&k, receiver)) break;
    }
    if (!is_name(k)) return std::nullopt;
    c.counter = std::string(k);
    c.amount = step;
    return c;
  }
  const size_t eq = k.find('=');
  if (eq == absl::string_view::npos || eq == 0) return std::nullopt;
  absl::string_view name = k.substr(0, eq);
  absl::string_view value = k.substr(eq + 1);
  int sign = 0;
  if (absl::ConsumeSuffix(&name, "+")) {
    sign = 1;
  } else if (absl::ConsumeSuffix(&name, "-")) {
    sign = -1;
  }
  if (!is_name(name)) return std::nullopt;
  for (absl::string_view receiver : {"this.", "self."}) {
    if (absl::ConsumePrefix(&value, receiver)) break;
  }
  if (sign == 0 && absl::ConsumePrefix(&value, name)) {
    // `n=n+1`, `n=n-1`
    if (absl::ConsumePrefix(&value, "+")) {
      sign = 1;
    } else if (absl::ConsumePrefix(&value, "-")) {
      sign = -1;
    } else {
      return std::nullopt;
    }
  }
  int64_t amount = 0;
  if (!absl::SimpleAtoi(value, &amount) || amount > kMaxCounterStep ||
      amount < -kMaxCounterStep) {
    return std::nullopt;
  }
  c.counter = std::string(name);
  c.set = sign == 0;
  c.amount = sign == 0 ? amount : sign * amount;
  return c;
}

std::string LexerActionName(LexerActionKind kind) {
  switch (kind) {
    case LexerActionKind::kChannelCommand:
      return "Channel(X): the channel command, spelt with a capital";
    case LexerActionKind::kSkipCommand:
      return "Skip: the skip command, spelt with a capital";
    case LexerActionKind::kMoreCommand:
      return "More: the more command, spelt with a capital";
    case LexerActionKind::kTypeCommand:
      return "Type(X): the type command, spelt with a capital";
    case LexerActionKind::kModeCommand:
      return "Mode(X): the mode command, spelt with a capital";
    case LexerActionKind::kPushModeCommand:
      return "PushMode(X): the pushMode command, spelt with a capital";
    case LexerActionKind::kPopModeCommand:
      return "PopMode: the popMode command, spelt with a capital";
    case LexerActionKind::kLuaComment:
      return "HandleComment(): a Lua comment (long bracket or rest of line)";
    case LexerActionKind::kEmitDot:
      return "emitDot(): a `.` token (DOT_SYMBOL) split off the name's front";
    case LexerActionKind::kBeginArgument:
      return "handleBeginArgument(): `[` opens a character set in a lexer "
             "rule, else an argument (ANTLR's LexerAdaptor)";
    case LexerActionKind::kEndArgument:
      return "handleEndArgument(): `]` ends an argument (ANTLR's "
             "LexerAdaptor)";
    case LexerActionKind::kEndAction:
      return "handleEndAction(): `}` ends an action (ANTLR 2 and 3's "
             "LexerAdaptor)";
    case LexerActionKind::kOptionsLBrace:
      return "handleOptionsLBrace(): `{` of an options block is an LBRACE "
             "(ANTLR 2 and 3's LexerAdaptor)";
    case LexerActionKind::kScriptTag:
      return "_scriptTag = true: a `<script` tag (PhpLexerBase)";
    case LexerActionKind::kStyleTag:
      return "_styleTag = true: a `<style` tag (PhpLexerBase)";
    case LexerActionKind::kHtmlClose:
      return "PushModeOnHtmlClose(): a tag's `>`, then a script or style "
             "body (PhpLexerBase)";
    case LexerActionKind::kInsideString:
      return "SetInsideString(): `{$` opens code in a string (PhpLexerBase)";
    case LexerActionKind::kCurlyClose:
      return "PopModeOnCurlyBracketClose(): the `}` that closes it "
             "(PhpLexerBase)";
    case LexerActionKind::kPopModeWhenClosed:
      return "popMode() on a closing bracket: pops the mode when the "
             "bracket closes the one that entered it";
    case LexerActionKind::kSkipAndPopModeWhenClosed:
      return "OnCloseBrace() (or skip() and popMode() on a closing "
             "bracket): skips the bracket and pops the mode when it closes "
             "the one that entered it";
    case LexerActionKind::kRegularInterpolationStart:
      return "OnInterpolatedRegularStringStart(): `$\"` starts an "
             "interpolated string (CSharpLexerBase)";
    case LexerActionKind::kVerbatimInterpolationStart:
      return "OnInterpolatedVerbatiumStringStart(): `$@\"` starts a "
             "verbatim one (CSharpLexerBase)";
    case LexerActionKind::kInterpolationQuote:
      return "OnDoubleQuoteInside(): its `\"` ends it (CSharpLexerBase)";
    case LexerActionKind::kInterpolationColon:
      return "OnColon(): a `:` inside its `{...}` starts the format "
             "(CSharpLexerBase)";
    case LexerActionKind::kCounterChange:
      return "COUNTER++ (also --, += N, -= N, = N): a counter the lexer's "
             "predicates read";
    case LexerActionKind::kUnknown:
      break;
  }
  return "unknown";
}

namespace {

// True if `s` is a custom action of a lexer rule (ANTLR numbers those).
bool IsLexerAction(const G4Semantic& s) {
  return s.kind == G4SemanticKind::kAction && !s.rule.empty() &&
         std::isupper(static_cast<unsigned char>(s.rule[0]));
}

}  // namespace

std::vector<LexerActionKind> LexerActionKinds(
    const std::vector<G4Semantic>& semantics) {
  std::vector<LexerActionKind> kinds;
  for (const G4Semantic& s : semantics) {
    if (!IsLexerAction(s)) continue;
    kinds.push_back(LookUpLexerAction(NormalizePredicateText(s.text)));
  }
  return kinds;
}

std::vector<std::string> LexerActionArguments(
    const std::vector<G4Semantic>& semantics) {
  std::vector<std::string> args;
  for (const G4Semantic& s : semantics) {
    if (!IsLexerAction(s)) continue;
    absl::string_view text = s.text;
    const size_t open = text.find('(');
    if (text.empty() || text.front() == '{' || open == text.npos ||
        !absl::ConsumeSuffix(&text, ")")) {
      args.emplace_back();
      continue;
    }
    args.emplace_back(absl::StripAsciiWhitespace(text.substr(open + 1)));
  }
  return args;
}

std::vector<CounterChange> LexerCounterChanges(
    const std::vector<G4Semantic>& semantics) {
  std::vector<CounterChange> changes;
  for (const G4Semantic& s : semantics) {
    if (!IsLexerAction(s)) continue;
    changes.push_back(ParseCounterChange(NormalizePredicateText(s.text))
                          .value_or(CounterChange()));
  }
  return changes;
}

}  // namespace grammut
