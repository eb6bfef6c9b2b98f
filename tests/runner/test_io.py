"""`fuzzycron run`'s input and output with real processes and files: output
records and the runner's memory under a flood of output, reloads (a ConfigMap
swap, a balance lock), metrics, status and health over HTTP."""
import json
import os
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

from harness import BIN, LONG_ENOUGH, Runner, free_port, rss_kib, wait_until


# 14. Reload: a direct write, a rename and a ConfigMap-style symlink swap; a bad file keeps the old.
def test_reload(runners):
    d = tempfile.mkdtemp(prefix="fuzzycron-cm-")
    os.makedirs(os.path.join(d, "v1"))
    with open(os.path.join(d, "v1", "crontab"), "w") as f:
        f.write("# name: a\n0 0 1 1 * true\n")
    os.symlink("v1", os.path.join(d, "..data"))
    os.symlink("..data/crontab", os.path.join(d, "crontab"))
    r = Runner(None, path=os.path.join(d, "crontab"))
    proc = r.proc
    try:
        r.wait_for("runner.start")
        # The symlink swap Kubernetes does for a ConfigMap.
        os.makedirs(os.path.join(d, "v2"))
        with open(os.path.join(d, "v2", "crontab"), "w") as f:
            f.write("# name: a\n0 0 1 1 * true\n# name: b\n0 0 1 1 * true\n")
        os.symlink("v2", os.path.join(d, "..data_tmp"))
        os.rename(os.path.join(d, "..data_tmp"), os.path.join(d, "..data"))
        # Seen by inotify, with no SIGHUP: the only way it comes at all.
        r.wait_for("config.reload", result="success")
        assert r.of("config.reload")[-1]["jobs"] == 2
        # A bad file: the old configuration stays, the runner keeps running.
        os.makedirs(os.path.join(d, "v3"))
        with open(os.path.join(d, "v3", "crontab"), "w") as f:
            f.write("# name: a\n0 0 1 1 * true\n0 0 * * 9 bad\n")
        os.symlink("v3", os.path.join(d, "..data_tmp"))
        os.rename(os.path.join(d, "..data_tmp"), os.path.join(d, "..data"))
        err = r.wait_for("config.reload", result="error")[0]
        assert "crontab:3:" in err["problems"][0]
        assert proc.poll() is None
        # SIGHUP rereads.
        proc.send_signal(signal.SIGHUP)
        r.wait_for("config.reload", count=2, result="error")
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
    assert proc.returncode == 0


# 16. Output: long lines split into records, memory bounded, invalid UTF-8 escaped.
def test_output_records_and_bounds(runners):
    r = runners("# name: chatty\n0 0 * * * ? head -c 1048576 /dev/zero | tr '\\0' x; printf '\\n\\377bad\\n'\n",
                "--sim-start", "2026-03-01T23:59:59.5Z", dialect="quartz")
    r.wait_for("job.end")
    out = r.of("job.output")
    continued = [e for e in out if e.get("continued")]
    assert len(continued) >= 15 and len(out) >= 17
    assert sum(len(e["line"]) for e in out[:16]) == 1048576
    assert out[-1]["line"].endswith("bad")
    assert r.bad_lines == []
    assert r.term() == 0


def children(pid):
    with open(f"/proc/{pid}/task/{pid}/children") as f:
        return f.read().split()


def peak_rss_for_output(mib):
    """The runner's peak RSS (KiB) while a job writes `mib` MiB in 200-byte lines
    and nobody reads the runner's log: its log queue (AsyncLineBuffer, 16 MiB)
    fills and the rest is dropped (job.end too), whatever the machine's speed.
    The job says it is done by a file; the runner has reaped it once it has no
    child left."""
    d = tempfile.mkdtemp(prefix="fuzzycron-rss-")
    path, done = os.path.join(d, "crontab"), os.path.join(d, "done")
    with open(path, "w") as f:
        f.write(f"# name: flood\n0 0 * * * ? head -c {mib << 20} /dev/zero | tr '\\0' 'y' | fold -w 200; touch {done}\n")
    proc = subprocess.Popen([BIN, "run", path, "-d", "quartz", "--sim-start", "2026-03-01T23:59:59.5Z"],
                            stdout=subprocess.PIPE, text=True)
    try:
        wait_until(lambda: os.path.exists(done) or proc.poll() is not None, timeout=600, what=f"{mib} MiB written")
        wait_until(lambda: proc.poll() is not None or not children(proc.pid), what="the job reaped")
        assert proc.poll() is None
        peak = rss_kib(proc.pid)
    finally:
        proc.send_signal(signal.SIGTERM)
        log = proc.stdout.read()
        proc.wait(timeout=60)
    assert '"job.start"' in log  # the log's first lines, before the queue filled
    return peak


