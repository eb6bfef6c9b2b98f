"""What the runner's end-to-end tests share: a running `fuzzycron run` with its
JSON log collected line by line, and probes of processes in /proc.

These tests run real processes on a machine that may be busy (CI runs them once
beside four CPU-bound processes: FUZZYCRON_TEST_LOAD, tests/runner/load.py).
So they wait on events, with deadlines far past what an idle machine needs
(DEADLINE), and time the runner by its own log (`ts`, `duration_ms`), never by
when this process happened to read a line."""
import json
import os
import socket
import subprocess
import tempfile
import threading
import time
from datetime import datetime

BIN = os.environ["FUZZYCRON"]
# The least any wait for an event gets: a wait that times out fails the test,
# so a generous one costs nothing when the event comes.
DEADLINE = 60
# How long a test gives something that must NOT happen (a second run, a second
# warning) to show before it looks: a busy machine can only make such a check
# pass wrongly, never fail wrongly.
LONG_ENOUGH = 1.5


def iso_ms(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def ts_s(event):
    """The runner's own time of an event, in seconds (its `ts`, ms resolution)."""
    return iso_ms(event["ts"]).timestamp()


def write(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(predicate, timeout=DEADLINE, what="a condition", interval=0.05):
    """Polls predicate every `interval` s until it is true (returns its value) or the deadline passes."""
    deadline = time.monotonic() + max(timeout, DEADLINE)
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"{what} not reached in {max(timeout, DEADLINE)} s")


class Runner:
    """A running `fuzzycron run`, its JSON log collected line by line."""

    def __init__(self, crontab, *args, dialect=None, files=None, path=None):
        self.dir = tempfile.mkdtemp(prefix="fuzzycron-run-")
        self.path = path or os.path.join(self.dir, "crontab")
        if path is None:
            with open(self.path, "w") as f:
                f.write(crontab)
        for name, text in (files or {}).items():
            with open(os.path.join(self.dir, name), "w") as f:
                f.write(text)
        cmd = [BIN, "run", self.path, "--log-format", "json", "--host", "test-host"]
        if dialect:
            cmd += ["-d", dialect]
        cmd += [a.replace("{dir}", self.dir) for a in args]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.events = []
        self.bad_lines = []
        self.lock = threading.Lock()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.proc.stdout:
            try:
                event = json.loads(line)
            except ValueError:
                self.bad_lines.append(line)
                continue
            event["_at"] = time.monotonic()
            with self.lock:
                event["_seq"] = len(self.events)
                self.events.append(event)

    def of(self, name, **match):
        with self.lock:
            return [e for e in self.events if e["event"] == name and all(e.get(k) == v for k, v in match.items())]

    def wait_for(self, name, count=1, timeout=DEADLINE, **match):
        """The first `count` events `name` matching `match`, once there are that many.
        Waits at least DEADLINE seconds: only a runner that never logs them fails."""
        timeout = max(timeout, DEADLINE)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.of(name, **match)
            if len(found) >= count:
                return found
            if self.proc.poll() is not None:
                self.reader.join(timeout=5)
                found = self.of(name, **match)
                if len(found) >= count:
                    return found
                raise AssertionError(f"runner exited {self.proc.returncode} before {count}x {name}: "
                                     f"{self.proc.stderr.read()} {self.events[-5:]}")
            time.sleep(0.02)
        raise AssertionError(f"no {count}x {name} {match} in {timeout}s; last events: {self.events[-5:]}")

    def term(self, sig=15, timeout=DEADLINE):
        self.proc.send_signal(sig)
        self.proc.wait(timeout=timeout)
        self.reader.join(timeout=5)
        return self.proc.returncode

    def stop(self):
        if self.proc.poll() is None:
            self.term()


def group_alive(pgid):
    """Processes of a process group, from /proc."""
    alive = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if int(fields[2]) == pgid and fields[0] != "Z":
                alive.append(int(pid))
        except (OSError, IndexError):
            pass
    return alive


def wait_group_gone(pgid, timeout=DEADLINE):
    """True once no process of the group is left (a killed process may take a moment to go)."""
    deadline = time.monotonic() + max(timeout, DEADLINE)
    while group_alive(pgid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return group_alive(pgid) == []


def pid_of_run(r, run_id):
    """The run's process group is its shell's pid: the shell prints it."""
    for e in r.of("job.output", run_id=run_id):
        if e["line"].startswith("pgid="):
            return int(e["line"][5:])
    return None


def rss_kib(pid, field="VmHWM"):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def zombies_of(parent):
    """Zombie children of a process, by pid."""
    out = subprocess.run(["ps", "-o", "pid=,stat=", "--ppid", str(parent)], capture_output=True, text=True).stdout
    return {line.split()[0] for line in out.splitlines() if "Z" in line.split()[1]}


def lasting_zombies(parent, samples=4, gap=1.0):
    """Children that are zombies in every sample, `gap` seconds apart: never
    reaped. A child that exited an instant before one sample and is reaped
    after it is not one (issue 31: a loaded machine showed such a child)."""
    seen = zombies_of(parent)
    for _ in range(samples - 1):
        time.sleep(gap)
        seen &= zombies_of(parent)
    return seen
