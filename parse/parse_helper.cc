#include "parse/parse_helper.h"

#include <dlfcn.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"

extern char** environ;

namespace grammut {
namespace {

// Spawns `binary parse-server` with standard input and output on `fd`; the
// environment is this process's without LD_PRELOAD (a preloaded grammut or
// sanitizer runtime has no business in the helper).
absl::StatusOr<pid_t> Spawn(const std::string& binary, int fd) {
  std::vector<char*> env;
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
    if (!absl::StartsWith(*e, "LD_PRELOAD=")) env.push_back(*e);
  }
  env.push_back(nullptr);
  std::string program = binary, command = "parse-server";
  char* argv[] = {program.data(), command.data(), nullptr};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fd, 0);
  posix_spawn_file_actions_adddup2(&actions, fd, 1);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none, all;
  sigemptyset(&none);
  sigfillset(&all);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &all);
  posix_spawnattr_setflags(&attr,
                           POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  pid_t pid = -1;
  const int rc =
      posix_spawn(&pid, binary.c_str(), &actions, &attr, argv, env.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot run ", binary, ": ", std::strerror(rc)));
  }
  return pid;
}

}  // namespace

absl::StatusOr<std::unique_ptr<ParseHelper>> ParseHelper::Start(
    const std::string& binary, const Grammar& grammar,
    const ParseOptions& options, absl::Duration timeout) {
  int fds[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
    return absl::ResourceExhaustedError(
        absl::StrCat("parse helper: socketpair: ", std::strerror(errno)));
  }
  absl::StatusOr<pid_t> pid = Spawn(binary, fds[1]);
  close(fds[1]);
  if (!pid.ok()) {
    close(fds[0]);
    return pid.status();
  }
  // A helper that stops reading must not block a write for good either.
  const timeval send_timeout = absl::ToTimeval(timeout);
  setsockopt(fds[0], SOL_SOCKET, SO_SNDTIMEO, &send_timeout,
             sizeof(send_timeout));
  std::unique_ptr<ParseHelper> helper(new ParseHelper(*pid, fds[0], timeout));
  absl::Status st = WriteFrame(fds[0], EncodeHello(grammar, options));
  absl::StatusOr<uint64_t> fingerprint = absl::UnknownError("");
  if (st.ok()) {
    absl::StatusOr<std::string> ready =
        ReadFrame(fds[0], absl::Now() + timeout);
    fingerprint = ready.ok() ? DecodeReady(*ready) : ready.status();
  } else {
    fingerprint = st;
  }
  if (fingerprint.ok() && *fingerprint != grammar.fingerprint()) {
    fingerprint = absl::FailedPreconditionError(
        "it loaded the grammar differently (another grammut version?)");
  }
  if (!fingerprint.ok()) {
    return absl::Status(fingerprint.status().code(),
                        absl::StrCat(binary, " parse-server: ",
                                     fingerprint.status().message()));
  }
  return helper;
}

ParseHelper::~ParseHelper() { Stop(); }

void ParseHelper::Stop() {
  if (pid_ <= 0) return;
  close(fd_);
  kill(pid_, SIGKILL);
  rusage u{};
  int status = 0;
  while (wait4(pid_, &status, 0, &u) < 0 && errno == EINTR) {
  }
  const double cpu =
      static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
      1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
  usage_.cpu_seconds = std::max(usage_.cpu_seconds, cpu);
  usage_.peak_rss_mb =
      std::max(usage_.peak_rss_mb, static_cast<double>(u.ru_maxrss) / 1024);
  pid_ = -1;
  fd_ = -1;
}

absl::StatusOr<ParseResult> ParseHelper::Parse(absl::string_view bytes) {
  if (!alive()) return absl::UnavailableError("parse helper: stopped");
  EncodeParseRequest(bytes, &request_);
  absl::Status st = WriteFrame(fd_, request_);
  absl::StatusOr<std::string> reply =
      st.ok() ? ReadFrame(fd_, absl::Now() + timeout_)
              : absl::StatusOr<std::string>(st);
  absl::StatusOr<ParseResult> result =
      reply.ok() ? DecodeParseReply(*reply, &usage_)
                 : absl::StatusOr<ParseResult>(reply.status());
  const absl::StatusCode code = result.status().code();
  if (code == absl::StatusCode::kUnavailable ||
      code == absl::StatusCode::kDeadlineExceeded ||
      code == absl::StatusCode::kDataLoss) {
    Stop();
    if (code == absl::StatusCode::kDataLoss) {
      return absl::UnavailableError(result.status().message());
    }
  }
  return result;
}

std::string FindParseHelperBinary() {
  namespace fs = std::filesystem;
  Dl_info info{};
  fs::path self;
  if (dladdr(reinterpret_cast<void*>(&FindParseHelperBinary), &info) != 0 &&
      info.dli_fname != nullptr && absl::StrContains(info.dli_fname, "/")) {
    self = info.dli_fname;
  } else {
    std::error_code ec;
    self = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return "";
  }
  const fs::path dir = self.parent_path();
  for (const fs::path& candidate :
       {dir / "grammut", dir / ".." / "bin" / "grammut",
        dir / ".." / "tools" / "grammut"}) {
    std::error_code ec;
    if (fs::is_regular_file(candidate, ec) &&
        access(candidate.c_str(), X_OK) == 0) {
      return candidate.lexically_normal().string();
    }
  }
  return "";
}

}  // namespace grammut
