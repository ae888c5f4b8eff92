#include "parse/parser.h"

#include <algorithm>
#include <string>
#include <utility>

#include "BailErrorStrategy.h"
#include "CommonToken.h"
#include "CommonTokenStream.h"
#include "DefaultErrorStrategy.h"
#include "Exceptions.h"
#include "ListTokenSource.h"
#include "Token.h"
#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "atn/PredictionMode.h"
#include "base/utf8.h"
#include "grammar/antlr/recording_interpreter.h"
#include "grammar/indentation.h"
#include "tree/ErrorNode.h"
#include "tree/TerminalNode.h"

namespace grammut {
namespace {

using parser_internal::BoundedLexer;
using parser_internal::CodePointStream;
using parser_internal::DepthExceeded;
using parser_internal::ErrorCounter;
using parser_internal::Record;
using parser_internal::RecordingInterpreter;
using parser_internal::WorkExceeded;

// Decodes `bytes` (see utf8.h); `offsets[i]` is the byte offset of code
// point i, with one extra entry for the end.
void Decode(absl::string_view bytes, std::u32string* out,
            std::vector<uint32_t>* offsets) {
  out->clear();
  offsets->clear();
  out->reserve(bytes.size());
  offsets->reserve(bytes.size() + 1);
  const auto* s = reinterpret_cast<const unsigned char*>(bytes.data());
  size_t len = 0;
  for (size_t i = 0; i < bytes.size(); i += len) {
    offsets->push_back(static_cast<uint32_t>(i));
    out->push_back(static_cast<char32_t>(DecodeUtf8(s, bytes.size(), i, &len)));
  }
  offsets->push_back(static_cast<uint32_t>(bytes.size()));
}

}  // namespace

class Parser::Impl {
 public:
  Impl(const Grammar& g, ParseOptions options)
      : grammar(g),
        options(options),
        lexer(g, &chars),
        parser(g, nullptr, options.max_depth) {
    lexer.removeErrorListeners();
    lexer.addErrorListener(&lexer_errors);
    parser.removeErrorListeners();
    parser.addErrorListener(&parser_errors);
  }

  absl::StatusOr<ParseResult> Parse(absl::string_view bytes, int start_rule);
  void BoundCaches(int* clears);
  // Lexes the whole input and lays out its tokens by `scheme`: INDENT,
  // DEDENT and logical line breaks made, other line breaks hidden.
  std::unique_ptr<antlr4::ListTokenSource> LayOut(
      const IndentationScheme& scheme);

  // Converts the ANTLR parse tree under `root` into a Tree.
  // Only tokens of `stream` are kept: ParserInterpreter's recovery leaves
  // error nodes whose token it has already freed (ANTLR 4.9), so anything
  // else is never dereferenced.
  Tree Convert(antlr4::ParserRuleContext* root, absl::string_view bytes,
               antlr4::CommonTokenStream& stream);

