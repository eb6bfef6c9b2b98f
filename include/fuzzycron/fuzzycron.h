// fuzzycron/fuzzycron.h — the core API (link fuzzycron::fuzzycron): parse,
// next/prev, resolve, offsets, crontabs. The operator tools (explain, lint,
// spread) are in fuzzycron/tools.h (link fuzzycron::tools).
#pragma once

#include "fuzzycron/balance.h"
#include "fuzzycron/calendar.h"
#include "fuzzycron/crontab.h"
#include "fuzzycron/dialect.h"
#include "fuzzycron/dst_policy.h"
#include "fuzzycron/error.h"
#include "fuzzycron/instant.h"
#include "fuzzycron/missed.h"
#include "fuzzycron/parse.h"
#include "fuzzycron/resolve.h"
#include "fuzzycron/rfc3339.h"
#include "fuzzycron/schedule.h"
#include "fuzzycron/seed.h"
#include "fuzzycron/structured.h"
#include "fuzzycron/syntax.h"
#include "fuzzycron/target.h"
#include "fuzzycron/time_zone.h"
#include "fuzzycron/version.h"
