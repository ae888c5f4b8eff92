// `grammut parse-server`: parses for a fuzzer's grammut (parse_service.h).
//
// Not for people: the mutator in a fuzzer starts it with a socket on
// standard input and output (parse/parse_helper.h), sends its grammar and
// then one corpus entry at a time, and reads back packed trees. It exits
// when its input closes (the fuzzer stopped).
#include <cstdio>
#include <string>

#include "parse/parse_service.h"
#include "tools/cli_common.h"

namespace grammut::cli {

int RunParseServer(const std::vector<std::string>& args) {
  if (!args.empty()) {
    std::fprintf(stderr,
                 "grammut parse-server: takes no arguments (a fuzzer's "
                 "grammut starts it with a socket on stdin and stdout)\n");
    return 2;
  }
  absl::Status st = ServeParses(/*in_fd=*/0, /*out_fd=*/1);
  if (!st.ok()) {
    std::fprintf(stderr, "grammut parse-server: %s\n",
                 std::string(st.message()).c_str());
    return 1;
  }
  return 0;
}

}  // namespace grammut::cli
