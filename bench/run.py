"""The benchmark table (scripts/bench runs this after building): every figure beside its reference
measured in the same run, its target and met / MISSED; written to bench/results.md."""
import argparse
import datetime
import os
import re
import subprocess
import sys
import tempfile
import time
import traceback

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))

import classroom  # noqa: E402
import first_prompt  # noqa: E402
import forks  # noqa: E402
import https_idle  # noqa: E402
import memory  # noqa: E402
import paste  # noqa: E402
import reactive  # noqa: E402
import scale  # noqa: E402
import scroll  # noqa: E402
import searches  # noqa: E402
import serve  # noqa: E402
import start_script  # noqa: E402
import startup  # noqa: E402
import threads  # noqa: E402
import updates  # noqa: E402
from context import Context  # noqa: E402
from table import Row, markdown  # noqa: E402


def header(args, root):
    def out(*cmd):
        try:
            return subprocess.run(cmd, capture_output=True, text=True, cwd=root).stdout.strip()
        except OSError:
            return "?"
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    dirty = " (with uncommitted changes)" if out("git", "status", "--porcelain", "--", "Sources") else ""
    return [
        "# vmsh benchmarks" + (" (--quick: fewer runs, smaller sizes)" if args.quick else ""),
        "",
        "Written by `scripts/bench`%s on %s UTC, commit %s%s; %s, %d cores, load average %s at the start; "
        "%s; SQLite %s." % (
            " --quick" if args.quick else "", datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M"),
            out("git", "rev-parse", "--short", "HEAD"), dirty, cpu, os.cpu_count(),
            open("/proc/loadavg").read().split()[0], out("swift", "--version").split("\n")[0].strip(),
            out("sqlite3", "--version").split(" ")[0]),
        "",
        "Times are wall-clock medians (CPU time where the figure is CPU) on a machine that may be shared; "
        "instruction counts from `valgrind --tool=callgrind` repeat exactly, so compare those across versions.",
    ]


def attempt(name, figure, *args):
    try:
        result = figure(*args)
        return result if isinstance(result, list) else [result]
    except Exception as error:  # one broken figure must not stop the others
        traceback.print_exc()
        return [Row(name).unavailable("the measurement failed: %s" % str(error).split("\n")[0][:160])]


def main():
    parser = argparse.ArgumentParser()
    for flag in ("--vmsh", "--stub", "--chain", "--hello", "--root", "--output"):
        parser.add_argument(flag, default="")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--has-scan", action="store_true")
    parser.add_argument("--only", default="", help="comma-separated figure names, for development")
    parser.add_argument("--first-prompt", action="store_true", help="also the first prompt from a fresh clone")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="vmsh-bench-") as work:
        out = os.path.join(args.root, "bench", "out")
        os.makedirs(out, exist_ok=True)
        ctx = Context(args.vmsh, args.stub, args.chain, args.hello, work, out, args.quick)
        lines = header(args, args.root)
        ctx.prepare()
        figures = [
            ("startup", startup.measure, ctx), ("start-script", start_script.measure, ctx, args.root),
            ("searches", searches.measure, ctx), ("scale", scale.measure, ctx),
            ("reactive", reactive.measure, ctx, args.has_scan), ("updates", updates.measure, ctx),
            ("memory", memory.measure, ctx), ("scroll", scroll.measure, ctx),
            ("https", https_idle.measure, ctx), ("threads", threads.measure, ctx), ("paste", paste.measure, ctx),
            ("serve", serve.measure, ctx), ("class", classroom.measure, ctx),
            ("forks", forks.measure, ctx, args.root),
            ("first-prompt", first_prompt.measure, ctx, args.root),
        ]
        rows = []
        for name, figure, *rest in figures:
            if args.only and name not in args.only.split(","):
                continue
            if name == "first-prompt" and not (args.first_prompt or args.only):
                # Two builds from a fresh clone take minutes: the last figure measured stays in the table.
                rows += carried(args.output, first_prompt.TITLE)
                continue
            print("bench: %s ..." % name, file=sys.stderr, flush=True)
            started = time.monotonic()
            rows += attempt(name, figure, *rest)
            print("bench: %s took %.0f s" % (name, time.monotonic() - started), file=sys.stderr, flush=True)
        if args.only:
            # Only some figures measured: the table keeps every other row as it was last measured.
            rows = merged(earlier(args.output), rows)
        text = markdown(rows, lines) + profiles(ctx, rows)
    print(text)
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)


