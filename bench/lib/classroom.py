"""A class answering: 1,000 students' WebSockets on loopback follow a lesson of 10,000 lines, then
the teacher asks one question (`ask`) and every student answers it; `ask close` must count each
answer once. Figures: what serving adds to the teacher's time per line (median and p99, against
the same lesson without --serve), vmsh's memory, every student getting every line in order, and
how long the class took to answer (from the question's first sighting to the last answer taken).

Runnable alone, on any build (the debug one while working on it):
    python3 bench/lib/classroom.py VMSH [LINES [STUDENTS]]
The students run in processes of their own, each a few hundred asyncio connections speaking the
WebSocket protocol directly (a page's frames are small; a library's own bookkeeping per frame
would make the students, not vmsh, the bottleneck on 2 cores).
"""
import asyncio
import base64
import json
import os
import re
import select
import subprocess
import sys
import time

from serve import Teacher, lesson, percentile, us
from table import Row, verdict

TITLE = "a class answering"
STUDENTS, LINES = 1000, 10_000
PROCESSES = 4
PACE = 0.002
# Half the class right: each even-numbered student answers "yes", the right choice.
QUESTION = 'ask "Ready for the next part?" *yes no'
ANSWER_WITHIN = 10.0


class Asking(Teacher):
    """The teacher, who also reads a command's several lines."""

    def write(self, line):
        os.write(self.process.stdin.fileno(), line.encode() + b"\n")

    def read_until(self, pattern, timeout=60):
        """The lines printed until one matches `pattern`, that one last."""
        fd, lines, deadline = self.process.stdout.fileno(), [], time.monotonic() + timeout
        while True:
            while b"\n" in self.pending:
                line, self.pending = self.pending.split(b"\n", 1)
                lines.append(line.decode())
                if re.search(pattern, lines[-1]):
                    return lines
            if not select.select([fd], [], [], max(0.0, deadline - time.monotonic()))[0]:
                raise RuntimeError("vmsh printed no %r: %r" % (pattern, lines[-3:]))
            self.pending += os.read(fd, 1 << 16)


