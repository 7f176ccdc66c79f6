"""The session served to a class: 200 students' WebSockets on loopback follow a lesson of 10,000
lines; what serving adds to the teacher's time per line (median and p99, against the same lesson
without --serve), vmsh's memory with the class following, every student getting every line in
order, and one student that stops reading dropped while the others go on.

Runnable alone, on any build (the debug one while working on it):
    python3 bench/lib/serve.py VMSH [LINES [STUDENTS]]
The students run in a process of their own (asyncio, the `websockets` package from PyPI, installed
when missing), so the teacher's timing process does nothing else.
"""
import asyncio
import json
import os
import re
import select
import socket
import subprocess
import sys
import time

from table import Row, count, ms, verdict

TITLE = "serving a lesson of"
STUDENTS, LINES = 200, 10_000
# One command every 2 ms: a lesson of 10,000 lines in about 20 s, faster than any class, and slow
# enough that 200 students in one Python process keep up.
PACE = 0.002


def lesson(lines):
    return ["say line %05d of %d: isSearchValid, executing, push SearchResultsViewModel" % (n, lines)
            for n in range(lines)]


class Teacher:
    """vmsh reading commands from a pipe, each timed from its line written to its line printed."""

    def __init__(self, vmsh, env, folder, *flags):
        self.err_path = os.path.join(folder, "teacher-%d.err" % len(os.listdir(folder)))
        with open(self.err_path, "wb") as err:
            self.process = subprocess.Popen([vmsh, "--no-rc", "--virtual-clock", "--catalog", ":memory:", *flags],
                                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, env=env)
        self.pending = b""
        self.url = None
        if "--serve" in flags:
            deadline = time.monotonic() + 60
            while not self.url and time.monotonic() < deadline:
                found = re.search(r"read-only at (\S+)", open(self.err_path).read())
                self.url = found and found.group(1)
                time.sleep(0.05)
            if not self.url:
                raise RuntimeError("vmsh --serve said no address: " + open(self.err_path).read()[:200])

    def command(self, line):
        """Seconds from writing `line` to reading the one line it prints; and that line."""
        start = time.perf_counter()
        os.write(self.process.stdin.fileno(), line.encode() + b"\n")
        fd = self.process.stdout.fileno()
        while b"\n" not in self.pending:
            if not select.select([fd], [], [], 30)[0]:
                raise RuntimeError("vmsh printed nothing for 30 s after %r" % line)
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                raise RuntimeError("vmsh ended: " + open(self.err_path).read()[:200])
            self.pending += chunk
        printed, self.pending = self.pending.split(b"\n", 1)
        return time.perf_counter() - start, printed.decode()

    def teach(self, lines, pace):
        """Each line in turn, one every `pace` seconds at most; the seconds each took."""
        taken, next_at = [], time.perf_counter()
        for line in lines:
            seconds, _ = self.command(line)
            taken.append(seconds)
            next_at += pace
            time.sleep(max(0.0, next_at - time.perf_counter()))
        return taken

    def memory(self):
        """(resident MiB now, peak resident MiB)."""
        fields = dict(line.split(":", 1) for line in open("/proc/%d/status" % self.process.pid))
        return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024

    def end(self):
        self.process.stdin.close()
        self.process.stdout.read()
        return self.process.wait(timeout=60)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def ensure_websockets():
    try:
        import websockets.asyncio.client  # noqa: F401
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "websockets>=13"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def follow(vmsh, env, folder, lines, students, pace):
    """One served run and one without --serve: the figures as a dict."""
    script = lesson(lines)
    alone = Teacher(vmsh, env, folder)
    without = alone.teach(script, pace)
    rss_alone = alone.memory()
    alone.end()

    teacher = Teacher(vmsh, env, folder, "--serve", "0")
    class_ = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--students", teacher.url, str(lines),
                               str(students)], stdout=subprocess.PIPE, text=True)
    ready = class_.stdout.readline()
    if not ready.startswith("ready"):
        raise RuntimeError("the students did not connect: %r" % ready)
    _, status = teacher.command("serve")
    served = teacher.teach(script, pace)
    rss_teaching = teacher.memory()
    report = json.loads(class_.stdout.readline() or "{}")
    _, after = teacher.command("serve")
    rss_after = teacher.memory()
    teacher.end()
    class_.wait(timeout=120)
    return {"without": without, "served": served, "rss_alone": rss_alone, "rss_teaching": rss_teaching,
            "rss_after": rss_after, "status_before": status, "status_after": after, "report": report}


