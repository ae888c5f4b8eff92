// libfuzzer_dictionary.cc: see libfuzzer_dictionary.h.
#include "libfuzzer/libfuzzer_dictionary.h"

#include <filesystem>
#include <system_error>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "base/file_io.h"
#include "base/fingerprint.h"

namespace grammut {

absl::StatusOr<DictionaryChange> AddDictionaryFlag(
    const std::vector<std::string>& args, const std::string& dictionary,
    const std::string& cache_dir) {
  DictionaryChange change{args, ""};
  if (args.empty()) return change;
  // libFuzzer parses flags up to -ignore_remaining_args=1; the last -dict
  // wins.
  size_t at = 0;
  for (size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "-ignore_remaining_args=1") break;
    if (absl::StartsWith(args[i], "-dict=")) at = i;
  }
  const std::string dir = absl::StrCat(cache_dir, "/dicts");
  std::string text;
  if (at != 0) {
    const std::string user = args[at].substr(6);
    if (absl::StartsWith(user, dir + "/")) {
      change.description = absl::StrCat("dictionary ", user);
      return change;
    }
    absl::StatusOr<std::string> words = ReadFile(user);
    if (!words.ok()) {
      return absl::NotFoundError(
          absl::StrCat("cannot read the dictionary -dict=", user));
    }
    text = std::move(*words);
    if (!text.empty() && text.back() != '\n') text += '\n';
  }
  text += dictionary;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  const std::string path = absl::StrFormat("%s/%016x.dict", dir, Fnv1a64(text));
  if (!std::filesystem::exists(path, ec)) {
    if (absl::Status st = WriteFileAtomically(path, text); !st.ok()) return st;
  }
  const std::string flag = absl::StrCat("-dict=", path);
  if (at != 0) {
    change.description = absl::StrCat(
        "grammar words added to -dict=", args[at].substr(6), " in ", path);
    change.args[at] = flag;
  } else {
    change.description = absl::StrCat("grammar words as -dict=", path);
    change.args.insert(change.args.begin() + 1, flag);
  }
  return change;
}

}  // namespace grammut
