#include "fuzzycron/version.h"

namespace fuzzycron {

std::string_view version() noexcept { return FUZZYCRON_VERSION_STRING; }

}  // namespace fuzzycron
