// token_texts.cc: the token texts file.
#include "generate/token_texts.h"

#include <cstdint>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "base/file_io.h"
#include "base/text_form.h"

namespace grammut {

std::string TokenTextsBesideWeights(absl::string_view weights_path) {
  return absl::StrCat(weights_path, ".texts");
}

absl::Status SaveTokenTexts(const Grammar& grammar,
                            const TokenGenerator& tokens, const TokenPool& pool,
                            const std::string& path) {
  std::string out = absl::StrFormat(
      "# grammut token texts: the corpus's texts of tokens with an open "
      "text\n# text T=TYPE \"TEXT\"\nversion 1\ngrammar %s %016x\n",
      grammar.name(), grammar.fingerprint());
  int n = 0;
  for (int t = 1; t <= grammar.max_token_type(); ++t) {
    if (!tokens.HasOpenText(t)) continue;
    for (const std::string& text : pool.texts(t)) {
      absl::StrAppend(&out, "text T=", t, " ", QuotedField(text), "\n");
      ++n;
    }
  }
  absl::StrAppend(&out, "end ", n, " texts\n");
  return WriteFileAtomically(path, out);
}

absl::Status LoadTokenTexts(const Grammar& grammar, const std::string& path,
                            TokenPool* pool, TokenGenerator& tokens) {
  absl::StatusOr<std::string> file = ReadFile(path);
  if (!file.ok()) return file.status();
  const std::string mine = absl::StrFormat("%016x", grammar.fingerprint());
  int n = 0;
  bool ended = false;
  std::string text;
  absl::Status st = ForEachTextLine(
      *file, path,
      [&](absl::Span<const absl::string_view> f, int,
          LineError bad) -> absl::Status {
        if (ended) return bad("text after the end line");
        if (f[0] == "version") {
          if (f.size() != 2 || f[1] != "1") {
            return bad(
                "unsupported token texts version (this grammut reads 1)");
          }
        } else if (f[0] == "grammar") {
          if (f.size() != 3 || f[1] != grammar.name() || f[2] != mine) {
            return bad(absl::StrCat("made for another grammar (this is ",
                                    grammar.name(), " ", mine, ")"));
          }
        } else if (f[0] == "text") {
          int type = 0;
          if (f.size() != 3 || !absl::StartsWith(f[1], "T=") ||
              !absl::SimpleAtoi(f[1].substr(2), &type) || type <= 0 ||
              type > grammar.max_token_type() || !UnquoteField(f[2], &text)) {
            return bad("text takes T=TYPE \"TEXT\"");
          }
          if (pool != nullptr) {
            pool->Add(type, text, static_cast<uint64_t>(n));
          }
          tokens.Learn(type, text);
          ++n;
        } else if (f[0] == "end") {
          int64_t count = -1;
          if (f.size() < 2 || !absl::SimpleAtoi(f[1], &count) || count != n) {
            return bad(
                "the end line counts another number of texts (the "
                "file was cut short?)");
          }
          ended = true;
        } else {
          return bad(absl::StrCat("unknown line '", f[0], "'"));
        }
        return absl::OkStatus();
      });
  if (!st.ok()) return st;
  if (!ended) {
    return absl::DataLossError(
        absl::StrCat(path, ": no end line (the file was cut short?)"));
  }
  return absl::OkStatus();
}

void LearnTokenTexts(const Tree& tree, TokenGenerator& tokens) {
  for (int i = 0; i < tree.size(); ++i) {
    const Node& n = tree.node(i);
    if (n.is_rule || n.is_error || n.symbol <= 0) continue;
    tokens.Learn(n.symbol, tree.token_text(i));
  }
}

void LearnPoolTexts(const Grammar& grammar, const TokenPool& pool,
                    TokenGenerator& tokens) {
  for (int t = 1; t <= grammar.max_token_type(); ++t) {
    if (!tokens.HasOpenText(t)) continue;
    for (const std::string& text : pool.texts(t)) tokens.Learn(t, text);
  }
}

}  // namespace grammut
