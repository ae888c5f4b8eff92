#include "grammar/embedded_language.h"

#include <algorithm>
#include <filesystem>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace grammut {
namespace {

namespace fs = std::filesystem;

constexpr int kQuoteStyles = 4;
// Lexer DFA memory of one embedded language.
constexpr size_t kDfaBytes = size_t{1} << 20;
// Rule nesting before its generation takes the cheapest alternatives.
constexpr int kMaxDepth = 12;

// The sorted subdirectories of `dir` (none if it is not a directory).
std::vector<fs::path> SubDirectories(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.is_directory(ec)) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

EmbeddedLanguage::EmbeddedLanguage(std::unique_ptr<Grammar> grammar,
                                   TokenGenerator& host_tokens, int host_type)
    : grammar_(std::move(grammar)),
      weights_(*grammar_),
      kit_(*grammar_, weights_, nullptr, kDfaBytes),
      host_tokens_(host_tokens),
      host_type_(host_type) {
  for (int t = 1; t <= grammar_->max_token_type(); ++t) {
    if (kit_.tokens.HasOpenText(t)) open_types_.push_back(t);
  }
}

bool EmbeddedLanguage::Make(Rng& rng, size_t max_len,
                            absl::Span<const absl::string_view> words,
                            std::string* out) {
  if (max_len < 3) return false;
  GenerateOptions options;
  if (!words.empty()) {
    words_.Clear();
    word_nodes_.clear();
    const int root = words_.BeginRule(grammar_->start_rule());
    for (size_t i = 0; i < words.size() && i < kMaxWords; ++i) {
      for (const int t : open_types_) {
        if (kit_.tokens.Accepts(t, words[i])) {
          word_nodes_.push_back(words_.AddToken(t, "", words[i]));
        }
      }
    }
    words_.EndRule(root);
    if (!word_nodes_.empty()) {
      options.context = &words_;
      options.context_tokens = word_nodes_;
      options.context_probability = kWordShare;
    }
  }
  options.max_bytes = std::min(max_len - 2, kMaxSentence);
  options.max_depth = kMaxDepth;
  options.mode = ProbabilityMode::kUniform;
  options.pool_probability = 0;
  if (!kit_.generator.Generate(grammar_->start_rule(), rng, options, &tree_)) {
    return false;
  }
  sentence_ = tree_.Text();
  for (int i = 0; i < kQuoteStyles; ++i) {
    const int style = (style_ + i) % kQuoteStyles;
    QuoteText(sentence_, style, out);
    if (out->size() <= max_len && host_tokens_.Accepts(host_type_, *out)) {
      style_ = style;
      return true;
    }
  }
  out->clear();
  return false;
}

void QuoteText(absl::string_view text, int style, std::string* out) {
  const char quote = style % 2 == 0 ? '\'' : '"';
  const bool backslash = style >= 2;
  out->assign(1, quote);
  for (const char c : text) {
    if (c == quote) {
      out->push_back(backslash ? '\\' : quote);
    } else if (backslash && c == '\\') {
      out->push_back('\\');
    }
    out->push_back(c);
  }
  out->push_back(quote);
}

absl::StatusOr<std::vector<std::unique_ptr<EmbeddedLanguage>>>
LoadEmbeddedLanguages(absl::string_view spec, const Grammar& host,
                      TokenGenerator& host_tokens) {
  std::vector<std::unique_ptr<EmbeddedLanguage>> out;
  for (absl::string_view entry : absl::StrSplit(spec, ';', absl::SkipEmpty())) {
    entry = absl::StripAsciiWhitespace(entry);
    const std::pair<absl::string_view, absl::string_view> kv =
        absl::StrSplit(entry, absl::MaxSplits('=', 1));
    if (kv.first.empty() || kv.second.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("embedded language '", entry, "' is not TOKEN=GRAMMAR"));
    }
    const int type = host.token_type_named(kv.first);
    if (type < 0 || host.is_literal(type)) {
      return absl::InvalidArgumentError(
          absl::StrCat("embedded language '", entry, "': grammar ", host.name(),
                       " has no open token named ", kv.first));
    }
    absl::StatusOr<std::unique_ptr<Grammar>> grammar = Grammar::Load(kv.second);
    if (!grammar.ok()) {
      return absl::Status(grammar.status().code(),
                          absl::StrCat("embedded language '", entry,
                                       "': ", grammar.status().message()));
    }
    out.push_back(std::make_unique<EmbeddedLanguage>(*std::move(grammar),
                                                     host_tokens, type));
  }
  return out;
}

std::string EmbeddedBeside(absl::string_view grammar_spec) {
  if (grammar_spec.empty()) return "";
  const std::vector<std::string> files = absl::StrSplit(grammar_spec, ',');
  fs::path base(files[0]);
  std::error_code ec;
  if (!fs::is_directory(base, ec)) base = base.parent_path();
  std::vector<std::string> entries;
  for (const fs::path& token : SubDirectories(base / "embedded")) {
    for (const fs::path& lang : SubDirectories(token)) {
      entries.push_back(
          absl::StrCat(token.filename().string(), "=", lang.string()));
    }
  }
  return absl::StrJoin(entries, ";");
}

}  // namespace grammut
