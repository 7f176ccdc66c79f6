#!/usr/bin/env python3
"""`code NAME --combine` against OpenCombine, as a property over random pipelines: each pipeline
is defined in the playground (under the virtual clock) and its events recorded with their times;
its generated Combine code, as vmsh prints it, goes into Tests/CombineCheck, a package of its own
that supplies what OpenCombine 0.14 lacks (merge, combineLatest, and a virtual scheduler that the
code's DispatchQueue.main names) and the marble sources (test publishers, as `code` notes); that
package is built and run, and every pipeline must give the same events at the same times. The
first mismatch is reported with its pipeline and the seed.

Drawn: marble sources of numbers or letters and inline sequences made signals, every operator of
the registry (OPERATORS) over whatever type the steps before give, and now and
then a helper definition the pipeline starts from. Where `code` notes that Combine's operator ends
or orders otherwise, the draw keeps to what both do alike (see Draw.drawn and Draw.timed_out).

COMBINE_SEED=N (or "random") draws other pipelines; COMBINE_COUNT=N draws N of them. VMSH names
the binary. The package builds in .build/combine-check, so a second run only recompiles the
pipelines."""
import os
import random
import re
import subprocess
import unittest

import vmshtest

HOME = vmshtest.Home("vmsh-combine-")
# The package is copied beside its build, under .build, with the pipelines written in: nothing
# generated lands in the checkout, where the format lint would read it.
PACKAGE = os.path.join(vmshtest.ROOT, "Tests", "CombineCheck")
WORK = os.path.join(vmshtest.ROOT, ".build", "combine-check")
COPY = os.path.join(WORK, "package")
SCRATCH = os.path.join(WORK, "build")
SEED = os.environ.get("COMBINE_SEED", "36")
# zip is drawn where combineLatest would be, from a stream of its own: the seeds draw every other
# step as they did before zip was an operator.
ZIPS = random.Random("zip " + SEED)
COUNT = int(os.environ.get("COMBINE_COUNT", "200"))
# Every pipeline runs this long on both clocks: the longest marble string, delay and debounce
# end well before it.
HORIZON_MS = 20_000
# Each 30 ms past a marble step: what a timer does never falls at the instant of a marble event or
# of another timer of as many steps, where the order of two things due at once is the scheduler's
# own (DispatchQueue.main promises none).
DURATIONS = ["30ms", "130ms", "230ms", "330ms", "1030ms"]
# Where Combine's operator ends otherwise than the playground's, as `code` notes: a pipeline with
# one of these is drawn on sources that never end, so that what is compared is the same operator.
ENDS_OTHERWISE = ("delay", "throttle", "debounce", "throttleLeading", "takeUntil", "sample")
# What joins signals (or a value and a signal): where two events of one instant meet, whose order
# each library keeps its own way.
JOINS = {"merge", "combineLatest", "zip", "flattenMap", "switchToLatest", "startWith", "concat", "then", "catch", "catchTo",
         "retry"}
OPERATORS = {"map", "filter", "scan", "fold", "take", "skip", "distinctUntilChanged", "delay", "throttle", "debounce",
             "throttleLeading", "takeUntil", "merge", "combineLatest", "zip", "flattenMap", "switchToLatest", "catchTo",
             "skipWhile", "startWith", "concat", "ignore", "catch", "retry", "then", "scanWithStart",
             "foldLeftWithStart", "reduceEach", "publish", "replay", "autoconnect", "replayLast", "replayLazily",
             "materialize", "dematerialize", "doNext", "doCompleted", "doError", "timeout", "sample", "deliverOn",
             "subscribeOn", "signal", "bufferWithTime"}
# Drawn where they mean the same, as `code` notes where they do not: timeout right on a source that ends
# before it or sends nothing (Combine's starts again at each value), sample on sources that never end
# (Combine's finishes once both have).


