// known_lexer_bases.cc: see known_lexer_bases.h. Each part follows its base
// class's published behaviour (grammars-v4's LexerAdaptor and PhpLexerBase),
// written anew here.
#include "grammar/antlr/known_lexer_bases.h"

#include <algorithm>

#include "CharStream.h"
#include "WritableToken.h"
#include "absl/strings/ascii.h"
#include "misc/Interval.h"

namespace grammut {
namespace parser_internal {
namespace {

// ANTLR: what the lexer is reading besides rules.
constexpr int kPrequel = -10;  // an options, tokens or channels block
constexpr int kOptions = -11;  // a lexer rule's options block

bool Has(const std::vector<LexerActionKind>& actions, LexerActionKind kind) {
  return std::find(actions.begin(), actions.end(), kind) != actions.end();
}

}  // namespace

KnownLexerBase::KnownLexerBase(const Grammar& grammar,
                               const std::vector<LexerActionKind>& actions)
    : grammar_(grammar) {
  if (Has(actions, LexerActionKind::kBeginArgument)) {
    id_ = Type("ID");
    token_ref_ = Type("TOKEN_REF");
    rule_ref_ = Type("RULE_REF");
    options_ = Type("OPTIONS");
    tokens_ = Type("TOKENS");
    channels_ = Type("CHANNELS");
    rbrace_ = Type("RBRACE");
    at_ = Type("AT");
    semi_ = Type("SEMI");
    action_ = Type("ACTION");
    end_action_ = Type("END_ACTION");
    argument_content_ = Type("ARGUMENT_CONTENT");
    action_content_ = Type("ACTION_CONTENT");
    lbrace_ = Type("LBRACE");
    argument_mode_ = Mode("Argument");
    char_set_mode_ = Mode("LexerCharSet");
    action_mode_ = Mode("Actionx");
    if (id_ > 0 && token_ref_ > 0 && rule_ref_ > 0 && argument_mode_ >= 0) {
      base_ = Base::kAntlr;
    }
  } else if (Has(actions, LexerActionKind::kHtmlClose)) {
    php_end_ = Type("PHPEnd");
    php_end_comment_ = Type("PHPEndSingleLineComment");
    semicolon_ = Type("SemiColon");
    colon_ = Type("Colon");
    open_curly_ = Type("OpenCurlyBracket");
    close_curly_ = Type("CloseCurlyBracket");
    script_close_ = Type("HtmlScriptClose");
    html_name_type_ = Type("HtmlName");
    html_dq_string_ = Type("HtmlDoubleQuoteString");
    php_mode_ = Mode("PHP");
    comment_mode_ = Mode("SingleLineCommentMode");
    script_mode_ = Mode("SCRIPT");
    style_mode_ = Mode("STYLE");
    const std::vector<std::string>& channels =
        grammar.lexer_interp().channel_names;
    const auto it = std::find(channels.begin(), channels.end(), "SkipChannel");
    if (it != channels.end()) skip_channel_ = it - channels.begin();
    if (php_end_ > 0 && semicolon_ > 0 && php_mode_ >= 0) base_ = Base::kPhp;
  }
  format_mode_ = Mode("INTERPOLATION_FORMAT");
}

int KnownLexerBase::Type(const char* name) const {
  return grammar_.token_type_named(name);
}

int KnownLexerBase::Mode(const char* name) const {
  const std::vector<std::string>& modes = grammar_.lexer_interp().mode_names;
  const auto it = std::find(modes.begin(), modes.end(), name);
  return it == modes.end() ? -1 : static_cast<int>(it - modes.begin());
}

void KnownLexerBase::PopMode(antlr4::Lexer* lexer) {
  // The base classes pop freely; ANTLR's C++ runtime throws on an empty
  // stack, where Java's would have thrown too: keep the mode.
  if (!lexer->modeStack.empty()) lexer->popMode();
}

void KnownLexerBase::Reset() {
  rule_kind_ = 0;
  script_tag_ = style_tag_ = php_script_ = inside_string_ = false;
  prev_type_ = 0;
  html_name_.clear();
  verbatim_.clear();
}

bool KnownLexerBase::Action(LexerActionKind kind, antlr4::Lexer* lexer) {
  switch (kind) {
    case LexerActionKind::kBeginArgument:
      if (base_ != Base::kAntlr) return false;
      if (rule_kind_ == token_ref_ && char_set_mode_ >= 0) {
        lexer->pushMode(static_cast<size_t>(char_set_mode_));
        lexer->more();
      } else {
        lexer->pushMode(static_cast<size_t>(argument_mode_));
      }
      return true;
    case LexerActionKind::kEndArgument:
      if (base_ != Base::kAntlr) return false;
      PopMode(lexer);
      if (!lexer->modeStack.empty() && argument_content_ > 0) {
        lexer->setType(static_cast<size_t>(argument_content_));
      }
      return true;
    case LexerActionKind::kEndAction: {
      if (base_ != Base::kAntlr) return false;
      const size_t old_mode = lexer->mode;
      PopMode(lexer);
      if (!lexer->modeStack.empty() && action_mode_ >= 0 &&
          lexer->mode == static_cast<size_t>(action_mode_) &&
          old_mode == lexer->mode && action_content_ > 0) {
        lexer->setType(static_cast<size_t>(action_content_));
      }
      return true;
    }
    case LexerActionKind::kOptionsLBrace:
      if (base_ != Base::kAntlr || lbrace_ <= 0) return false;
      lexer->setType(static_cast<size_t>(lbrace_));
      return true;
    case LexerActionKind::kScriptTag:
      script_tag_ = true;
      return base_ == Base::kPhp;
    case LexerActionKind::kStyleTag:
      style_tag_ = true;
      return base_ == Base::kPhp;
    case LexerActionKind::kHtmlClose:
      if (base_ != Base::kPhp) return false;
      PopMode(lexer);
      if (script_tag_) {
        const int mode = php_script_ ? php_mode_ : script_mode_;
        if (mode >= 0) lexer->pushMode(static_cast<size_t>(mode));
        script_tag_ = false;
      } else if (style_tag_) {
        if (style_mode_ >= 0) lexer->pushMode(static_cast<size_t>(style_mode_));
        style_tag_ = false;
      }
      return true;
    case LexerActionKind::kInsideString:
      inside_string_ = true;
      return base_ == Base::kPhp;
    case LexerActionKind::kCurlyClose:
      if (base_ != Base::kPhp) return false;
      if (inside_string_) {
        inside_string_ = false;
        lexer->setChannel(skip_channel_);
        PopMode(lexer);
      }
      return true;
    case LexerActionKind::kRegularInterpolationStart:
    case LexerActionKind::kVerbatimInterpolationStart:
      verbatim_.push_back(kind == LexerActionKind::kVerbatimInterpolationStart);
      return true;
    case LexerActionKind::kInterpolationQuote:
      if (!verbatim_.empty()) verbatim_.pop_back();
      return true;
    case LexerActionKind::kInterpolationColon: {
      if (verbatim_.empty() || format_mode_ < 0) return true;
      // The format starts unless a `:` or `)` comes before the `}` (the
      // base class reads on past the end; here the end stops it).
      antlr4::CharStream* in = lexer->getInputStream();
      for (ssize_t k = 1;; ++k) {
        const size_t c = in->LA(k);
        if (c == antlr4::Token::EOF || c == ':' || c == ')') break;
        if (c == '}') {
          lexer->setMode(static_cast<size_t>(format_mode_));
          break;
        }
      }
      return true;
    }
    default:
      return false;
  }
}

void KnownLexerBase::BeforeEmit(antlr4::Lexer* lexer) {
  if (base_ != Base::kAntlr) return;
  const int type = static_cast<int>(lexer->type);
  const bool outside = rule_kind_ == 0;
  if ((type == options_ || type == tokens_ || type == channels_) && outside) {
    rule_kind_ = kPrequel;
  } else if (type == options_ && rule_kind_ == token_ref_) {
    rule_kind_ = kOptions;
  } else if (type == rbrace_ && rule_kind_ == kPrequel) {
    rule_kind_ = 0;
  } else if (type == rbrace_ && rule_kind_ == kOptions) {
    rule_kind_ = token_ref_;
  } else if (type == at_ && outside) {
    rule_kind_ = at_;
  } else if (type == semi_ && rule_kind_ == kOptions) {
    // a `;` inside a lexer rule's options: still in them
  } else if ((type == action_ || type == end_action_) && rule_kind_ == at_) {
    rule_kind_ = 0;
  } else if (type == id_) {
    const size_t start = lexer->tokenStartCharIndex;
    const std::string first =
        lexer->getInputStream()->getText(antlr4::misc::Interval(start, start));
    const bool upper =
        !first.empty() &&
        absl::ascii_isupper(static_cast<unsigned char>(first[0]));
    lexer->type = static_cast<size_t>(upper ? token_ref_ : rule_ref_);
    if (outside) rule_kind_ = static_cast<int>(lexer->type);
  } else if (type == semi_) {
    rule_kind_ = 0;
  }
}

void KnownLexerBase::AfterToken(antlr4::Lexer* lexer, antlr4::Token* token) {
  if (base_ != Base::kPhp || token == nullptr) return;
  const int type = static_cast<int>(token->getType());
  auto* writable = dynamic_cast<antlr4::WritableToken*>(token);
  if (type == php_end_ || (php_end_comment_ > 0 && type == php_end_comment_)) {
    if (static_cast<int>(lexer->mode) == comment_mode_) PopMode(lexer);
    PopMode(lexer);
    if (writable == nullptr) return;
    if (token->getText() == "</script>") {
      php_script_ = false;
      if (script_close_ > 0)
        writable->setType(static_cast<size_t>(script_close_));
    } else if (prev_type_ == semicolon_ || prev_type_ == colon_ ||
               prev_type_ == open_curly_ || prev_type_ == close_curly_) {
      // The statement ended already: `?>` is no token of the parser's.
      writable->setChannel(skip_channel_);
    } else {
      writable->setType(static_cast<size_t>(semicolon_));  // `echo 1 ?>`
    }
  } else if (type == html_name_type_) {
    html_name_ = token->getText();
  } else if (type == html_dq_string_) {
    if (token->getText() == "php" && html_name_ == "language") {
      php_script_ = true;
    }
  } else if (static_cast<int>(lexer->mode) == php_mode_ &&
             token->getChannel() != antlr4::Token::HIDDEN_CHANNEL) {
    prev_type_ = type;
  }
}

}  // namespace parser_internal
}  // namespace grammut
