// The old names of tools/entry_settings.h, for src/runner until it moves over
// (issue 28: "JobSettings" is the runner's, src/runner/config.h, alone).
#pragma once

#include "tools/entry_settings.h"

namespace fuzzycron::tools {

using JobSettings = EntrySettings;
inline EntrySettings read_job_settings(const std::vector<CrontabSetting>& settings, std::vector<Diagnostic>& problems) {
  return read_entry_settings(settings, problems);
}

}  // namespace fuzzycron::tools
