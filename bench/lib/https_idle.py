"""CPU while an https search waits on a server that accepts and never answers."""
import os
import subprocess
import sys
import time

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


def cpu_share(ctx, port, env, seconds, commands):
    """Starts vmsh with `commands`, returns (CPU share over seconds 0.5..0.5+seconds, its output)."""
    cmd = [ctx.vmsh, "--no-rc", "--service", "flickr", "--flickr-endpoint",
           "https://127.0.0.1:%d/services/rest/" % port, "--flickr-timeout", "60s", "--drain-timeout", "1s"]
    driver = Driver(cmd, env)
    driver.send("".join(c + "\n" for c in commands) + "wait %ds\n" % (seconds + 1))
    time.sleep(0.5)
    start = driver.cpu_seconds()
    time.sleep(seconds)
    used = driver.cpu_seconds() - start
    driver.close(timeout=30)
    return used / seconds, [l for l in driver.lines if l]


def attempt(ctx, port, server, env, seconds, processes):
    """Runs `processes` vmsh at once, each searching and waiting; returns shares, output, server events."""
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(processes) as pool:
        results = list(pool.map(lambda _: cpu_share(ctx, port, env, seconds, ["search dogs"]), range(processes)))
    idle = cpu_share(ctx, port, env, seconds, [])[0]
    return [r[0] for r in results], results[0][1], idle


def measure(ctx):
    seconds, processes = 10, ctx.n(5, 2)
    row = Row("CPU while an https search waits %d s on a server that never answers" % seconds,
              target="under 1% of a core")
    if not ctx.has_flag("--flickr-endpoint"):
        return row.unavailable("vmsh has no --flickr-endpoint")
    cert, key = certificate(ctx.work)
    server = subprocess.Popen([sys.executable, os.path.join(HERE, "silent_tls.py"), cert, key],
                              stdout=subprocess.PIPE, text=True)
    events = []
    try:
        port = int(server.stdout.readline())
        import threading
        threading.Thread(target=lambda: events.extend(server.stdout), daemon=True).start()
        env = dict(ctx.env, FLICKR_API_KEY=DUMMY_KEY)
        shares, output, idle = attempt(ctx, port, server, env, seconds, processes)
        untrusted_events = list(events)
        trusted = None
        if not any(e.startswith("request") for e in untrusted_events):
            # The client refused the self-signed certificate: try again trusting it, as a user would.
            del events[:]
            trusted_env = dict(env, SSL_CERT_FILE=cert, URLSessionCertificateAuthorityInfoFile=cert)
            trusted = attempt(ctx, port, server, trusted_env, seconds, processes)
            trusted_events = list(events)
    finally:
        server.kill()
        server.wait()
    summary = lambda evs: ", ".join("%s x%d" % (e, evs.count(e)) for e in sorted(set(x.strip()[:60] for x in evs))) or "no connection"
    said = "; ".join(l[:100] for l in output if "search" not in l.lower() or "error" in l.lower())[:200]
    if trusted:
        t_shares, t_output, _ = trusted
        share = median(t_shares)
        row.measured = "%.1f%% with the certificate trusted (SSL_CERT_FILE); untrusted: %.1f%%" % (
            share * 100, median(shares) * 100)
        row.notes.append(
            "https: untrusted self-signed certificate, the server saw: %s; vmsh said: %s. Trusted through "
            "SSL_CERT_FILE and URLSessionCertificateAuthorityInfoFile, the server saw: %s." % (
                summary(untrusted_events), said or "nothing", summary(trusted_events)))
    else:
        share = median(shares)
        row.measured = "%.1f%% of a core" % (share * 100)
        row.notes.append("https: the server saw: %s; vmsh said: %s." % (summary(untrusted_events), said or "nothing"))
    row.reference = "vmsh waiting with no search: %.1f%%" % (idle * 100)
    row.result = verdict(share < 0.01)
    row.notes[-1] += (" CPU from /proc over %d s of `wait`, median of %d vmsh processes run at once against a "
                      "python TLS server that accepts and never answers." % (seconds, processes))
    return row
