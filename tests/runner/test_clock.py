"""`fuzzycron run` where the calendar matters, on the simulated clock
(--sim-start, --sim-rate, --sim-control: docs/runner.md): catch-up after
downtime, clock steps and suspends, two simulated years of DST, overlap,
retries and their backoff. Each test waits for the events it is owed (the
engine says which), not for an amount of real time (harness.py)."""
import json
import os
import subprocess
import tempfile
import time
from datetime import timezone

import pytest

from harness import BIN, LONG_ENOUGH, Runner, iso_ms, ts_s, wait_until


# 8. Catch-up after downtime, with --state-dir, on the simulated clock.
@pytest.mark.parametrize("policy,deadline,want", [
    ("latest", None, ["06:00"]),
    ("all:5", None, ["04:00", "05:00", "06:00"]),
    ("skip", None, []),
    ("latest", "10m", []),
])
def test_catchup_after_downtime(runners, policy, deadline, want):
    settings = f"# name: hourly\n# catchup: {policy}\n" + (f"# starting-deadline: {deadline}\n" if deadline else "")
    crontab = settings + "0 * * * * true\n"
    first = runners(crontab, "--state-dir", "{dir}", "--sim-start", "2026-03-01T02:59:58Z")
    first.wait_for("job.start")
    assert first.term() == 0
    state_dir = first.dir
    # Down from 03:00 to 06:20; the next regular instant, 07:00, is 40 minutes of real time away.
    second = Runner(crontab, "--state-dir", state_dir, "--sim-start", "2026-03-01T06:20:00Z", "--catchup-window", "1s")
    try:
        if want:
            second.wait_for("job.start", count=len(want))
        if policy == "skip" or deadline:
            assert second.wait_for("job.skip", reason="missed")[0]["count"] == 3
        time.sleep(LONG_ENOUGH)  # for a catch-up run too many (none expected) to show
        second.stop()
        got = [e["scheduled_for"][11:16] for e in second.of("job.start")]
        assert got == want
        for e in second.of("job.start"):
            assert e["late_ms"] >= 20 * 60 * 1000
    finally:
        second.stop()


def test_first_start_without_state_runs_nothing_early(runners):
    r = runners("# name: hourly\n# catchup: all:5\n0 * * * * true\n@reboot echo booted\n", "--state-dir", "{dir}",
                "--sim-start", "2026-03-01T06:20:00Z")
    r.wait_for("job.end")  # @reboot, once
    time.sleep(LONG_ENOUGH)
    assert r.term() == 0
    starts = r.of("job.start")
    assert len(starts) == 1 and r.of("job.output")[0]["line"] == "booted"


# 9. and 10. Suspend and clock steps on the simulated clock.
def test_forward_step_and_suspend_go_through_catchup():
    d = tempfile.mkdtemp(prefix="fuzzycron-sim-")
    control = os.path.join(d, "control")
    os.mkfifo(control)
    r = Runner("# name: hourly\n# catchup: latest\n0 * * * * true\n# name: skipper\n0 * * * * true\n",
               "--sim-start", "2026-03-01T01:59:59.5Z", "--sim-control", control, "--catchup-window", "0s")
    try:
        r.wait_for("job.start", count=2)  # 02:00 both
        with open(control, "w") as f:
            f.write("suspend 7200\n")
        r.wait_for("clock.suspend")
        assert abs(r.of("clock.suspend")[0]["duration_s"] - 7200) < 1
        latest = r.wait_for("job.start", count=2, job="hourly")
        assert latest[1]["scheduled_for"].endswith("T04:00:00Z")
        assert r.wait_for("job.skip", job="skipper", reason="missed")[0]["count"] == 2
        with open(control, "w") as f:
            f.write("step 7200\n")
        r.wait_for("clock.step")
        assert r.of("clock.step")[0]["delta_s"] == 7200
        assert r.wait_for("job.start", count=3, job="hourly")[2]["scheduled_for"].endswith("T06:00:00Z")
        # Backward: nothing fires twice, nothing early.
        with open(control, "w") as f:
            f.write("step -3600\n")
        r.wait_for("clock.step", count=2)
        time.sleep(LONG_ENOUGH)
        fired = [e["scheduled_for"] for e in r.of("job.start", job="hourly")]
        assert len(fired) == len(set(fired))
        assert fired == sorted(fired)
    finally:
        r.stop()


