// g4_semantics.cc: see g4_semantics.h.
#include "grammar/g4_semantics.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "base/file_io.h"

namespace grammut {
namespace {

bool IsWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// A cursor over the source that counts lines.
class Scanner {
 public:
  explicit Scanner(absl::string_view text) : text_(text) {}

  bool done() const { return pos_ >= text_.size(); }
  char peek(size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }
  size_t pos() const { return pos_; }
  int line() const { return line_; }
  absl::string_view Slice(size_t from) const {
    return text_.substr(from, pos_ - from);
  }
  void Advance() {
    if (done()) return;
    if (text_[pos_] == '\n') ++line_;
    ++pos_;
  }

  // Skips a comment if one starts here; returns whether it did.
  bool SkipComment() {
    if (peek() == '/' && peek(1) == '/') {
      while (!done() && peek() != '\n') Advance();
      return true;
    }
    if (peek() == '/' && peek(1) == '*') {
      Advance();
      Advance();
      while (!done() && !(peek() == '*' && peek(1) == '/')) Advance();
      Advance();
      Advance();
      return true;
    }
    return false;
  }
  // Skips whitespace and comments.
  void SkipSpace() {
    while (!done()) {
      if (std::isspace(static_cast<unsigned char>(peek()))) {
        Advance();
      } else if (!SkipComment()) {
        return;
      }
    }
  }
  // At `open`: skips to after the matching `close`, honouring backslash
  // escapes (quoted literals, character sets, argument lists).
  void SkipDelimited(char close) {
    Advance();
    while (!done() && peek() != close) {
      if (peek() == '\\') Advance();
      Advance();
    }
    Advance();
  }
  // At `{`: skips the balanced block, with the target language's strings
  // and comments inside it.
  void SkipBlock() {
    int depth = 0;
    while (!done()) {
      if (SkipComment()) continue;
      const char c = peek();
      if (c == '"' || c == '\'') {
        SkipDelimited(c);
        continue;
      }
      Advance();
      if (c == '{') ++depth;
      if (c == '}' && --depth == 0) return;
    }
  }
  std::string Word() {
    const size_t from = pos_;
    while (!done() && IsWordChar(peek())) Advance();
    return std::string(Slice(from));
  }

