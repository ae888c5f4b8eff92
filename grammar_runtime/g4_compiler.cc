#include "grammar_runtime/g4_compiler.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "grammar_runtime/fingerprint.h"

extern char** environ;

namespace grammut {
namespace fs = std::filesystem;
namespace {

absl::StatusOr<std::string> ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot open ", path));
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string ShellQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

// Runs `cmd` with /bin/sh, capturing stdout and stderr; returns the exit
// code (-1 if it could not start). The child's environment has no
// LD_PRELOAD and has GRAMMUT_DISABLE=1: when grammut is preloaded into a
// fuzzer, it must not load itself into the tool's processes (each would
// compile the grammar again, without end).
int RunShell(const std::string& cmd, std::string* output) {
  std::vector<std::string> env_storage;
  for (char** e = environ; *e != nullptr; ++e) {
    const absl::string_view v(*e);
    if (absl::StartsWith(v, "LD_PRELOAD=") ||
        absl::StartsWith(v, "GRAMMUT_DISABLE=")) {
      continue;
    }
    env_storage.emplace_back(v);
  }
  env_storage.emplace_back("GRAMMUT_DISABLE=1");
  std::vector<char*> envp;
  for (std::string& e : env_storage) envp.push_back(e.data());
  envp.push_back(nullptr);
  int fds[2];
  if (pipe(fds) != 0) return -1;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 2);
  posix_spawn_file_actions_addclose(&actions, fds[0]);
  std::string shell_cmd = cmd;
  char sh[] = "/bin/sh", dash_c[] = "-c";
  char* argv[] = {sh, dash_c, shell_cmd.data(), nullptr};
  pid_t pid = -1;
  const int spawned =
      posix_spawn(&pid, "/bin/sh", &actions, nullptr, argv, envp.data());
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  if (spawned != 0) {
    close(fds[0]);
    return -1;
  }
  char buf[4096];
  ssize_t n;
  while ((n = read(fds[0], buf, sizeof buf)) > 0) {
    output->append(buf, static_cast<size_t>(n));
  }
  close(fds[0]);
  int status = 0;
  if (waitpid(pid, &status, 0) < 0) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

bool HasInterp(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return false;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.path().extension() == ".interp") return true;
  }
  return false;
}

}  // namespace

std::string G4CacheRoot() {
  if (const char* d = std::getenv("GRAMMUT_CACHE_DIR"); d && *d) return d;
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d && *d) {
    return absl::StrCat(d, "/grammut");
  }
  if (const char* d = std::getenv("HOME"); d && *d) {
    return absl::StrCat(d, "/.cache/grammut");
  }
  return "/tmp/grammut-cache";
}

absl::StatusOr<std::string> CompileG4(
    const std::vector<std::string>& g4_files) {
  if (g4_files.empty()) {
    return absl::InvalidArgumentError("no .g4 files given");
  }
  uint64_t key = Fnv1a64("grammut-g4-v1");
  for (const std::string& f : g4_files) {
    absl::StatusOr<std::string> text = ReadAll(f);
    if (!text.ok()) return text.status();
    key = Fnv1a64(fs::path(f).filename().string(), key);
    key = Fnv1a64(*text, key);
  }
  const fs::path dir = fs::path(G4CacheRoot()) / absl::StrFormat("%016x", key);
  if (HasInterp(dir)) return dir.string();

  std::error_code ec;
  fs::create_directories(dir.parent_path(), ec);
  const fs::path tmp = fs::path(
      absl::StrFormat("%s.tmp%d", dir.string(), static_cast<int>(getpid())));
  fs::remove_all(tmp, ec);
  fs::create_directories(tmp / "src", ec);
  if (ec) {
    return absl::PermissionDeniedError(
        absl::StrCat("cannot create the grammar cache directory ", tmp.string(),
                     ": ", ec.message(), " (set GRAMMUT_CACHE_DIR)"));
  }
  // Lexer grammars first, so that a parser's tokenVocab finds its .tokens.
  std::vector<std::string> ordered;
  for (const std::string& f : g4_files) {
    absl::StatusOr<std::string> text = ReadAll(f);
    const bool lexer =
        text.ok() && text->find("lexer grammar") != std::string::npos;
    if (lexer)
      ordered.insert(ordered.begin(), f);
    else
      ordered.push_back(f);
  }
  for (const std::string& f : ordered) {
    fs::copy_file(f, tmp / "src" / fs::path(f).filename(),
                  fs::copy_options::overwrite_existing, ec);
  }
  const char* tool_env = std::getenv("GRAMMUT_ANTLR4");
  const std::string tool = tool_env && *tool_env ? tool_env : "antlr4";
  std::string last_output;
  for (const char* language : {"Java", "Python3", "Go", "CSharp", "Cpp"}) {
    fs::remove_all(tmp / "out", ec);
    fs::create_directories(tmp / "out", ec);
    bool ok = true;
    for (const std::string& f : ordered) {
      const std::string cmd = absl::StrCat(
          "cd ", ShellQuote((tmp / "src").string()), " && ", tool,
          " -Dlanguage=", language, " -no-listener -no-visitor -o ",
          ShellQuote((tmp / "out").string()), " -lib ",
          ShellQuote((tmp / "out").string()), " ",
          ShellQuote(fs::path(f).filename().string()), " 2>&1");
      std::string output;
      const int rc = RunShell(cmd, &output);
      if (rc < 0) return absl::InternalError("cannot run the ANTLR tool");
      if (rc != 0 || output.find("error(") != std::string::npos) {
        ok = false;
        last_output = output;
        if (rc == 127) {
          return absl::FailedPreconditionError(absl::StrCat(
              "the ANTLR tool '", tool,
              "' was not found; install Debian's antlr4 package or set "
              "GRAMMUT_ANTLR4"));
        }
        break;
      }
    }
    if (ok) {
      fs::remove_all(dir, ec);
      fs::rename(tmp / "out", dir, ec);
      fs::remove_all(tmp, ec);
      if (ec || !HasInterp(dir)) {
        return absl::InternalError(
            absl::StrCat("cannot store compiled grammar in ", dir.string()));
      }
      return dir.string();
    }
    // Only a keyword clash (error 134) is worth another target language.
    if (last_output.find("error(134)") == std::string::npos) break;
  }
  fs::remove_all(tmp, ec);
  return absl::InvalidArgumentError(absl::StrCat("the ANTLR tool rejected ",
                                                 absl::StrJoin(g4_files, ", "),
                                                 ":\n", last_output));
}

}  // namespace grammut