# 11. DST parity: every fire equals `fuzzycron next` for the job, over 2021-2022.
def test_dst_parity_with_next():
    jobs = [("America/New_York", "30 2 * * *", "cron"), ("America/New_York", "30 1 * * *", "skip-both"),
            ("Europe/Berlin", "30 2 * * *", "shift-last"), ("Europe/Berlin", "15 2 * * 0", "cron"),
            ("Australia/Lord_Howe", "15 2 * * *", "cron"), ("Australia/Lord_Howe", "45 1 * * *", "skip-first")]
    crontab = ""
    for i, (zone, expr, dst) in enumerate(jobs):
        # The defaults (forbid, catch-up of the latest): in virtual time a run of
        # `true` lasts real milliseconds and nothing is reached late.
        crontab += f"CRON_TZ={zone}\n# name: job-{i}\n# dst: {dst}\n{expr} true\n"
    start, end = "2021-01-01T00:00:00Z", "2023-01-01T00:00:00Z"
    # Virtual time (--sim-rate 0): real speed while a run runs, a jump to the
    # next instant when none does. Each fire starts at its instant however
    # loaded the machine (issue 31: at a fixed rate of two years in 24 s, a
    # loaded machine fell behind: 5 instants were still pending at a stop, and
    # later thousands of runs queued in catch-up). The clock starts a month early.
    # What the engine says each job owes over the two years: the test waits for
    # exactly these (an event), never for an amount of real time.
    owed = []
    for zone, expr, dst in jobs:
        want = subprocess.run([BIN, "next", expr, "-z", zone, "--dst", dst, "--from", start, "-n", "800", "--json"],
                              capture_output=True, text=True, check=True)
        owed.append([t for t in (iso_ms(x).astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
                                 for x in json.loads(want.stdout)["next"]) if t < end])
    r = Runner(crontab, "--sim-start", "2020-12-01T00:00:00Z", "--sim-rate", "0", "--catchup-window", "0ms")

    def fired(i):
        return sorted(e["scheduled_for"] for e in r.of("job.start", job=f"job-{i}") if start <= e["scheduled_for"] < end)
    try:
        # Generous: the runner, not the clock, decides when this ends.
        # About 4,400 runs of `true`: on two cores at load 30 that took the
        # runner more than ten minutes (ctest's TIMEOUT is 1500 s).
        # One pass over the log a second: the poll scans thousands of events
        # under the log's lock, and polling every 50 ms (six scans each) took
        # a loaded machine's CPU from the runner it waits for.
        def all_started():
            started = [0] * len(jobs)
            for e in r.of("job.start"):
                if start <= e["scheduled_for"] < end and e.get("job", "").startswith("job-"):
                    started[int(e["job"][4:])] += 1
            return all(started[i] >= len(owed[i]) for i in range(len(jobs)))
        wait_until(all_started, timeout=1200, what="every owed instant of 2021-2022 started", interval=1.0)
        r.stop()
        for i, (zone, expr, dst) in enumerate(jobs):
            assert len(owed[i]) > 100
            assert fired(i) == owed[i], (zone, expr, dst)
        # Each at its instant, not caught up later (the virtual clock waits for nothing
        # but the runner: lateness is the runner's own real time, far under ten minutes).
        late = [e["late_ms"] for e in r.of("job.start") if start <= e["scheduled_for"] < end]
        assert max(late) < 600_000, max(late)
    finally:
        r.stop()


# 13. A schedule that never fires logs once.
def test_never_logs_once(runners):
    r = runners("# name: feb30\n0 0 30 2 * true\n")
    r.wait_for("job.never")
    time.sleep(LONG_ENOUGH)
    assert r.term() == 0
    assert len(r.of("job.never")) == 1


