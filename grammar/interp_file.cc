#include "grammar/interp_file.h"

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "base/file_io.h"
#include "grammar/antlr/atn_version.h"

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
      std::vector<int64_t> values;
      for (absl::string_view item : absl::StrSplit(body, ',')) {
        item = absl::StripAsciiWhitespace(item);
        int64_t value = 0;
        if (!absl::SimpleAtoi(item, &value) || value < -1 ||
            value > 0x7FFFFFFF) {
          return absl::DataLossError(absl::StrCat(
              source, ": bad number '", item, "' in the serialized ATN"));
        }
        values.push_back(value);
      }
      if (atn_internal::AtnSerializationVersion(values) == 4) {
        // ANTLR 4.10+: rewritten as version 3 for the 4.9 runtime.
        absl::StatusOr<std::vector<uint16_t>> v3 =
            atn_internal::ConvertAtnV4ToV3(values);
        if (!v3.ok()) {
          return absl::DataLossError(
              absl::StrCat(source, ": ", v3.status().message()));
        }
        data.atn = *std::move(v3);
      } else {
        // Version 3 (ANTLR 4.7-4.9) words are used as written.
        for (int64_t value : values) {
          if (value < 0 || value > 0xFFFF) {
            return absl::DataLossError(absl::StrCat(
                source, ": bad number '", value,
                "' in the serialized ATN (version 3 words are 0-65535)"));
          }
          data.atn.push_back(static_cast<uint16_t>(value));
        }
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
  absl::StatusOr<std::string> text = ReadFile(path);
  if (!text.ok()) return text.status();
  return ParseInterp(*text, path);
}

std::string FormatInterp(const InterpData& data) {
  std::string out;
  auto section = [&out](absl::string_view title,
                        const std::vector<std::string>& names) {
    absl::StrAppend(&out, title, ":\n");
    for (const std::string& name : names) {
      absl::StrAppend(&out, name.empty() ? "null" : name, "\n");
    }
    out += "\n";
  };
  section("token literal names", data.literal_names);
  section("token symbolic names", data.symbolic_names);
  section("rule names", data.rule_names);
  if (!data.channel_names.empty()) {
    section("channel names", data.channel_names);
  }
  if (!data.mode_names.empty()) section("mode names", data.mode_names);
  absl::StrAppend(&out, "atn:\n[", absl::StrJoin(data.atn, ", "), "]\n");
  return out;
}

}  // namespace grammut
