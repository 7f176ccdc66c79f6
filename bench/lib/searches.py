"""2,000 searches through the whole stack against the sqlite3 shell running the same SQL."""
import re

from context import COMMON_WORDS
from measure import interleaved, median
from table import Row, count, ms, times, verdict

# The catalog's search today (Catalog.search): the total, then the first page in interestingness order.
COUNT_SQL = "SELECT count(*) FROM photos_fts WHERE photos_fts MATCH '\"%s\"';"
PAGE_SQL = ("SELECT p.id, p.title, p.owner, p.owner_name, p.secret, p.server FROM photos_fts "
            "JOIN photos p ON p.number = photos_fts.rowid WHERE photos_fts MATCH '\"%s\"' "
            "ORDER BY p.interestingness DESC, p.id LIMIT 100;")


def scripts(searches):
    words = [COMMON_WORDS[i % len(COMMON_WORDS)] for i in range(searches)]
    vmsh = "".join("search %s\nwait 1ms\n" % w for w in words).encode()
    sql = "".join(COUNT_SQL % w + "\n" + PAGE_SQL % w + "\n" for w in words).encode()
    return vmsh, sql


def measure(ctx):
    searches = ctx.n(2000, 200)
    row = Row("%s searches through the whole stack, first page rendered" % format(searches, ","),
              target="at most 2x")
    n = ctx.n(5, 3)
    vmsh_cmd = ctx.vmsh_script("--virtual-clock", "--latency", "0")
    sqlite_cmd = ["sqlite3", "-readonly", ctx.catalog]
    sampled = ctx.n(100, 20)
    small_vmsh, small_sql = scripts(sampled)
    ctx.callgrind.start("searches-vmsh", vmsh_cmd, small_vmsh, ctx.env)
    ctx.callgrind.start("searches-sqlite3", sqlite_cmd, small_sql, ctx.env)
    vmsh_script, sql_script = scripts(searches)
    # No warm-up run: the catalog file is in the page cache already, and a run lasts long enough.
    ctx.callgrind.wait()
    timed = interleaved(n, {"vmsh": (vmsh_cmd, vmsh_script), "sqlite3": (sqlite_cmd, sql_script)}, ctx.env, warmup=0)
    vmsh_runs, sqlite_runs = timed["vmsh"], timed["sqlite3"]
    pages = len(re.findall(rb": 100 of [\d,]+ photos", vmsh_runs[0].stdout))
    rows_printed = sqlite_runs[0].stdout.count(b"\n") - searches
    vmsh_time = median([r.wall for r in vmsh_runs])
    sqlite_time = median([r.wall for r in sqlite_runs])
    ratio = vmsh_time / sqlite_time
    row.measured = "%s (%s per search)" % (ms(vmsh_time), ms(vmsh_time / searches))
    row.reference = "sqlite3 shell %s" % ms(sqlite_time)
    row.ratio = times(ratio)
    ir_vmsh = ctx.callgrind.instructions("searches-vmsh")
    ir_sql = ctx.callgrind.instructions("searches-sqlite3")
    if ir_vmsh and ir_sql:
        row.instructions = "%d searches: vmsh %s, sqlite3 %s (%s)" % (
            sampled, count(ir_vmsh), count(ir_sql), times(ir_vmsh / ir_sql))
    row.result = verdict(ratio <= 2)
    row.notes.append(
        "searches: `search WORD` + `wait 1ms` piped into `vmsh --virtual-clock --latency 0` on the "
        "20,000-photo catalog, common title words in turn; %d of %d searches printed a full first page; "
        "the sqlite3 shell ran the catalog's two statements per search (count, first 100 rows by "
        "interestingness) and printed %d rows; medians of %d runs, the two taken in turn." % (pages, searches, rows_printed, n))
    row.profile = "searches-vmsh"
    return row
