// file_io.h: whole-file reads and writes, the one place grammut does them.
#ifndef GRAMMUT_BASE_FILE_IO_H_
#define GRAMMUT_BASE_FILE_IO_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace grammut {

// The bytes of file `path`; NotFound if it cannot be opened.
absl::StatusOr<std::string> ReadFile(const std::string& path);

// Writes `bytes` to `path`, replacing it; PermissionDenied if it cannot.
absl::Status WriteFile(const std::string& path, absl::string_view bytes);

// Writes `bytes` to `path.tmp.<pid>` and renames it to `path`, so readers
// see the old file or the whole new one, never a part.
absl::Status WriteFileAtomically(const std::string& path,
                                 absl::string_view bytes);

}  // namespace grammut

#endif  // GRAMMUT_BASE_FILE_IO_H_