# --- the students, in their own process ----------------------------------------------------------
async def student(url, lines, connected):
    """One page following: (narration lines received, all in order)."""
    from websockets.asyncio.client import connect
    async with connect(url, max_size=None, ping_interval=None, open_timeout=60) as feed:
        connected()
        expected, in_order = 0, True
        while expected < lines:
            for message in (await feed.recv()).split("\n"):
                at = message.find('"text":"line ')
                if at < 0:
                    continue
                number = int(message[at + 13:at + 18])
                in_order = in_order and number == expected
                expected = number + 1
        return expected, in_order


def stalled_student(url):
    """A page that stops reading: the WebSocket handshake, then nothing read."""
    host, port = url.split("//", 1)[1].split("/", 1)[0].rsplit(":", 1)
    token = url.split("token=", 1)[1]
    stalled = socket.socket()
    stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stalled.connect((host, int(port)))
    stalled.sendall(("GET /follow?token=%s HTTP/1.1\r\nHost: %s:%s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
                     % (token, host, port)).encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += stalled.recv(1)
    return stalled


def drained(stalled):
    """What the stalled page still had to read, then whether the server had cut it off."""
    stalled.settimeout(30)
    received, cut = 0, False
    try:
        while chunk := stalled.recv(1 << 16):
            received += len(chunk)
        cut = True
    except ConnectionResetError:
        cut = True
    except socket.timeout:
        pass
    return received, cut


async def class_of(url, lines, students):
    feed = url.replace("http://", "ws://").replace("/?token=", "/follow?token=")
    stalled = stalled_student(url)
    waiting = [students]

    def connected():
        waiting[0] -= 1
        if waiting[0] == 0:
            print("ready", flush=True)
    results = await asyncio.wait_for(
        asyncio.gather(*(student(feed, lines, connected) for _ in range(students)), return_exceptions=True), 600)
    received, cut = drained(stalled)
    finished = [r for r in results if isinstance(r, tuple)]
    print(json.dumps({
        "students": students, "every line": sum(1 for got, _ in finished if got == lines),
        "in order": sum(1 for _, ordered in finished if ordered),
        "errors": sorted({type(r).__name__ for r in results if not isinstance(r, tuple)}),
        "stalled received": received, "stalled cut off": cut}), flush=True)


# --- the row ---------------------------------------------------------------------------------------
def measure(ctx):
    ensure_websockets()
    lines, students = ctx.n(LINES, 2000), ctx.n(STUDENTS, 50)
    row = Row("%s %s lines followed by %d students on loopback: the teacher's time per line, vmsh's memory"
              % (TITLE, format(lines, ","), students),
              target="added median under 50 µs, p99 under 5 ms (a third of a 60 Hz frame); memory under 64 MiB "
                     "more; every student every line in order; the stalled one dropped")
    folder = os.path.join(ctx.work, "serve")
    os.makedirs(folder, exist_ok=True)
    figures = follow(ctx.vmsh, ctx.env, folder, lines, students, PACE)
    describe(row, figures, lines, students)
    # Each run less the same run with no line: a line's own cost, not the server's start.
    script = "".join(line + "\n" for line in lesson(2000)).encode()
    cmd = [ctx.vmsh, "--no-rc", "--virtual-clock", "--catalog", ":memory:"]
    for name, flags in (("with", ["--serve", "0"]), ("without", [])):
        ctx.callgrind.start("serve-%s" % name, cmd + flags, script, ctx.env)
        ctx.callgrind.start("serve-%s-empty" % name, cmd + flags, b"", ctx.env)
    per_line = {}
    for name in ("with", "without"):
        full, empty = ctx.callgrind.instructions("serve-" + name), ctx.callgrind.instructions("serve-%s-empty" % name)
        per_line[name] = full and empty and (full - empty) / 2000
    if per_line["with"] and per_line["without"]:
        row.instructions = "per line, no student: %s with --serve, %s without (+%s)" % (
            count(per_line["with"]), count(per_line["without"]), count(per_line["with"] - per_line["without"]))
    return row


def describe(row, figures, lines, students):
    without, served = figures["without"], figures["served"]
    median = (percentile(without, 0.5), percentile(served, 0.5))
    p99 = (percentile(without, 0.99), percentile(served, 0.99))
    report = figures["report"]
    added = (median[1] - median[0], p99[1] - p99[0])
    memory = figures["rss_teaching"][1] - figures["rss_alone"][1]
    everyone = report.get("every line") == students and report.get("in order") == students
    dropped = report.get("stalled cut off") and "1 dropped" in figures["status_after"]
    row.measured = ("added per line: median %s, p99 %s (served: median %s, p99 %s); vmsh's peak memory %.1f MiB "
                    "(+%.1f MiB); %d of %d students got every line, %d in order; the stalled one %s"
                    % (us(added[0]), us(added[1]), us(median[1]), us(p99[1]), figures["rss_teaching"][1], memory,
                       report.get("every line", 0), students, report.get("in order", 0),
                       "dropped" if dropped else "NOT dropped"))
    row.reference = "the same lesson without --serve: median %s, p99 %s; peak memory %.1f MiB" % (
        us(median[0]), us(p99[0]), figures["rss_alone"][1])
    row.ratio = "median %.2fx, p99 %.2fx" % (median[1] / median[0], p99[1] / p99[0])
    row.result = verdict(added[0] < 50e-6 and added[1] < 5e-3 and memory < 64 and everyone and dropped)
    row.notes.append(
        "serve: `vmsh --virtual-clock --serve 0` reads the lesson from a pipe, one `say` a line, one command every "
        "%d ms; each line is timed from the command written to its line read back (the teacher's wait), and the "
        "same lesson without --serve is the reference, run just before. %d students follow in a process of their "
        "own (Python's websockets, asyncio), from before the first line: each checks it got every line, in order. "
        "One more page does the WebSocket handshake and then reads nothing (a receive buffer of 4 KiB): vmsh's "
        "`serve` said \"%s\" after the lesson, and the page found its connection cut after %s of the lesson. "
        "Memory: vmsh's peak resident set (VmHWM) after the lesson; vmsh keeps the latest 4 MiB of the session "
        "for late students and lets each fall 256 KiB behind. Instructions: a 2,000-line lesson piped in, with "
        "and without --serve, no student connected (all threads), less the same run with no line (the server's "
        "start), divided by the lines. The students share the "
        "machine's 2 cores with vmsh here (in a class they are other machines): the p99 is mostly the teacher "
        "waiting for a core while the server and the students' process work, and moves with the load."
        % (PACE * 1000, students, figures["status_after"].split("] ", 1)[-1], size(report.get("stalled received", 0))))


def us(seconds):
    return "%.0f µs" % (seconds * 1e6) if abs(seconds) < 1e-3 else ms(seconds)


def size(nbytes):
    return "%.0f KiB" % (nbytes / 1024)


if __name__ == "__main__":
    if sys.argv[1] == "--students":
        asyncio.run(class_of(sys.argv[2], int(sys.argv[3]), int(sys.argv[4])))
        sys.exit(0)
    import tempfile
    ensure_websockets()
    lines = int(sys.argv[2]) if len(sys.argv) > 2 else LINES
    students = int(sys.argv[3]) if len(sys.argv) > 3 else STUDENTS
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, HOME=folder, XDG_DATA_HOME=folder, XDG_STATE_HOME=folder, NO_COLOR="1")
        figures = follow(sys.argv[1], env, folder, lines, students, PACE)
        row = Row("serve")
        describe(row, figures, lines, students)
        print(row.measured)
        print(row.reference)
        print(row.ratio, row.result)
        print(figures["status_before"], "|", figures["status_after"], "|", figures["report"])