  const Grammar& grammar;
  ParseOptions options;
  CodePointStream chars;
  std::u32string code_points;
  std::vector<uint32_t> offsets;
  ErrorCounter lexer_errors;
  ErrorCounter parser_errors;
  // Scratch for Convert.
  absl::flat_hash_set<const antlr4::Token*> real_tokens_;
  std::vector<std::pair<uintptr_t, uint32_t>> order_;
  std::vector<uint16_t> kept_before_;
  BoundedLexer lexer;
  RecordingInterpreter parser;
  // DFA states per decision held before each clear (DecisionDfaStates).
  std::vector<size_t> cleared_states;
};

void Parser::Impl::BoundCaches(int* clears) {
  if (parser.DfaStates() + lexer.DfaStates() > options.max_dfa_states) {
    parser.AddDfaStatesByDecision(&cleared_states);
    parser.ClearCaches();
    lexer.ClearCaches();
    ++*clears;
  }
}

std::unique_ptr<antlr4::ListTokenSource> Parser::Impl::LayOut(
    const IndentationScheme& scheme) {
  std::vector<std::unique_ptr<antlr4::Token>> raw;
  std::vector<RawToken> spans;
  for (;;) {
    std::unique_ptr<antlr4::Token> t = lexer.nextToken();
    const bool eof = t->getType() == antlr4::Token::EOF;
    RawToken r;
    r.type = eof ? -1 : static_cast<int>(t->getType());
    r.hidden = t->getChannel() != antlr4::Token::DEFAULT_CHANNEL;
    r.begin = static_cast<uint32_t>(
        std::min<size_t>(t->getStartIndex(), code_points.size()));
    r.end = eof ? r.begin
                : static_cast<uint32_t>(std::min<size_t>(t->getStopIndex() + 1,
                                                         code_points.size()));
    if (r.end < r.begin) r.end = r.begin;
    spans.push_back(r);
    raw.push_back(std::move(t));
    if (eof) break;
  }
  std::vector<LaidOutToken> laid;
  LayOutTokens(scheme, code_points, spans, &laid);
  std::vector<std::unique_ptr<antlr4::Token>> out(laid.size());
  const std::pair<antlr4::TokenSource*, antlr4::CharStream*> source(&lexer,
                                                                    &chars);
  // Made tokens take the line and column of the next lexer token.
  size_t line = 1, column = 0;
  for (size_t i = laid.size(); i-- > 0;) {
    const LaidOutToken& l = laid[i];
    if (l.raw >= 0) {
      std::unique_ptr<antlr4::Token>& t = raw[l.raw];
      line = t->getLine();
      column = t->getCharPositionInLine();
      if (l.hidden != spans[l.raw].hidden) {
        if (auto* c = dynamic_cast<antlr4::CommonToken*>(t.get())) {
          c->setChannel(l.hidden ? antlr4::Token::HIDDEN_CHANNEL
                                 : antlr4::Token::DEFAULT_CHANNEL);
        }
      }
      out[i] = std::move(t);
      continue;
    }
    // Zero width: stop = start - 1 (INVALID_INDEX at the start).
    auto made = std::make_unique<antlr4::CommonToken>(
        source, static_cast<size_t>(l.type), antlr4::Token::DEFAULT_CHANNEL,
        static_cast<size_t>(l.at), static_cast<size_t>(l.at) - 1);
    made->setText("");
    made->setLine(line);
    made->setCharPositionInLine(column);
    out[i] = std::move(made);
  }
  return std::make_unique<antlr4::ListTokenSource>(std::move(out));
}

absl::StatusOr<ParseResult> Parser::Impl::Parse(absl::string_view bytes,
                                                int start_rule) {
  if (bytes.size() > options.max_bytes) {
    return absl::ResourceExhaustedError(
        absl::StrCat("input of ", bytes.size(),
                     " bytes is over the parse limit of ", options.max_bytes));
  }
  if (start_rule < 0) start_rule = grammar.start_rule();
  Decode(bytes, &code_points, &offsets);
  chars.Set(code_points);
  lexer.setInputStream(&chars);
  lexer_errors.count = 0;
  lexer_errors.first.clear();
  parser_errors.first.clear();
  // Grammars whose INDENT/DEDENT a lexer base class makes: the tokens the
  // parser sees are laid out from the lexer's (indentation.h).
  std::unique_ptr<antlr4::ListTokenSource> laid_out;
  const IndentationScheme& layout = grammar.indentation();
  if (layout.active()) {
    try {
      laid_out = LayOut(layout);
    } catch (const std::exception& e) {
      return absl::InvalidArgumentError(
          absl::StrCat("lexer failed: ", e.what()));
    }
  }
  antlr4::CommonTokenStream tokens(
      laid_out != nullptr ? static_cast<antlr4::TokenSource*>(laid_out.get())
                          : &lexer);
  try {
    tokens.fill();
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(absl::StrCat("lexer failed: ", e.what()));
  }
  ParseResult result;
  parser_errors.count = 0;
  const int64_t budget =
      options.prediction_steps +
      options.prediction_steps_per_token * static_cast<int64_t>(tokens.size());
  parser.SetPredictionBudget(budget);
  antlr4::ParserRuleContext* root = nullptr;
  try {
    // Stage 1: SLL, bail out at the first error.
    parser.setTokenStream(&tokens);
    parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
    parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
        antlr4::atn::PredictionMode::SLL);
    try {
      root = parser.parse(static_cast<size_t>(start_rule));
    } catch (const antlr4::ParseCancellationException&) {
      root = nullptr;
    }
    if (root == nullptr || parser_errors.count > 0) {
      // Stage 2: full LL with error recovery.
      result.used_ll = true;
      tokens.seek(0);
      parser.setTokenStream(&tokens);
      parser_errors.count = 0;
      parser.setErrorHandler(std::make_shared<antlr4::DefaultErrorStrategy>());
      parser.getInterpreter<antlr4::atn::ParserATNSimulator>()
          ->setPredictionMode(antlr4::atn::PredictionMode::LL);
      root = parser.parse(static_cast<size_t>(start_rule));
    }
  } catch (const WorkExceeded&) {
    parser.setTokenStream(nullptr);
    return absl::ResourceExhaustedError(
        absl::StrCat("predicting the parse of ", tokens.size(),
                     " tokens took over the limit of ", budget,
                     " steps (an ambiguous grammar?)"));
  } catch (const DepthExceeded&) {
    parser.setTokenStream(nullptr);
    return absl::ResourceExhaustedError(absl::StrCat(
        "input nests rules deeper than the limit of ", options.max_depth));
  } catch (const std::exception& e) {
    parser.setTokenStream(nullptr);
    return absl::InvalidArgumentError(
        absl::StrCat("parser failed: ", e.what()));
  }
  result.prediction_work = budget - parser.PredictionBudgetLeft();
  result.context_nodes = parser.PredictionContextNodes();
  result.syntax_errors = lexer_errors.count + parser_errors.count;
  result.first_error =
      lexer_errors.count > 0 ? lexer_errors.first : parser_errors.first;
  result.tree = Convert(root, bytes, tokens);
  parser.setTokenStream(nullptr);
  return result;
}

