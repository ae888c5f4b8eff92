// `grammut mutate`: print N mutants of a file with the operator that made each.
#include <cstdio>

#include "tools/cli_common.h"

namespace grammut::cli {

int RunMutate(const std::vector<std::string>& /*args*/) {
  std::fprintf(stderr, "grammut mutate: not available in this build\n");
  return 2;
}

}  // namespace grammut::cli
