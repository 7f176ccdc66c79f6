"""A class writing: 200 students on loopback follow a lesson of 2,000 lines made of the project's own
lessons; a quarter of the way in, each student opens a fork of the session (the first at once,
then one more every line), writes a pipeline of ten steps there and sets it. Figures: what serving
and the forks add to the teacher's time per line (median and p99, against the same lesson without
--serve), vmsh's memory with every fork open, and how long the students waited for their forks.

Runnable alone, on any build (the debug one while working on it):
    python3 bench/lib/forks.py VMSH [LINES [STUDENTS]]
The students run in processes of their own, at the lowest priority, speaking the WebSocket
protocol directly, as classroom.py's do.
"""
import asyncio
import glob
import json
import os
import re
import sys
import time

from classroom import Asking, frame, messages, open_page, pages, start_classes
from serve import percentile, us
from table import Row, verdict

TITLE = "a class writing"
STUDENTS, LINES = 200, 2000
PROCESSES = 2
PACE = 0.002
# The pipeline every student writes (isVisible and nine steps), then runs on the next search.
PIPELINE = ("pipeline mine = isVisible | distinctUntilChanged | filter true | skip 0 | throttle 100ms | delay 1s"
            " | startWith true | takeUntil hidden | take 1 | flattenMap metadata")
WRITES = [PIPELINE, "set pipeline mine"]
# What a lesson does, less what checks (expect), rewinds (goto, undo), writes files or replays the
# whole session (compare, code): the teacher's own cost, the same in both runs, would drown the
# forks' in the figures.
LEFT_OUT = {"expect", "expect-not", "expect-marbles", "expect-error", "expect-no-leaks", "expect-all", "goto",
            "undo", "compare", "code", "save", "export", "serve", "quit", "source", "break", "step",
            "continue", "help", "complete", "answer", "play"}


def lesson(root, lines):
    """`lines` commands from scripts/lessons, in order and again from the first as often as needed."""
    taken = []
    for path in sorted(glob.glob(os.path.join(root, "scripts", "lessons", "*.vmsh"))):
        for line in open(path, encoding="utf-8"):
            line = line.strip()
            if line and not line.startswith("#") and line.split()[0] not in LEFT_OUT:
                taken.append(line)
    return [taken[n % len(taken)] for n in range(lines)]


class Writing(Asking):
    """The teacher, each line timed until a `say` after it is printed: its whole output."""

    def timed(self, line, number):
        start = time.perf_counter()
        self.write("%s\nsay mark %05d" % (line, number))
        self.read_until(r"mark %05d$" % number)
        return time.perf_counter() - start

    def teach(self, lines, pace):
        taken, next_at = [], time.perf_counter()
        for number, line in enumerate(lines):
            taken.append(self.timed(line, number))
            next_at += pace
            time.sleep(max(0.0, next_at - time.perf_counter()))
        return taken


def follow(vmsh, env, folder, root, lines, students, pace):
    """One run without --serve, one served to students who only follow, one whose students fork:
    the figures as a dict."""
    script = lesson(root, lines)
    alone = Writing(vmsh, env, folder)
    without = alone.teach(script, pace)
    rss_alone = alone.memory()
    alone.end()
    following = served(vmsh, env, folder, script, students, pace, forking=False)
    forking = served(vmsh, env, folder, script, students, pace, forking=True)
    return {"without": without, "rss_alone": rss_alone, "following": following, "forking": forking}


def served(vmsh, env, folder, script, students, pace, forking):
    """The lesson served to `students`, who open their forks a quarter of the way in if `forking`:
    the teacher's seconds per line, its memory with the forks open, `class`, and the students' report."""
    teacher = Writing(vmsh, env, folder, "--serve", "0")
    first = len(script) // 4 if forking else len(script) * 2
    classes = start_classes(os.path.abspath(__file__), students, [teacher.url, str(first), str(len(script) - 1)],
                            PROCESSES)
    teacher.write("class fork on")
    teacher.read_until(r"forks open")
    taken = teacher.teach(script, pace)
    reports = [json.loads(class_.stdout.readline() or "{}") for class_ in classes]
    teacher.write("class")
    room = teacher.read_until(r"following · forks")[-1]
    rss = teacher.memory()
    teacher.end()
    for class_ in classes:
        class_.wait(timeout=120)
    report = {key: sum(r.get(key, 0) for r in reports) for key in ("students", "written", "followed")}
    report["waits"] = sorted(w for r in reports for w in r.get("waits", []))
    report["errors"] = sorted({e for r in reports for e in r.get("errors", [])})
    return {"taken": taken, "rss": rss, "room": room, "report": report}


# --- the students, in processes of their own -------------------------------------------------------
async def student(host, port, token, opens_at, last, connected):
    """One page: once the teacher's line `opens_at` reaches it, it sends WRITES to its fork, each
    after the last one's reply, and follows on to the lesson's `last` line and its replies; (seconds
    until its fork answered, every reply free of vmsh:), or None for a page that never forks."""
    reader, writer = await open_page(host, port, token)
    connected()
    sent, replies, started, waited, clean, ended = 0, 0, None, None, True, False
    try:
        async for message in messages(reader, writer):
            mark = re.search(rb'mark (\d{5})"', message)
            ended = ended or bool(mark and int(mark.group(1)) >= last)
            if b'"kind":"forked"' in message:
                replies += 1
                clean = clean and not any(line.startswith("vmsh:") for line in json.loads(message)["lines"])
                waited = waited if waited is not None else time.monotonic() - started
            opens = mark and sent == 0 and int(mark.group(1)) >= opens_at
            if opens or (0 < sent == replies < len(WRITES)):
                started = started or time.monotonic()
                writer.write(frame(json.dumps({"fork": WRITES[sent]})))
                sent += 1
            if ended and replies == sent and sent in (0, len(WRITES)):
                return (waited, clean) if sent else None
    finally:
        writer.close()


