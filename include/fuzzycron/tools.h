// fuzzycron/tools.h — the operator tools over the core API (link
// fuzzycron::tools): explain, lint, spread and its plots.
#pragma once

#include "fuzzycron/balancer.h"
#include "fuzzycron/explain.h"
#include "fuzzycron/exporter.h"
#include "fuzzycron/fuzzycron.h"
#include "fuzzycron/lint.h"
#include "fuzzycron/manifest.h"
#include "fuzzycron/spread.h"
