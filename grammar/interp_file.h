// interp_file.h: reads the `.interp` files written by the ANTLR tool.
//
// An `.interp` file holds a grammar's vocabulary, rule names, (lexers only)
// channel and mode names, and its serialized ATN. It is all an interpreter
// needs to lex or parse with that grammar.
#ifndef GRAMMUT_GRAMMAR_INTERP_FILE_H_
#define GRAMMUT_GRAMMAR_INTERP_FILE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace grammut {

// The content of one `.interp` file. Names that ANTLR writes as `null` are
// empty strings.
struct InterpData {
  std::vector<std::string> literal_names;
  std::vector<std::string> symbolic_names;
  std::vector<std::string> rule_names;
  std::vector<std::string> channel_names;
  std::vector<std::string> mode_names;
  std::vector<uint16_t> atn;  // serialization version 3
};

// ParseInterp parses the text of an `.interp` file. `source` names it in
// error messages. The ATN is kept as serialization version 3 words (what
// ANTLR 4.7-4.9 tools write and the 4.9 runtime reads); a version-4 ATN
// (ANTLR 4.10 and later) is converted to version 3 (internal/atn_version.h).
absl::StatusOr<InterpData> ParseInterp(absl::string_view text,
                                       absl::string_view source);

// ReadInterpFile reads and parses the `.interp` file at `path`.
absl::StatusOr<InterpData> ReadInterpFile(const std::string& path);

// FormatInterp writes `data` as the text of an `.interp` file (empty names
// as `null`, the ATN as version 3 words): ParseInterp of it gives `data`
// back.
std::string FormatInterp(const InterpData& data);

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_INTERP_FILE_H_