Tree Parser::Impl::Convert(antlr4::ParserRuleContext* root,
                           absl::string_view bytes,
                           antlr4::CommonTokenStream& stream) {
  // Buffers are members, reused from parse to parse (every allocation is
  // expensive in a sanitizer build).
  absl::flat_hash_set<const antlr4::Token*>& real_tokens = real_tokens_;
  real_tokens.clear();
  for (antlr4::Token* t : stream.getTokens()) real_tokens.insert(t);
  // The records grouped by context, each group in its original order:
  // (context, record index) pairs, sorted.
  const std::vector<Record>& records = parser.records;
  std::vector<std::pair<uintptr_t, uint32_t>>& order = order_;
  order.resize(records.size());
  for (size_t i = 0; i < order.size(); ++i) {
    order[i] = {reinterpret_cast<uintptr_t>(records[i].ctx),
                static_cast<uint32_t>(i)};
  }
  std::sort(order.begin(), order.end());
  Tree tree;
  size_t pos = 0;  // byte offset after the last token emitted
  auto token_kept = [&real_tokens](antlr4::tree::ParseTree* t) {
    auto* term = dynamic_cast<antlr4::tree::TerminalNode*>(t);
    if (term == nullptr) return true;
    const antlr4::Token* tok = term->getSymbol();
    return real_tokens.contains(tok) && tok->getStartIndex() != INVALID_INDEX;
  };
  // Iterative preorder walk: (context, next child index, tree node).
  struct Frame {
    antlr4::ParserRuleContext* ctx;
    size_t next;
    int node;
  };
  std::vector<Frame> stack;
  auto open = [&](antlr4::ParserRuleContext* ctx) {
    const int node = tree.BeginRule(static_cast<int>(ctx->getRuleIndex()));
    const uintptr_t key = reinterpret_cast<uintptr_t>(ctx);
    const auto lo = std::lower_bound(order.begin(), order.end(),
                                     std::make_pair(key, uint32_t{0}));
    const auto hi =
        std::upper_bound(lo, order.end(), std::make_pair(key, UINT32_MAX));
    if (lo != hi) {
      // Map ANTLR child positions to positions among kept children.
      std::vector<uint16_t>& kept_before = kept_before_;
      kept_before.assign(ctx->children.size() + 1, 0);
      for (size_t c = 0; c < ctx->children.size(); ++c) {
        kept_before[c + 1] = static_cast<uint16_t>(
            kept_before[c] + (token_kept(ctx->children[c]) ? 1 : 0));
      }
      for (auto r = lo; r != hi; ++r) {
        const Record& rec = records[r->second];
        const size_t child = std::min<size_t>(rec.child, ctx->children.size());
        tree.AddStep(node,
                     DerivationStep{rec.decision, rec.alt, kept_before[child]});
      }
    }
    stack.push_back(Frame{ctx, 0, node});
  };
  if (root != nullptr) open(root);
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.next >= f.ctx->children.size()) {
      tree.EndRule(f.node);
      stack.pop_back();
      continue;
    }
    antlr4::tree::ParseTree* child = f.ctx->children[f.next++];
    if (auto* rule = dynamic_cast<antlr4::ParserRuleContext*>(child)) {
      open(rule);
      continue;
    }
    auto* term = dynamic_cast<antlr4::tree::TerminalNode*>(child);
    if (term == nullptr || !token_kept(child)) continue;
    const antlr4::Token* tok = term->getSymbol();
    const int type = static_cast<int>(tok->getType());
    size_t begin = bytes.size(), end = bytes.size();
    if (type != antlr4::Token::EOF) {
      const size_t start = tok->getStartIndex(), stop = tok->getStopIndex();
      if (start < offsets.size()) begin = offsets[start];
      if (stop != INVALID_INDEX && stop + 1 < offsets.size()) {
        end = offsets[stop + 1];
      } else {
        end = begin;
      }
    }
    if (begin < pos) begin = pos;  // never emit bytes twice
    if (end < begin) end = begin;
    const bool is_error =
        dynamic_cast<antlr4::tree::ErrorNode*>(child) != nullptr;
    tree.AddToken(type, bytes.substr(pos, begin - pos),
                  bytes.substr(begin, end - begin), is_error);
    pos = end;
  }
  tree.set_trailer(bytes.substr(pos));
  return tree;
}

Parser::Parser(const Grammar& grammar, ParseOptions options)
    : impl_(std::make_unique<Impl>(grammar, options)) {}

Parser::~Parser() = default;

size_t Parser::CacheStates() const {
  return impl_->parser.DfaStates() + impl_->lexer.DfaStates();
}

std::vector<size_t> Parser::DecisionDfaStates() const {
  std::vector<size_t> counts = impl_->cleared_states;
  impl_->parser.AddDfaStatesByDecision(&counts);
  return counts;
}

size_t Parser::CacheConfigs() const {
  return impl_->parser.DfaConfigs() + impl_->lexer.DfaConfigs();
}

absl::StatusOr<ParseResult> Parser::Parse(absl::string_view bytes,
                                          int start_rule) {
  ++parses_;
  absl::StatusOr<ParseResult> r = impl_->Parse(bytes, start_rule);
  impl_->BoundCaches(&dfa_clears_);
  return r;
}

}  // namespace grammut
