// predicate_vocabulary.cc: see predicate_vocabulary.h. The meanings are
// written from what the grammars-v4 base classes are documented to check
// (JavaScript/TypeScript automatic semicolon insertion, keyword checks,
// regular expressions after operators, template strings).
#include "grammar/predicate_vocabulary.h"

#include <cctype>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace grammut {
namespace {

// Texts the previous token may have for a `/` after it to be a division:
// what ends an operand.
bool EndsOperand(const PredicateView& v) {
  if (!v.has_prev) return false;
  if (v.prev_is_name) return true;  // identifiers, numbers, strings
  const std::string& t = v.prev_text;
  return t == ")" || t == "]" || t == "++" || t == "--" || t == "this" ||
         t == "null" || t == "true" || t == "false" || t == "super";
}

// Rust: whether the token two before ends an operand, so that a `.` after
// it takes a field (RustLexerBase's FloatLiteralPossible).
bool Prev2EndsOperand(const PredicateView& v) {
  if (!v.has_prev2) return false;
  if (v.prev2_is_name) return true;  // identifiers, numbers, strings
  const std::string& t = v.prev2_text;
  return t == ")" || t == "]" || t == "}" || t == ">" || t == "super" ||
         t == "self" || t == "Self" || t == "crate" || t == "$crate" ||
         t == "await" || t == "macro_rules";
}

// Rust: whether a float may end in the `.` just read (FloatDotPossible).
bool FloatMayEndInDot(const PredicateView& v) {
  const int32_t c = v.next_char;
  if (c == PredicateView::kUnknownChar) return true;
  if (c == '.' || c == '_') return false;
  if (c == 'f') {
    return (v.next_char2 == '3' && v.next_char3 == '2') ||
           (v.next_char2 == '6' && v.next_char3 == '4');
  }
  return !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

// Splits the argument list of `name(...)` (normalized: double-quoted
// strings, no spaces) into its strings; false if it is not that form.
bool StringArguments(absl::string_view text, absl::string_view name,
                     std::vector<std::string>* out) {
  if (!absl::ConsumePrefix(&text, name) || !absl::ConsumePrefix(&text, "(") ||
      !absl::ConsumeSuffix(&text, ")")) {
    return false;
  }
  out->clear();
  while (!text.empty()) {
    if (!absl::ConsumePrefix(&text, "\"")) return false;
    const size_t end = text.find('"');
    if (end == absl::string_view::npos) return false;
    out->emplace_back(text.substr(0, end));
    text.remove_prefix(end + 1);
    if (!text.empty() && !absl::ConsumePrefix(&text, ",")) return false;
  }
  return !out->empty();
}

// The one character of a normalized literal (`"/"`, `"\\n"`,
// `ord(".")`), as its text; false if it is not one character.
bool OneCharLiteral(absl::string_view text, std::string* out) {
  if (absl::ConsumePrefix(&text, "ord(") && !absl::ConsumeSuffix(&text, ")")) {
    return false;
  }
  if (!absl::ConsumePrefix(&text, "\"") || !absl::ConsumeSuffix(&text, "\"")) {
    return false;
  }
  return absl::CUnescape(text, out) && out->size() == 1;
}

// `_input.la(1)!="/"` and the like (also `inputstream.la(1)`, `==`,
// `ord(".")`): the character the lexer reads next compared with one.
std::optional<PredicateMeaning> NextCharComparison(absl::string_view k) {
  if (!absl::ConsumePrefix(&k, "_input.la(1)") &&
      !absl::ConsumePrefix(&k, "inputstream.la(1)")) {
    return std::nullopt;
  }
  bool negate = false;
  if (absl::ConsumePrefix(&k, "!=")) {
    negate = true;
  } else if (!absl::ConsumePrefix(&k, "==")) {
    return std::nullopt;
  }
  std::string c;
  if (!OneCharLiteral(k, &c)) return std::nullopt;
  PredicateMeaning m;
  m.entry = PredicateEntry::kNextCharIs;
  m.name = absl::StrCat("_input.LA(1) ", negate ? "!=" : "==", " '",
                        absl::CEscape(c), "'");
  m.negate = negate;
  m.texts = {c};
  return m;
}

// `depth>0` and the like (normalized): a counter's name (a letter or `_`,
// then letters, digits, `_` or `.`), a comparison and a whole number.
std::optional<PredicateMeaning> CounterComparison(absl::string_view k) {
  size_t n = 0;
  while (n < k.size() &&
         (absl::ascii_isalnum(k[n]) || k[n] == '_' || (n > 0 && k[n] == '.'))) {
    ++n;
  }
  if (n == 0 || absl::ascii_isdigit(k[0])) return std::nullopt;
  const absl::string_view counter = k.substr(0, n);
  k.remove_prefix(n);
  std::string compare;
  for (absl::string_view op : {"<=", ">=", "==", "!=", "<", ">"}) {
    if (absl::ConsumePrefix(&k, op)) {
      compare = std::string(op);
      break;
    }
  }
  int64_t value = 0;
  if (compare.empty() || !absl::SimpleAtoi(k, &value)) return std::nullopt;
  PredicateMeaning m;
  m.entry = PredicateEntry::kCounterCompare;
  m.texts = {std::string(counter)};
  m.compare = compare;
  m.value = value;
  m.name = absl::StrCat("COUNTER ", compare, " N (", counter, " ", compare, " ",
                        value, ")");
  return m;
}

PredicateMeaning Make(PredicateEntry entry, std::string name,
                      std::vector<std::string> texts = {}) {
  PredicateMeaning m;
  m.entry = entry;
  m.name = std::move(name);
  m.texts = std::move(texts);
  return m;
}

}  // namespace

bool HasLineBreak(absl::string_view text) {
  return text.find_first_of("\r\n") != absl::string_view::npos ||
         absl::StrContains(text, "\xE2\x80\xA8") ||
         absl::StrContains(text, "\xE2\x80\xA9");
}

std::string NormalizePredicateText(absl::string_view text) {
  text = absl::StripAsciiWhitespace(text);
  if (absl::ConsumePrefix(&text, "{")) {
    absl::ConsumeSuffix(&text, "?");
    text = absl::StripTrailingAsciiWhitespace(text);
    absl::ConsumeSuffix(&text, "}");
  }
  std::string out;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote != 0) {
      if (c == '\\' && i + 1 < text.size()) {
        out += c;
        out += text[++i];
      } else if (c == quote) {
        out += '"';
        quote = 0;
      } else {
        out += c;
      }
      continue;
    }
    if (c == '"' || c == '\'') {
      quote = c;
      out += '"';
    } else if (c == '$') {
      continue;
    } else if (!std::isspace(static_cast<unsigned char>(c))) {
      out += absl::ascii_tolower(c);
    }
  }
  // `not x` (Python) was `notx` after dropping spaces: only at the start,
  // and only before a receiver, so `notLineTerminator()` stays.
  std::string negation;
  absl::string_view rest = out;
  absl::ConsumeSuffix(&rest, ";");
  for (;;) {
    if (absl::ConsumePrefix(&rest, "!")) {
      negation += '!';
    } else if (absl::StartsWith(rest, "notself.") ||
               absl::StartsWith(rest, "notthis.")) {
      rest.remove_prefix(3);
      negation += '!';
    } else {
      break;
    }
  }
  for (absl::string_view receiver : {"this.", "self.", "p."}) {
    if (absl::ConsumePrefix(&rest, receiver)) break;
  }
  // Parenthesised whole: `(x())`.
  while (absl::StartsWith(rest, "(") && absl::EndsWith(rest, ")") &&
         rest.find(')') == rest.size() - 1) {
    rest.remove_prefix(1);
    rest.remove_suffix(1);
  }
  return negation + std::string(rest);
}

