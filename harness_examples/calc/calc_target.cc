// calc_target.cc: a fuzz target for the Calc language (see Calc.g4) with a
// planted bug that only a deeply nested, fully valid program reaches.
//
// The whole input must parse (a hand-written recursive-descent parser) before
// anything runs; then every `print` statement is evaluated. Evaluating an
// expression nested six or more parentheses deep writes past the end of a
// small heap buffer, which AddressSanitizer reports.
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace {

struct Token {
  enum Kind { kNum, kName, kPunct, kEnd } kind;
  std::string text;
};

bool Lex(const std::string& s, std::vector<Token>* out) {
  size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++i;
    } else if (c == '#') {
      while (i < s.size() && s[i] != '\n') ++i;
    } else if (c >= '0' && c <= '9') {
      size_t j = i;
      while (j < s.size() && s[j] >= '0' && s[j] <= '9') ++j;
      out->push_back({Token::kNum, s.substr(i, j - i)});
      i = j;
    } else if ((c >= 'a' && c <= 'z') || c == '_') {
      size_t j = i;
      while (j < s.size() && ((s[j] >= 'a' && s[j] <= 'z') || s[j] == '_' ||
                              (s[j] >= '0' && s[j] <= '9'))) {
        ++j;
      }
      out->push_back({Token::kName, s.substr(i, j - i)});
      i = j;
    } else if (std::string("=;(),*/%+-").find(c) != std::string::npos) {
      out->push_back({Token::kPunct, std::string(1, c)});
      ++i;
    } else {
      return false;
    }
  }
  out->push_back({Token::kEnd, ""});
  return true;
}

struct Expr {
  enum Kind { kNum, kVar, kCall, kNeg, kParen, kBin } kind;
  std::string text;  // number, name or operator
  std::vector<std::unique_ptr<Expr>> kids;
};

class Parser {
 public:
  explicit Parser(const std::vector<Token>& t) : t_(t) {}
  bool Program(std::vector<std::unique_ptr<Expr>>* prints) {
    while (t_[p_].kind != Token::kEnd) {
      if (Is("let")) {
        ++p_;
        if (!Name() || !Eat("=") || !Exp(prints) || !Eat(";")) return false;
      } else if (Is("print")) {
        ++p_;
        if (!Exp(prints) || !Eat(";")) return false;
      } else if (Is("def")) {
        ++p_;
        if (!Name() || !Eat("(")) return false;
        if (!Is(")")) {
          if (!Name()) return false;
          while (Is(",")) {
            ++p_;
            if (!Name()) return false;
          }
        }
        if (!Eat(")") || !Eat("=") || !Exp(prints) || !Eat(";")) return false;
      } else {
        return false;
      }
    }
    return true;
  }

 private:
  bool Is(const char* s) const { return t_[p_].text == s; }
  bool Eat(const char* s) { return Is(s) ? (++p_, true) : false; }
  bool Name() {
    if (t_[p_].kind != Token::kName) return false;
    ++p_;
    return true;
  }
  // Parses an expression; keeps the last one for evaluation.
  bool Exp(std::vector<std::unique_ptr<Expr>>* keep) {
    std::unique_ptr<Expr> e = Sum();
    if (!e) return false;
    keep->push_back(std::move(e));
    return true;
  }
  std::unique_ptr<Expr> Sum() {
    auto left = Product();
    while (left && (Is("+") || Is("-"))) {
      auto bin = std::make_unique<Expr>();
      bin->kind = Expr::kBin;
      bin->text = t_[p_++].text;
      bin->kids.push_back(std::move(left));
      auto right = Product();
      if (!right) return nullptr;
      bin->kids.push_back(std::move(right));
      left = std::move(bin);
    }
    return left;
  }
  std::unique_ptr<Expr> Product() {
    auto left = Unary();
    while (left && (Is("*") || Is("/") || Is("%"))) {
      auto bin = std::make_unique<Expr>();
      bin->kind = Expr::kBin;
      bin->text = t_[p_++].text;
      bin->kids.push_back(std::move(left));
      auto right = Unary();
      if (!right) return nullptr;
      bin->kids.push_back(std::move(right));
      left = std::move(bin);
    }
    return left;
  }
  std::unique_ptr<Expr> Unary() {
    if (++depth_ > 200) return nullptr;
    auto e = std::make_unique<Expr>();
    const Token& t = t_[p_];
    if (Is("-")) {
      ++p_;
      e->kind = Expr::kNeg;
      auto k = Unary();
      if (!k) return nullptr;
      e->kids.push_back(std::move(k));
    } else if (Is("(")) {
      ++p_;
      e->kind = Expr::kParen;
      auto k = Sum();
      if (!k || !Eat(")")) return nullptr;
      e->kids.push_back(std::move(k));
    } else if (t.kind == Token::kNum) {
      ++p_;
      e->kind = Expr::kNum;
      e->text = t.text;
    } else if (t.kind == Token::kName && t.text != "let" && t.text != "print" &&
               t.text != "def") {
      ++p_;
      e->text = t.text;
      e->kind = Expr::kVar;
      if (Is("(")) {
        ++p_;
        e->kind = Expr::kCall;
        if (!Is(")")) {
          auto a = Sum();
          if (!a) return nullptr;
          e->kids.push_back(std::move(a));
          while (Is(",")) {
            ++p_;
            auto b = Sum();
            if (!b) return nullptr;
            e->kids.push_back(std::move(b));
          }
        }
        if (!Eat(")")) return nullptr;
      }
    } else {
      return nullptr;
    }
    --depth_;
    return e;
  }
  const std::vector<Token>& t_;
  size_t p_ = 0;
  int depth_ = 0;
};

// Evaluates `e`; `parens` counts enclosing parentheses.
long Eval(const Expr& e, int parens, long* scratch) {
  switch (e.kind) {
    case Expr::kNum:
      return static_cast<long>(e.text.size());
    case Expr::kVar:
      return 1;
    case Expr::kNeg:
      return -Eval(*e.kids[0], parens, scratch);
    case Expr::kParen:
      // The planted bug: the scratch buffer holds 6 entries.
      scratch[parens] = parens;
      return Eval(*e.kids[0], parens + 1, scratch);
    case Expr::kCall: {
      long v = 0;
      for (const auto& k : e.kids) v += Eval(*k, parens, scratch);
      return v;
    }
    case Expr::kBin: {
      const long a = Eval(*e.kids[0], parens, scratch);
      const long b = Eval(*e.kids[1], parens, scratch);
      if (e.text == "+") return a + b;
      if (e.text == "-") return a - b;
      if (e.text == "*") return a * b;
      return b == 0 ? 0 : a % b;
    }
  }
  return 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<Token> tokens;
  if (!Lex(text, &tokens)) return 0;
  Parser parser(tokens);
  std::vector<std::unique_ptr<Expr>> exprs;
  if (!parser.Program(&exprs)) return 0;
  for (const auto& e : exprs) {
    std::unique_ptr<long[]> scratch(new long[6]);
    Eval(*e, 0, scratch.get());
  }
  return 0;
}
