// report_once.cc: see report_once.h.
#include "base/report_once.h"

#include <cstdio>
#include <mutex>

#include "absl/container/flat_hash_set.h"

namespace grammut {
namespace {

// Process-wide memory of what was already reported.
std::mutex report_mu;
absl::flat_hash_set<std::string>& Reported() {
  static auto* reported = new absl::flat_hash_set<std::string>();
  return *reported;
}

}  // namespace

void ReportOnce(const std::string& line) {
  std::lock_guard<std::mutex> lock(report_mu);
  if (Reported().insert(line).second) {
    std::fprintf(stderr, "%s\n", line.c_str());
  }
}

}  // namespace grammut