class Draw:
    """One random pipeline: marble sources, perhaps a helper built on one, and `out`, each a
    playground definition, with the type of what each carries (int, text, bool, list or a pair)."""

    def __init__(self, rng):
        self.rng = rng
        self.sources = []  # (name, marble string, type)
        self.definitions = []  # (name, text) after the sources, in order
        self.types = {}
        self.operators = set()
        self.timers = set()  # the durations of the timed steps drawn
        self.timeouts = []  # (source, milliseconds) of each timeout right on a source

    def source(self, kind=None):
        """A new marble source of `kind` (int or text): values in some steps, then |, # or nothing."""
        rng = self.rng
        kind = kind or rng.choice(["int", "int", "int", "text"])
        alphabet = "0123456789" if kind == "int" else "abcxyz"
        marks = "".join(rng.choice(alphabet) if rng.random() < 0.5 else "-" for _ in range(rng.randint(2, 12)))
        marks += rng.choice(["|", "|", "|", "#", ""])
        name = f"s{len(self.sources) + 1}"
        self.sources.append((name, marks, kind))
        self.types[name] = kind
        return name

    def other(self, kind):
        """A signal of `kind` to merge, combine or flatten: a source of its own, now and then the
        helper, or for numbers a sequence made a signal."""
        # Not a shared helper read again by what it feeds: which of a subject's subscribers hears a
        # value sent while another subscribes is where the playground and Combine part (see the note).
        helpers = [name for name, text in self.definitions if self.types[name] == kind and "replay" not in text
                   and "publish" not in text]
        if helpers and self.rng.random() < 0.5:
            return self.rng.choice(helpers)
        if kind == "int" and self.rng.random() < 0.15:
            name = f"q{len(self.definitions) + 1}"
            values = " ".join(str(self.rng.randint(0, 9)) for _ in range(self.rng.randint(1, 3)))
            self.definitions.append((name, f"sequence {values} | signal"))
            self.types[name] = "int"
            self.operators.add("signal")
            return name
        return self.source(kind if kind in ("int", "text") else None)

    def step(self, kind, start):
        """One operator that can take `kind` (start: the marble source it is right on, if it is), and
        the type it gives."""
        rng = self.rng
        on_source = start is not None
        # Not drawn: take N but 1 (prefix(N) ends later, as noted) and publish | autoconnect (share()
        # stands in, as noted).
        choices = ["take", "skip", "delay", "throttle", "debounce", "throttleLeading", "takeUntil", "combineLatest",
                   "flattenMap", "switchToLatest", "retry", "shared", "materialize", "doNext", "doCompleted",
                   "doError", "sample", "deliverOn", "subscribeOn", "bufferWithTime"] + (["timeout"] if on_source else [])
        if kind in ("int", "text", "bool"):
            choices += ["map", "map", "filter", "filter", "scan", "fold", "distinctUntilChanged", "skipWhile"]
        if kind in ("int", "text"):
            # Another signal of the same type: marble sources carry numbers or letters.
            choices += ["merge", "catchTo", "catch", "concat", "startWith", "ignore", "then"]
        if kind == "int":
            choices += ["scanWithStart", "foldLeftWithStart"]
        if isinstance(kind, tuple):
            choices += ["reduceEach"] * 6
        if kind == "bool":
            # Paired with truth values, for and / or.
            choices += ["combineLatest"] * 4
        if isinstance(kind, tuple):
            # Mostly taken apart again, as a pair is in an app: first, second, and or or.
            choices += ["map"] * 6
        word = rng.choice(choices)
        if word == "combineLatest" and ZIPS.random() < 0.3:
            word = "zip"
        self.operators.add(word)
        duration = rng.choice(DURATIONS)
        if word == "map":
            return self.map(kind)
        if word in ("startWith", "ignore"):
            return f"{word} {rng.choice('0123456789' if kind == 'int' else 'abcxyz')}", kind
        if word in ("catch", "concat", "then"):
            return f"{word} {self.other(kind)}", kind
        if word == "retry":
            return f"retry {rng.randint(1, 2)}", kind
        if word in ("scanWithStart", "foldLeftWithStart"):
            return f"{word} {rng.randint(0, 9)} {rng.choice(['sum', 'count'])}", "int"
        if word == "reduceEach":
            functions = [("first", kind[0]), ("second", kind[1])]
            if kind == ("int", "int"):
                functions += [("sum", "int")] * 2
            if kind == ("bool", "bool"):
                functions += [("and", "bool"), ("or", "bool")]
            chosen = rng.choice(functions)
            return f"reduceEach {chosen[0]}", chosen[1]
        if word == "shared":
            # One subscriber: each shares its one subscription to the source, and passes it on.
            self.operators.discard("shared")
            shared = rng.choice(["publish | autoconnect", f"replay {rng.randint(1, 3)} | autoconnect", "replayLast",
                                 "replayLazily"])
            self.operators |= {part.split()[0] for part in shared.split(" | ")}
            return shared, kind
        if word == "materialize":
            # Its events as values, then events again: what goes on is the source's own.
            self.operators.add("dematerialize")
            return "materialize | dematerialize", kind
        if word in ("doNext", "doCompleted", "doError"):
            if "log" not in self.types:
                self.definitions.insert(0, ("log", "subject"))
                self.types["log"] = "any"
            return f"{word} log", kind
        if word in ("filter", "skipWhile"):
            test = {"int": ["even", "odd", f">{rng.randint(0, 9)}", f"<{rng.randint(0, 9)}", f">={rng.randint(0, 9)}",
                            f"<={rng.randint(0, 9)}", f"={rng.randint(0, 9)}", f"!={rng.randint(0, 9)}"],
                    "text": ["nonempty", "=a", "!=x"], "bool": ["true", "false"]}[kind]
            return f"{word} {rng.choice(test)}", kind
        if word in ("scan", "fold"):
            if kind == "int" and rng.random() < 0.8:
                # Swift's arithmetic stops the program on an overflow, where the playground's wraps: a
                # product only right on a source (a flattened signal's many values would overflow
                # it), and max and min not as a fold, whose empty signal gives Int.min or Int.max.
                reducers = ["sum", "count"] + (["product"] if on_source else [])
                reducers += ["max", "min"] if word == "scan" else []
                return f"{word} {rng.choice(reducers)}", "int"
            reducer = rng.choice(["count", "concat"])
            return f"{word} {reducer}", "int" if reducer == "count" else "text"
        if word == "take":
            return "take 1", kind
        if word == "timeout":
            # Its source is made again once the draw is done (see tried): it ends before the timeout
            # or sends nothing, where RAC 2's timeout and Combine's mean the same.
            self.timeouts.append((start, int(duration.removesuffix("ms"))))
            return f"timeout {duration}", kind
        if word == "deliverOn":
            return f"deliverOn {rng.choice(['main', 'background'])}", kind
        if word == "subscribeOn":
            return "subscribeOn background", kind
        if word == "skip":
            return f"skip {rng.randint(0, 3)}", kind
        if word in ("delay", "throttle", "debounce", "throttleLeading"):
            duration = vmshtest.distinct_duration(duration, self.timers, DURATIONS)
            return f"{word} {duration}", kind
        if word == "bufferWithTime":
            duration = vmshtest.distinct_duration(duration, self.timers, DURATIONS)
            return f"bufferWithTime {duration}", "list"
        if word == "distinctUntilChanged":
            return word, kind
        if word in ("takeUntil", "sample"):
            # The trigger 30 ms after a marble step: which of two marble events due at one instant
            # comes first is the scheduler's own, and takeUntil subscribes its trigger first.
            trigger = f"t{len(self.definitions) + 1}"
            self.definitions.append((trigger, f"{self.source()} | delay 30ms"))
            self.types[trigger] = "any"
            return f"{word} {trigger}", kind
        if word in ("merge", "catchTo"):
            return f"{word} {self.other(kind)}", kind
        if word in ("combineLatest", "zip") and (kind == "bool" or rng.random() < 0.2):
            # Truth values on the other side (on both, for map and / or): a source's numbers compared.
            other = f"b{len(self.definitions) + 1}"
            self.definitions.append((other, f"{self.source('int')} | map >{rng.randint(0, 9)}"))
            self.types[other] = "bool"
        else:
            other = self.other(rng.choice(["int", "int", "text"]))
        if word in ("combineLatest", "zip"):
            return f"{word} {other}", (kind, self.types[other])
        return f"{word} {other}", self.types[other]

    def map(self, kind):
        rng = self.rng
        if isinstance(kind, tuple):
            functions = [("first", kind[0]), ("second", kind[1])]
            if kind == ("bool", "bool"):
                functions += [("and", "bool"), ("or", "bool")] * 2
            return "map " + (chosen := rng.choice(functions))[0], chosen[1]
        functions = {"int": [(f"*{rng.randint(1, 3)}", "int"), (f"+{rng.randint(0, 9)}", "int"),
                             (f"-{rng.randint(0, 9)}", "int"), (f">{rng.randint(0, 9)}", "bool"),
                             (f"={rng.randint(0, 9)}", "bool"), (f"<{rng.randint(0, 9)}", "bool")],
                     "text": [("length", "int"), ("upper", "text"), ("lower", "text"), ("=a", "bool")],
                     "bool": [("not", "bool"), ("!=true", "bool")]}[kind]
        function, result = rng.choice(functions)
        return f"map {function}", result

    def chain(self, name, start, length, steps=(), kind=None):
        """`name` = `start` | the given steps (giving `kind`) | `length` random ones."""
        kind = kind or self.types[start]
        steps = list(steps)
        for index in range(length):
            step, kind = self.step(kind, start if index == 0 and start.startswith("s") else None)
            steps.append(step)
        self.definitions.append((name, f"{start} | " + " | ".join(steps)))
        self.types[name] = kind

    @staticmethod
    def drawn(rng):
        """A pipeline whose operators end as the playground's do, as `code` notes where they do not."""
        while True:
            draw = Draw.tried(rng)
            # debounce drops, and throttle delays, what ends them: nothing upstream ends.
            timed = draw.operators & {"throttle", "debounce", "throttleLeading"}
            ends = {"take", "fold", "takeUntil"} if timed else set()
            # Combine's sample finishes once both have finished, RAC 2's when either does: nothing ends.
            ends |= {"take", "fold", "takeUntil", "timeout"} if "sample" in draw.operators else set()
            # Combine's throttle sends on its scheduler: values of one instant, which joins make, count as one.
            joined = "throttleLeading" in draw.operators
            # (as are a prepended value and the source's first, or what one source's end and the next's start send)
            joins = JOINS | {"sample"} if joined else set()
            # A shared subscription subscribes its source when its first subscriber comes, not when
            # it is written: two marble events due at one instant then come in the other order.
            shares = {"publish", "replay", "replayLast", "replayLazily"} & draw.operators
            if shares and draw.operators & {"flattenMap", "switchToLatest"}:
                continue
            # Combine's autoconnect connects again after all its subscribers have left (a retry's
            # resubscription), RAC 2's never does, as `code` notes.
            if "autoconnect" in draw.operators and "retry" in draw.operators:
                continue
            # A scheduler's hop (deliverOn, subscribeOn) moves what it carries behind what else is
            # due at that instant, in each library's own order: not beside timers or joins.
            if draw.operators & {"deliverOn", "subscribeOn"}:
                joins |= JOINS | {"sample", "takeUntil", "delay", "throttle", "debounce", "throttleLeading", "timeout"}
            # A timeout on a source that never ends fails: not before an operator that ends otherwise;
            # and its timer, scheduled first, reorders the joined signals' events of one instant.
            if "timeout" in draw.operators:
                joins |= set(ENDS_OTHERWISE) | JOINS
            if not draw.operators & (ends | joins):
                return draw

    @staticmethod
    def tried(rng):
        draw = Draw(rng)
        # A helper definition (h) that out starts from: code for names that other code uses.
        if rng.random() < 0.1:
            # Two truth values combined, and or or: rare in a random draw.
            draw.chain("h", draw.source("int"), 0, [f"map >{rng.randint(0, 9)}"], "bool")
            draw.operators |= {"map", "combineLatest"}
            draw.definitions.append(("b", f"{draw.source('int')} | map <{rng.randint(0, 9)}"))
            draw.types["b"] = "bool"
            draw.chain("out", "h", rng.randint(0, 2), ["combineLatest b", f"map {rng.choice(['and', 'or'])}"], "bool")
        elif rng.random() < 0.3:
            draw.chain("h", draw.source(), 1)
            draw.chain("out", "h", rng.randint(1, 3))
        else:
            draw.chain("out", draw.source(), rng.randint(1, 4))
        if draw.operators & set(ENDS_OTHERWISE):
            draw.sources = [(name, marks.rstrip("|#"), kind) for name, marks, kind in draw.sources]
        for source, milliseconds in draw.timeouts:
            draw.timed_out(source, milliseconds)
        return draw

    def timed_out(self, source, milliseconds):
        """`source` made again for a timeout of `milliseconds` right on it: if it ends, it ends
        before the timeout (values and all); if it never ends, it sends nothing, and both time out."""
        index = next(i for i, (name, _, _) in enumerate(self.sources) if name == source)
        name, marks, kind = self.sources[index]
        if marks[-1:] in ("|", "#"):
            alphabet = "0123456789" if kind == "int" else "abcxyz"
            steps = (milliseconds - 1) // 100
            marks = "".join(self.rng.choice(alphabet) if self.rng.random() < 0.5 else "-"
                            for _ in range(self.rng.randint(0, steps))) + marks[-1]
        else:
            marks = "-" * len(marks)
        self.sources[index] = (name, marks, kind)

    def script(self):
        return [f'let {name} = marbles "{marks}"' for name, marks, _ in self.sources] + [
            f"let {name} = {text}" for name, text in self.definitions]

    def swift_sources(self):
        """The marble sources as the check's test publishers (the note `code` writes for marbles)."""
        lines = []
        for name, marks, kind in self.sources:
            events = []
            for index, mark in enumerate(marks):
                if mark == "-":
                    continue
                event = {"|": ".finished", "#": ".failed"}.get(mark)
                if event is None:
                    event = f".value({mark})" if kind == "int" else f'.value("{mark}")'
                events.append(f"({index * 100}, {event})")
            swift_type = "Int" if kind == "int" else "String"
            declared = f"`{name}`" if name in vmshtest.SWIFT_KEYWORDS else name
            lines.append(f"let {declared} = Marbles<{swift_type}>([{', '.join(events)}])")
        return lines


