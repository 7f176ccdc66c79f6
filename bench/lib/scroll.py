"""Metadata calls on a scripted fast scroll: only rows visible a second should cost calls."""
import re

from context import COMMON_WORDS
from measure import run
from table import Row, verdict

# A `stats` line; under the virtual clock it starts with the time, e.g. "[00:02.700]   flickr.photos.getInfo  10".
CALL = re.compile(rb"(flickr\.photos\.getFavorites|flickr\.photos\.getInfo)\s+(\d+)")


def measure(ctx):
    lists, pages = 5, 10
    row = Row("metadata calls on a scripted fast scroll through %d rows" % (lists * pages * 10),
              target="exactly 2 per row visible at least 1 s")
    script = ""
    for i in range(lists):
        script += "search %s\nwait 500ms\n" % COMMON_WORDS[i]
        script += "scroll down\nwait 200ms\n" * (pages - 1)
        script += "wait 2s\n"  # the last page stays: its rows are the only ones seen for a second
    script += "stats\n"
    outcome = run(ctx.vmsh_script("--virtual-clock"), script.encode(), ctx.env)
    calls = sum(int(n) for _, n in CALL.findall(outcome.stdout))
    seen_a_second = lists * 10
    row.measured = "%d calls for %d rows seen a second (%.2f per row)" % (calls, seen_a_second, calls / seen_a_second)
    row.reference = "naive, 2 per row shown: %d" % (2 * lists * pages * 10)
    row.ratio = "%.2f of naive" % (calls / (2 * lists * pages * 10))
    row.result = verdict(calls == 2 * seen_a_second)
    row.notes.append(
        "scroll: %d lists of 100 rows (a list holds 100 today), each scrolled a page (10 rows) every "
        "200 ms of virtual time to its last page, which stays 2 s; calls counted by `stats` "
        "(getFavorites plus getInfo, started)." % lists)
    return row
