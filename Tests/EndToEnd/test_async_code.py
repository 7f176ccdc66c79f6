#!/usr/bin/env python3
"""`code NAME --async` against swift-async-algorithms, as a property over random pipelines: each
pipeline is defined in the playground (under the virtual clock) and its events recorded with their
times; its generated Swift concurrency code, as vmsh prints it, goes into Tests/AsyncCheck, a
package of its own that supplies the code's `clock` (a test clock), the marble sources and a loop
that runs every job on one thread; that package is built in Swift 6 mode and run, and every
pipeline must give the same events at the same times. The first mismatch is reported with its
pipeline and the seed.

The loop runs jobs in the playground's order, where a subscription or an event runs through to its
end at once: a job before the older ones (depth first). Sleepers due at one instant wake in the
order they slept, as the playground's timers fire in the order they were scheduled; a marble
source takes its places when it starts, after sending its marks at 0; a job below the default
priority (a background scheduler's hop) is a turn of the clock. So a run is the same every time,
and two things due at one instant come in the playground's order almost always (see instants).

Drawn: marble sources of numbers or letters, every operator of the registry over whatever type the
steps before give (publish and replay with autoconnect, materialize with dematerialize, doNext and
its kin into a subject of their own, signal after a sequence), and now and then a helper definition
the pipeline starts from. Where `code` notes that an operator ends or hops otherwise, the draw
keeps to what both do alike (see Draw.drawn). deliverOn and subscribeOn are drawn with background:
the main actor's hop needs a main run loop, which the check's single loop is not.

ASYNC_SEED=N (or "random") draws other pipelines; ASYNC_COUNT=N draws N of them. VMSH names the
binary. The package builds in .build/async-check, so a second run only recompiles the pipelines."""
import os
import random
import re
import subprocess
import unittest

import vmshtest

HOME = vmshtest.Home("vmsh-async-")
# The package is copied beside its build, under .build, with the pipelines written in: nothing
# generated lands in the checkout, where the format lint would read it.
PACKAGE = os.path.join(vmshtest.ROOT, "Tests", "AsyncCheck")
WORK = os.path.join(vmshtest.ROOT, ".build", "async-check")
COPY = os.path.join(WORK, "package")
SCRATCH = os.path.join(WORK, "build")
SEED = os.environ.get("ASYNC_SEED", "17")
# zip is drawn where combineLatest would be, from a stream of its own: the seeds draw every other
# step as they did before zip was an operator.
ZIPS = random.Random("zip " + SEED)
COUNT = int(os.environ.get("ASYNC_COUNT", "240"))
# Every pipeline runs this long on both clocks: the longest marble string, delay and debounce
# end well before it.
HORIZON_MS = 20_000
# Each 30 ms past a marble step: what a timer does never falls at the instant of a marble event or
# of another timer of as many steps, where the order of two things due at once is the scheduler's.
DURATIONS = ["30ms", "130ms", "230ms", "330ms", "1030ms"]
# Where the code's operator ends otherwise than the playground's, as `code` notes: a pipeline with
# one of these is drawn on sources that never end, so that what is compared is the same operator.
ENDS_OTHERWISE = ("combineLatest", "zip")
# The operators that hear a second signal while the first goes on.
TWO_SIGNALS = {"merge", "combineLatest", "zip", "sample", "takeUntil", "flattenMap", "switchToLatest"}
# Every word of the registry (`help operators`).
OPERATORS = {"map", "filter", "scan", "fold", "take", "skip", "distinctUntilChanged", "delay", "throttle", "debounce",
             "throttleLeading", "takeUntil", "merge", "combineLatest", "zip", "flattenMap", "switchToLatest", "catchTo",
             "publish", "replay", "autoconnect", "signal", "catch", "doNext", "doCompleted", "doError", "ignore",
             "reduceEach", "foldLeftWithStart", "scanWithStart", "replayLast", "replayLazily", "startWith", "concat",
             "then", "retry", "materialize", "dematerialize", "timeout", "bufferWithTime", "sample", "deliverOn",
             "subscribeOn", "skipWhile"}


