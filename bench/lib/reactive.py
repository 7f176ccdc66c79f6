"""Events per second through map, filter, scan, combineLatest, distinctUntilChanged:
Sources/Reactive against OpenCombine 0.14.0 and a plain Swift loop (bench/Sources/reactive-chain)."""
from measure import median, run
from table import Row, count, times, verdict

IMPLEMENTATIONS = ("reactive", "combine", "loop")


def measure(ctx, has_scan):
    row = Row("events per second, 5-operator chain (map, filter, scan, combineLatest, distinctUntilChanged)",
              target="at least OpenCombine's rate")
    if not ctx.chain:
        return row.unavailable("the bench package (bench/Package.swift) did not build")
    events, processes = ctx.n(500_000, 200_000), ctx.n(5, 3)
    sampled = ctx.n(100_000, 20_000)
    for impl in IMPLEMENTATIONS:
        ctx.callgrind.start("chain-" + impl, [ctx.chain, impl, str(sampled), "1"])
    ctx.callgrind.start("chain-base", [ctx.chain, "loop", "1", "1"])  # start-up and exit, to subtract
    # Interleaved, so a change in the machine's load falls on all three alike.
    outputs = {impl: [] for impl in IMPLEMENTATIONS}
    for _ in range(processes):
        for impl in IMPLEMENTATIONS:
            outputs[impl].append(run([ctx.chain, impl, str(events), "2"]).stdout.split())
    rates = {impl: median([float(o[0]) for o in outs]) for impl, outs in outputs.items()}
    checksums = {impl: {(o[1], o[2]) for o in outs} for impl, outs in outputs.items()}
    agree = len(set.union(*checksums.values())) == 1
    ratio = rates["reactive"] / rates["combine"]
    row.measured = "%s events/s" % count(rates["reactive"])
    row.reference = "OpenCombine %s/s; plain loop %s/s" % (count(rates["combine"]), count(rates["loop"]))
    row.ratio = "%s OpenCombine's rate; the loop is %s faster" % (
        times(ratio), times(rates["loop"] / rates["reactive"]))
    base = ctx.callgrind.instructions("chain-base") or 0
    per_event = {impl: ((ctx.callgrind.instructions("chain-" + impl) or 0) - base) / sampled
                 for impl in IMPLEMENTATIONS}
    row.instructions = "per event: Reactive %.0f, OpenCombine %.0f, loop %.0f" % (
        per_event["reactive"], per_event["combine"], per_event["loop"])
    if per_event["reactive"] > 0:
        row.instructions += "; Reactive runs %s OpenCombine's instructions" % times(
            per_event["reactive"] / per_event["combine"])
    # Wall-clock rates swing with the machine's load; instructions do not. Met only when both agree.
    by_instructions = per_event["combine"] / per_event["reactive"] if per_event["reactive"] > 0 else 0
    row.result = verdict(ratio >= 1 and by_instructions >= 1 and agree)
    scan = ("the library's own `scan`" if has_scan else
            "`scan` built in the bench package from the public Signal API (Sources/Reactive has none yet)")
    row.notes.append(
        "chain: %s events into a `Subject`, the second input holding one value; best of 2 rounds in a "
        "process, median of %d processes run in turn with the others; met only if the instruction counts "
        "agree (wall-clock rates swing with the machine's load); %s; the three implementations %s the same "
        "output checksum. "
        "Instructions per event from one callgrind run of %s events, less the process's own start and exit." % (
            format(events, ","), processes, scan, "gave" if agree else "did NOT give", format(sampled, ",")))
    row.profile = "chain-reactive"
    return row
