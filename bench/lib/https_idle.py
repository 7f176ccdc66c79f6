"""CPU while an https search waits on a server that accepts and never answers."""
import os
import re
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from driver import Driver
from measure import median
from table import Row, verdict

DUMMY_KEY = "0123456789abcdef0123456789abcdef"
HERE = os.path.dirname(os.path.abspath(__file__))


def certificate(work):
    cert, key = os.path.join(work, "tls-cert.pem"), os.path.join(work, "tls-key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                    "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", cert],
                   check=True, capture_output=True)
    return cert, key


class Server:
    """silent_tls.py in a child process; `events` collects what it saw."""

    def __init__(self, *args):
        self.proc = subprocess.Popen([sys.executable, os.path.join(HERE, "silent_tls.py")] + list(args),
                                     stdout=subprocess.PIPE, text=True)
        self.port = int(self.proc.stdout.readline())
        self.events, self.times = [], []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.times.append(time.monotonic())
            self.events.append(line.strip())

    def when(self, event, after=0):
        """When the server first saw `event` (time.monotonic()), from event index `after` on; None if never."""
        return next((t for t, e in list(zip(self.times, self.events))[after:] if e == event), None)

    def seen(self):
        kinds = [e.split(" (")[0][:70] for e in self.events]
        return ", ".join("%s (%d)" % (k, kinds.count(k)) for k in sorted(set(kinds))) or "no connection"

    def stop(self):
        self.proc.kill()
        self.proc.wait()


def vmsh_command(ctx, port):
    return [ctx.vmsh, "--no-rc", "--service", "flickr", "--flickr-endpoint",
            "https://127.0.0.1:%d/services/rest/" % port, "--flickr-timeout", "60s", "--drain-timeout", "1s"]


def cpu_share(ctx, port, env, seconds, commands):
    """Starts vmsh with `commands` then a wait; returns (CPU share over `seconds`, its output lines)."""
    driver = Driver(vmsh_command(ctx, port), env)
    driver.send("".join(c + "\n" for c in commands) + "wait %ds\n" % (seconds + 1))
    time.sleep(0.5)
    start = driver.cpu_seconds()
    time.sleep(seconds)
    used = driver.cpu_seconds() - start
    driver.close(timeout=30)
    return used / seconds, [l for l in driver.lines if l]


def cancel_on_back(ctx, cert, key, env):
    """A search answered over https, its rows' metadata requests held unanswered, then `back` 2 s after
    the search: (held connections, how many closed, seconds from the first held request to the last
    close). Without cancelling they would stay open through the following 10 s wait."""
    server = Server("flickr", cert, key)
    try:
        driver = Driver(vmsh_command(ctx, server.port), dict(env, SSL_CERT_FILE=cert))
        driver.send("search dogs\nwait 2s\nback\nwait 10s\n")
        deadline = time.monotonic() + 9
        while time.monotonic() < deadline:
            time.sleep(0.05)
            events = list(zip(server.times, server.events))
            held = {e.split()[1]: t for t, e in events if e.startswith("held ")}
            closed = {e.split()[1]: t for t, e in events if e.startswith("closed ")}
            if held and set(held) <= set(closed):
                break
        driver.close(timeout=30)
    finally:
        server.stop()
    span = max(closed.values()) - min(held.values()) if held and set(held) <= set(closed) else None
    return len(held), len(set(closed) & set(held)), span


def measure(ctx):
    seconds, repeats = 10, ctx.n(5, 3)
    row = Row("CPU while an https search waits %d s on a server that never answers; cancelled on `back`" % seconds,
              target="under 1% of a core; closed on `back`")
    if not ctx.has_flag("--flickr-endpoint"):
        return row.unavailable("vmsh has no --flickr-endpoint")
    env = dict(ctx.env, FLICKR_API_KEY=DUMMY_KEY)
    silent = Server("tcp")
    cert, key = certificate(ctx.work)
    tls = Server("tls", cert, key)
    try:
        ctx.callgrind.start("https-vmsh", vmsh_command(ctx, silent.port) + ["-c", "search dogs", "-c", "wait 5s"],
                            env=env)
        # One searching vmsh at a time (several would share the cores, and a spinning one would show less
        # than it takes); the idle and the TLS runs use no CPU of note, so they run beside them.
        with ThreadPoolExecutor(3) as pool:
            idle_run = pool.submit(cpu_share, ctx, silent.port, env, seconds, [])
            tls_run = pool.submit(cpu_share, ctx, tls.port, env, seconds, ["search dogs"])
            results = [cpu_share(ctx, silent.port, env, seconds, ["search dogs"]) for _ in range(repeats)]
            idle, (tls_share, tls_output) = idle_run.result()[0], tls_run.result()
        ctx.callgrind.instructions("https-vmsh")
        held, closed, span = cancel_on_back(ctx, cert, key, env)
    finally:
        silent.stop()
        tls.stop()
    share = median([r[0] for r in results])
    # The rows' requests start 1 s after the search and `back` comes at 2 s: all closed about 1 s later.
    on_back = held > 0 and span is not None and span <= 2.5
    row.measured = "%.1f%% of a core; on `back`, %d of %d held https connections closed%s" % (
        share * 100, closed, held, " %.1f s after the first request was held" % span if span is not None else "")
    row.reference = "vmsh waiting with no search: %.1f%%" % (idle * 100)
    row.result = verdict(share < 0.01 and on_back)
    errors = [re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:PORT", l) for l in tls_output
              if "error" in l.lower() or l.startswith("vmsh:")]
    waited = any(e == "request" for e in tls.events)
    row.notes.append(
        "https: the server accepts and never sends a byte, so the TLS handshake never completes; CPU from "
        "/proc over %d s of `wait`, median of %d runs, one after the other. Against a server that does "
        "complete the handshake with a self-signed certificate (and then never answers) the server saw: %s; "
        "vmsh %s (%.1f%% of a core; without SSL_CERT_FILE vmsh trusts the system's authorities only). Cancelling: "
        "a TLS server trusted through SSL_CERT_FILE answers `search dogs` with 20 photos and holds the rows' "
        "metadata requests; `wait 2s`, `back`; it notes when the client closes each held connection." % (
            seconds, repeats, tls.seen(),
            "waited for the answer" if waited else "said: " + ("; ".join(errors)[:160] or "nothing"),
            tls_share * 100))
    row.profile = "https-vmsh"
    return row
