// fuzzycron/fuzzycron.h — the whole public API.
#pragma once

#include "fuzzycron/crontab.h"
#include "fuzzycron/dialect.h"
#include "fuzzycron/dst_policy.h"
#include "fuzzycron/error.h"
#include "fuzzycron/explain.h"
#include "fuzzycron/lint.h"
#include "fuzzycron/parse.h"
#include "fuzzycron/resolve.h"
#include "fuzzycron/rfc3339.h"
#include "fuzzycron/schedule.h"
#include "fuzzycron/seed.h"
#include "fuzzycron/spread.h"
#include "fuzzycron/structured.h"
#include "fuzzycron/time_zone.h"