def playground_run(draws):
    """Each draw's events (as "ms: value") and its generated Combine code, from one vmsh run: each
    pipeline defined, written, subscribed and run for the horizon, then disposed."""
    script = []
    for index, draw in enumerate(draws):
        script += [f"say pipeline {index}"] + draw.script()
        script += ["say code"] + [f"code {name} --combine" for name, _ in draw.definitions] + ["say end code"]
        script += [f"subscribe out as seen{index}", f"wait {HORIZON_MS}ms", "dispose all"]
    out, err, status = HOME.vmsh("--virtual-clock", stdin=("\n".join(script) + "\n").encode(), timeout=600)
    assert status == 0 and not err, f"vmsh failed ({status}): {err[:2000]}"
    events = [[] for _ in draws]
    code = [[] for _ in draws]
    index = -1
    started = 0
    writing = False
    for line in out.splitlines():
        if writing and not line.endswith("» end code"):
            code[index].append(re.sub(r"^\[[\d:.]+\] ", "", line))
            continue
        match = re.match(r"\[(\d+):(\d+)\.(\d+)\] (.*)$", line)
        if not match:
            continue
        ms = (int(match[1]) * 60 + int(match[2])) * 1000 + int(match[3])
        text = match[4]
        if (said := re.match(r"» pipeline (\d+)$", text)) is not None:
            index, started = int(said[1]), ms
        elif text in ("» code", "» end code"):
            writing = text == "» code"
        elif text.startswith(f"seen{index}: "):
            value = text[len(f"seen{index}: "):]
            events[index].append(f"{ms - started}: {'error' if value.startswith('error') else value}")
    return events, code


