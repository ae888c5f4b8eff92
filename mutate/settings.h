// settings.h: the mutator's configuration from the environment.
//
// The variables themselves, their kinds, defaults and docs are the table in
// base/settings.h; this file turns checked Settings into a MutatorConfig,
// which itself reads no environment.
#ifndef GRAMMUT_MUTATE_SETTINGS_H_
#define GRAMMUT_MUTATE_SETTINGS_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "base/settings.h"
#include "mutate/config.h"

namespace grammut {

// ConfigFromSettings returns the MutatorConfig that `settings` describe.
// Errors (a value the field does not accept) name the variable, or the
// GRAMMUT_EXPERIMENTS entry, that gave it.
absl::StatusOr<MutatorConfig> ConfigFromSettings(const Settings& settings);

// ConfigFromEnvironment reads the process's GRAMMUT_* variables
// (Settings::FromEnvironment, then ConfigFromSettings). `notes` (if not
// null) gets the start-up notes: unknown names, former experiment names.
absl::StatusOr<MutatorConfig> ConfigFromEnvironment(
    std::vector<std::string>* notes = nullptr);

}  // namespace grammut

#endif  // GRAMMUT_MUTATE_SETTINGS_H_