std::optional<PredicateMeaning> LookUpPredicate(absl::string_view key) {
  bool negate = false;
  while (absl::ConsumePrefix(&key, "!")) negate = !negate;
  std::optional<PredicateMeaning> m;
  std::vector<std::string> args;
  const std::string k(key);
  if (k == "true" || k == "cannotbeplusminus()" || k == "cannotbedotlpeq()") {
    m = Make(PredicateEntry::kTrue, "true");
  } else if (k == "false") {
    m = Make(PredicateEntry::kFalse, "false");
  } else if (k == "lineterminatorahead()") {
    m = Make(PredicateEntry::kLineTerminatorAhead, "lineTerminatorAhead()");
  } else if (k == "notlineterminator()") {
    m = Make(PredicateEntry::kLineTerminatorAhead, "notLineTerminator()");
    m->negate = true;
  } else if (k == "closebrace()") {
    m = Make(PredicateEntry::kNextTextIs, "closeBrace()", {"}"});
  } else if (k == "notopenbraceandnotfunction()") {
    m = Make(PredicateEntry::kNextTextIs, "notOpenBraceAndNotFunction()",
             {"{", "function"});
    m->negate = true;
  } else if (k == "notopenbraceandnotfunctionandnotinterface()") {
    m = Make(PredicateEntry::kNextTextIs,
             "notOpenBraceAndNotFunctionAndNotInterface()",
             {"{", "function", "interface"});
    m->negate = true;
  } else if (StringArguments(k, "n", &args) ||
             StringArguments(k, "next", &args)) {
    m = Make(PredicateEntry::kNextTextIs, "next(TEXT)", args);
  } else if (StringArguments(k, "p", &args) ||
             StringArguments(k, "prev", &args)) {
    m = Make(PredicateEntry::kPrevTextIs, "prev(TEXT)", args);
  } else if (k == "isregexpossible()") {
    m = Make(PredicateEntry::kRegexPossible, "IsRegexPossible()");
  } else if (k == "isstrictmode()") {
    m = Make(PredicateEntry::kStrictMode, "IsStrictMode()");
  } else if (k == "isstartoffile()" || k == "atstartofinput()" ||
             k == "isline1col0()" || k == "sof()") {
    m = Make(PredicateEntry::kStartOfInput, "atStartOfInput()");
  } else if (k == "isintemplatestring()") {
    m = Make(PredicateEntry::kInTemplateString, "IsInTemplateString()");
  } else if (k == "floatliteralpossible()") {
    m = Make(PredicateEntry::kFloatLiteralPossible, "FloatLiteralPossible()");
  } else if (k == "floatdotpossible()") {
    m = Make(PredicateEntry::kFloatDotPossible, "FloatDotPossible()");
  } else if (k == "iscolumnzero()" || k == "getcharpositioninline()==0" ||
             k == "charpositioninline==0") {
    m = Make(PredicateEntry::kColumnZero, "IsColumnZero()");
  } else if (k == "isverbatiumdoublequoteinside()") {
    m = Make(PredicateEntry::kInVerbatimString,
             "IsVerbatiumDoubleQuoteInside()");
  } else if (k == "isregularcharinside()") {
    m = Make(PredicateEntry::kInVerbatimString, "IsRegularCharInside()");
    m->negate = true;
  } else if (!(m = NextCharComparison(k))) {
    m = CounterComparison(k);
  }
  if (m && negate) {
    m->negate = !m->negate;
    m->name = "!" + m->name;
  }
  return m;
}

