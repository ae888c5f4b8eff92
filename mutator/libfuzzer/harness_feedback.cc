// harness_feedback.cc: the entry points of grammut/feedback.h, and
// valid-only coverage.
//
// The target's inline 8-bit counters (section __sancov_cntrs) are found in
// the main program's own section table (/proc/self/exe) plus its load
// address: the harness must not declare the section's __start_/__stop_
// symbols itself (the coverage instrumentation creates them per module and
// would get renamed copies that the linker never defines).
#include "mutator/libfuzzer/harness_feedback.h"

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "absl/types/span.h"

namespace grammut {
namespace {

// What the target reported for the input it is running. libFuzzer runs the
// target on the thread that calls the mutator, one input at a time.
HarnessFeedback current;
bool valid_coverage = true;
InputObserver input_observer = nullptr;

// Load address of the main program (the first object dl_iterate_phdr lists).
uintptr_t MainProgramBias() {
  uintptr_t bias = 0;
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* data) {
        *static_cast<uintptr_t*>(data) = info->dlpi_addr;
        return 1;  // the first one is the main program
      },
      &bias);
  return bias;
}

// Section `name` of the running program, in memory; empty if not found.
absl::Span<uint8_t> MainProgramSection(const char* name) {
  absl::Span<uint8_t> found;
  const int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return found;
  struct stat st;
  void* map = MAP_FAILED;
  if (fstat(fd, &st) == 0 &&
      st.st_size >= static_cast<off_t>(sizeof(Elf64_Ehdr))) {
    map = mmap(nullptr, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  }
  close(fd);
  if (map == MAP_FAILED) return found;
  const auto* base = static_cast<const uint8_t*>(map);
  const size_t size = static_cast<size_t>(st.st_size);
  Elf64_Ehdr eh;
  std::memcpy(&eh, base, sizeof eh);
  const bool elf64 = std::memcmp(eh.e_ident, ELFMAG, SELFMAG) == 0 &&
                     eh.e_ident[EI_CLASS] == ELFCLASS64;
  const uint64_t table_end =
      eh.e_shoff + uint64_t{eh.e_shnum} * sizeof(Elf64_Shdr);
  if (elf64 && eh.e_shentsize == sizeof(Elf64_Shdr) &&
      eh.e_shstrndx < eh.e_shnum && table_end <= size) {
    auto section = [&](size_t i) {
      Elf64_Shdr sh;
      std::memcpy(&sh, base + eh.e_shoff + i * sizeof(Elf64_Shdr), sizeof sh);
      return sh;
    };
    const Elf64_Shdr names = section(eh.e_shstrndx);
    const size_t len = std::strlen(name);
    for (size_t i = 0; i < eh.e_shnum; ++i) {
      const Elf64_Shdr sh = section(i);
      if (names.sh_offset + sh.sh_name + len + 1 > size) continue;
      const char* n =
          reinterpret_cast<const char*>(base + names.sh_offset + sh.sh_name);
      if (std::memcmp(n, name, len + 1) != 0 || sh.sh_addr == 0) continue;
      found = absl::MakeSpan(
          reinterpret_cast<uint8_t*>(MainProgramBias() + sh.sh_addr),
          sh.sh_size);
      break;
    }
  }
  munmap(map, size);
  return found;
}

// Folds the counters the running input set into `out` (max per slot).
void FoldCounters(absl::Span<const uint8_t> in, uint8_t* out, size_t n) {
  ForEachNonZeroCounter(in, [out, n](size_t i, uint8_t v) {
    uint8_t& slot = out[i % n];
    if (v > slot) slot = v;
  });
}

}  // namespace

absl::Span<const uint8_t> TargetCounters() {
  static const absl::Span<uint8_t> counters =
      MainProgramSection("__sancov_cntrs");
  return counters;
}

HarnessFeedback TakeHarnessFeedback() {
  HarnessFeedback taken = current;
  current = HarnessFeedback();
  return taken;
}

void SetValidCoverageEnabled(bool enabled) { valid_coverage = enabled; }

void SetInputObserver(InputObserver observer) { input_observer = observer; }

}  // namespace grammut

extern "C" __attribute__((visibility("default"))) void grammut_feedback_verdict(
    int valid, uint8_t* valid_counters, size_t size) {
  grammut::current.verdict = valid
                                 ? grammut::HarnessFeedback::Verdict::kValid
                                 : grammut::HarnessFeedback::Verdict::kInvalid;
  if (valid && grammut::valid_coverage && valid_counters != nullptr &&
      size > 0) {
    grammut::FoldCounters(grammut::TargetCounters(), valid_counters, size);
  }
}

extern "C" __attribute__((visibility("default"))) void grammut_feedback_failure(
    uint32_t site) {
  ++grammut::current.failures;
  grammut::current.failure_site = site;
}

extern "C" __attribute__((visibility("default"))) void grammut_feedback_input(
    const uint8_t* data, size_t size, uint8_t* structure_counters,
    size_t counters) {
  if (grammut::input_observer == nullptr || structure_counters == nullptr ||
      counters == 0 || (data == nullptr && size > 0)) {
    return;
  }
  grammut::input_observer(
      absl::string_view(reinterpret_cast<const char*>(data), size),
      structure_counters, counters);
}
