// doctor_report.cc: see doctor_report.h.
#include "doctor/doctor_report.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "base/utf8.h"

namespace grammut {
namespace {

// The length of the valid UTF-8 sequence at the start of `s`, or 0 (for
// invalid, overlong and surrogate sequences: CESU-8 texts from UTF-16
// lexers are no UTF-8).
size_t Utf8SequenceLength(absl::string_view s) {
  size_t n = 0;
  const uint32_t cp = DecodeUtf8(
      reinterpret_cast<const unsigned char*>(s.data()), s.size(), 0, &n);
  return IsInvalidByte(cp) ? 0 : n;
}

// `s` in double quotes, with JSON escapes for quotes, backslashes and
// control bytes. Valid UTF-8 passes through; a byte that is not part of
// it becomes U+FFFD, so the result is always valid JSON and UTF-8.
std::string Quote(absl::string_view s) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      const size_t n = Utf8SequenceLength(s.substr(i));
      if (n == 0) {
        out += "\\ufffd";
      } else {
        out.append(s.data() + i, n);
        i += n - 1;
      }
    } else if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < 0x20 || c == 0x7f) {
      absl::StrAppendFormat(&out, "\\u%04x", c);
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

// `s` for the text report: at most 160 bytes (a message or a quoted
// input; the JSON form keeps all of it), bytes that are not UTF-8 as
// U+FFFD and control bytes as '?'.
std::string Cut(absl::string_view s) {
  const bool cut = s.size() > 160;
  if (cut) s = s.substr(0, 157);
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const size_t n = c >= 0x80 ? Utf8SequenceLength(s.substr(i)) : 1;
    if (n == 0) {
      out += "\xEF\xBF\xBD";
    } else if (c < 0x20 || c == 0x7f) {
      out += '?';
    } else {
      out.append(s.data() + i, n);
      i += n - 1;
    }
  }
  return cut ? out + "..." : out;
}

std::string Percent(double rate) {
  return absl::StrFormat("%.1f%%", 100 * rate);
}

void TextSemantics(const DoctorReport& r, std::string* out) {
  absl::StrAppend(out, "\npredicates and actions: ", r.semantics.size(),
                  r.have_source ? "" : " (no .g4 source: where, not what)",
                  "\n");
  for (const SemanticFinding& s : r.semantics) {
    absl::StrAppend(out, "  ", s.where.empty() ? "" : s.where + " ",
                    s.rule.empty() ? "" : "rule " + s.rule + ": ", s.kind,
                    s.text.empty() ? "" : " " + s.text, "\n    -> ",
                    s.treatment, "\n");
  }
}

void TextLexer(const DoctorReport& r, std::string* out) {
  const size_t n =
      r.shadowed.size() + r.no_text.size() + r.tokens_not_made.size();
  absl::StrAppend(out, "\nlexer rules that never make a token: ", n, "\n");
  for (const LexerFinding& s : r.shadowed) {
    absl::StrAppendFormat(
        out, "  %s is shadowed by the earlier rule %s: %s lexes as %s%s\n",
        s.rule, s.by, Quote(s.example), s.by,
        s.parser_uses
            ? absl::StrCat("; the parser needs ", s.rule,
                           ", so input using it never parses",
                           s.generated ? "" : " (generation leaves it out)")
            : "");
  }
  for (const LexerFinding& s : r.no_text) {
    absl::StrAppendFormat(out, "  %s matches no text\n", s.rule);
  }
  for (const std::string& t : r.tokens_not_made) {
    absl::StrAppendFormat(
        out, "  the parser uses token %s, which no lexer rule makes%s\n", t,
        ImplicitNote(r, t));
  }
  if (!r.lexer_undecided.empty()) {
    absl::StrAppend(out, "  not decided (search too large): ",
                    absl::StrJoin(r.lexer_undecided, ", "), "\n");
  }
}

void TextCorpus(const DoctorReport& r, std::string* out) {
  if (!r.start_found) return;
  absl::StrAppendFormat(out, "\nparser rules unreachable from %s: %d%s%s\n",
                        r.start_rule, r.unreachable_rules.size(),
                        r.unreachable_rules.empty() ? "" : ": ",
                        absl::StrJoin(r.unreachable_rules, ", "));
  if (!r.have_corpus) {
    absl::StrAppend(out, "\ncorpus: none given\n");
    return;
  }
  const CorpusFindings& c = r.corpus;
  absl::StrAppendFormat(out, "\ncorpus: %d files, %d parse (%s)\n", c.files,
                        c.parsed, Percent(c.parse_rate()));
  for (const CorpusFailure& f : c.failures) {
    absl::StrAppendFormat(out, "  %s: %s\n", f.file, Cut(f.error));
  }
  absl::StrAppendFormat(out, "  full LL needed by %d of %d parses\n", c.used_ll,
                        c.files);
  if (!c.costly.empty()) {
    absl::StrAppend(out, "  decisions that built the most prediction states:");
    for (const CostlyDecision& d : c.costly) {
      absl::StrAppendFormat(out, "%s decision %d in %s (%d states)",
                            &d == &c.costly[0] ? "" : ",", d.decision, d.rule,
                            d.states);
    }
    absl::StrAppend(out, "\n");
  }
}

