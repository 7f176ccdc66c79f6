"""The most threads alive while many rows wait on slow metadata."""
import re
import subprocess
import threading
import time
import urllib.request

from driver import Driver
from https_idle import DUMMY_KEY
from table import Row, verdict


def sample_threads(driver, seconds):
    """The most threads /proc shows for vmsh, sampled every 20 ms for `seconds`."""
    most, deadline = 0, time.monotonic() + seconds
    while time.monotonic() < deadline:
        most = max(most, driver.status("Threads") or 0)
        time.sleep(0.02)
    return most


def rows_waiting(cmd, env, admin=None):
    """Searches, shows 100 rows, and samples threads while their metadata calls wait 5 s."""
    driver = Driver(cmd, env)
    try:
        start = driver.mark()
        driver.send("search sunset\nwait 1s\nstack\n")
        driver.wait_for(lambda line: line.endswith("(active)"), start, timeout=60)
        if admin:
            urllib.request.urlopen(admin + "latency_ms=5000", timeout=10).read()
        else:
            driver.send("net slow 5000\n")
        idle = driver.status("Threads")
        driver.send("visible 1-100\nwait 3s\n")
        return idle, sample_threads(driver, 3.0)
    finally:
        driver.close(timeout=60)


def start_stub(ctx):
    """Starts flickr-stub on a free port; returns (process, endpoint) or (None, why)."""
    if not ctx.stub:
        return None, "flickr-stub was not built"
    proc = subprocess.Popen([ctx.stub, "--port", "0", "--catalog", ctx.catalog, "--budget", "1000000",
                             "--idle-exit", "120"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=ctx.env)
    found = {}

    def read():
        for line in proc.stdout:
            match = re.search(r"http://127\.0\.0\.1:\d+/services/rest/", line)
            if match and "url" not in found:
                found["url"] = match.group(0)
    threading.Thread(target=read, daemon=True).start()
    deadline = time.monotonic() + 30
    while "url" not in found and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    if "url" not in found:
        proc.kill()
        return None, "flickr-stub did not say where it listens"
    return proc, found["url"]


def measure(ctx):
    row = Row("most threads alive while 100 rows wait on slow metadata (4,000 asked)", target="at most 8")
    catalog_idle, catalog_most = rows_waiting(ctx.vmsh_script(), ctx.env)
    row.reference = "embedded catalog, simulated network: %d (%d idle)" % (catalog_most, catalog_idle)
    stub, endpoint = start_stub(ctx)
    if stub is None:
        row.unavailable(endpoint)
        return row
    try:
        cmd = [ctx.vmsh, "--no-rc", "--service", "flickr", "--flickr-endpoint", endpoint, "--flickr-timeout", "60s",
               "--drain-timeout", "1s"]
        admin = endpoint.replace("/services/rest/", "/admin?")
        idle, most = rows_waiting(cmd, dict(ctx.env, FLICKR_API_KEY=DUMMY_KEY), admin)
    finally:
        stub.kill()
        stub.wait()
    row.measured = "%d threads over http to flickr-stub (%d before the rows showed)" % (most, idle)
    row.result = verdict(most <= 8)
    row.notes.append(
        "threads: a results list holds 100 rows today, so 100 rows (200 metadata calls) wait, not 4,000; "
        "the stub answers after 5 s (`/admin?latency_ms=5000`), the simulated network after `net slow 5000`; "
        "threads read from /proc every 20 ms for 3 s after `visible 1-100` (calls start 1 s later).")
    return row