class Draw:
    """One random pipeline: marble sources, perhaps a helper built on one, and `out`, each a
    playground definition, with the type of what each carries (int, text, bool, list or a pair)."""

    def __init__(self, rng):
        self.rng = rng
        self.sources = []  # (name, marble string, type); a marble string of None: a subject
        self.definitions = []  # (name, text) after the sources, in order
        self.types = {}
        self.operators = set()
        self.timers = set()  # the durations of the timed steps drawn
        self.read = set()  # the definitions the pipeline reads
        self.inners = set()  # those it flattens, read nowhere else

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

    def subject(self, kind):
        name = f"e{len(self.sources) + 1}"
        self.sources.append((name, None, kind))
        self.types[name] = kind
        return name

    def other(self, kind, sequences=True, inner=False):
        """A signal of `kind` to merge, combine or flatten: a source of its own, now and then a
        helper, or for numbers a sequence made a signal (unless not `sequences`). An `inner` one (to
        flatten) is read nowhere else in the pipeline: its iterations start at the outer's
        instants, so its events would be due at once with the other reading's, in the tasks' order."""
        name = self.fresh_or_helper(kind, sequences, inner)
        self.read.add(name)
        if inner:
            self.inners.add(name)
        return name

    def fresh_or_helper(self, kind, sequences, inner):
        # Not a published helper read again: iterations of share() that start at one instant all hear
        # what the source sends then, where RAC 2's second subscriber comes too late (as noted).
        helpers = [name for name, text in self.definitions if self.types.get(name) == kind and "publish" not in text
                   and (sequences or not text.startswith("sequence")) and name not in self.inners
                   and not (inner and name in self.read)]
        if helpers and self.rng.random() < 0.5:
            return self.rng.choice(helpers)
        if sequences and kind == "int" and self.rng.random() < 0.15:
            name = f"q{len(self.definitions) + 1}"
            values = " ".join(str(self.rng.randint(0, 9)) for _ in range(self.rng.randint(1, 3)))
            self.definitions.append((name, f"sequence {values} | signal"))
            self.types[name] = "int"
            self.operators.add("signal")
            return name
        # Some ms after a marble step: the order of two sources' events due at one instant is the
        # tasks' between them, not something either promises.
        name = f"o{len(self.definitions) + 1}"
        self.definitions.append((name, f"{self.source(kind if kind in ('int', 'text') else None)} | delay {self.offset()}"))
        self.types[name] = self.types[self.sources[-1][0]]
        self.operators.add("delay")
        return name

    def offset(self):
        """Each other input its own offset from the marble steps, so that no two are due at once."""
        self.offsets = getattr(self, "offsets", 0) + 1
        return ["50ms", "70ms", "90ms", "60ms"][self.offsets % 4]

    def value(self, kind):
        return {"int": str(self.rng.randint(0, 9)), "text": self.rng.choice("abcxyz"),
                "bool": self.rng.choice(["true", "false"])}[kind]

    def step(self, kind, start):
        """One operator that can take `kind` (start: the marble source it is right on, if it is),
        and the type it gives."""
        rng = self.rng
        on_source = start is not None
        choices = ["take", "skip", "delay", "throttle", "debounce", "throttleLeading", "takeUntil", "combineLatest",
                   "flattenMap", "switchToLatest", "publish", "replay", "replayLast", "replayLazily", "retry",
                   "materialize", "timeout", "bufferWithTime", "sample", "then", "deliverOn", "subscribeOn"]
        if kind in ("int", "text", "bool"):
            choices += ["map", "map", "filter", "filter", "scan", "fold", "distinctUntilChanged", "skipWhile",
                        "ignore", "startWith", "doNext", "doCompleted", "doError"]
        if kind == "int":
            choices += ["scanWithStart", "foldLeftWithStart"]
        if kind in ("int", "text"):
            # Another signal of the same type: marble sources carry numbers or letters.
            choices += ["merge", "catchTo", "catch", "concat"]
        if kind == "bool":
            # Paired with truth values, for and / or.
            choices += ["combineLatest"] * 4
        if isinstance(kind, tuple):
            # Mostly taken apart again, as a pair is in an app: first, second, and or or.
            choices += ["map"] * 5 + ["reduceEach"] * 2
        word = rng.choice(choices)
        if word == "combineLatest" and ZIPS.random() < 0.3:
            word = "zip"
        self.operators.add(word)
        duration = rng.choice(DURATIONS)
        if word == "map":
            return self.map(kind)
        if word == "reduceEach":
            how = ["first", "second"] + (["and", "or"] if kind == ("bool", "bool") else [])
            how += ["sum", "max", "min"] if kind == ("int", "int") else []
            chosen = rng.choice(how)
            return f"reduceEach {chosen}", {"first": kind[0], "second": kind[1]}.get(chosen, kind[0])
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
        if word in ("scanWithStart", "foldLeftWithStart"):
            return f"{word} {rng.randint(0, 9)} {rng.choice(['sum', 'count', 'max', 'min'])}", "int"
        if word == "take":
            return f"take {rng.randint(1, 3)}", kind
        if word == "skip":
            return f"skip {rng.randint(0, 3)}", kind
        if word in ("delay", "throttle", "debounce", "throttleLeading", "timeout", "bufferWithTime"):
            duration = vmshtest.distinct_duration(duration, self.timers, DURATIONS)
            return f"{word} {duration}", "list" if word == "bufferWithTime" else kind
        if word in ("distinctUntilChanged", "replayLast", "replayLazily"):
            return word, kind
        if word in ("publish", "replay"):
            self.operators.add("autoconnect")
            return ("publish" if word == "publish" else f"replay {rng.randint(1, 3)}") + " | autoconnect", kind
        if word == "materialize":
            self.operators.add("dematerialize")
            return "materialize | dematerialize", kind
        if word in ("deliverOn", "subscribeOn"):
            return f"{word} background", kind
        if word == "retry":
            # For ever only where no failure comes at the instant of subscribing: RAC 2 (and the code)
            # would loop at one instant for ever there.
            marks = dict((name, marks) for name, marks, _ in self.sources).get(start)
            forever = marks is not None and not marks.startswith("#") and rng.random() < 0.4
            return ("retry" if forever else f"retry {rng.randint(1, 2)}"), kind
        if word in ("ignore", "startWith"):
            return f"{word} {self.value(kind)}", kind
        if word in ("doNext", "doCompleted", "doError"):
            return f"{word} {self.subject(kind if word == 'doNext' else 'text')}", kind
        if word == "takeUntil":
            # The trigger 30 ms after a marble step: which of two marble events due at one instant
            # comes first is the scheduler's own, and takeUntil subscribes its trigger first.
            trigger = f"t{len(self.definitions) + 1}"
            self.definitions.append((trigger, f"{self.source()} | delay 30ms"))
            self.types[trigger] = "any"
            return f"takeUntil {trigger}", kind
        if word == "sample":
            sampler = f"t{len(self.definitions) + 1}"
            self.definitions.append((sampler, f"{self.source()} | delay 30ms"))
            self.types[sampler] = "any"
            return f"sample {sampler}", kind
        if word in ("merge", "catchTo", "catch", "concat"):
            return f"{word} {self.other(kind)}", kind
        if word in ("combineLatest", "zip") and (kind == "bool" or rng.random() < 0.2):
            # Truth values on the other side (on both, for map and / or): a source's numbers compared.
            other = f"b{len(self.definitions) + 1}"
            self.definitions.append((other, f"{self.source('int')} | map >{rng.randint(0, 9)} | delay {self.offset()}"))
            self.types[other] = "bool"
        else:
            # Not a sequence for switchToLatest to switch to: of two values at one instant, the
            # playground's first inner sends its values before the second comes, where the code's
            # flatMapLatest cancels the first inner's task before it has run.
            other = self.other(rng.choice(["int", "int", "text"]), sequences=word != "switchToLatest",
                               inner=word in ("flattenMap", "switchToLatest"))
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
        self.read.add(start)
        steps = list(steps)
        for index in range(length):
            step, kind = self.step(kind, start if index == 0 and not steps and start.startswith("s") else None)
            steps.append(step)
        self.definitions.append((name, f"{start} | " + " | ".join(steps)))
        self.types[name] = kind

    @staticmethod
    def drawn(rng):
        """A pipeline whose operators end and hop as the playground's do, as `code` notes where they
        do not: combineLatest's and zip's sides never end (see tried), so neither take nor takeUntil comes
        with it; and subscribeOn, whose values each come a hop later in the code, comes with no
        other signal whose events could be due at the same instant; no retry of what share() shares."""
        while True:
            draw = Draw.tried(rng)
            ends = draw.operators & set(ENDS_OTHERWISE) and draw.operators & {"take", "takeUntil"}
            hops = "subscribeOn" in draw.operators and draw.operators & TWO_SIGNALS
            # A retry for ever under replayLast or replayLazily, whose connection outlives `dispose
            # all` (as RAC 2's does), would keep retrying to the end of the playground's input.
            kept = any(re.search(r"\| retry( \||$)", text) for _, text in draw.definitions) and \
                draw.operators & {"replayLast", "replayLazily"}
            # A retry of a published signal that ended: share() gives the new iteration that end
            # again, where RAC 2's subject gives a subscriber that comes after it nothing (as noted).
            again = any(re.search(r"publish \| autoconnect", text) for _, text in draw.definitions) and \
                "retry" in draw.operators
            if not (ends or hops or kept or again):
                return draw

    @staticmethod
    def tried(rng):
        draw = Draw(rng)
        # A helper definition (h) that out starts from: code for names that other code uses.
        if rng.random() < 0.1:
            # Two truth values combined, and or or: rare in a random draw.
            draw.chain("h", draw.source("int"), 0, [f"map >{rng.randint(0, 9)}"], "bool")
            # The pair taken apart by map or by reduceEach, which is drawn only after a pair.
            taken = rng.choice(["map", "reduceEach"])
            draw.operators |= {"map", "combineLatest", "delay", taken}
            draw.definitions.append(("b", f"{draw.source('int')} | map <{rng.randint(0, 9)} | delay {draw.offset()}"))
            draw.types["b"] = "bool"
            draw.chain("out", "h", rng.randint(0, 2), ["combineLatest b", f"{taken} {rng.choice(['and', 'or'])}"], "bool")
        elif rng.random() < 0.3:
            draw.chain("h", draw.source(), 1)
            draw.chain("out", "h", rng.randint(1, 3))
        else:
            draw.chain("out", draw.source(), rng.randint(1, 4))
        if draw.operators & set(ENDS_OTHERWISE):
            draw.sources = [(name, marks and marks.rstrip("|#"), kind) for name, marks, kind in draw.sources]
        return draw

    def script(self):
        return [f'let {name} = marbles "{marks}"' if marks is not None else f"let {name} = subject"
                for name, marks, _ in self.sources] + [f"let {name} = {text}" for name, text in self.definitions]

    def swift_sources(self):
        """The marble sources as the check's test sequences (the note `code` writes for marbles), and
        the subjects side effects send into, of the type sent."""
        lines = []
        for name, marks, kind in self.sources:
            swift_type = {"int": "Int", "text": "String", "bool": "Bool"}[kind]
            if marks is None:
                lines.append(f"let {name} = Subject<{swift_type}>()")
                continue
            events = []
            for index, mark in enumerate(marks):
                if mark == "-":
                    continue
                event = {"|": ".finished", "#": ".failed"}.get(mark)
                if event is None:
                    event = f".value({mark})" if kind == "int" else f'.value("{mark}")'
                events.append(f"({index * 100}, {event})")
            declared = f"`{name}`" if name in vmshtest.SWIFT_KEYWORDS else name
            lines.append(f"let {declared} = Marbles<{swift_type}>([{', '.join(events)}])")
        return lines