void TextGeneration(const DoctorReport& r, std::string* out) {
  if (r.generation.empty()) return;
  absl::StrAppend(out, "\ngeneration (re-parsed with the grammar):\n");
  for (const GenerationFindings& g : r.generation) {
    absl::StrAppendFormat(
        out, "  %-8s %4d of %d inputs, %4d re-parse (%s), %.0f inputs/s%s%s\n",
        g.mode, g.generated, g.wanted, g.valid, Percent(g.valid_rate()),
        g.per_second(),
        g.mode == "inverse" || g.mode == "learned"
            ? (g.weights == "corpus" ? ", weights from the corpus"
                                     : ", no corpus: uniform")
            : "",
        g.cut_short ? ", cut short by the time limit" : "");
    if (g.too_big > 0) {
      absl::StrAppendFormat(
          out, "    %d generations did not fit the size limit\n", g.too_big);
    }
    if (g.over_limits > 0) {
      absl::StrAppendFormat(
          out,
          "    %d of the %d that do not re-parse were refused at the parse "
          "limits (too costly to predict, or nested too deep), not by a "
          "syntax error\n",
          g.over_limits, g.generated - g.valid);
    }
    if (g.over_fuzzer_budget > 0) {
      absl::StrAppendFormat(
          out,
          "    %d of the valid ones cost more prediction work than the "
          "fuzzer's parse allows (it cannot take them apart to mutate them)\n",
          g.over_fuzzer_budget);
    }
    if (!g.first_error.empty()) {
      absl::StrAppendFormat(out,
                            "    first invalid input: %s\n      error: %s\n",
                            Cut(Quote(g.first_invalid)), Cut(g.first_error));
    }
  }
}

void JsonStrings(const std::vector<std::string>& v, std::string* out) {
  std::vector<std::string> q;
  for (const std::string& s : v) q.push_back(Quote(s));
  absl::StrAppend(out, "[", absl::StrJoin(q, ", "), "]");
}

void JsonLexerList(const std::vector<LexerFinding>& v, std::string* out) {
  std::vector<std::string> items;
  for (const LexerFinding& s : v) {
    items.push_back(absl::StrCat(
        "{\"rule\": ", Quote(s.rule), ", \"mode\": ", Quote(s.mode),
        ", \"by\": ", Quote(s.by), ", \"example\": ", Quote(s.example),
        ", \"parser_uses\": ", s.parser_uses ? "true" : "false",
        ", \"generated\": ", s.generated ? "true" : "false", "}"));
  }
  absl::StrAppend(out, "[", absl::StrJoin(items, ", "), "]");
}

}  // namespace

std::string FormatDoctorText(const DoctorReport& r) {
  std::string out = absl::StrFormat(
      "grammut doctor: grammar %s (%s): %d parser rules, %d lexer rules; "
      "start rule %s%s\n",
      r.grammar, r.spec, r.parser_rules, r.lexer_rules, r.start_rule,
      r.start_found ? "" : " NOT FOUND");
  TextSemantics(r, &out);
  if (!r.indentation.empty()) {
    absl::StrAppend(&out, "\nindentation: ", r.indentation, "\n");
  }
  TextLexer(r, &out);
  TextCorpus(r, &out);
  TextGeneration(r, &out);
  std::vector<std::string> words;
  for (const std::string& w : r.dictionary) words.push_back(Quote(w));
  absl::StrAppend(&out, "\ndictionary: ", r.dictionary.size(), " words",
                  words.empty() ? "" : ": ", absl::StrJoin(words, " "), "\n");
  if (!r.warnings.empty()) {
    absl::StrAppend(&out, "\nto fix (not blocking):\n");
    for (const std::string& w : r.warnings)
      absl::StrAppend(&out, "  - ", w, "\n");
  }
  absl::StrAppend(
      &out, "\nverdict: ",
      r.fit() ? "fit for fuzzing"
              : "NOT fit for fuzzing: " + absl::StrJoin(r.blocking, "; "),
      r.fit() && !r.warnings.empty()
          ? absl::StrCat(" (", r.warnings.size(), " warnings)")
          : "",
      "\n");
  return out;
}