def split_helpers(lines):
    """A listing's own lines, and the helpers under it (name → lines), which go at the top level."""
    own, helpers, helper = [], {}, None
    for line in lines:
        if (named := re.match(r"// helper: (\w+)$", line)) is not None:
            helper = named[1]
            helpers[helper] = []
        elif re.match(r"// \w+, as vmsh's playground defines it", line):
            # The next listing (`code` writes each pipeline a definition reads): helpers end.
            helper = None
            own.append(line)
        elif helper is not None:
            helpers[helper].append(line)
        elif not line.startswith("// helper"):
            own.append(line)
    return own, helpers


def swift_file(draws, code):
    listings = [split_helpers(lines) for lines in code]
    helpers = {}
    for _, used in listings:
        helpers.update(used)
    lines = ["import OpenCombine", ""]
    for helper in helpers.values():
        lines += helper + [""]
    lines += ["@MainActor let pipelines: [(String, () -> [String])] = ["]
    lines += [f'    ("p{index}", p{index}),' for index in range(len(draws))] + ["]"]
    for index, draw in enumerate(draws):
        lines += ["", f"func p{index}() -> [String] {{"]
        lines += ["    " + line for line in draw.swift_sources() + listings[index][0]]
        lines += [f"    return record(out, until: {HORIZON_MS})", "}"]
    return "\n".join(lines) + "\n"


