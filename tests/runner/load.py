"""Load beside the tests (FUZZYCRON_TEST_LOAD=N): N CPU-bound processes, so the
runner's tests run on a machine as busy as a shared CI host (issue 31).

    python3 load.py N COMMAND...   runs COMMAND with N burners beside it, stops them after
    start(n) / stop()              the same from Python (tests/runner/conftest.py)

The burners are our children, killed by pid on exit whatever the exit;
FUZZYCRON_TEST_LOAD_PIDS tells nested users (conftest.py) that the load runs."""
import os
import signal
import subprocess
import sys

BURN = "while True: pass"
_burners = []


def start(n):
    """Starts n burners, each in a session of its own; returns their pids."""
    global _burners
    if n <= 0 or _burners:
        return _burners
    _burners = [subprocess.Popen([sys.executable, "-c", BURN], start_new_session=True) for _ in range(n)]
    os.environ["FUZZYCRON_TEST_LOAD_PIDS"] = " ".join(str(p.pid) for p in _burners)
    return _burners


def stop():
    global _burners
    for p in _burners:
        p.kill()
    for p in _burners:
        p.wait()
    _burners = []
    os.environ.pop("FUZZYCRON_TEST_LOAD_PIDS", None)


def main(argv):
    if len(argv) < 3:
        print("usage: load.py N COMMAND...", file=sys.stderr)
        return 2
    n = int(argv[1])
    start(n)
    child = None
    got = []

    def stopped(sig, _frame):  # a signal to us: passed on to the command, whose end we wait for
        got.append(sig)
        if child is not None:
            child.send_signal(sig)

    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, stopped)
    try:
        print(f"load: {n} CPU-bound processes beside: {' '.join(argv[2:])}", flush=True)
        child = subprocess.Popen(argv[2:])
        status = child.wait()
        return 128 + got[0] if got else status
    finally:
        stop()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
