"""A million photos: generating the catalog, and searching it, against sqlite3 doing the same."""
import os
import sqlite3
import subprocess
import time

from context import COMMON_WORDS, ORDINARY_WORDS
from driver import Driver
from measure import median, percentile, run
from table import Row, count, ms, times, verdict

NAIVE_COUNT = "SELECT count(*) FROM photos_fts WHERE photos_fts MATCH ?"
NAIVE_PAGE = ("SELECT p.id, p.title, p.owner, p.owner_name, p.secret, p.server FROM photos_fts "
              "JOIN photos p ON p.number = photos_fts.rowid WHERE photos_fts MATCH ? "
              "ORDER BY p.interestingness DESC, p.id LIMIT 100")
FTS = ("CREATE VIRTUAL TABLE photos_fts USING fts5(title, tags, content='photos', content_rowid='number', "
       "tokenize='unicode61 remove_diacritics 2');")


def sqlite(db, *commands, out=None):
    return subprocess.run(["sqlite3", db] + list(commands), check=True, text=True,
                          stdout=out or subprocess.PIPE).stdout


def reference_sql(source, size, path):
    """SQL text that loads `size` photo rows with an FTS5 index: the source's rows, repeated with new
    numbers and ids when it holds fewer (the 20,000-photo catalog before --catalog-size exists)."""
    have = int(sqlite(source, "SELECT count(*) FROM photos"))
    columns = [line.split("|")[1] for line in sqlite(source, "PRAGMA table_info(photos)").split("\n") if line]
    table = sqlite(source, "SELECT sql FROM sqlite_master WHERE name = 'photos'").strip()
    indexes = sqlite(source, "SELECT sql || ';' FROM sqlite_master WHERE type = 'index' "
                             "AND tbl_name = 'photos' AND sql IS NOT NULL").strip()
    copies = -(-size // have)
    picked = ", ".join("number + k.i * %d" % have if c == "number" else "id || '-' || k.i" if c == "id" else c
                       for c in columns)
    query = ("WITH k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < %d) SELECT %s FROM photos, k "
             "WHERE number + k.i * %d <= %d ORDER BY k.i, number" % (copies - 1, picked, have, size))
    with open(path, "w") as f:
        f.write("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; BEGIN;\n%s;\n" % table)
        f.flush()
        sqlite(source, ".mode insert photos", query, out=f)
        f.write("%s\n%s\nINSERT INTO photos_fts(photos_fts) VALUES('rebuild');\nCOMMIT;\n" % (indexes, FTS))


def load(sql_path, db):
    if os.path.exists(db):
        os.remove(db)
    with open(sql_path, "rb") as f:
        return run(["sqlite3", db], f.read())


def naive_timings(db, words):
    """Per-search seconds of the naive query (count, then all matches sorted, first 100) in SQLite."""
    connection = sqlite3.connect("file:%s?mode=ro" % db, uri=True)
    timings = []
    for word in words:
        match = '"%s"' % word
        start = time.perf_counter()
        connection.execute(NAIVE_COUNT, (match,)).fetchall()
        connection.execute(NAIVE_PAGE, (match,)).fetchall()
        timings.append(time.perf_counter() - start)
    connection.close()
    return timings


def vmsh_timings(cmd, env, words):
    """Per-search seconds through vmsh: from sending `search WORD` to its results being on top."""
    driver = Driver(cmd, env)
    timings = []
    try:
        for word in words:
            start_line = driver.mark()
            start = time.perf_counter()
            driver.send("search %s\nwait 1ms\nstack\n" % word)
            driver.wait_for(lambda line: line.endswith("(active)") and "Results" in line, start_line)
            timings.append(time.perf_counter() - start)
    finally:
        driver.close()
    return timings


def measure(ctx):
    size = ctx.n(1_000_000, 100_000)
    label = format(size, ",")
    search = Row("search median and 99th percentile, %s photos" % label,
                 target="median under 2 ms, p99 under 10 ms, at least 10x faster than naive")
    generation = Row("generating the %s-photo catalog" % label, target="at most 1.5x")
    n = ctx.n(5, 3)
    big, sql_path, ref_db = (os.path.join(ctx.work, name) for name in ("catalog-big.sqlite", "ref.sql", "ref.sqlite"))
    supported = ctx.has_flag("--catalog-size")
    size_flags = ["--catalog-size", str(size), "--catalog", big]
    why = "vmsh has no --catalog-size: it cannot make or use a catalog of this size"
    gen_wall = None
    if supported:
        small = os.path.join(ctx.work, "catalog-cg.sqlite")
        ctx.callgrind.start("generate-vmsh", [ctx.vmsh, "--no-rc", "--catalog-size", "20000", "--catalog", small,
                                              "-c", "quit"], env=ctx.env)
        walls = []
        for _ in range(n):
            if os.path.exists(big):
                os.remove(big)
            outcome = run([ctx.vmsh, "--no-rc"] + size_flags + ["-c", "quit"], env=ctx.env)
            if outcome.status != 0 or not os.path.exists(big):
                supported, why = False, "generation failed: " + outcome.stderr.decode(errors="replace")[:120]
                break
            walls.append(outcome.wall)
        gen_wall = median(walls) if supported else None
    reference_sql(big if supported else ctx.catalog, size, sql_path)
    small_sql = os.path.join(ctx.work, "ref-20k.sql")
    reference_sql(ctx.catalog, 20000, small_sql)
    with open(small_sql, "rb") as f:
        ctx.callgrind.start("generate-sqlite3", ["sqlite3", os.path.join(ctx.work, "ref-cg.sqlite")], f.read())
    ref_wall = median([load(sql_path, ref_db).wall for _ in range(n)])
    generation.reference = "sqlite3 loading the rows with FTS5 from SQL text: %s" % ms(ref_wall)
    ir_ref = ctx.callgrind.instructions("generate-sqlite3")
    if supported:
        generation.measured = ms(gen_wall)
        generation.ratio = times(gen_wall / ref_wall)
        generation.result = verdict(gen_wall / ref_wall <= 1.5)
        ir = ctx.callgrind.instructions("generate-vmsh")
        if ir and ir_ref:
            generation.instructions = "20,000 photos: vmsh %s, sqlite3 %s (%s)" % (
                count(ir), count(ir_ref), times(ir / ir_ref))
        generation.profile = "generate-vmsh"
        source = "the rows vmsh generated"
    else:
        generation.unavailable(why)
        generation.instructions = "20,000 photos: sqlite3 %s" % count(ir_ref)
        source = "the 20,000-photo catalog's rows repeated with new numbers and ids"
    generation.notes.append("generation: %s; the reference loads %s (SQL text, one transaction, journal off, "
                            "FTS5 rebuilt at the end); medians of %d runs." % (
                                "`vmsh --catalog-size N --catalog FILE -c quit`" if supported else "n/a", source, n))
    words = (COMMON_WORDS + ORDINARY_WORDS) * ctx.n(5, 2)
    naive_timings(ref_db, words[:20])  # warm the page cache
    naive = naive_timings(ref_db, words)
    naive_median, naive_p99 = median(naive), percentile(naive, 0.99)
    search.reference = "naive query in SQLite: median %s, p99 %s" % (ms(naive_median), ms(naive_p99))
    if supported:
        try:
            cmd = [ctx.vmsh, "--no-rc", "--virtual-clock", "--latency", "0"] + size_flags
            vmsh_timings(cmd, ctx.env, words[:10])
            timings = vmsh_timings(cmd, ctx.env, words)
        except (RuntimeError, TimeoutError) as error:
            supported, why = False, "searching the big catalog failed: %s" % str(error)[:120]
    if supported:
        mid, p99 = median(timings), percentile(timings, 0.99)
        search.measured = "median %s, p99 %s" % (ms(mid), ms(p99))
        search.ratio = "%s faster than naive (medians)" % times(naive_median / mid)
        search.result = verdict(mid < 0.002 and p99 < 0.010 and naive_median / mid >= 10)
    else:
        search.unavailable(why)
    search.notes.append(
        "scale: %d searches of common and ordinary words; vmsh timed from sending `search WORD` to its "
        "results being on top (`--virtual-clock --latency 0`, through a pipe); the naive query (count, then "
        "every match sorted by interestingness, first 100) timed in SQLite through python on the reference "
        "database of the generation row." % len(words))
    return [search, generation]
