"""`scripts/vmsh --no-rc -c quit` when nothing vmsh is built from changed, each run in an environment
of its own (one variable different, as in a new terminal), against the binary it runs, alone."""
import os

from measure import median, run
from table import Row, ms, verdict

TITLE = "scripts/vmsh start when nothing changed"


def measure(ctx, root):
    row = Row(TITLE + ", `scripts/vmsh --no-rc -c quit`", target="at most 0.3 s")
    script = os.path.join(root, "scripts/vmsh")
    if os.path.realpath(ctx.vmsh) != os.path.realpath(os.path.join(root, ".build-static/release/vmsh")):
        return row.unavailable("the bench's vmsh is not the one scripts/vmsh runs")
    # The first run may build (SwiftPM checks the build, then leaves its stamp): not measured.
    first = run([script, "--no-rc", "-c", "quit"], env=ctx.env, cwd=root)
    if first.status != 0:
        raise RuntimeError("scripts/vmsh exited %d: %s" % (first.status, first.stderr[-300:]))
    n = ctx.n(21, 7)
    script_runs, binary_runs = [], []
    for i in range(n):
        env = dict(ctx.env, VMSH_BENCH_RUN=str(i))
        script_runs.append(run([script, "--no-rc", "-c", "quit"], env=env, cwd=root))
        binary_runs.append(run([ctx.vmsh, "--no-rc", "-c", "quit"], env=env, cwd=root))
    for result in script_runs + binary_runs:
        if result.status != 0:
            raise RuntimeError("a run exited %d: %s" % (result.status, result.stderr[-300:]))
    script_wall = median([r.wall for r in script_runs])
    binary_wall = median([r.wall for r in binary_runs])
    row.measured = "%s (slowest %s)" % (ms(script_wall), ms(max(r.wall for r in script_runs)))
    row.reference = "the binary alone %s" % ms(binary_wall)
    row.ratio = "+%s" % ms(script_wall - binary_wall)
    row.result = verdict(script_wall <= 0.3)
    row.notes.append(
        "scripts/vmsh start: after one run that may build, %d runs, each with a variable set to a value of its "
        "own (SwiftPM, asked, reads the manifests again for up to a minute whenever the environment differs), "
        "in turn with the static release binary it runs; medians of wall time. The script compares a stamp of "
        "the sources, the manifest and the toolchain (paths, sizes, times) with the one the last build left, and "
        "runs the binary without SwiftPM when they agree." % n)
    return row
