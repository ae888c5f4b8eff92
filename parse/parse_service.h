// parse_service.h: parsing for another process, over a byte stream.
//
// In a fuzzer built with a sanitizer every allocation the ANTLR runtime
// makes while parsing goes through the sanitizer's allocator: a SQL corpus
// entry takes ~30 ms to parse instead of ~3, and each allocation's stack is
// kept for good in the sanitizer's stack depot (hundreds of MB in a long
// run). So the mutator can have its corpus entries parsed by a helper
// process, the uninstrumented `grammut parse-server`, and receive packed
// trees (tree_codec.h). This file holds the wire format of both ends and the
// server's loop; parse/parse_helper.h starts and talks to the server.
//
// Wire format: frames of a 4-byte payload length and the payload, whose
// first byte says what it is. Integers are in host byte order (both ends run
// on one machine).
//   client -> server  'H' hello: protocol version, parse options, grammar
//                         name, start rule, parser and lexer .interp texts,
//                         the .g4 sources' predicates and actions (the
//                         server then reads predicates and indentation
//                         tokens as the client does)
//   server -> client  'R' ready: the grammar's fingerprint
//                     'E' error: a message (then the server exits)
//   client -> server  'P' parse: the input's bytes
//   server -> client  'T' tree: usage, syntax errors, used-LL flag, first
//                         error, packed tree
//                     'F' refused: usage, status code and message (the
//                         parse's own error, e.g. ResourceExhausted)
// Usage is the server's CPU time so far and its peak RSS, so the client can
// count the helper's cost as its own.
//
// Example (the server side, as `grammut parse-server` runs it):
//   absl::Status st = ServeParses(/*in_fd=*/0, /*out_fd=*/1);
#ifndef GRAMMUT_PARSE_PARSE_SERVICE_H_
#define GRAMMUT_PARSE_PARSE_SERVICE_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "grammar/grammar.h"
#include "parse/parser.h"

namespace grammut {

// Bumped whenever a message changes.
inline constexpr uint32_t kParseProtocolVersion = 2;
// Frames larger than this are refused (a corrupt length).
inline constexpr uint32_t kMaxFrameBytes = uint32_t{1} << 28;

// WriteFrame writes `payload` as one frame to `fd`, retrying short writes.
// A closed peer is an error, never a SIGPIPE.
absl::Status WriteFrame(int fd, absl::string_view payload);

// ReadFrame reads one frame's payload from `fd`, waiting until `deadline`
// (DeadlineExceeded after it). A closed stream is Unavailable.
absl::StatusOr<std::string> ReadFrame(
    int fd, absl::Time deadline = absl::InfiniteFuture());

// The hello message that makes a server load `grammar` and parse with
// `options`.
std::string EncodeHello(const Grammar& grammar, const ParseOptions& options);
// The fingerprint of the grammar a server's ready message reports, or the
// server's error.
absl::StatusOr<uint64_t> DecodeReady(absl::string_view payload);

// What a server process has used so far.
struct ServerUsage {
  double cpu_seconds = 0;  // user + system
  double peak_rss_mb = 0;  // maximum resident set size
};

// Replaces *out with the request to parse `bytes` (a caller may reuse
// *out's buffer).
void EncodeParseRequest(absl::string_view bytes, std::string* out);
// The parse a reply carries: the tree, or the parse's own error (what
// Parser::Parse would have returned); *usage is set from the reply. A reply
// that is not one is DataLoss.
absl::StatusOr<ParseResult> DecodeParseReply(absl::string_view payload,
                                             ServerUsage* usage);

// ServeParses answers a client on `in_fd`/`out_fd`: a hello, then parse
// requests until the client closes its end (then OK). A bad hello is
// answered with an error message and returned; a broken stream is returned.
absl::Status ServeParses(int in_fd, int out_fd);

}  // namespace grammut

#endif  // GRAMMUT_PARSE_PARSE_SERVICE_H_
