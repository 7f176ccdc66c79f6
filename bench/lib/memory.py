"""RSS growth over search/open/back cycles, and the live ViewModels before and after."""
import re

from context import COMMON_WORDS
from driver import Driver
from table import Row, verdict


def cycles(start, end):
    return "".join("search %s\nwait 1ms\nopen 1\nwait 1ms\nback\n" % COMMON_WORDS[i % len(COMMON_WORDS)]
                   for i in range(start, end))


def live_view_models(driver):
    """Sends `back`, `stats` and `stack`; returns {type: count} from the stats' live ViewModels."""
    start = driver.mark()
    driver.send("back\nstats\nstack\n")
    end = driver.wait_for(lambda line: line.endswith("(active)"), start, timeout=600)
    lines = driver.lines[start:end]
    counts, inside = {}, False
    for line in lines:
        line = re.sub(r"^\[[\d:.]+\] ", "", line)  # the virtual time
        if line.strip() == "live ViewModels":
            inside = True
        elif inside and line.startswith("  ") and line.split()[-1].isdigit():
            counts[line.split()[0]] = int(line.split()[-1])
        elif inside:
            inside = False
    return counts


def measure(ctx):
    first, last = ctx.n(1000, 100), ctx.n(10000, 1000)
    row = Row("RSS growth from cycle %s to %s of search/open/back; live ViewModels after" % (
        format(first, ","), format(last, ",")), target="under 10 MB; back to the count before")
    driver = Driver(ctx.vmsh_script("--virtual-clock", "--latency", "0"), ctx.env)
    try:
        before = live_view_models(driver)
        driver.send(cycles(0, first))
        live_view_models(driver)
        rss_first = driver.status("VmRSS")
        driver.send(cycles(first, last))
        after = live_view_models(driver)
        rss_last = driver.status("VmRSS")
    finally:
        driver.close()
    growth_mb = (rss_last - rss_first) / 1024
    describe = lambda counts: ", ".join("%s %d" % item for item in sorted(counts.items())) or "none"
    row.measured = "%+.1f MB (RSS %.1f MB at cycle %s, %.1f MB at %s); live after: %s" % (
        growth_mb, rss_first / 1024, format(first, ","), rss_last / 1024, format(last, ","), describe(after))
    row.reference = "live before: %s" % describe(before)
    row.result = verdict(growth_mb < 10 and after == before)
    row.notes.append(
        "memory: one `vmsh --virtual-clock --latency 0` process on the 20,000-photo catalog; a cycle is "
        "`search WORD`, `open 1`, `back`; RSS read from /proc after `back` at the root; live ViewModels "
        "from `stats`. One run: a count, not a timing.")
    return row