 private:
  absl::string_view text_;
  size_t pos_ = 0;
  int line_ = 1;
};

// The lexer commands ANTLR carries out itself; any other command name
// (`-> Channel(X)`, capitalised) becomes a custom action.
bool IsLexerCommand(const std::string& w) {
  return w == "skip" || w == "more" || w == "popMode" || w == "mode" ||
         w == "pushMode" || w == "type" || w == "channel";
}

bool IsRuleModifier(const std::string& w) {
  return w == "fragment" || w == "public" || w == "private" || w == "protected";
}

}  // namespace

std::vector<G4Semantic> ScanG4Semantics(absl::string_view text,
                                        absl::string_view file) {
  std::vector<G4Semantic> out;
  Scanner s(text);
  // The words of the current top-level statement, the rule whose body we
  // are in (after its ':'), and a pending `@name`.
  std::vector<std::string> words;
  std::string rule;
  bool in_body = false;
  std::string at_name;
  bool after_at = false;
  // The outermost alternative of the rule body: its number, first and last
  // element words (empty when the element is no rule or token reference),
  // and the items found in it.
  int alt = 1;
  int depth = 0;
  std::string alt_first, alt_last;
  bool alt_started = false;
  size_t alt_from = out.size();
  auto element = [&](const std::string& word) {
    if (!in_body || depth > 0) {
      if (in_body && !alt_started) alt_started = true;
      if (in_body) alt_last.clear();
      return;
    }
    if (!alt_started) alt_first = word;
    alt_started = true;
    alt_last = word;
  };
  auto end_alt = [&] {
    for (size_t i = alt_from; i < out.size(); ++i) {
      if (out[i].rule != rule || out[i].kind == G4SemanticKind::kNamedAction) {
        continue;
      }
      out[i].alt = alt;
      out[i].alt_begins_with_rule = !rule.empty() && alt_first == rule;
      out[i].alt_ends_with_rule = !rule.empty() && alt_last == rule;
    }
    alt_from = out.size();
    alt_first.clear();
    alt_last.clear();
    alt_started = false;
  };
  auto end_statement = [&] {
    if (in_body) end_alt();
    alt = 1;
    depth = 0;
    words.clear();
    rule.clear();
    in_body = false;
    at_name.clear();
    after_at = false;
  };
  while (!s.done()) {
    if (s.SkipComment()) continue;
    const char c = s.peek();
    if (std::isspace(static_cast<unsigned char>(c))) {
      s.Advance();
    } else if (c == '\'' || c == '"') {
      s.SkipDelimited(c);
      element("");
    } else if (c == '[') {
      s.SkipDelimited(']');
    } else if (c == '@') {
      s.Advance();
      s.SkipSpace();
      at_name = s.Word();
      after_at = true;
      if (s.peek() == ':' && s.peek(1) == ':') {
        s.Advance();
        s.Advance();
        at_name += "::" + s.Word();
      }
    } else if (IsWordChar(c)) {
      words.push_back(s.Word());
      if (in_body) {
        s.SkipSpace();
        const bool label = (s.peek() == '=' && s.peek(1) != '>') ||
                           (s.peek() == '+' && s.peek(1) == '=');
        if (!label) element(words.back());
      }
    } else if (in_body && c == '-' && s.peek(1) == '>') {
      // Lexer commands: `-> skip, Channel(X)`.
      s.Advance();
      s.Advance();
      for (;;) {
        s.SkipSpace();
        const int line = s.line();
        std::string command = s.Word();
        if (command.empty()) break;
        s.SkipSpace();
        if (s.peek() == '(') {
          const size_t from = s.pos();
          s.SkipDelimited(')');
          absl::StrAppend(&command, s.Slice(from));
        }
        const std::string name = command.substr(0, command.find('('));
        if (!IsLexerCommand(name) && !rule.empty() &&
            std::isupper(static_cast<unsigned char>(rule[0]))) {
          G4Semantic item;
          item.kind = G4SemanticKind::kAction;
          item.rule = rule;
          item.file = std::string(file);
          item.line = line;
          item.text = std::move(command);
          out.push_back(std::move(item));
        }
        s.SkipSpace();
        if (s.peek() != ',') break;
        s.Advance();
      }
    } else if (in_body && c == '#') {
      // An alternative's label: not an element.
      s.Advance();
      s.SkipSpace();
      s.Word();
    } else if (in_body && c == '<') {
      s.SkipDelimited('>');  // element options such as <assoc=right>
    } else if (in_body && c == '(') {
      s.Advance();
      element("");
      ++depth;
    } else if (in_body && c == ')') {
      s.Advance();
      if (depth > 0) --depth;
      element("");
    } else if (in_body && c == '|' && depth == 0) {
      s.Advance();
      end_alt();
      ++alt;
    } else if (in_body &&
               (c == '?' || c == '*' || c == '+' || c == '~' || c == '.')) {
      s.Advance();
      if (depth == 0 && c != '?' && c != '*' && c != '+') element("");
      if (depth == 0 && (c == '*' || c == '+') && !alt_last.empty()) {
        alt_last.clear();  // e* is no reference to e at the end
      }
    } else if (c == ':' && s.peek(1) == ':') {
      s.Advance();
      s.Advance();
    } else if (c == ':') {
      s.Advance();
      if (!in_body) {
        in_body = true;
        alt_from = out.size();
        for (const std::string& w : words) {
          if (!IsRuleModifier(w)) {
            rule = w;
            break;
          }
        }
      }
    } else if (c == ';') {
      s.Advance();
      end_statement();
    } else if (c == '{') {
      const size_t from = s.pos();
      const int line = s.line();
      const bool top_block =
          !in_body && !after_at && !words.empty() &&
          (words.back() == "options" || words.back() == "tokens" ||
           words.back() == "channels");
      s.SkipBlock();
      G4Semantic item;
      item.file = std::string(file);
      item.line = line;
      item.text = std::string(s.Slice(from));
      if (top_block) {
        // options/tokens/channels: not code. At the top level no ';'
        // follows; in a rule header the rule goes on.
        if (words.size() == 1) end_statement();
        continue;
      }
      if (after_at) {
        item.kind = G4SemanticKind::kNamedAction;
        item.name = at_name;
        // In a rule's header (after its name) the action is the rule's.
        for (const std::string& w : words) {
          if (!IsRuleModifier(w)) {
            item.rule = w;
            break;
          }
        }
        const bool top_level = item.rule.empty();
        after_at = false;
        at_name.clear();
        out.push_back(std::move(item));
        if (top_level) end_statement();
        continue;
      }
      item.rule = rule;
      s.SkipSpace();
      if (s.peek() == '?') {
        s.Advance();
        item.text += '?';
        item.kind = G4SemanticKind::kPredicate;
      } else {
        item.kind = G4SemanticKind::kAction;
      }
      out.push_back(std::move(item));
    } else {
      s.Advance();
    }
  }
  return out;
}

namespace {

// Calls `after(scanner)` just past each occurrence of the word `keyword`
// in `text` outside comments, literals, actions and sets.
template <typename After>
void AfterEachWord(absl::string_view text, absl::string_view keyword,
                   After after) {
  Scanner sc(text);
  while (!sc.done()) {
    sc.SkipSpace();
    const char c = sc.peek();
    if (c == '\'' || c == '"') {
      sc.SkipDelimited(c);
    } else if (c == '{') {
      sc.SkipBlock();
    } else if (c == '[') {
      sc.SkipDelimited(']');
    } else if (IsWordChar(c)) {
      if (sc.Word() == keyword) after(sc);
    } else {
      sc.Advance();
    }
  }
}

}  // namespace

std::vector<std::string> G4Imports(absl::string_view text) {
  std::vector<std::string> out;
  AfterEachWord(text, "import", [&out](Scanner& sc) {
    // import A, B = C ;
    while (!sc.done() && sc.peek() != ';') {
      sc.SkipSpace();
      std::string name = sc.Word();
      sc.SkipSpace();
      if (sc.peek() == '=') {
        sc.Advance();
        sc.SkipSpace();
        name = sc.Word();
        sc.SkipSpace();
      }
      if (!name.empty()) out.push_back(std::move(name));
      if (sc.peek() != ',') break;
      sc.Advance();
    }
  });
  return out;
}

std::vector<std::string> G4DeclaredTokens(absl::string_view text) {
  std::vector<std::string> out;
  AfterEachWord(text, "tokens", [&out](Scanner& sc) {
    sc.SkipSpace();
    if (sc.peek() != '{') return;
    sc.Advance();
    // tokens { A, B, C }
    while (!sc.done() && sc.peek() != '}') {
      sc.SkipSpace();
      std::string name = sc.Word();
      if (!name.empty()) {
        out.push_back(std::move(name));
      } else if (sc.peek() != '}') {
        sc.Advance();  // ',' or anything else
      }
    }
    sc.Advance();
  });
  return out;
}

std::vector<std::string> G4CodeWords(absl::string_view code) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < code.size()) {
    if (!IsWordChar(code[i])) {
      ++i;
      continue;
    }
    const size_t from = i;
    while (i < code.size() && IsWordChar(code[i])) ++i;
    out.emplace_back(code.substr(from, i - from));
  }
  return out;
}

