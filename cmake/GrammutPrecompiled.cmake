# Precompiled headers: the standard library and Abseil headers most of our
# files include are parsed once per target, not once per file. Reading them
# is half of a file's compile time, and the build is most of CI's time.
# Only outside headers go in (never ours), and nothing of the library is
# compiled differently; -DGRAMMUT_PRECOMPILED_HEADERS=OFF shows a file that
# forgot one of these includes.
option(GRAMMUT_PRECOMPILED_HEADERS "Precompile the standard and Abseil headers" ON)

set(GRAMMUT_PRECOMPILED
  <algorithm> <cstddef> <cstdint> <functional> <map> <memory> <optional>
  <set> <string> <utility> <vector>
  <absl/container/flat_hash_map.h> <absl/container/flat_hash_set.h>
  <absl/status/status.h> <absl/status/statusor.h> <absl/strings/ascii.h>
  <absl/strings/match.h> <absl/strings/numbers.h> <absl/strings/str_cat.h>
  <absl/strings/str_join.h> <absl/strings/str_split.h>
  <absl/strings/string_view.h> <absl/types/span.h>)

# grammut_precompile(TARGET [HEADER...]): TARGET compiles the headers above
# and any more given once, into its own precompiled header.
function(grammut_precompile target)
  if(GRAMMUT_PRECOMPILED_HEADERS)
    target_precompile_headers(${target} PRIVATE ${GRAMMUT_PRECOMPILED} ${ARGN})
  endif()
endfunction()

# grammut_precompile_like(TARGET FROM): TARGET uses FROM's precompiled
# header (both must be compiled with the same flags: both libraries, or both
# executables, with the same sanitizers).
function(grammut_precompile_like target from)
  if(GRAMMUT_PRECOMPILED_HEADERS)
    target_precompile_headers(${target} REUSE_FROM ${from})
  endif()
endfunction()
