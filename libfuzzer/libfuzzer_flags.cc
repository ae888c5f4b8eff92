#include "libfuzzer/libfuzzer_flags.h"

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "base/file_io.h"

namespace grammut {

LibFuzzerFlags LibFuzzerFlags::Parse(absl::Span<const std::string> args) {
  LibFuzzerFlags f;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.size() < 2 || a[0] != '-' || a[1] == '-') continue;
    const size_t eq = a.find('=');
    if (eq == std::string::npos) continue;
    const std::string name = a.substr(1, eq - 1);
    const std::string value = a.substr(eq + 1);
    if (name == "ignore_remaining_args" && value == "1") break;
    f.flags_[name] = value;
  }
  return f;
}

LibFuzzerFlags LibFuzzerFlags::FromProcess() {
  const std::string all = ReadFile("/proc/self/cmdline").value_or("");
  std::vector<std::string> args = absl::StrSplit(all, '\0');
  if (!args.empty() && args.back().empty()) args.pop_back();
  return Parse(args);
}

long LibFuzzerFlags::Int(const std::string& name, long fallback) const {
  auto it = flags_.find(name);
  long v = 0;
  if (it == flags_.end() || !absl::SimpleAtoi(it->second, &v)) return fallback;
  return v;
}

std::string LibFuzzerFlags::Get(const std::string& name) const {
  auto it = flags_.find(name);
  return it == flags_.end() ? "" : it->second;
}

int LibFuzzerFlags::mutate_depth() const {
  const long d = Int("mutate_depth", 5);
  return d < 1 ? 1 : static_cast<int>(d);
}

int LibFuzzerFlags::reduce_depth() const {
  return static_cast<int>(Int("reduce_depth", 0));
}

bool LibFuzzerFlags::chains_are_reliable() const {
  return reduce_depth() == 0 && Int("merge", 0) == 0 &&
         Int("minimize_crash_internal_step", 0) == 0;
}

std::string LibFuzzerFlags::Describe() const {
  std::string out;
  for (const char* name :
       {"mutate_depth", "reduce_depth", "max_len", "seed", "dict",
        "len_control", "use_cmp", "fork", "entropic_scale_per_exec_time",
        "minimize_crash_internal_step", "merge"}) {
    if (Has(name)) {
      absl::StrAppend(&out, " -", name, "=", Get(name));
    }
  }
  absl::StrAppend(&out, " (mutate_depth ", mutate_depth(),
                  Has("mutate_depth") ? "" : " by default",
                  chains_are_reliable() ? "; chains tell kept outputs"
                                        : "; credit only when entries return",
                  ")");
  return out;
}

}  // namespace grammut