def playground_run(draws):
    """Each draw's events (as "ms: value"), its generated code and the helpers that code names,
    from one vmsh run: each pipeline defined, written, subscribed and run for the horizon, then
    disposed."""
    script = []
    for index, draw in enumerate(draws):
        script += [f"say pipeline {index}"] + draw.script()
        script += [f"code {name} --async" for name, _ in draw.definitions]
        script += [f"say code {index} written", f"subscribe out as seen{index}", f"wait {HORIZON_MS}ms",
                   "dispose all"]
    out, err, status = HOME.vmsh("--virtual-clock", stdin=("\n".join(script) + "\n").encode(), timeout=900)
    assert status == 0 and not err, f"vmsh failed ({status}): {err[:2000]}"
    events = [[] for _ in draws]
    code = [[] for _ in draws]
    helpers = {}
    index = -1
    started = 0
    helper = None
    for line in out.splitlines():
        match = re.match(r"\[(\d+):(\d+)\.(\d+)\] (.*)$", line)
        text = match[4] if match else line
        if match and (said := re.match(r"» (pipeline|code) (\d+)( written)?$", text)) is not None:
            helper = None
            if said[1] == "pipeline":
                index, started = int(said[2]), (int(match[1]) * 60 + int(match[2])) * 1000 + int(match[3])
            continue
        if match and text.startswith(f"seen{index}: "):
            ms = (int(match[1]) * 60 + int(match[2])) * 1000 + int(match[3])
            value = text[len(f"seen{index}: "):]
            events[index].append(f"{ms - started}: {'error' if value.startswith('error') else value}")
        elif text.startswith("// helper: "):
            helper = text[len("// helper: "):]
            helpers.setdefault(helper, [])
            fresh = not helpers[helper]
        elif text.startswith("// ") and " as vmsh's playground defines it" in text:
            helper = None
            code[index].append(text)
        elif helper is not None:
            if fresh:
                helpers[helper].append(text)
        elif text.startswith("let ") or text.startswith("    .") or text.startswith("// "):
            code[index].append(text)
    return events, code, helpers