async def class_of(url, first, last, students, number):
    results = await pages(url, range(number, number + students),
                          lambda host, port, token, n, connected:
                          student(host, port, token, first + n, last, connected))
    done = [r for r in results if isinstance(r, tuple)]
    print(json.dumps({
        "students": students, "written": sum(1 for r in done if r[1]), "waits": [r[0] for r in done],
        "followed": sum(1 for r in results if r is None or isinstance(r, tuple)),
        "errors": sorted({"%s: %s" % (type(r).__name__, r) for r in results if isinstance(r, BaseException)})[:3]}),
        flush=True)


# --- the row ---------------------------------------------------------------------------------------
def measure(ctx, root):
    lines, students = ctx.n(LINES, 1000), ctx.n(STUDENTS, 100)
    row = Row("%s: %s lines of the lessons followed by %s students on loopback, each opening a fork a quarter "
              "of the way in and writing a pipeline of ten steps there"
              % (TITLE, format(lines, ","), format(students, ",")),
              target="added p99 under 5 ms; memory under 256 MiB more; every student's fork opened and its "
                     "pipeline written")
    folder = os.path.join(ctx.work, "forks")
    os.makedirs(folder, exist_ok=True)
    describe(row, follow(ctx.vmsh, ctx.env, folder, root, lines, students, PACE), students)
    return row


def describe(row, figures, students):
    without, forking, following = figures["without"], figures["forking"], figures["following"]
    report = forking["report"]
    median = (percentile(without, 0.5), percentile(forking["taken"], 0.5))
    p99 = (percentile(without, 0.99), percentile(forking["taken"], 0.99))
    added = (median[1] - median[0], p99[1] - p99[0])
    # The same line in both runs: what serving and the forks added to each, whose p99 the teacher
    # feels (the runs' own p99 are the lesson's slowest commands, the same in both).
    each = percentile([s - w for s, w in zip(forking["taken"], without)], 0.99)
    following_p99 = percentile(following["taken"], 0.99) - p99[0]
    memory = forking["rss"][1] - figures["rss_alone"][1]
    following_memory = following["rss"][1] - figures["rss_alone"][1]
    forks = re.search(r"(\d+) forks?", forking["room"])
    opened = int(forks.group(1)) if forks else 0
    waits = report["waits"]
    everyone = report["followed"] == students == following["report"]["followed"]
    row.measured = ("added to each line: p99 %s; added per line: median %s, p99 %s (served: median %s, p99 %s); "
                    "vmsh's peak memory %.1f MiB "
                    "(+%.1f MiB); %d forks open, %d of %d students wrote their pipeline, %d followed to the end; "
                    "a fork answered its first line in %s (median), %s (slowest). Served with no fork: p99 added "
                    "%s, +%.1f MiB"
                    % (us(each), us(added[0]), us(added[1]), us(median[1]), us(p99[1]), forking["rss"][1], memory,
                       opened, report["written"], students, report["followed"],
                       "%.0f ms" % (percentile(waits, 0.5) * 1000) if waits else "n/a",
                       "%.0f ms" % (waits[-1] * 1000) if waits else "n/a", us(following_p99), following_memory))
    errors = report["errors"] + following["report"]["errors"]
    if errors:
        row.measured += "; errors: " + ", ".join(errors)
    row.reference = "the same lesson without --serve: median %s, p99 %s; peak memory %.1f MiB" % (
        us(median[0]), us(p99[0]), figures["rss_alone"][1])
    row.ratio = "p99 %.2fx" % (p99[1] / p99[0])
    row.result = verdict(each < 5e-3 and added[1] < 5e-3 and memory < 256 and opened == students == report["written"] and everyone)
    row.notes.append(
        "forks: %d students in %d processes of their own (asyncio, at the lowest priority), one command every %d "
        "ms, each line timed until a `say` after it is printed. The lesson is scripts/lessons' commands in "
        "order, again from the first, less what checks, rewinds, writes files or replays the whole session. "
        "Student n opens its fork when the teacher's line %d + n reaches it, with `%s`, then `%s`, and follows "
        "to the end. Memory: vmsh's peak resident set (VmHWM) at the end, less the unserved run's; the same "
        "lesson served to students who only follow is measured too."
        % (students, PROCESSES, PACE * 1000, len(without) // 4, PIPELINE, WRITES[1]))


if __name__ == "__main__":
    if sys.argv[1] == "--students":
        asyncio.run(class_of(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])))
        sys.exit(0)
    import tempfile
    lines = int(sys.argv[2]) if len(sys.argv) > 2 else LINES
    students = int(sys.argv[3]) if len(sys.argv) > 3 else STUDENTS
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, HOME=folder, XDG_DATA_HOME=folder, XDG_STATE_HOME=folder, NO_COLOR="1")
        figures = follow(sys.argv[1], env, folder, root, lines, students, PACE)
        row = Row("forks")
        describe(row, figures, students)
        print(row.measured)
        print(row.reference)
        print(row.ratio, row.result)
        print(figures["forking"]["room"])