std::string FormatDoctorJson(const DoctorReport& r) {
  std::string out = "{";
  absl::StrAppend(
      &out, "\"grammar\": ", Quote(r.grammar), ", \"spec\": ", Quote(r.spec),
      ", \"start_rule\": ", Quote(r.start_rule),
      ", \"start_found\": ", r.start_found ? "true" : "false",
      ", \"parser_rules\": ", r.parser_rules,
      ", \"lexer_rules\": ", r.lexer_rules,
      ", \"fit\": ", r.fit() ? "true" : "false", ", \"blocking\": ");
  JsonStrings(r.blocking, &out);
  absl::StrAppend(&out, ", \"warnings\": ");
  JsonStrings(r.warnings, &out);
  std::vector<std::string> items;
  for (const SemanticFinding& s : r.semantics) {
    items.push_back(absl::StrCat(
        "{\"kind\": ", Quote(s.kind),
        ", \"lexer\": ", s.lexer ? "true" : "false",
        ", \"rule\": ", Quote(s.rule), ", \"where\": ", Quote(s.where),
        ", \"text\": ", Quote(s.text), ", \"treatment\": ", Quote(s.treatment),
        ", \"known\": ", s.known ? "true" : "false",
        ", \"entry\": ", Quote(s.entry), "}"));
  }
  absl::StrAppend(&out, ", \"semantics\": [", absl::StrJoin(items, ", "), "]");
  if (!r.indentation.empty()) {
    absl::StrAppend(&out, ", \"indentation\": ", Quote(r.indentation));
  }
  absl::StrAppend(&out, ", \"lexer\": {\"shadowed\": ");
  JsonLexerList(r.shadowed, &out);
  absl::StrAppend(&out, ", \"no_text\": ");
  JsonLexerList(r.no_text, &out);
  absl::StrAppend(&out, ", \"tokens_not_made\": ");
  JsonStrings(r.tokens_not_made, &out);
  absl::StrAppend(&out, ", \"tokens_implicit\": ");
  JsonStrings(r.tokens_implicit, &out);
  absl::StrAppend(&out, ", \"undecided\": ");
  JsonStrings(r.lexer_undecided, &out);
  absl::StrAppend(&out, "}, \"unreachable_rules\": ");
  JsonStrings(r.unreachable_rules, &out);
  absl::StrAppend(&out, ", \"corpus\": ");
  if (!r.have_corpus) {
    absl::StrAppend(&out, "null");
  } else {
    const CorpusFindings& c = r.corpus;
    items.clear();
    for (const CorpusFailure& f : c.failures) {
      items.push_back(absl::StrCat("{\"file\": ", Quote(f.file),
                                   ", \"error\": ", Quote(f.error), "}"));
    }
    std::vector<std::string> costly;
    for (const CostlyDecision& d : c.costly) {
      costly.push_back(absl::StrCat("{\"decision\": ", d.decision,
                                    ", \"rule\": ", Quote(d.rule),
                                    ", \"states\": ", d.states, "}"));
    }
    absl::StrAppend(
        &out, "{\"files\": ", c.files, ", \"parsed\": ", c.parsed,
        ", \"parse_rate\": ", absl::StrFormat("%.4f", c.parse_rate()),
        ", \"used_ll\": ", c.used_ll, ", \"failures\": [",
        absl::StrJoin(items, ", "), "], \"costly_decisions\": [",
        absl::StrJoin(costly, ", "), "]}");
  }
  items.clear();
  for (const GenerationFindings& g : r.generation) {
    items.push_back(absl::StrCat(
        "{\"mode\": ", Quote(g.mode), ", \"weights\": ", Quote(g.weights),
        ", \"wanted\": ", g.wanted, ", \"generated\": ", g.generated,
        ", \"valid\": ", g.valid, ", \"over_limits\": ", g.over_limits,
        ", \"over_fuzzer_budget\": ", g.over_fuzzer_budget,
        ", \"valid_rate\": ", absl::StrFormat("%.4f", g.valid_rate()),
        ", \"too_big\": ", g.too_big,
        ", \"inputs_per_second\": ", absl::StrFormat("%.1f", g.per_second()),
        ", \"cut_short\": ", g.cut_short ? "true" : "false",
        ", \"first_error\": ", Quote(g.first_error),
        ", \"first_invalid\": ", Quote(g.first_invalid), "}"));
  }
  absl::StrAppend(&out, ", \"generation\": [", absl::StrJoin(items, ", "),
                  "], \"dictionary\": ");
  JsonStrings(r.dictionary, &out);
  return out + "}\n";
}

}  // namespace grammut