def carried(path, title):
    """The row of an earlier table whose figure begins with `title`, with its notes and the date it was
    measured, for a figure this run leaves out; none when that table has no such row."""
    return [row for row in earlier(path, "by `scripts/bench --first-prompt`") if row.figure.startswith(title)][:1]


def earlier(path, how=""):
    """Every row of an earlier table, with its notes, the first saying when it was measured."""
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError:
        return []
    when = next((m.groups() for m in map(re.compile(r".* on (.*) UTC, commit (\w+)").match, lines) if m), None)
    notes = dict(re.match(r"(\d+)\. (.*)", line).groups() for line in lines if re.match(r"\d+\. ", line))
    rows = []
    for line in lines:
        if not line.startswith("| ") or line.startswith("| figure |") or line.startswith("|---"):
            continue
        cells = [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", line)[1:-1]]
        figure, marks = re.match(r"(.*?)((?: \[\d+\])*)$", cells[0]).groups()
        row = Row(figure, *cells[1:6], result=cells[6].strip("*"))
        row.notes = [notes.get(number, "") for number in re.findall(r"\d+", marks)]
        if when and row.notes and "(carried over" not in row.notes[0]:
            row.notes[0] += " (carried over: measured on %s UTC, commit %s%s)" % (when + ((", " + how) if how else "",))
        rows.append(row)
    return rows


def merged(old, new):
    """The earlier table's rows with each newly measured one in the place of its earlier row (the same
    figure, whatever its counts), and any new figure after them."""
    def figure(row):
        return re.sub(r"[\d,.]+", "#", row.figure)
    fresh = {figure(row): row for row in new}
    rows = [fresh.pop(figure(row), row) for row in old]
    return rows + [row for row in new if figure(row) in fresh]


def short(function):
    """A callgrind function name without its source file or the library's directory, cut to fit."""
    head, sep, rest = function.partition(":")
    if sep and ("/" in head or head.startswith("???")) and not rest.startswith(":"):
        function = rest
    function = re.sub(r" \[/[^\]]*/([^/\]]+)\]$", r" [\1]", function)
    return function if len(function) <= 150 else function[:147] + "..."


# Frames every run passes through (process start, vmsh's main, the script loop, the virtual clock,
# the dispatch machinery; ' marks a recursion cycle): they say nothing about where a figure's time goes.
ENTRY_FRAMES = ("below main", "libc_start", "libc-start", "vmsh_main", "VMSH.main", "VMSH.run", "ParsableCommand.run",
                "assumeIsolated", "start_thread", "_dispatch_", "thunk for", "partial apply", "main [", "App.run",
                "ScriptRunner.", "Shell.run", "coreCommands", "Shell.wait", "ShellClock.wait",
                "VirtualScheduler.advance", "'2", "DispatchQueue.", "dispatch_sync", "closure #1 in  ", "_main")


def inclusive_top(ctx, name, count):
    """The most expensive functions including their callees, less the entry frames, each named once."""
    seen, out = set(), []
    for ir, pct, fn in ctx.callgrind.profile(name, 80, inclusive=True):
        fn = short(fn)
        key = fn.split(" [")[0]
        if key in seen or pct >= 99.9 or any(frame in fn for frame in ENTRY_FRAMES):  # 100%+: recursion
            continue
        seen.add(key)
        out.append((ir, pct, fn))
    return out[:count]


def profiles(ctx, rows):
    """For every missed target measured under callgrind: the functions its instructions went to, by
    their own instructions and including their callees (less the entry points every run shares)."""
    out = []
    for row in rows:
        name = getattr(row, "profile", None)
        if row.result != "MISSED" or not name:
            continue
        own = ctx.callgrind.profile(name, 10)
        inclusive = inclusive_top(ctx, name, 16)
        if not own:
            continue
        out += ["", "### %s" % row.figure, "", "callgrind (`bench/out/%s.callgrind`), instructions in the "
                "function itself, then including its callees:" % name, "", "```"]
        out += ["%14s %5.1f%%  %s" % (format(ir, ","), pct, short(fn)) for ir, pct, fn in own]
        out.append("")
        out += ["%14s %5.1f%%  %s" % (format(ir, ","), pct, fn) for ir, pct, fn in inclusive]
        out.append("```")
    return ("\n## Where the instructions go where a target is missed\n" + "\n".join(out) + "\n") if out else ""

main()
