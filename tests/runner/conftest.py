"""Fixtures of the runner's end-to-end tests; FUZZYCRON_TEST_LOAD=N runs N
CPU-bound processes beside them (tests/runner/load.py) unless a wrapper
already does (scripts/test.sh runs ctest -R runner under load.py)."""
import os

import pytest

import load
from harness import Runner


@pytest.fixture(scope="session", autouse=True)
def machine_load():
    n = int(os.environ.get("FUZZYCRON_TEST_LOAD", "0") or 0)
    if n > 0 and not os.environ.get("FUZZYCRON_TEST_LOAD_PIDS"):
        load.start(n)
    yield
    load.stop()


@pytest.fixture
def runners():
    started = []

    def make(*args, **kwargs):
        r = Runner(*args, **kwargs)
        started.append(r)
        return r

    yield make
    for r in started:
        if r.proc.poll() is None:
            r.proc.kill()
            r.proc.wait()
