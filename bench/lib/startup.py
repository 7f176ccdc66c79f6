"""Start-up: `vmsh --no-rc -c quit` against a Swift hello and `sqlite3 :memory: .quit`."""
from measure import interleaved, median
from table import Row, count, ms, times, verdict


def measure(ctx):
    row = Row("start-up, `vmsh --no-rc -c quit`", target="at most 1.5x the hello")
    n = ctx.n(21, 7)
    commands = {
        "vmsh": [ctx.vmsh, "--no-rc", "-c", "quit"],
        "vmsh-named": [ctx.vmsh, "--no-rc", "--catalog", ctx.catalog, "-c", "quit"],
        # What start-up leaves to the first search: opening the catalog and the state database.
        "vmsh-search": [ctx.vmsh, "--no-rc", "--latency", "0", "-c", "search sunset", "-c", "wait 1ms", "-c", "back"],
        "hello": [ctx.hello],
        "sqlite3": ["sqlite3", ":memory:", ".quit"],
    }
    for name in ("vmsh", "vmsh-search", "hello", "sqlite3"):
        ctx.callgrind.start("startup-" + name, commands[name], env=ctx.env)
    ctx.callgrind.wait()
    timed = interleaved(n, {name: (cmd, None) for name, cmd in commands.items()}, env=ctx.env)
    wall = {name: median([r.wall for r in results]) for name, results in timed.items()}
    ratio = wall["vmsh"] / wall["hello"]
    row.measured = "%s (named 20,000-photo catalog: %s; with one search, then `back`: %s)" % (
        ms(wall["vmsh"]), ms(wall["vmsh-named"]), ms(wall["vmsh-search"]))
    row.reference = "hello %s; sqlite3 %s" % (ms(wall["hello"]), ms(wall["sqlite3"]))
    row.ratio = "%s the hello (named: %s)" % (times(ratio), times(wall["vmsh-named"] / wall["hello"]))
    ir = {name: ctx.callgrind.instructions("startup-" + name) for name in ("vmsh", "vmsh-search", "hello", "sqlite3")}
    row.instructions = "vmsh %s (with one search %s); hello %s; sqlite3 %s" % (
        count(ir["vmsh"]), count(ir["vmsh-search"]), count(ir["hello"]), count(ir["sqlite3"]))
    row.result = verdict(ratio <= 1.5)
    row.notes.append(
        "start-up: medians of %d runs each (wall time), the five commands taken in turn. vmsh makes a missing "
        "catalog at start and reads an existing one's header; it opens the catalog at the first search and the "
        "state database when recent searches are first used, so `-c quit` opens neither: the run with one "
        "search (`--latency 0`, `search sunset`, `wait 1ms`, `back`) shows what that first search adds." % n)
    row.profile = "startup-vmsh"
    return row