def swift_file(draws, code, helpers):
    lines = ["import AsyncAlgorithms", "", "@MainActor let pipelines: [(String, () -> [String])] = ["]
    lines += [f'    ("p{index}", p{index}),' for index in range(len(draws))] + ["]"]
    for index, draw in enumerate(draws):
        lines += ["", f"func p{index}() -> [String] {{"]
        lines += ["    " + line for line in draw.swift_sources() + code[index]]
        lines += [f"    return record(out, until: {HORIZON_MS})", "}"]
    for name, body in sorted(helpers.items()):
        lines += ["", f"// helper: {name}"] + body
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


def run_check(source, runs=1):
    """Builds the package with `source` as its pipelines and runs it `runs` times: each run's
    results by pipeline, and a crash's text if the program stopped."""
    for folder, _, files in os.walk(PACKAGE):
        for name in files:
            path = os.path.join(folder, name)
            with open(path) as file:
                write(os.path.join(COPY, os.path.relpath(path, PACKAGE)), file.read())
    write(os.path.join(COPY, "Sources", "async-check", "Pipelines.swift"), source)
    build = subprocess.run(["swift", "build", "--package-path", COPY, "--scratch-path", SCRATCH],
                           capture_output=True, text=True, timeout=1800)
    assert build.returncode == 0, "the generated Swift concurrency code did not build:\n" + build.stdout[-6000:]
    warnings = [line for line in build.stdout.splitlines() if "warning:" in line and "Pipelines.swift" in line]
    assert not warnings, "the generated code builds with warnings:\n" + "\n".join(warnings[:20])
    outcomes = []
    for _ in range(runs):
        ran = subprocess.run([os.path.join(SCRATCH, "debug", "async-check")], capture_output=True, text=True,
                             timeout=300)
        results = {}
        for line in ran.stdout.splitlines():
            if line.startswith("== "):
                name = line[3:]
                results[name] = []
            else:
                results[name].append(playground_text(line))
        # A crash is the last pipeline's: the caller names it.
        outcomes.append((results, None if ran.returncode == 0 else ran.stderr[:1500]))
    return outcomes


