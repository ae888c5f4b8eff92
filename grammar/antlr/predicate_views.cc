// predicate_views.cc: see predicate_views.h.
#include "grammar/antlr/predicate_views.h"

#include "CharStream.h"
#include "misc/Interval.h"

namespace grammut {
namespace parser_internal {

PredicateView ParserView(const Grammar& grammar, antlr4::TokenStream* input) {
  PredicateView v;
  if (input == nullptr) return v;
  antlr4::Token* next = input->LT(1);
  antlr4::Token* prev = input->LT(-1);
  if (prev != nullptr) {
    v.has_prev = true;
    v.prev_text = prev->getText();
    v.prev_is_name = !grammar.is_literal(static_cast<int>(prev->getType()));
  }
  if (next == nullptr) return v;
  v.has_next = true;
  if (next->getType() != antlr4::Token::EOF) v.next_text = next->getText();
  // The text between the two tokens, whatever channel or skip took it.
  const size_t from = prev != nullptr ? prev->getStopIndex() + 1 : 0;
  const size_t to = next->getStartIndex();
  antlr4::CharStream* chars = next->getInputStream();
  if (chars != nullptr && to != INVALID_INDEX && from < to &&
      to <= chars->size()) {
    v.line_break_between = HasLineBreak(chars->getText(antlr4::misc::Interval(
        static_cast<ssize_t>(from), static_cast<ssize_t>(to) - 1)));
  }
  return v;
}

void LexerPredicateState::Reset() {
  has_prev_ = false;
  prev_text_.clear();
  prev_is_name_ = false;
  has_prev2_ = false;
  prev2_text_.clear();
  prev2_is_name_ = false;
  braces_.clear();
}

void LexerPredicateState::Emitted(const antlr4::Token& token,
                                  size_t mode_levels) {
  braces_.resize(mode_levels + 1, 0);
  const std::string text = token.getText();
  if (text == "{") {
    ++braces_.back();
  } else if (text == "}" && braces_.back() > 0) {
    --braces_.back();
  }
  if (token.getChannel() != antlr4::Token::DEFAULT_CHANNEL) return;
  has_prev2_ = has_prev_;
  prev2_text_ = std::move(prev_text_);
  prev2_is_name_ = prev_is_name_;
  has_prev_ = true;
  prev_text_ = text;
  prev_is_name_ = !grammar_.is_literal(static_cast<int>(token.getType()));
}

PredicateView LexerPredicateState::View(size_t start, size_t mode_levels) {
  braces_.resize(mode_levels + 1, 0);
  PredicateView v;
  v.has_prev = has_prev_;
  v.prev_text = prev_text_;
  v.prev_is_name = prev_is_name_;
  v.has_prev2 = has_prev2_;
  v.prev2_text = prev2_text_;
  v.prev2_is_name = prev2_is_name_;
  v.at_start = start == 0;
  v.in_template = mode_levels > 0 && braces_.back() == 0;
  return v;
}

}  // namespace parser_internal
}  // namespace grammut