def write(path, text):
    """Writes `text` unless the file holds it already, so that SwiftPM rebuilds only what changed."""
    if os.path.exists(path):
        with open(path) as file:
            if file.read() == text:
                return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as file:
        file.write(text)


def playground_text(line):
    """A line of the check's output with its value cut as the playground cuts a text
    (PlayValue.textLimit, 80 characters, the last one an ellipsis): a scan concat grows past it."""
    time, separator, value = line.partition(": ")
    if separator and len(value) > 80:
        return f"{time}: {value[:79]}…"
    return line


def run_check(source):
    for folder, _, files in os.walk(PACKAGE):
        for name in files:
            path = os.path.join(folder, name)
            with open(path) as file:
                write(os.path.join(COPY, os.path.relpath(path, PACKAGE)), file.read())
    # The test clock a written package's test runs on (`code --package`) is this check's too.
    for name in ("VirtualScheduler.swift", "OpenCombineMissing.swift"):
        with open(os.path.join(vmshtest.ROOT, "Sources", "CodePackage", "Embedded", name)) as file:
            write(os.path.join(COPY, "Sources", "combine-check", name), file.read())
    write(os.path.join(COPY, "Sources", "combine-check", "Pipelines.swift"), source)
    # A file an earlier checkout had there (Missing.swift before it moved) would be compiled too.
    kept = set(os.listdir(os.path.join(PACKAGE, "Sources", "combine-check")))
    kept |= {"VirtualScheduler.swift", "OpenCombineMissing.swift", "Pipelines.swift"}
    for name in set(os.listdir(os.path.join(COPY, "Sources", "combine-check"))) - kept:
        os.remove(os.path.join(COPY, "Sources", "combine-check", name))
    build = subprocess.run(["swift", "build", "--package-path", COPY, "--scratch-path", SCRATCH],
                           capture_output=True, text=True, timeout=1800)
    assert build.returncode == 0, "the generated Combine code did not build:\n" + build.stdout[-6000:]
    ran = subprocess.run([os.path.join(SCRATCH, "debug", "combine-check")], capture_output=True, text=True,
                         timeout=300)
    results = {}
    for line in ran.stdout.splitlines():
        if line.startswith("== "):
            name = line[3:]
            results[name] = []
        else:
            results[name].append(playground_text(line))
    # A crash is the last pipeline's: the caller names it.
    return results, None if ran.returncode == 0 else ran.stderr[:1500]


