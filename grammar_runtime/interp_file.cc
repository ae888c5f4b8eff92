#include "grammar_runtime/interp_file.h"

#include <fstream>
#include <sstream>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace grammut {
namespace {

// Undoes the quoting ANTLR applies to literal names ('\'' etc. are kept as
// written inside the quotes; the tool writes them as the grammar spelled them).
std::string NameOrEmpty(absl::string_view line) {
  if (line == "null") return "";
  return std::string(line);
}

}  // namespace

absl::StatusOr<InterpData> ParseInterp(absl::string_view text,
                                       absl::string_view source) {
  InterpData data;
  std::vector<std::string>* section = nullptr;
  bool saw_atn = false;
  bool saw_rules = false;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    line = absl::StripTrailingAsciiWhitespace(line);
    if (line == "token literal names:") {
      section = &data.literal_names;
    } else if (line == "token symbolic names:") {
      section = &data.symbolic_names;
    } else if (line == "rule names:") {
      section = &data.rule_names;
      saw_rules = true;
    } else if (line == "channel names:") {
      section = &data.channel_names;
    } else if (line == "mode names:") {
      section = &data.mode_names;
    } else if (line == "atn:") {
      section = nullptr;
      saw_atn = true;
    } else if (saw_atn && absl::StartsWith(line, "[")) {
      absl::string_view body = line.substr(1);
      if (!absl::ConsumeSuffix(&body, "]")) {
        return absl::DataLossError(
            absl::StrCat(source, ": the atn line is not closed by ']'"));
      }
      for (absl::string_view item : absl::StrSplit(body, ',')) {
        item = absl::StripAsciiWhitespace(item);
        uint32_t value = 0;
        if (!absl::SimpleAtoi(item, &value) || value > 0xFFFF) {
          return absl::DataLossError(absl::StrCat(
              source, ": bad number '", item, "' in the serialized ATN"));
        }
        data.atn.push_back(static_cast<uint16_t>(value));
      }
      saw_atn = false;
    } else if (section != nullptr && !line.empty()) {
      section->push_back(NameOrEmpty(line));
    }
  }
  if (!saw_rules || data.atn.empty()) {
    return absl::DataLossError(absl::StrCat(
        source,
        ": not an ANTLR .interp file (no 'rule names:' or 'atn:' section)"));
  }
  return data;
}

absl::StatusOr<InterpData> ReadInterpFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return absl::NotFoundError(absl::StrCat("cannot open ", path));
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  return ParseInterp(buffer.str(), path);
}

}  // namespace grammut