absl::flat_hash_set<std::string> G4TokensCodeMayMake(
    const std::vector<std::string>& files,
    const std::vector<G4Semantic>& semantics) {
  absl::flat_hash_set<std::string> names;
  for (const G4Semantic& s : semantics) {
    for (std::string& w : G4CodeWords(s.text)) names.insert(std::move(w));
  }
  for (const std::vector<std::string>& group :
       {files, G4ImportedFiles(files)}) {
    for (const std::string& file : group) {
      absl::StatusOr<std::string> text = ReadFile(file);
      if (!text.ok()) continue;
      for (std::string& name : G4DeclaredTokens(*text)) {
        names.insert(std::move(name));
      }
    }
  }
  return names;
}

std::vector<std::string> G4ImportedFiles(
    const std::vector<std::string>& files) {
  namespace fs = std::filesystem;
  std::vector<std::string> imported;
  auto listed = [&](const fs::path& path) {
    auto same = [&](const std::string& g) {
      return fs::path(g).filename() == path.filename();
    };
    return std::any_of(files.begin(), files.end(), same) ||
           std::any_of(imported.begin(), imported.end(), same);
  };
  for (size_t i = 0; i < files.size() + imported.size(); ++i) {
    // (A copy: pushing to `imported` below may move its strings.)
    const std::string f =
        i < files.size() ? files[i] : imported[i - files.size()];
    absl::StatusOr<std::string> text = ReadFile(f);
    if (!text.ok()) continue;
    for (const std::string& name : G4Imports(*text)) {
      const fs::path path = fs::path(f).parent_path() / (name + ".g4");
      if (fs::exists(path) && !listed(path)) imported.push_back(path.string());
    }
  }
  return imported;
}