# 7. Overlap: forbid skips (one warning, counted), allow overlaps.
def test_overlap_forbid_and_allow(runners):
    forbid = runners("# name: slow\n* * * * * ? sleep 2.5\n", dialect="quartz")
    allow = runners("# name: slow\n# concurrency: allow\n* * * * * ? sleep 2.5\n", dialect="quartz")
    forbid.wait_for("job.start", count=3)
    allow.wait_for("job.start", count=6)
    assert forbid.term() == 0 and allow.term() == 0
    # forbid: a run of 2.5 s, so the next start is for an instant 3 s or more later.
    starts = [iso_ms(e["scheduled_for"]) for e in forbid.of("job.start")]
    assert all((b - a).total_seconds() >= 3 for a, b in zip(starts, starts[1:])), starts
    skips = forbid.of("job.skip", reason="overlap")
    # Edge-triggered and rate-limited to a line a minute (docs/runner.md).
    first, last = ts_s(forbid.of("job.start")[0]), ts_s(forbid.events[-1])
    assert 1 <= len(skips) <= 1 + int((last - first) // 60), skips
    # allow: some run starts while an earlier one is still running.
    seq = [(e["_seq"], e["event"]) for e in allow.events if e["event"] in ("job.start", "job.end")]
    running, most = 0, 0
    for _, event in seq:
        running += 1 if event == "job.start" else -1
        most = max(most, running)
    assert most >= 2, seq


# 20. Retries with backoff: 1 s, 2 s.
def test_retries(runners):
    r = runners("# name: flaky\n# retry: 2\n0 0 * * * ? exit 75\n", "--sim-start", "2026-03-01T23:59:59.5Z",
                dialect="quartz")
    ends = r.wait_for("job.end", count=3)
    assert [e["attempt"] for e in ends] == [1, 2, 3]
    starts = r.of("job.start")
    # The backoff by the runner's own clock: from an attempt's end to the next start.
    waits = [ts_s(s) - ts_s(e) for e, s in zip(ends, starts[1:])]
    assert 0.8 <= waits[0] < 30 and 1.8 <= waits[1] < 30, waits
    assert len(set(e["scheduled_for"] for e in starts)) == 1
    time.sleep(LONG_ENOUGH)
    assert len(r.of("job.start")) == 3


# 20. Retries only on the listed exit codes; the permanent-failure hook runs once.
def test_retry_on_codes_and_permanent_failure_hook(runners):
    d = tempfile.mkdtemp(prefix="fuzzycron-hook-")
    out = os.path.join(d, "hook.out")
    crontab = (f"# name: flaky\n# retry: 3\n# retry-on: 75\n# on-permanent-failure: (env | grep ^FUZZYCRON_; cat) > {out}.tmp;"
               f" mv {out}.tmp {out}\n"
               "0 0 * * * ? if [ -e " + d + "/second ]; then exit 3; fi; touch " + d + "/second; exit 75\n")
    r = runners(crontab, "--sim-start", "2026-03-01T23:59:59.5Z", dialect="quartz")
    ends = r.wait_for("job.end", count=2)
    assert [(e["attempt"], e["exit_code"]) for e in ends] == [(1, 75), (2, 3)]  # 3 is not retried
    r.wait_for("job.hook")
    wait_until(lambda: os.path.exists(out), what="the hook's output")  # written whole, then renamed
    text = open(out).read()
    assert "FUZZYCRON_JOB=flaky" in text and "FUZZYCRON_EXIT_CODE=3" in text and "FUZZYCRON_OUTCOME=failure" in text
    hook_input = json.loads(text.strip().splitlines()[-1])
    assert hook_input["exit_code"] == 3 and hook_input["attempt"] == 2
    time.sleep(LONG_ENOUGH)
    assert len(r.of("job.start")) == 2 and len(r.of("job.hook")) == 1