class CombineCodeTests(unittest.TestCase):
    def test_generated_combine_code_gives_the_playgrounds_events_at_its_times(self):
        seed = random.randrange(1 << 32) if SEED == "random" else int(SEED)
        print(f"combine: seed {seed}, {COUNT} pipelines (COMBINE_SEED={seed} draws them again)")
        rng = random.Random(seed)
        draws = [Draw.drawn(rng) for _ in range(COUNT)] + [vmshtest.hostile(Draw(rng))]
        # At least COUNT, and then more until every operator is drawn (a rare one, such as replay,
        # can miss a run of 200).
        while COUNT >= 60 and len(draws) < 3 * COUNT and not OPERATORS <= set().union(*(d.operators for d in draws)):
            draws.append(Draw.drawn(rng))
        events, code = playground_run(draws)
        for index, draw in enumerate(draws):
            self.assertTrue(code[index], f"no code written for pipeline {index}: {draw.script()}")
        results, crash = run_check(swift_file(draws, code))
        operators = set().union(*(draw.operators for draw in draws))
        print(f"combine: {len(draws)} pipelines, operators drawn: {', '.join(sorted(operators))}")
        if COUNT >= 60:
            self.assertEqual(operators, OPERATORS, "a draw this large covers every operator")
        for index, draw in enumerate(draws):
            combine = results.get(f"p{index}")
            if crash and index == len(results) - 1:
                combine = f"stopped: {crash}"
            if combine != events[index]:
                self.fail(f"seed {seed}, pipeline {index} differs:\n  " + "\n  ".join(draw.script())
                          + "\nCombine code:\n  " + "\n  ".join(code[index])
                          + f"\nplayground: {events[index]}\nCombine:    {combine}")


if __name__ == "__main__":
    vmshtest.main("Combine code against OpenCombine")