bool G4SetHasDashAfterRange(absl::string_view text) {
  Scanner sc(text);
  while (!sc.done()) {
    if (sc.SkipComment()) continue;
    const char c = sc.peek();
    if (c == '\'') {
      sc.SkipDelimited('\'');
    } else if (c == '{') {
      sc.SkipBlock();
    } else if (c == '[') {
      const size_t from = sc.pos() + 1;
      sc.SkipDelimited(']');
      const absl::string_view set = text.substr(from, sc.pos() - from);
      // Its elements: 'c' per character (escapes included), '-' per
      // unescaped dash; then look for a range followed by "-c".
      std::string kinds;
      for (size_t i = 0; i < set.size() && set[i] != ']'; ++i) {
        if (set[i] == '-') {
          kinds += '-';
          continue;
        }
        if (set[i] == '\\' && i + 1 < set.size()) {
          ++i;
          if (set[i] == 'u' && i + 1 < set.size() && set[i + 1] == '{') {
            const size_t close = set.find('}', i);
            i = close == absl::string_view::npos ? set.size() : close;
          } else if (set[i] == 'u') {
            i = std::min(set.size() - 1, i + 4);
          }
        }
        kinds += 'c';
      }
      for (size_t k = 0; k + 2 < kinds.size(); ++k) {
        if (kinds.compare(k, 3, "c-c") != 0) continue;
        if (k + 4 < kinds.size() && kinds[k + 3] == '-' &&
            kinds[k + 4] == 'c') {
          return true;
        }
        k += 2;
      }
    } else {
      sc.Advance();
    }
  }
  return false;
}

std::vector<std::string> G4FilesOf(absl::string_view spec) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  std::error_code ec;
  if (absl::EndsWith(spec, ".g4") || absl::StrContains(spec, ".g4,")) {
    for (absl::string_view f : absl::StrSplit(spec, ',', absl::SkipEmpty())) {
      files.emplace_back(f);
    }
  } else if (fs::is_directory(std::string(spec), ec)) {
    for (const auto& e : fs::directory_iterator(std::string(spec), ec)) {
      if (e.path().extension() == ".g4") files.push_back(e.path().string());
    }
    std::sort(files.begin(), files.end());
  }
  return files;
}

}  // namespace grammut
