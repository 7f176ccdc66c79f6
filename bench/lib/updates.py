"""CPU per printed update line, rows made visible many at once."""
import re

from context import COMMON_WORDS
from measure import interleaved, median
from table import Row, count, verdict

UPDATE = re.compile(rb"\] row \d+ .*favorite")


def scripts(lists):
    """Each list: search, show all 100 rows, and either let their metadata arrive (2 s) or not."""
    def script(wait):
        body = "".join("search %s\nwait 1ms\nvisible 1-100\nwait %s\n" % (COMMON_WORDS[i], wait)
                       for i in range(lists))
        return (body + "back\n").encode()  # back cancels whatever is still pending
    return script("2s"), script("1ms")


def measure(ctx):
    lists = ctx.n(10, 3)
    row = Row("CPU per printed update line, %s rows made visible at once" % format(lists * 100, ","),
              target="under 50 µs")
    n = ctx.n(9, 3)
    cmd = ctx.vmsh_script("--virtual-clock", "--latency", "0")
    with_updates, without = scripts(lists)
    ctx.callgrind.start("updates-with", cmd, with_updates, ctx.env)
    ctx.callgrind.start("updates-without", cmd, without, ctx.env)
    ctx.callgrind.wait()
    timed = interleaved(n, {"with": (cmd, with_updates), "without": (cmd, without)}, ctx.env)
    a, b = timed["with"], timed["without"]
    lines = len(UPDATE.findall(a[0].stdout))
    lines_without = len(UPDATE.findall(b[0].stdout))
    if lines == 0:
        return row.unavailable("no update lines were printed")
    cpu_a, cpu_b = median([r.cpu for r in a]), median([r.cpu for r in b])
    # Each run with updates against the run without them taken just after it.
    per_line = median([x.cpu - y.cpu for x, y in zip(a, b)]) / (lines - lines_without)
    row.measured = "%.1f µs" % (per_line * 1e6)
    row.reference = "the same script with the updates cancelled: %.0f ms CPU against %.0f ms" % (
        cpu_b * 1e3, cpu_a * 1e3)
    ir_a, ir_b = ctx.callgrind.instructions("updates-with"), ctx.callgrind.instructions("updates-without")
    if ir_a and ir_b:
        row.instructions = "%s per line" % count((ir_a - ir_b) / (lines - lines_without))
    row.result = verdict(per_line < 50e-6)
    row.notes.append(
        "updates: a results list holds 100 rows today, so %d lists of 100: `visible 1-100`, then "
        "`wait 2s` lets every row's 1 s delay and metadata calls run and print %d update lines; the "
        "reference script waits 1 ms instead, so the rows print but no update comes. CPU (user + system) "
        "difference divided by the lines; it covers the timer, both service calls and the printing. "
        "The two scripts run in turn; the median of %d paired differences." % (lists, lines, n))
    row.profile = "updates-with"
    return row