def test_rss_bounded_for_a_job_writing_256_mib():
    # The baseline, in this test: the same runner and job with 32 MiB of output,
    # which already fills the log queue. Eight times the output may not cost
    # more than allocator noise: nothing of the runner grows with the output.
    # (Issue 31 measured 8.4 MiB of growth from job.start against a fixed limit
    # of 8 while the test read the log as it came: how full the queue got
    # depended on how fast a loaded machine let the test read.)
    base = peak_rss_for_output(32)
    flood = peak_rss_for_output(256)
    print(f"peak RSS {base} KiB for 32 MiB of output, {flood} KiB for 256 MiB")
    assert (flood - base) / 1024 < 8, (base, flood)


# Metrics, health and status on --metrics-address.
def test_metrics_and_status(runners):
    port = free_port()
    r = runners("# name: ticker\n* * * * * ? true\n# name: never\n0 0 0 30 2 ? true\n", "--metrics-address",
                f"127.0.0.1:{port}", dialect="quartz")
    r.wait_for("job.end", count=3)
    base = f"http://127.0.0.1:{port}"
    assert urllib.request.urlopen(base + "/healthz", timeout=60).status == 200
    assert urllib.request.urlopen(base + "/readyz", timeout=60).status == 200
    metrics = urllib.request.urlopen(base + "/metrics", timeout=60).read().decode()
    for name in ("fuzzycron_job_runs_total", "fuzzycron_job_running", "fuzzycron_job_last_start_timestamp_seconds",
                 "fuzzycron_job_last_success_timestamp_seconds", "fuzzycron_job_next_scheduled_timestamp_seconds",
                 "fuzzycron_job_late_seconds_bucket", "fuzzycron_job_skipped_total", "fuzzycron_clock_events_total",
                 "fuzzycron_config_reloads_total"):
        assert name in metrics, name
    runs = [l for l in metrics.splitlines() if l.startswith('fuzzycron_job_runs_total{job="ticker",outcome="success"}')]
    assert int(runs[0].split()[-1]) >= 3
    assert "true" not in [l.split()[-1] for l in metrics.splitlines() if "job=" in l]  # the command never shows
    status = json.loads(urllib.request.urlopen(base + "/status", timeout=60).read())
    assert {j["job"] for j in status["jobs"]} == {"ticker", "never"}
    assert next(j for j in status["jobs"] if j["job"] == "never")["next"] is None
    assert r.term() == 0


# 19. Strict health: 503 while a job's last run failed.
def test_strict_health(runners):
    port = free_port()
    r = runners("# name: failing\n* * * * * ? exit 1\n", "--metrics-address", f"127.0.0.1:{port}", "--strict-health",
                dialect="quartz")
    r.wait_for("job.end")

    def unhealthy():
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=60)
        except urllib.error.HTTPError as e:
            return e.code
        return None
    assert wait_until(unhealthy, what="/healthz failing") == 503
    assert urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=60).status == 200
    assert r.term() == 0


# Issue 21: the balance lock is read again with the crontab; a job it moves is rescheduled.
def balance_lock(a, b):
    return ('{"fuzzycron_balance": 1, "dialect": "standard", "hash": "fc1", "epsilon": 0.25, "groups": [\n'
            '  {"shape": "H * * * *", "zone": "UTC", "slots": 60, "capacity": 2, "jobs": {\n'
            f'    "test-host/a": [{a}], "test-host/b": [{b}]\n'
            '  }}]}\n')


def test_balance_lock_reloads(runners):
    r = runners("# name: a\nH * * * * true\n# name: b\nH * * * * true\n", "--balance", "{dir}/jobs.lock",
                files={"jobs.lock": balance_lock(7, 7)})
    r.wait_for("runner.start")
    assert {e["job"]: e["resolved"] for e in r.of("job.scheduled")} == {"a": "7 * * * *", "b": "7 * * * *"}
    lock = os.path.join(r.dir, "jobs.lock")
    with open(lock + ".tmp", "w") as f:
        f.write(balance_lock(41, 7))
    os.rename(lock + ".tmp", lock)
    r.wait_for("config.reload", result="success")
    assert r.of("job.scheduled", job="a")[-1]["resolved"] == "41 * * * *"
    assert r.of("job.scheduled", job="b")[-1]["resolved"] == "7 * * * *"
    # A corrupt lock: said once, the running configuration (and lock) kept.
    with open(lock + ".tmp", "w") as f:
        f.write('{"fuzzycron_balance": 1,\n "dialect": standard}\n')
    os.rename(lock + ".tmp", lock)
    err = r.wait_for("config.reload", result="error")[0]
    assert err["file"] == lock and err["error"].startswith("line 2:")
    r.proc.send_signal(signal.SIGHUP)
    time.sleep(LONG_ENOUGH)
    assert len(r.of("config.reload", result="error")) == 1
    assert r.proc.poll() is None
