from datetime import datetime, timedelta
from typing import Iterator, List, Optional, Sequence, Union
from zoneinfo import ZoneInfo

from ._croniter import (CroniterBadCronError as CroniterBadCronError, CroniterBadDateError as CroniterBadDateError,
                        CroniterNotAlphaError as CroniterNotAlphaError, croniter as croniter,
                        CroniterError as CroniterError, CroniterBadTypeRangeError as CroniterBadTypeRangeError,
                        CroniterUnsupportedSyntaxError as CroniterUnsupportedSyntaxError,
                        croniter_range as croniter_range, datetime_to_timestamp as datetime_to_timestamp)

__version__: str
Seed = Union[str, Sequence[str], None]

class ParseError(ValueError):
    message: str
    column: int  # 1-based; 0 when the error is not about the text
    line: int  # 1-based line of a multi-line spec; 0 for one line
    text: str
    kind: str  # "syntax", "missing-seed", "bad-seed", "time-zone", "unsupported", "argument", "lock"

class BalanceLock:
    """A balance lock (docs/balance.md), read from its text; ParseError (kind "lock") when corrupt."""
    def __init__(self, text: str) -> None: ...
    @property
    def dialect(self) -> str: ...
    @property
    def groups(self) -> int: ...
    def write(self) -> str: ...

def read_balance_lock(path: str) -> BalanceLock: ...

Balance = BalanceLock  # deprecated (0.4)
def read_balance(path: str) -> BalanceLock: ...  # deprecated (0.4)

class Missed:
    run: List[datetime]
    missed: int
    capped: bool

class Schedule:
    def next(self, dt: datetime) -> Optional[datetime]: ...
    def missed(self, last_run: datetime, now: datetime, catch_up: str = ..., limit: int = ...,
               starting_deadline: Optional[timedelta] = ...) -> Missed: ...
    def prev(self, dt: datetime) -> Optional[datetime]: ...
    def fires(self, start: datetime, end: datetime) -> Iterator[datetime]: ...
    @property
    def never(self) -> bool: ...
    @property
    def zone(self) -> ZoneInfo: ...
    @property
    def resolved(self) -> str: ...

class Finding:
    code: str
    severity: str
    line: int
    column: int
    message: str
    rewrite: str

# The keyword options of parse/resolve/explain/lint: the library's schema
# (option_schema()); tests/agreement checks that this list is the schema's.
_Duration = Union[timedelta, str]
def parse(expr: str, *, dialect: str = ..., zone: Union[str, ZoneInfo] = ..., dst: Optional[str] = ..., seed: Seed = ...,
          host: Optional[str] = ..., hash_scheme: Optional[str] = ..., offset_window: Optional[_Duration] = ...,
          balance_lock: Union[BalanceLock, str, None] = ..., seconds_first: bool = ..., day_or: bool = ..., strict: bool = ...,
          format: str = ..., hash_fields: bool = ..., hash_seconds_by_default: bool = ..., hash_names: bool = ...) -> Schedule: ...
def resolve(expr: str, *, dialect: str = ..., zone: Union[str, ZoneInfo] = ..., dst: Optional[str] = ..., seed: Seed = ...,
            host: Optional[str] = ..., hash_scheme: Optional[str] = ..., offset_window: Optional[_Duration] = ...,
            balance_lock: Union[BalanceLock, str, None] = ..., seconds_first: bool = ..., day_or: bool = ..., strict: bool = ...,
            format: str = ..., hash_fields: bool = ..., hash_seconds_by_default: bool = ..., hash_names: bool = ...) -> str: ...
def offset(seed: Seed, window: timedelta) -> timedelta: ...
def explain(expr: str, *, dialect: str = ..., zone: Union[str, ZoneInfo] = ..., dst: Optional[str] = ..., seed: Seed = ...,
            host: Optional[str] = ..., hash_scheme: Optional[str] = ..., offset_window: Optional[_Duration] = ...,
            balance_lock: Union[BalanceLock, str, None] = ..., seconds_first: bool = ..., day_or: bool = ..., strict: bool = ...,
            format: str = ..., hash_fields: bool = ..., hash_seconds_by_default: bool = ..., hash_names: bool = ...) -> dict: ...
def lint(expr: str, *, runs_on: Optional[str] = ..., start: Optional[datetime] = ..., dialect: str = ...,
         zone: Union[str, ZoneInfo] = ..., dst: Optional[str] = ..., seed: Seed = ..., host: Optional[str] = ...,
         hash_scheme: Optional[str] = ..., offset_window: Optional[_Duration] = ..., balance_lock: Union[BalanceLock, str, None] = ...,
         seconds_first: bool = ..., day_or: bool = ..., strict: bool = ..., format: str = ..., hash_fields: bool = ...,
         hash_seconds_by_default: bool = ..., hash_names: bool = ...) -> List[Finding]: ...
def option_schema() -> List[dict]: ...
