// g4_compiler.h: turns `.g4` grammar files into `.interp` files.
//
// Runs the ANTLR tool (`antlr4` on PATH, or $GRAMMUT_ANTLR4) into a cache
// directory keyed by a hash of the grammar files' contents, and reuses the
// result next time. The tool refuses grammars whose symbols clash with the
// keywords of the target language (error 134); since only the `.interp`
// output is used, the compiler retries with other target languages.
#ifndef GRAMMUT_GRAMMAR_RUNTIME_G4_COMPILER_H_
#define GRAMMUT_GRAMMAR_RUNTIME_G4_COMPILER_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace grammut {

// The cache directory: $GRAMMUT_CACHE_DIR, else $XDG_CACHE_HOME/grammut, else
// $HOME/.cache/grammut, else /tmp/grammut-cache.
std::string G4CacheRoot();

// CompileG4 compiles the grammar files `g4_files` (one combined grammar, or a
// lexer and a parser grammar) and returns the directory holding the `.interp`
// files.
absl::StatusOr<std::string> CompileG4(const std::vector<std::string>& g4_files);

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_RUNTIME_G4_COMPILER_H_
