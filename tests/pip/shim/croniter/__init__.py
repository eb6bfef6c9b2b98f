"""The thin shim that runs croniter's own test suite against fuzzycron's drop-in:
the package `croniter`, as croniter's tests import it, is fuzzycron._croniter."""
from . import croniter as cron_m  # noqa: F401 - the module: fuzzycron._croniter itself
from fuzzycron._croniter import *  # noqa: F401,F403 - then `croniter` is the class again