def start_classes(program, students, arguments, processes=PROCESSES):
    """`students` shared among `processes` runs of `program --students ARGUMENTS… SHARE FIRST`, once
    each said its pages are connected. At the lowest priority: in a class the students are other
    machines, and here they must not take the teacher's cores (what vmsh's own threads do for them
    still counts)."""
    shares = [students // processes + (1 if n < students % processes else 0) for n in range(processes)]
    classes = [subprocess.Popen(["nice", "-n", "19", sys.executable, program, "--students", *arguments, str(share),
                                 str(sum(shares[:n]))], stdout=subprocess.PIPE, text=True)
               for n, share in enumerate(shares)]
    for class_ in classes:
        ready = class_.stdout.readline()
        if not ready.startswith("ready"):
            raise RuntimeError("the students did not connect: %r" % ready)
    return classes


def follow(vmsh, env, folder, lines, students, pace):
    """One run without --serve, one served with a question at the end: the figures as a dict."""
    script = lesson(lines)
    alone = Teacher(vmsh, env, folder)
    without = alone.teach(script, pace)
    rss_alone = alone.memory()
    alone.end()

    teacher = Asking(vmsh, env, folder, "--serve", "0")
    classes = start_classes(os.path.abspath(__file__), students, [teacher.url, str(lines)])
    served = teacher.teach(script, pace)
    rss_teaching = teacher.memory()
    teacher.write(QUESTION)
    teacher.read_until(r"choices: ")
    reports = [json.loads(class_.stdout.readline() or "{}") for class_ in classes]
    teacher.write("ask close")
    closed = teacher.read_until(r"\d+ answered, \d+ of \d+ right")[-1]
    rss_after = teacher.memory()
    teacher.end()
    for class_ in classes:
        class_.wait(timeout=120)
    report = {key: sum(r.get(key, 0) for r in reports) for key in ("students", "every line", "in order", "answered")}
    report["errors"] = sorted({e for r in reports for e in r.get("errors", [])})
    seen = [r["first seen"] for r in reports if r.get("first seen")]
    taken = [r["last taken"] for r in reports if r.get("last taken")]
    report["answering"] = max(taken) - min(seen) if seen and taken else None
    return {"without": without, "served": served, "rss_alone": rss_alone, "rss_teaching": rss_teaching,
            "rss_after": rss_after, "closed": closed, "report": report}


# --- the students, in processes of their own -------------------------------------------------------
def frame(text):
    """A page's text frame: masked, as a client's must be."""
    payload, mask = text.encode(), os.urandom(4)
    masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
    length = len(payload)
    head = bytes([0x81, 0x80 | length]) if length < 126 else bytes([0x81, 0xFE]) + length.to_bytes(2, "big")
    return head + mask + masked


async def open_page(host, port, token):
    """A page's WebSocket to the feed, once the server upgraded it: (reader, writer)."""
    reader, writer = await asyncio.open_connection(host, port)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(("GET /follow?token=%s HTTP/1.1\r\nHost: %s:%s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (token, host, port, key)).encode())
    head = await reader.readuntil(b"\r\n\r\n")
    if b" 101 " not in head.split(b"\r\n", 1)[0]:
        writer.close()
        raise RuntimeError(head.split(b"\r\n", 1)[0].decode())
    return reader, writer


async def messages(reader, writer):
    """Each message the server sends (a line of a text frame), the server's pings answered."""
    while True:
        first, second = await reader.readexactly(2)
        length = second & 0x7F
        if length >= 126:
            length = int.from_bytes(await reader.readexactly(2 if length == 126 else 8), "big")
        payload = await reader.readexactly(length)
        opcode = first & 0x0F
        if opcode == 8:
            raise RuntimeError("closed")
        if opcode == 9:  # the server's ping: a page answers with a pong
            mask = os.urandom(4)
            writer.write(bytes([0x8A, 0x80 | length]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
            continue
        for message in payload.split(b"\n"):
            yield message


async def pages(url, numbers, page):
    """`page(host, port, token, number, connected)` for each number, "ready" printed once every page
    has connected; what each returned (or raised)."""
    host, port = url.split("//", 1)[1].split("/", 1)[0].rsplit(":", 1)
    token = url.split("token=", 1)[1]
    waiting = [len(numbers)]

    def connected():
        waiting[0] -= 1
        if waiting[0] == 0:
            print("ready", flush=True)
    # Connected a few at a time: a thousand handshakes at once would only measure the listen backlog.
    tasks = []
    for number in numbers:
        tasks.append(asyncio.create_task(page(host, int(port), token, number, connected)))
        if len(tasks) % 50 == 0:
            await asyncio.sleep(0.05)
    return await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 900)


async def student(host, port, token, lines, number, connected):
    """One page: (lines received, all in order, when it saw the question, when its answer was taken)."""
    reader, writer = await open_page(host, port, token)
    connected()
    expected, in_order, seen = 0, True, None
    try:
        async for message in messages(reader, writer):
            at = message.find(b'"text":"line ')
            if at >= 0:
                line = int(message[at + 13:at + 18])
                in_order = in_order and line == expected
                expected = line + 1
            elif b'"kind":"question"' in message:
                seen = time.monotonic()
                writer.write(frame(json.dumps({"answer": "yes" if number % 2 == 0 else "no"})))
            elif b'"kind":"received"' in message:
                return expected, in_order, seen, time.monotonic()
    finally:
        writer.close()


async def class_of(url, lines, students, first):
    results = await pages(url, range(first, first + students),
                          lambda host, port, token, number, connected:
                          student(host, port, token, lines, number, connected))
    done = [r for r in results if isinstance(r, tuple)]
    print(json.dumps({
        "students": students, "every line": sum(1 for r in done if r[0] == lines),
        "in order": sum(1 for r in done if r[1]), "answered": len(done),
        "first seen": min((r[2] for r in done), default=None), "last taken": max((r[3] for r in done), default=None),
        "errors": sorted({"%s: %s" % (type(r).__name__, r) for r in results if not isinstance(r, tuple)})[:3]}),
        flush=True)


# --- the row ---------------------------------------------------------------------------------------
def measure(ctx):
    lines, students = ctx.n(LINES, 2000), ctx.n(STUDENTS, 200)
    row = Row("%s: %s lines followed by %s students on loopback, then one question all of them answer"
              % (TITLE, format(lines, ","), format(students, ",")),
              target="added p99 under 5 ms; memory under 128 MiB more; every student every line in order; every "
                     "answer counted once, all within 10 s")
    folder = os.path.join(ctx.work, "classroom")
    os.makedirs(folder, exist_ok=True)
    describe(row, follow(ctx.vmsh, ctx.env, folder, lines, students, PACE), lines, students)
    return row


def describe(row, figures, lines, students):
    without, served, report = figures["without"], figures["served"], figures["report"]
    median = (percentile(without, 0.5), percentile(served, 0.5))
    p99 = (percentile(without, 0.99), percentile(served, 0.99))
    added = (median[1] - median[0], p99[1] - p99[0])
    memory = max(figures["rss_teaching"][1], figures["rss_after"][1]) - figures["rss_alone"][1]
    counted = re.search(r"(\d+) answered, (\d+) of (\d+) right", figures["closed"])
    answered, right = (int(counted.group(1)), int(counted.group(2))) if counted else (0, 0)
    everyone = report["every line"] == students and report["in order"] == students
    once = answered == report["answered"] == students and right == (students + 1) // 2
    within = report["answering"] is not None and report["answering"] < ANSWER_WITHIN
    row.measured = ("added per line: median %s, p99 %s (served: median %s, p99 %s); vmsh's peak memory %.1f MiB "
                    "(+%.1f MiB); %d of %d students got every line, %d in order; %d answers taken in %s, "
                    "`ask close` counted %d answered, %d right"
                    % (us(added[0]), us(added[1]), us(median[1]), us(p99[1]),
                       max(figures["rss_teaching"][1], figures["rss_after"][1]), memory, report["every line"],
                       students, report["in order"], report["answered"],
                       "%.2f s" % report["answering"] if report["answering"] is not None else "n/a", answered, right))
    if report["errors"]:
        row.measured += "; errors: " + ", ".join(report["errors"])
    row.reference = "the same lesson without --serve: median %s, p99 %s; peak memory %.1f MiB" % (
        us(median[0]), us(p99[0]), figures["rss_alone"][1])
    row.ratio = "p99 %.2fx" % (p99[1] / p99[0])
    row.result = verdict(added[1] < 5e-3 and memory < 128 and everyone and once and within)
    row.notes.append(
        "class: as serve's row, with %d students in %d processes of their own (asyncio, each page's WebSocket "
        "spoken directly, at the lowest priority: in a class they are other machines), one command every %d ms. After the lesson vmsh asks `%s`; each student answers when "
        "the question reaches it (even-numbered ones right) and waits for its `received`; the answering time runs "
        "from the first student's sighting of the question to the last answer taken; then `ask close` must count "
        "each answer once. Memory: vmsh's peak resident set (VmHWM) after the answers, less the unserved run's."
        % (students, PROCESSES, PACE * 1000, QUESTION))


if __name__ == "__main__":
    if sys.argv[1] == "--students":
        asyncio.run(class_of(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])))
        sys.exit(0)
    import tempfile
    lines = int(sys.argv[2]) if len(sys.argv) > 2 else LINES
    students = int(sys.argv[3]) if len(sys.argv) > 3 else STUDENTS
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, HOME=folder, XDG_DATA_HOME=folder, XDG_STATE_HOME=folder, NO_COLOR="1")
        figures = follow(sys.argv[1], env, folder, lines, students, PACE)
        row = Row("class")
        describe(row, figures, lines, students)
        print(row.measured)
        print(row.reference)
        print(row.ratio, row.result)
        print(figures["closed"], "|", figures["report"])
        print("rss (now, peak) alone %s, teaching %s, after %s" % (figures["rss_alone"], figures["rss_teaching"],
                                                                 figures["rss_after"]))
