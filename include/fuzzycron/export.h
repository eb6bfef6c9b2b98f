// fuzzycron/export.h — deprecated: the visibility macros are in
// fuzzycron/visibility.h ("export" now means writing jobs for other
// schedulers, fuzzycron/exporter.h). Kept for one minor release.
#pragma once

#include "fuzzycron/visibility.h"
