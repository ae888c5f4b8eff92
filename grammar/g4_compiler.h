// g4_compiler.h: turns `.g4` grammar files into `.interp` files.
//
// Runs an ANTLR tool into a cache directory keyed by a hash of the grammar
// files' contents and of the tool (its name and version), and reuses the
// result next time. Which tool, from $GRAMMUT_ANTLR_TOOL:
//   auto (default)  Debian's ANTLR 4.7.2 (`antlr4` on PATH or $GRAMMUT_ANTLR4);
//                   if it fails, or warns that it does not support an option
//                   the grammar sets (caseInsensitive and other 4.10+
//                   features), the ANTLR 4.13 tool below.
//   debian          Debian's tool only.
//   antlr4ng        the ANTLR 4.13 tool that npm's antlr4ng-cli (pinned
//                   version) bundles, run with `java -jar`.
//   antlr-ng        npm's antlr-ng (pinned version, a TypeScript port of the
//                   ANTLR 4.13 tool), run with node.
//   PATH.jar        that ANTLR tool jar, run with `java -jar`.
//   anything else   a command taking the ANTLR tool's command line.
// The npm packages are installed on first use (npm install into
// ToolsRoot()/npm/NAME-VERSION; scripts/setup.sh installs antlr4ng ahead).
// The 4.13 tools write serialization version 4 ATNs, which ParseInterp
// converts to version 3 (interp_file.h).
//
// The tool refuses grammars whose symbols clash with the keywords of the
// target language (error 134); since only the `.interp` output is used, the
// compiler retries with other target languages.
#ifndef GRAMMUT_GRAMMAR_G4_COMPILER_H_
#define GRAMMUT_GRAMMAR_G4_COMPILER_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace grammut {

// The pinned npm packages of the modern tools.
inline constexpr char kAntlr4ngCliPackage[] = "antlr4ng-cli@2.0.0";
inline constexpr char kAntlrNgPackage[] = "antlr-ng@1.0.10";

// The cache directory: $GRAMMUT_CACHE_DIR, else $XDG_CACHE_HOME/grammut, else
// $HOME/.cache/grammut, else /tmp/grammut-cache.
std::string G4CacheRoot();

// Where npm-installed tools go: $GRAMMUT_TOOLS_DIR, else
// $XDG_CACHE_HOME/grammut/tools, else $HOME/.cache/grammut/tools, else
// /tmp/grammut-tools. Independent of $GRAMMUT_CACHE_DIR, so that separate
// grammar caches share one installation.
std::string ToolsRoot();

// CompileG4 compiles the grammar files `g4_files` (one combined grammar, or a
// lexer and a parser grammar) and returns the directory holding the `.interp`
// files. Errors: InvalidArgument (every tool rejected the grammar; the
// message holds each tool's output), FailedPrecondition (a tool, java or npm
// is missing), Unavailable (npm could not reach its registry).
absl::StatusOr<std::string> CompileG4(const std::vector<std::string>& g4_files);

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_G4_COMPILER_H_
