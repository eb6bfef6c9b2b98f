"""croniter.croniter, the module, as the shim's alias of fuzzycron._croniter."""
import sys

from fuzzycron import _croniter

sys.modules[__name__] = _croniter
