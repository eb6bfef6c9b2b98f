"""`croniter`, answered by fuzzycron: the names of croniter 6's package, from
fuzzycron's croniter module (installed by the optional `croniter` distribution
in bindings/python/croniter-dist; docs/bindings.md, "croniter by name")."""
from . import croniter as cron_m  # the module croniter.croniter: fuzzycron._croniter itself
from fuzzycron._croniter import (  # noqa: E402 - after the submodule, as croniter binds them
    DAY_FIELD,
    HOUR_FIELD,
    MINUTE_FIELD,
    MONTH_FIELD,
    OVERFLOW32B_MODE,
    SECOND_FIELD,
    UTC_DT,
    YEAR_FIELD,
    CroniterBadCronError,
    CroniterBadDateError,
    CroniterBadTypeRangeError,
    CroniterError,
    CroniterNotAlphaError,
    CroniterUnsupportedSyntaxError,
    croniter,
    croniter_range,
    datetime_to_timestamp,
)

__all__ = [
    "DAY_FIELD",
    "HOUR_FIELD",
    "MINUTE_FIELD",
    "MONTH_FIELD",
    "OVERFLOW32B_MODE",
    "SECOND_FIELD",
    "UTC_DT",
    "YEAR_FIELD",
    "CroniterBadCronError",
    "CroniterBadDateError",
    "CroniterBadTypeRangeError",
    "CroniterError",
    "CroniterNotAlphaError",
    "CroniterUnsupportedSyntaxError",
    "cron_m",
    "croniter",
    "croniter_range",
    "datetime_to_timestamp",
]