bool EvaluatePredicate(const PredicateMeaning& m, const PredicateView& v) {
  bool holds = true;
  switch (m.entry) {
    case PredicateEntry::kTrue:
      holds = true;
      break;
    case PredicateEntry::kFalse:
    case PredicateEntry::kStrictMode:
      holds = false;
      break;
    case PredicateEntry::kLineTerminatorAhead:
      holds = v.line_break_between;
      break;
    case PredicateEntry::kNextTextIs:
    case PredicateEntry::kPrevTextIs: {
      const bool next = m.entry == PredicateEntry::kNextTextIs;
      const std::string& t = next ? v.next_text : v.prev_text;
      holds = false;
      if (next ? v.has_next : v.has_prev) {
        for (const std::string& want : m.texts) holds |= t == want;
      }
      break;
    }
    case PredicateEntry::kRegexPossible:
      holds = !EndsOperand(v);
      break;
    case PredicateEntry::kStartOfInput:
      holds = v.at_start;
      break;
    case PredicateEntry::kInTemplateString:
      holds = v.in_template;
      break;
    case PredicateEntry::kColumnZero:
      holds = v.at_line_start;
      break;
    case PredicateEntry::kFloatLiteralPossible:
      holds = !(v.has_prev && v.prev_text == "." && Prev2EndsOperand(v));
      break;
    case PredicateEntry::kFloatDotPossible:
      holds = FloatMayEndInDot(v);
      break;
    case PredicateEntry::kInVerbatimString:
      holds = v.in_verbatim;
      break;
    case PredicateEntry::kNextCharIs: {
      if (v.next_char == PredicateView::kUnknownChar) return true;
      holds = false;
      for (const std::string& want : m.texts) {
        holds |=
            !want.empty() && static_cast<unsigned char>(want[0]) == v.next_char;
      }
      break;
    }
    case PredicateEntry::kCounterCompare: {
      if (v.counters == nullptr || m.texts.empty()) return true;
      const auto it = v.counters->find(m.texts.front());
      const int64_t c = it == v.counters->end() ? 0 : it->second;
      const std::string& op = m.compare;
      holds = op == "<"    ? c < m.value
              : op == "<=" ? c <= m.value
              : op == ">"  ? c > m.value
              : op == ">=" ? c >= m.value
              : op == "==" ? c == m.value
                           : c != m.value;
      break;
    }
  }
  return holds != m.negate;
}

bool ReadsTokenTwoBack(const PredicateMeaning& meaning) {
  return meaning.entry == PredicateEntry::kFloatLiteralPossible;
}

bool CounterFalseAtStart(const PredicateMeaning& meaning) {
  if (meaning.entry != PredicateEntry::kCounterCompare) return false;
  const LexerCounters zero;
  PredicateView start;
  start.counters = &zero;
  return !EvaluatePredicate(meaning, start);
}

std::vector<std::string> PredicateEntryNames() {
  return {"lineTerminatorAhead()",
          "notLineTerminator()",
          "closeBrace()",
          "notOpenBraceAndNotFunction()",
          "notOpenBraceAndNotFunctionAndNotInterface()",
          "next(\"TEXT\",...) (also n)",
          "prev(\"TEXT\",...) (also p)",
          "IsRegexPossible()",
          "IsStrictMode()",
          "atStartOfInput() (also IsStartOfFile, IsLine1Col0, SOF)",
          "FloatLiteralPossible(), FloatDotPossible() (Rust)",
          "IsInTemplateString()",
          "IsColumnZero() (also getCharPositionInLine() == 0)",
          "IsVerbatiumDoubleQuoteInside(), IsRegularCharInside()",
          "_input.LA(1) == 'C' (also !=, InputStream.LA(1), ord('C'))",
          "COUNTER > N (also <, <=, >=, ==, !=; lexer, where the lexer's "
          "actions change COUNTER: COUNTER++, --, += N, -= N, = N)",
          "true",
          "false",
          "!ENTRY"};
}

}  // namespace grammut