def instants(lines):
    """The events with those of one instant in sorted order (an end stays last): which of two
    values due at one instant comes first is, in the end, the order of the tasks that carry them, which
    Swift concurrency does not promise and the playground's scheduler does. Values, times and ends
    are compared as they are."""
    if isinstance(lines, str):
        return lines
    def key(item):
        index, line = item
        time, _, value = line.partition(": ")
        return int(time), value in ("completed", "error"), value, index
    return [line for _, line in sorted(enumerate(lines), key=key)]


class AsyncCodeTests(unittest.TestCase):
    def test_generated_async_code_gives_the_playgrounds_events_at_its_times(self):
        seed = random.randrange(1 << 32) if SEED == "random" else int(SEED)
        print(f"async: seed {seed}, {COUNT} pipelines (ASYNC_SEED={seed} draws them again)")
        rng = random.Random(seed)
        draws = [Draw.drawn(rng) for _ in range(COUNT)] + [vmshtest.hostile(Draw(rng))]
        # At least COUNT, and then more until every operator is drawn (a rare one, such as
        # reduceEach, can miss a run of 240).
        while COUNT >= 200 and len(draws) < 3 * COUNT and not OPERATORS <= set().union(*(d.operators for d in draws)):
            draws.append(Draw.drawn(rng))
        events, code, helpers = playground_run(draws)
        for index, draw in enumerate(draws):
            self.assertTrue(code[index], f"no code written for pipeline {index}: {draw.script()}")
        # Twice over the one build: the loop and the clock make each run the same.
        outcomes = run_check(swift_file(draws, code, helpers), runs=2)
        self.assertEqual(outcomes[0], outcomes[1], "two runs of the same pipelines differ")
        results, crash = outcomes[0]
        operators = set().union(*(draw.operators for draw in draws))
        print(f"async: {len(draws)} pipelines, operators drawn: {', '.join(sorted(operators))}")
        if COUNT >= 200:
            self.assertEqual(operators, OPERATORS, "a draw this large covers every operator")
        for index, draw in enumerate(draws):
            concurrency = results.get(f"p{index}")
            if crash and index == len(results) - 1:
                concurrency = f"stopped: {crash}"
            if instants(concurrency) != instants(events[index]):
                self.fail(f"seed {seed}, pipeline {index} differs:\n  " + "\n  ".join(draw.script())
                          + "\nSwift concurrency code:\n  " + "\n  ".join(code[index])
                          + f"\nplayground:        {events[index]}\nSwift concurrency: {concurrency}")


if __name__ == "__main__":
    vmshtest.main("Swift concurrency code against swift-async-algorithms")
