#include "tools/reduce_oracle.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "tools/cli_common.h"

namespace grammut::cli {
namespace {

namespace fs = std::filesystem;

// Frames of the sanitizer and libFuzzer runtimes and of libc, skipped when
// looking for the crash's top frame: functions whose name starts with one
// of kMachineryPrefixes, or is one of kMachineryNames (before any "(").
constexpr absl::string_view kMachineryPrefixes[] = {
    "__sanitizer",    "__asan",         "__ubsan",        "__lsan",  "__msan",
    "__interceptor",  "__interception", "fuzzer::",       "__libc_", "__GI_",
    "__pthread_kill", "operator new",   "operator delete"};
constexpr absl::string_view kMachineryNames[] = {
    "malloc", "calloc", "realloc", "free",
    "abort",  "raise",  "gsignal", "pthread_kill"};

bool IsMachinery(absl::string_view func) {
  for (absl::string_view p : kMachineryPrefixes) {
    if (absl::StartsWith(func, p)) return true;
  }
  const absl::string_view name = func.substr(0, func.find('('));
  for (absl::string_view n : kMachineryNames) {
    if (name == n) return true;
  }
  return false;
}

// True if `w` is a frame's location: "file:line[:column]" (any path) or
// "(module+0x...)".
bool IsLocation(absl::string_view w) {
  if (absl::StartsWith(w, "(") && absl::EndsWith(w, ")")) {
    return absl::StrContains(w, "+0x");
  }
  int colons = 0;
  while (colons < 2 && !w.empty() && absl::ascii_isdigit(w.back())) {
    while (!w.empty() && absl::ascii_isdigit(w.back())) w.remove_suffix(1);
    if (!absl::ConsumeSuffix(&w, ":")) return false;
    ++colons;
  }
  return colons > 0 && !w.empty();
}

// FUNC of a frame line "#N 0x... in FUNC LOCATION", or "" if the line is
// not a frame or names no function.
std::string FrameFunction(absl::string_view line) {
  line = absl::StripLeadingAsciiWhitespace(line);
  if (!absl::ConsumePrefix(&line, "#")) return "";
  const size_t in = line.find(" in ");
  if (in == absl::string_view::npos) return "";
  absl::string_view func = absl::StripAsciiWhitespace(line.substr(in + 4));
  // Drop a last "(BuildId: ...)" (newer sanitizers print it after modules).
  const size_t build_id = func.rfind(" (BuildId: ");
  if (build_id != absl::string_view::npos && absl::EndsWith(func, ")")) {
    func = absl::StripTrailingAsciiWhitespace(func.substr(0, build_id));
  }
  // Drop the location (function names may hold spaces; locations do not).
  const size_t space = func.rfind(' ');
  if (space != absl::string_view::npos && IsLocation(func.substr(space + 1))) {
    func = func.substr(0, space);
  }
  return std::string(absl::StripAsciiWhitespace(func));
}

// <kind> of "...ERROR: <tool>: <kind>...".
std::string ErrorKind(absl::string_view line) {
  const size_t e = line.find("ERROR: ");
  absl::string_view rest = line.substr(e + 7);
  const size_t colon = rest.find(": ");
  if (colon == absl::string_view::npos) return "";
  rest = rest.substr(colon + 2);
  for (absl::string_view stop : {" on ", " after ", " ("}) {
    const size_t s = rest.find(stop);
    if (s != absl::string_view::npos) rest = rest.substr(0, s);
  }
  return std::string(absl::StripAsciiWhitespace(rest));
}

// Result of one process run.
struct ProcessResult {
  bool timed_out = false;
  bool exited = false;  // normal exit (else a signal or a timeout)
  int code = 0;         // exit status or signal number
};

// Runs argv (argv[0] looked up in PATH) with output to `log` and no input,
// in its own process group; kills the group after `timeout` seconds.
ProcessResult RunProcess(const std::vector<std::string>& argv,
                         const std::string& log, double timeout) {
  ProcessResult result;
  const pid_t pid = fork();
  if (pid < 0) return result;
  if (pid == 0) {
    setpgid(0, 0);
    const int in = open("/dev/null", O_RDONLY);
    const int out = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (in >= 0) dup2(in, 0);
    if (out >= 0) {
      dup2(out, 1);
      dup2(out, 2);
    }
    std::vector<char*> args;
    for (const std::string& a : argv)
      args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execvp(args[0], args.data());
    _exit(127);
  }
  setpgid(pid, pid);
  const auto deadline =
      std::chrono::steady_clock::now() +
      std::chrono::microseconds(static_cast<int64_t>(timeout * 1e6));
  auto pause = std::chrono::microseconds(50);
  int status = 0;
  for (;;) {
    const pid_t r = waitpid(pid, &status, WNOHANG);
    if (r == pid) break;
    if (std::chrono::steady_clock::now() >= deadline) {
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
      result.timed_out = true;
      return result;
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(5000));
  }
  kill(-pid, SIGKILL);  // anything it left running in the background
  if (WIFEXITED(status)) {
    result.exited = true;
    result.code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result.code = WTERMSIG(status);
  }
  return result;
}

}  // namespace

std::string CrashSignature::ToString() const {
  return frame.empty() ? kind : absl::StrCat(kind, " in ", frame);
}

namespace {

constexpr absl::string_view kLeakKind = "detected memory leaks";

// The allocation stacks of a LeakSanitizer report (CrashSignature::leaks).
std::vector<std::string> LeakStacks(absl::string_view log) {
  std::vector<std::string> leaks;
  int frames = kLeakFrames;  // functions still to take for leaks.back()
  for (absl::string_view line : absl::StrSplit(log, '\n')) {
    const absl::string_view t = absl::StripLeadingAsciiWhitespace(line);
    if (absl::StartsWith(t, "Direct leak of ") ||
        absl::StartsWith(t, "Indirect leak of ")) {
      leaks.emplace_back();
      frames = 0;
      continue;
    }
    if (frames >= kLeakFrames) continue;
    const std::string func = FrameFunction(line);
    if (func.empty() || IsMachinery(func)) continue;
    if (frames++ > 0) absl::StrAppend(&leaks.back(), " <- ");
    absl::StrAppend(&leaks.back(), func);
  }
  return leaks;
}

}  // namespace

std::optional<CrashSignature> ParseCrashReport(absl::string_view log) {
  std::optional<CrashSignature> sig;
  std::string summary_kind;
  for (absl::string_view line : absl::StrSplit(log, '\n')) {
    if (sig.has_value() && sig->kind == kLeakKind) break;
    if (!sig.has_value()) {
      if (absl::StrContains(line, "ERROR: ") &&
          (absl::StrContains(line, "Sanitizer: ") ||
           absl::StrContains(line, "libFuzzer: "))) {
        sig = CrashSignature{ErrorKind(line), ""};
        continue;
      }
      const size_t s = line.find("SUMMARY: ");
      if (summary_kind.empty() && s != absl::string_view::npos &&
          absl::StrContains(line, "Sanitizer: ")) {
        absl::string_view rest = line.substr(s + 9);
        rest = rest.substr(rest.find(": ") + 2);
        summary_kind = std::string(rest.substr(0, rest.find(' ')));
      }
    }
    if (sig.has_value() && sig->frame.empty()) {
      const std::string func = FrameFunction(line);
      if (!func.empty() && !IsMachinery(func)) sig->frame = func;
    }
  }
  if (sig.has_value() && sig->kind == kLeakKind) {
    sig->leaks = LeakStacks(log);
    sig->frame = sig->leaks.empty() ? "" : sig->leaks.front();
  }
  if (!sig.has_value() && !summary_kind.empty()) {
    // UBSan prints no ERROR line: take the first frame of the log.
    sig = CrashSignature{summary_kind, ""};
    for (absl::string_view line : absl::StrSplit(log, '\n')) {
      const std::string func = FrameFunction(line);
      if (!func.empty() && !IsMachinery(func)) {
        sig->frame = func;
        break;
      }
    }
  }
  return sig;
}

bool SameCrash(const CrashSignature& original, const CrashSignature& now) {
  if (original.kind != now.kind) return false;
  if (original.kind == "timeout" || original.kind == "out-of-memory") {
    return true;
  }
  if (original.kind == kLeakKind) {
    return std::find(now.leaks.begin(), now.leaks.end(), original.frame) !=
           now.leaks.end();
  }
  return original.frame == now.frame;
}

absl::StatusOr<std::unique_ptr<Oracle>> Oracle::Create(OracleOptions options) {
  if (options.test_command.empty() == options.fuzzer.empty()) {
    return absl::InvalidArgumentError(
        "give exactly one of --test 'CMD {}' and --fuzzer BINARY");
  }
  if (!(options.timeout_seconds > 0)) {
    return absl::InvalidArgumentError("--timeout must be positive");
  }
  if (!options.fuzzer.empty() && access(options.fuzzer.c_str(), X_OK) != 0) {
    return absl::NotFoundError(
        absl::StrCat("--fuzzer: cannot execute ", options.fuzzer));
  }
  std::string tmpl =
      (fs::temp_directory_path() / "grammut-reduce-XXXXXX").string();
  if (mkdtemp(tmpl.data()) == nullptr) {
    return absl::InternalError("cannot create a temporary directory");
  }
  std::unique_ptr<Oracle> o(new Oracle(std::move(options)));
  o->dir_ = tmpl;
  std::string name = fs::path(o->options_.input_path).filename().string();
  if (name.empty()) name = "input";
  o->file_ = (fs::path(tmpl) / name).string();
  o->log_ = (fs::path(tmpl) / "log").string();
  if (!o->options_.fuzzer.empty()) {
    // UBSan prints a stack only when asked.
    setenv("UBSAN_OPTIONS", "print_stacktrace=1", /*overwrite=*/0);
  }
  return o;
}

Oracle::~Oracle() {
  std::error_code ec;
  if (!dir_.empty()) fs::remove_all(dir_, ec);
}

bool Oracle::Interesting(absl::string_view candidate) {
  const bool first = first_;
  first_ = false;
  if (!WriteFile(file_, std::string(candidate)).ok()) {
    if (first) why_not_ = absl::StrCat("cannot write ", file_);
    return false;
  }
  const double t = options_.timeout_seconds;
  if (!options_.test_command.empty()) {
    std::string cmd = options_.test_command;
    const std::string quoted =
        absl::StrCat("'", absl::StrReplaceAll(file_, {{"'", "'\\''"}}), "'");
    if (absl::StrContains(cmd, "{}")) {
      cmd = absl::StrReplaceAll(cmd, {{"{}", quoted}});
    } else {
      absl::StrAppend(&cmd, " ", quoted);
    }
    const ProcessResult r = RunProcess({"/bin/sh", "-c", cmd}, "/dev/null", t);
    const bool yes = r.exited && r.code == 0;
    if (first && !yes) {
      why_not_ = r.timed_out ? absl::StrCat("the test takes over ", t, " s")
                 : r.exited
                     ? absl::StrCat("the test exits with status ", r.code)
                     : absl::StrCat("the test dies of signal ", r.code);
    }
    return yes;
  }
  // libFuzzer's own timeout first (a "timeout" report), then ours.
  const int64_t lf_timeout = std::max<int64_t>(1, std::llround(std::ceil(t)));
  const ProcessResult r =
      RunProcess({options_.fuzzer, absl::StrCat("-timeout=", lf_timeout),
                  absl::StrCat("-artifact_prefix=", dir_, "/"), file_},
                 log_, 2 * t + 5);
  if (r.timed_out || (r.exited && r.code == 0)) {
    if (first) {
      why_not_ = r.timed_out
                     ? absl::StrCat(options_.fuzzer, " hangs on it")
                     : absl::StrCat(options_.fuzzer, " does not crash on it");
    }
    return false;
  }
  absl::StatusOr<std::string> log = ReadFile(log_);
  const std::optional<CrashSignature> sig =
      log.ok() ? ParseCrashReport(*log) : std::nullopt;
  if (first) {
    if (!sig.has_value()) {
      why_not_ = absl::StrCat(options_.fuzzer,
                              " fails on it without a sanitizer or libFuzzer "
                              "report (exit ",
                              r.code, ")");
      return false;
    }
    signature_ = sig;
    return true;
  }
  return sig.has_value() && SameCrash(*signature_, *sig);
}

}  // namespace grammut::cli
