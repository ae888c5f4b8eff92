#include "parse/parse_service.h"

#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "grammar/interp_file.h"
#include "grammar/predicate_mappings.h"
#include "grammar/predicate_table.h"
#include "tree/tree_codec.h"

namespace grammut {
namespace {

template <typename T>
void PutFixed(T v, std::string* out) {
  char bytes[sizeof(T)];
  std::memcpy(bytes, &v, sizeof(T));
  out->append(bytes, sizeof(T));
}

void PutString(absl::string_view s, std::string* out) {
  PutFixed(static_cast<uint32_t>(s.size()), out);
  out->append(s.data(), s.size());
}

// Reads the fields of one payload; any overrun makes ok() false for good.
class FieldReader {
 public:
  explicit FieldReader(absl::string_view in) : in_(in) {}

  template <typename T>
  T Fixed() {
    T v{};
    if (!Need(sizeof(T))) return v;
    std::memcpy(&v, in_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return v;
  }
  absl::string_view String() {
    const auto n = Fixed<uint32_t>();
    if (!Need(n)) return {};
    absl::string_view s = in_.substr(pos_, n);
    pos_ += n;
    return s;
  }
  // The bytes not read yet.
  absl::string_view Rest() {
    absl::string_view s = in_.substr(std::min(pos_, in_.size()));
    pos_ = in_.size();
    return s;
  }
  bool ok() const { return ok_; }

 private:
  bool Need(size_t n) {
    if (ok_ && n <= in_.size() - pos_) return true;
    ok_ = false;
    return false;
  }

  absl::string_view in_;
  size_t pos_ = 0;
  bool ok_ = true;
};

absl::Status WriteAll(int fd, const char* data, size_t size) {
  while (size > 0) {
    ssize_t n = send(fd, data, size, MSG_NOSIGNAL);
    if (n < 0 && errno == ENOTSOCK) n = write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      return absl::UnavailableError(
          absl::StrCat("parse service: write failed: ", std::strerror(errno)));
    }
    data += n;
    size -= static_cast<size_t>(n);
  }
  return absl::OkStatus();
}

absl::Status ReadAll(int fd, char* data, size_t size, absl::Time deadline) {
  while (size > 0) {
    if (deadline != absl::InfiniteFuture()) {
      const absl::Duration left = deadline - absl::Now();
      pollfd p{fd, POLLIN, 0};
      const int ms = static_cast<int>(
          std::max<int64_t>(0, absl::ToInt64Milliseconds(left)));
      const int ready = poll(&p, 1, ms);
      if (ready < 0 && errno == EINTR) continue;
      if (ready == 0) {
        return absl::DeadlineExceededError("parse service: no reply in time");
      }
    }
    const ssize_t n = read(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      return absl::UnavailableError(
          n == 0 ? "parse service: the other end closed the stream"
                 : absl::StrCat("parse service: read failed: ",
                                std::strerror(errno)));
    }
    data += n;
    size -= static_cast<size_t>(n);
  }
  return absl::OkStatus();
}

// This process's usage, as replies carry it.
void PutUsage(std::string* out) {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  const auto ns = [](const timeval& t) {
    return static_cast<uint64_t>(t.tv_sec) * 1000000000 +
           static_cast<uint64_t>(t.tv_usec) * 1000;
  };
  PutFixed(ns(u.ru_utime) + ns(u.ru_stime), out);
  PutFixed(static_cast<uint64_t>(u.ru_maxrss), out);  // KB on Linux
}

std::string ErrorMessage(const absl::Status& status) {
  std::string out = "E";
  PutString(status.message(), &out);
  return out;
}

// Loads the grammar a hello names, with its parse options.
absl::StatusOr<std::unique_ptr<Grammar>> GrammarFromHello(
    absl::string_view payload, ParseOptions* options) {
  FieldReader in(payload);
  if (in.Fixed<char>() != 'H') {
    return absl::DataLossError("parse service: expected a hello");
  }
  const auto version = in.Fixed<uint32_t>();
  if (in.ok() && version != kParseProtocolVersion) {
    return absl::FailedPreconditionError(absl::StrCat(
        "parse service: protocol version ", version, " asked, this is ",
        kParseProtocolVersion, " (mixed grammut versions)"));
  }
  options->max_bytes = in.Fixed<uint64_t>();
  options->max_depth = in.Fixed<int32_t>();
  options->max_dfa_states = in.Fixed<uint64_t>();
  const std::string name(in.String());
  const absl::string_view start_rule = in.String();
  const absl::string_view parser_text = in.String();
  const absl::string_view lexer_text = in.String();
  // The .g4 sources' predicates and actions (the server has no sources).
  const auto num_semantics = in.Fixed<uint32_t>();
  if (!in.ok() || num_semantics > (uint32_t{1} << 20)) {
    return absl::DataLossError("parse service: truncated hello");
  }
  std::vector<G4Semantic> semantics(num_semantics);
  for (G4Semantic& s : semantics) {
    s.kind = static_cast<G4SemanticKind>(in.Fixed<uint8_t>());
    s.rule = std::string(in.String());
    s.name = std::string(in.String());
    s.file = std::string(in.String());
    s.line = in.Fixed<int32_t>();
    s.text = std::string(in.String());
    s.alt = in.Fixed<int32_t>();
    s.alt_begins_with_rule = in.Fixed<uint8_t>() != 0;
    s.alt_ends_with_rule = in.Fixed<uint8_t>() != 0;
  }
  if (!in.ok()) return absl::DataLossError("parse service: truncated hello");
  absl::StatusOr<InterpData> parser = ParseInterp(parser_text, "parser");
  if (!parser.ok()) return parser.status();
  absl::StatusOr<InterpData> lexer = ParseInterp(lexer_text, "lexer");
  if (!lexer.ok()) return lexer.status();
  absl::StatusOr<std::unique_ptr<Grammar>> g = Grammar::FromInterp(
      name, *std::move(parser), *std::move(lexer), start_rule);
  if (!g.ok() || semantics.empty()) return g;
  // Predicate meanings as in-process: $GRAMMUT_PREDICATES, then built-in.
  PredicateMappings user;
  (void)ReadPredicateSources("", &user);
  (*g)->UseSemantics(std::move(semantics), &user);
  return g;
}

}  // namespace

absl::Status WriteFrame(int fd, absl::string_view payload) {
  if (payload.size() > kMaxFrameBytes) {
    return absl::ResourceExhaustedError("parse service: frame too large");
  }
  std::string header;
  PutFixed(static_cast<uint32_t>(payload.size()), &header);
  absl::Status st = WriteAll(fd, header.data(), header.size());
  if (!st.ok()) return st;
  return WriteAll(fd, payload.data(), payload.size());
}

absl::StatusOr<std::string> ReadFrame(int fd, absl::Time deadline) {
  uint32_t size = 0;
  absl::Status st =
      ReadAll(fd, reinterpret_cast<char*>(&size), sizeof(size), deadline);
  if (!st.ok()) return st;
  if (size > kMaxFrameBytes) {
    return absl::DataLossError("parse service: corrupt frame length");
  }
  std::string payload(size, '\0');
  st = ReadAll(fd, payload.data(), size, deadline);
  if (!st.ok()) return st;
  return payload;
}

std::string EncodeHello(const Grammar& grammar, const ParseOptions& options) {
  std::string out = "H";
  PutFixed(kParseProtocolVersion, &out);
  PutFixed(static_cast<uint64_t>(options.max_bytes), &out);
  PutFixed(static_cast<int32_t>(options.max_depth), &out);
  PutFixed(static_cast<uint64_t>(options.max_dfa_states), &out);
  PutString(grammar.name(), &out);
  PutString(grammar.rule_name(grammar.start_rule()), &out);
  PutString(FormatInterp(grammar.parser_interp()), &out);
  PutString(FormatInterp(grammar.lexer_interp()), &out);
  PutFixed(static_cast<uint32_t>(grammar.semantics().size()), &out);
  for (const G4Semantic& s : grammar.semantics()) {
    PutFixed(static_cast<uint8_t>(s.kind), &out);
    PutString(s.rule, &out);
    PutString(s.name, &out);
    PutString(s.file, &out);
    PutFixed(static_cast<int32_t>(s.line), &out);
    PutString(s.text, &out);
    PutFixed(static_cast<int32_t>(s.alt), &out);
    PutFixed(static_cast<uint8_t>(s.alt_begins_with_rule ? 1 : 0), &out);
    PutFixed(static_cast<uint8_t>(s.alt_ends_with_rule ? 1 : 0), &out);
  }
  return out;
}

absl::StatusOr<uint64_t> DecodeReady(absl::string_view payload) {
  FieldReader in(payload);
  const char kind = in.Fixed<char>();
  if (kind == 'E') {
    const absl::string_view message = in.String();
    return absl::FailedPreconditionError(
        in.ok() ? message : "parse service: garbled error");
  }
  const auto fingerprint = in.Fixed<uint64_t>();
  if (kind != 'R' || !in.ok()) {
    return absl::DataLossError("parse service: expected a ready message");
  }
  return fingerprint;
}

void EncodeParseRequest(absl::string_view bytes, std::string* out) {
  out->assign("P");
  out->append(bytes.data(), bytes.size());
}

absl::StatusOr<ParseResult> DecodeParseReply(absl::string_view payload,
                                             ServerUsage* usage) {
  FieldReader in(payload);
  const char kind = in.Fixed<char>();
  const auto cpu_ns = in.Fixed<uint64_t>();
  const auto rss_kb = in.Fixed<uint64_t>();
  if (in.ok()) {
    usage->cpu_seconds = 1e-9 * static_cast<double>(cpu_ns);
    usage->peak_rss_mb = static_cast<double>(rss_kb) / 1024;
  }
  if (kind == 'F') {
    const auto code = in.Fixed<int32_t>();
    const absl::string_view message = in.String();
    if (!in.ok() || code == 0) {
      return absl::DataLossError("parse service: garbled refusal");
    }
    return absl::Status(static_cast<absl::StatusCode>(code), message);
  }
  ParseResult r;
  r.syntax_errors = in.Fixed<int32_t>();
  r.used_ll = in.Fixed<char>() != 0;
  r.first_error = std::string(in.String());
  if (kind != 'T' || !in.ok() || !UnpackTree(in.Rest(), &r.tree)) {
    return absl::DataLossError("parse service: garbled tree");
  }
  return r;
}

absl::Status ServeParses(int in_fd, int out_fd) {
  absl::StatusOr<std::string> hello = ReadFrame(in_fd);
  if (!hello.ok()) return hello.status();
  ParseOptions options;
  absl::StatusOr<std::unique_ptr<Grammar>> grammar =
      GrammarFromHello(*hello, &options);
  if (!grammar.ok()) {
    (void)WriteFrame(out_fd, ErrorMessage(grammar.status()));
    return grammar.status();
  }
  Parser parser(**grammar, options);
  std::string reply = "R";
  PutFixed((*grammar)->fingerprint(), &reply);
  absl::Status st = WriteFrame(out_fd, reply);
  std::string packed;
  while (st.ok()) {
    absl::StatusOr<std::string> request = ReadFrame(in_fd);
    if (!request.ok()) {
      // The client closing its end is how a session ends.
      return absl::IsUnavailable(request.status()) ? absl::OkStatus()
                                                   : request.status();
    }
    if (request->empty() || (*request)[0] != 'P') {
      return absl::DataLossError("parse service: expected a parse request");
    }
    absl::StatusOr<ParseResult> r =
        parser.Parse(absl::string_view(*request).substr(1));
    reply = r.ok() ? "T" : "F";
    PutUsage(&reply);
    if (r.ok()) {
      PutFixed(static_cast<int32_t>(r->syntax_errors), &reply);
      PutFixed(static_cast<char>(r->used_ll ? 1 : 0), &reply);
      PutString(r->first_error, &reply);
      PackTree(r->tree, &packed);
      reply += packed;
    } else {
      PutFixed(static_cast<int32_t>(r.status().code()), &reply);
      PutString(r.status().message(), &reply);
    }
    st = WriteFrame(out_fd, reply);
  }
  return st;
}

}  // namespace grammut
