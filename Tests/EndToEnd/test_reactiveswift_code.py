#!/usr/bin/env python3
"""`code NAME --reactiveswift` against ReactiveSwift 7.2.1, as a property over random pipelines,
the twin of test_combine_code.py: each pipeline is defined in the playground (under the virtual
clock) and its events recorded with their times; its generated ReactiveSwift code, as vmsh prints
it, goes into Tests/ReactiveSwiftCheck, a package of its own that depends on the vendored
ReactiveSwift (shared/vendor beside the checkout) and supplies the marble sources (cold producers,
as `code` notes) and a QueueScheduler that is the virtual clock; that package is built and run,
and every pipeline must give the same events at the same times. The first mismatch is reported
with its pipeline and the seed.

Drawn: marble sources of numbers or letters (now and then a sequence made a signal), every
operator of the registry over whatever type the steps before give, and now and then a helper
definition the pipeline starts from. Where `code` notes that ReactiveSwift's operator ends
otherwise, the draw keeps to what both do alike (see Draw.drawn).

REACTIVESWIFT_SEED=N (or "random") draws other pipelines; REACTIVESWIFT_COUNT=N draws N of them.
VMSH names the binary. The package builds in .build/reactiveswift-check, so a second run only
recompiles the pipelines."""
import os
import random
import re
import subprocess
import unittest

import vmshtest

HOME = vmshtest.Home("vmsh-reactiveswift-")
# The package is copied beside its build, under .build, with the pipelines written in: nothing
# generated lands in the checkout, where the format lint would read it.
PACKAGE = os.path.join(vmshtest.ROOT, "Tests", "ReactiveSwiftCheck")
WORK = os.path.join(vmshtest.ROOT, ".build", "reactiveswift-check")
COPY = os.path.join(WORK, "package")
SCRATCH = os.path.join(WORK, "build")
# The vendored library, beside the checkout (CI clones it with shared/ next to it).
VENDOR = os.path.normpath(os.path.join(vmshtest.ROOT, "..", "shared", "vendor", "ReactiveSwift-7.2.1"))
SEED = os.environ.get("REACTIVESWIFT_SEED", "7")
# zip is drawn where combineLatest would be, from a stream of its own: the seeds draw every other
# step as they did before zip was an operator.
ZIPS = random.Random("zip " + SEED)
COUNT = int(os.environ.get("REACTIVESWIFT_COUNT", "240"))
HORIZON_MS = 20_000
# Each 30 ms past a marble step: what a timer does never falls at the instant of a marble event or
# of another timer of as many steps, where the order of two things due at once is the scheduler's.
DURATIONS = ["30ms", "130ms", "230ms", "330ms", "1030ms"]
# Where ReactiveSwift's operator ends otherwise than the playground's, as `code` notes: a pipeline
# with one of these is drawn on sources that never end, so that what is compared is the same operator.
ENDS_OTHERWISE = ("throttle", "debounce", "throttleLeading", "sample")
# What can end a signal whose sources never do: kept out of a draw with one of ENDS_OTHERWISE.
ENDS = {"take", "fold", "foldLeftWithStart", "takeUntil", "timeout", "materialize", "dematerialize", "signal",
        "retry"}
# Where several marble subscriptions send at one instant (a value flattened into many, two merged),
# the order within that instant is not compared (see by_instant).
MANY_AT_ONCE = {"merge", "flattenMap", "switchToLatest"}
# Every word of the registry (`help operators`): the draws must cover them all.
OPERATORS = {"map", "filter", "scan", "fold", "take", "skip", "distinctUntilChanged", "delay", "throttle", "debounce",
             "throttleLeading", "takeUntil", "merge", "combineLatest", "zip", "flattenMap", "switchToLatest", "catchTo",
             "publish", "replay", "autoconnect", "signal", "catch", "doNext", "doCompleted", "doError", "ignore",
             "reduceEach", "foldLeftWithStart", "scanWithStart", "replayLast", "replayLazily", "startWith", "concat",
             "then", "retry", "materialize", "dematerialize", "timeout", "bufferWithTime", "sample", "deliverOn",
             "subscribeOn", "skipWhile"}


# The first line of each definition's code.
HEADER = r"// \w+, as vmsh's playground defines it, in ReactiveSwift$"


class Draw:
    """One random pipeline: marble sources, perhaps a helper built on one, and `out`, each a
    playground definition, with the type of what each carries (int, text, bool, a pair, a batch
    or an event of a type)."""

    def __init__(self, rng):
        self.rng = rng
        self.sources = []  # (name, marble string, type)
        self.definitions = []  # (name, text) after the sources, in order
        self.types = {}
        self.operators = set()
        self.timers = set()  # the durations of the timed steps drawn
        self.subjects = 0

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
        """A signal of `kind` to merge, combine or flatten: a source of its own or now and then the helper."""
        helpers = [name for name, _ in self.definitions if self.types[name] == kind]
        if helpers and self.rng.random() < 0.5:
            return self.rng.choice(helpers)
        return self.source(kind if kind in ("int", "text") else None)

    def subject(self):
        self.subjects += 1
        name = f"x{self.subjects}"
        self.definitions.append((name, "subject"))
        self.types[name] = "any"
        return name

    def delayed(self, letter):
        """A new source 30 ms after a marble step (a trigger or a sampler): which of two marble
        events due at one instant comes first is the scheduler's own."""
        name = f"{letter}{len(self.definitions) + 1}"
        self.definitions.append((name, f"{self.source()} | delay 30ms"))
        self.types[name] = "any"
        return name

    def step(self, kind, start):
        """One operator that can take `kind` (`start`: the marble source right before it, if it
        is), and the type it gives."""
        rng = self.rng
        if isinstance(kind, tuple) and kind[0] == "event":
            # Materialized events: made events again, or left as they are.
            self.operators.add("dematerialize")
            return "dematerialize", kind[1]
        choices = ["take", "skip", "delay", "throttle", "debounce", "throttleLeading", "takeUntil", "combineLatest",
                   "flattenMap", "switchToLatest", "shared", "replayLast", "replayLazily", "doNext", "doCompleted",
                   "doError", "then", "retry", "materialize", "timeout", "bufferWithTime", "sample", "deliverOn",
                   "subscribeOn"]
        if kind in ("int", "text", "bool"):
            choices += ["map", "map", "filter", "filter", "scan", "fold", "distinctUntilChanged", "skipWhile",
                        "scanWithStart", "foldLeftWithStart"]
        if kind in ("int", "text"):
            # Another signal of the same type: marble sources carry numbers or letters.
            choices += ["merge", "catchTo", "catch", "concat", "ignore", "startWith"]
        if kind == "bool":
            # Paired with truth values, for and / or.
            choices += ["combineLatest"] * 4
        if isinstance(kind, tuple):
            # Mostly taken apart again, as a pair is in an app: first, second, and or or.
            choices += ["map"] * 4 + ["reduceEach"] * 4
        word = rng.choice(choices)
        if word == "combineLatest" and ZIPS.random() < 0.3:
            word = "zip"
        duration = rng.choice(DURATIONS)
        if word == "shared":
            word = rng.choice(["publish", "replay"])
            self.operators |= {word, "autoconnect"}
            return ("publish" if word == "publish" else f"replay {rng.randint(1, 3)}") + " | autoconnect", kind
        self.operators.add(word)
        if word == "map":
            return self.map(kind)
        if word == "reduceEach":
            return self.reduce_each(kind)
        if word in ("filter", "skipWhile"):
            test = {"int": ["even", "odd", f">{rng.randint(0, 9)}", f"<{rng.randint(0, 9)}", f">={rng.randint(0, 9)}",
                            f"<={rng.randint(0, 9)}", f"={rng.randint(0, 9)}", f"!={rng.randint(0, 9)}"],
                    "text": ["nonempty", "=a", "!=x"], "bool": ["true", "false"]}[kind]
            return f"{word} {rng.choice(test)}", kind
        if word in ("scan", "fold", "scanWithStart", "foldLeftWithStart"):
            initial = f"{rng.randint(0, 9)} " if word.endswith("WithStart") else ""
            if kind == "int" and rng.random() < 0.8:
                # Swift's arithmetic stops the program on an overflow, where the playground's wraps: a
                # product only right on a source (a flattened signal's many values would overflow
                # it), and max and min not as a fold, whose empty signal gives Int.min or Int.max.
                reducers = ["sum", "count"] + (["product"] if start else [])
                reducers += ["max", "min"] if word.startswith("scan") else []
                return f"{word} {initial}{rng.choice(reducers)}", "int"
            reducer = rng.choice(["count", "concat"])
            if word.endswith("WithStart") and reducer == "concat":
                # A text to start from: concat appends to a text.
                initial = "x "
            return f"{word} {initial}{reducer}", "int" if reducer == "count" else "text"
        if word == "take":
            # Not 0: ReactiveSwift's take(first: 0) is interrupted, as `code` notes.
            return f"take {rng.randint(1, 3)}", kind
        if word == "skip":
            return f"skip {rng.randint(0, 3)}", kind
        if word in ("delay", "throttle", "debounce", "throttleLeading", "timeout"):
            duration = vmshtest.distinct_duration(duration, self.timers, DURATIONS)
            return f"{word} {duration}", kind
        if word == "bufferWithTime":
            duration = vmshtest.distinct_duration(duration, self.timers, DURATIONS)
            return f"{word} {duration}", ("batch", kind)
        if word in ("distinctUntilChanged", "replayLast", "replayLazily"):
            return word, kind
        if word == "materialize":
            return word, ("event", kind)
        if word == "retry":
            # For ever only where the source fails later than it is subscribed: ReactiveSwift's
            # retry loops for ever on one that fails at once (as `code` notes).
            marks = dict((name, marks) for name, marks, _ in self.sources).get(start, "")
            if start and not marks.startswith("#") and rng.random() < 0.5:
                return "retry", kind
            return f"retry {rng.randint(1, 3)}", kind
        if word == "takeUntil":
            return f"takeUntil {self.delayed('t')}", kind
        if word == "sample":
            return f"sample {self.delayed('p')}", kind
        if word in ("doNext", "doCompleted", "doError"):
            return f"{word} {self.subject()}", kind
        if word in ("deliverOn", "subscribeOn"):
            return f"{word} {rng.choice(['main', 'background'])}", kind
        if word == "ignore":
            return f"ignore {rng.randint(0, 9) if kind == 'int' else rng.choice('abcxyz')}", kind
        if word == "startWith":
            return f"startWith {rng.randint(0, 9) if kind == 'int' else rng.choice('abcxyz')}", kind
        if word in ("merge", "catchTo", "catch", "concat"):
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
            if kind[0] == "batch":
                return "skip 0", kind
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

    def reduce_each(self, kind):
        """A pair made one: first or second, and or or of truth values, a sum of numbers, text
        and anything concatenated, or a count from a number."""
        if kind[0] == "batch":
            return "skip 0", kind
        ways = [("first", kind[0]), ("second", kind[1])]
        if kind == ("bool", "bool"):
            ways += [("and", "bool"), ("or", "bool")]
        if kind == ("int", "int"):
            ways += [("sum", "int"), ("max", "int"), ("min", "int")]
        if kind[0] == "int":
            ways += [("count", "int")]
        if kind[0] == "text" and kind[1] in ("int", "text"):
            ways += [("concat", "text")]
        how, result = self.rng.choice(ways)
        return f"reduceEach {how}", result

    def chain(self, name, start, length, steps=(), kind=None):
        """`name` = `start` | the given steps (giving `kind`) | `length` random ones."""
        kind = kind or self.types[start]
        steps = list(steps)
        for index in range(length):
            step, kind = self.step(kind, start if index == 0 and not steps and start.startswith("s") else None)
            steps.append(step)
        self.definitions.append((name, f"{start} | " + " | ".join(steps)))
        self.types[name] = kind

    @staticmethod
    def drawn(rng):
        """A pipeline whose operators end as the playground's do, as `code` notes where they do not."""
        while True:
            draw = Draw.tried(rng)
            timed = draw.operators & set(ENDS_OTHERWISE)
            ends = ENDS if timed else set()
            # ReactiveSwift's throttle sends on its scheduler: values of one instant, which joins
            # make, count as one.
            joins = {"merge", "combineLatest", "zip", "flattenMap", "switchToLatest", "startWith", "replayLast"} \
                if "throttleLeading" in draw.operators else set()
            # A helper flattened that the pipeline also starts from: two subscriptions of one marble
            # source send at the same instants, in the order each library schedules them.
            inner = any(re.search(r"(flattenMap|switchToLatest) [hqb]\b", text) for _, text in draw.definitions)
            # ReactiveSwift's replayLazily started again from inside its own failure (by a retry
            # after it) takes its lock a second time, as `code` notes.
            again = {"replayLazily", "retry"} <= draw.operators
            if not draw.operators & (ends | joins) and not inner and not again:
                return draw

    @staticmethod
    def tried(rng):
        draw = Draw(rng)
        roll = rng.random()
        if roll < 0.1:
            # Two truth values combined, and or or: rare in a random draw.
            draw.chain("h", draw.source("int"), 0, [f"map >{rng.randint(0, 9)}"], "bool")
            draw.operators |= {"map", "combineLatest"}
            draw.definitions.append(("b", f"{draw.source('int')} | map <{rng.randint(0, 9)}"))
            draw.types["b"] = "bool"
            draw.chain("out", "h", rng.randint(0, 2), ["combineLatest b", f"map {rng.choice(['and', 'or'])}"], "bool")
        elif roll < 0.2:
            # A sequence made a signal: its values at once, then completed.
            values = " ".join(str(rng.randint(0, 9)) for _ in range(rng.randint(1, 4)))
            draw.definitions.append(("q", f"sequence {values} | signal"))
            draw.types["q"] = "int"
            draw.operators.add("signal")
            draw.chain("out", "q", rng.randint(1, 3))
        elif roll < 0.4:
            draw.chain("h", draw.source(), 1)
            draw.chain("out", "h", rng.randint(1, 3))
        else:
            draw.chain("out", draw.source(), rng.randint(1, 4))
        if draw.operators & set(ENDS_OTHERWISE):
            draw.sources = [(name, marks.rstrip("|#"), kind) for name, marks, kind in draw.sources]
        return draw

    def script(self):
        return [f'let {name} = marbles "{marks}"' for name, marks, _ in self.sources] + [
            f"let {name} = {text}" for name, text in self.definitions]

    def swift_sources(self):
        """The marble sources as the check's cold producers (the note `code` writes for marbles)."""
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
            lines.append(f"let {declared} = Marbles<{swift_type}>([{', '.join(events)}]).producer")
        return lines


def playground_run(draws):
    """Each draw's events (as "ms: value") and its generated ReactiveSwift code, from one vmsh run:
    each pipeline defined, written, subscribed and run for the horizon, then disposed."""
    script = []
    for index, draw in enumerate(draws):
        script += [f"say pipeline {index}"] + draw.script()
        script += [f"code {name} --reactiveswift" for name, _ in draw.definitions]
        script += [f"subscribe out as seen{index}", f"wait {HORIZON_MS}ms", "dispose all"]
    out, err, status = HOME.vmsh("--virtual-clock", stdin=("\n".join(script) + "\n").encode(), timeout=600)
    # A replayLast's connection lives as long as its definition (past `dispose all`): vmsh says at
    # the end that it cancelled its timers, which is no failure.
    err = re.sub(r"vmsh: still busy [^\n]* after the end of input; cancelled [^\n]*\n?", "", err)
    assert status == 0 and not err, f"vmsh failed ({status}): {err[:2000]}"
    events = [[] for _ in draws]
    code = [[] for _ in draws]
    index = -1
    started = 0
    helper = False
    for line in out.splitlines():
        match = re.match(r"\[(\d+):(\d+)\.(\d+)\] ?(.*)$", line)
        if not match:
            continue
        ms = (int(match[1]) * 60 + int(match[2])) * 1000 + int(match[3])
        text = match[4]
        if helper and not re.match(HEADER + r"|\w+: |subscribed |» ", text):
            # A helper's block, to the next definition's code or the next command's answer.
            code[index].append(text)
            continue
        helper = False
        if (said := re.match(r"» pipeline (\d+)$", text)) is not None:
            index, started = int(said[1]), ms
        elif text.startswith(f"seen{index}: "):
            value = text[len(f"seen{index}: "):]
            events[index].append(f"{ms - started}: {'error' if value.startswith('error') else value}")
        elif text.startswith("let ") or text.startswith("    .") or text.startswith("// "):
            code[index].append(text)
            helper = text.startswith("// helper: ")
    return events, code


def split_helpers(lines):
    """The pipeline's lines and its helpers' blocks (each once, by name), as a tool that compiles
    the code puts them: helpers at the top level. A helper's block ends at the next definition's code."""
    body, helpers, name = [], {}, None
    for line in lines:
        if line.startswith("// helper: "):
            name = line[len("// helper: "):]
            helpers[name] = []
        elif name is not None and not re.match(HEADER, line):
            helpers[name].append(line)
        else:
            name = None
            body.append(line)
    return body, helpers


def swift_file(draws, code):
    lines = ["import Foundation", "import ReactiveSwift", "",
             "@MainActor let pipelines: [(String, () -> [String])] = ["]
    lines += [f'    ("p{index}", p{index}),' for index in range(len(draws))] + ["]"]
    helpers = {}
    for index, draw in enumerate(draws):
        body, used = split_helpers(code[index])
        helpers.update(used)
        lines += ["", f"func p{index}() -> [String] {{"]
        lines += ["    " + line for line in draw.swift_sources() + body]
        lines += [f"    return record(out, until: {HORIZON_MS})", "}"]
    for name, block in helpers.items():
        lines += ["", f"// helper: {name}"] + block
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
    """A line of the check's output as the playground shows it: a text cut as the playground cuts
    one (PlayValue.textLimit, 80 characters, the last one an ellipsis), and a value that reads as
    an error (a materialized one) as the suite reads the playground's."""
    time, separator, value = line.partition(": ")
    if separator and value.startswith("error"):
        return f"{time}: error"
    if separator and len(value) > 80:
        return f"{time}: {value[:79]}…"
    return line


def run_check(source):
    for folder, _, files in os.walk(PACKAGE):
        for name in files:
            path = os.path.join(folder, name)
            with open(path) as file:
                text = file.read()
            if name == "Package.swift":
                # The vendored library's path as this machine has it.
                text = re.sub(r'\.package\(path: "[^"]*"\)', f'.package(path: "{VENDOR}")', text)
            write(os.path.join(COPY, os.path.relpath(path, PACKAGE)), text)
    write(os.path.join(COPY, "Sources", "reactiveswift-check", "Pipelines.swift"), source)
    build = subprocess.run(["swift", "build", "--package-path", COPY, "--scratch-path", SCRATCH],
                           capture_output=True, text=True, timeout=1800)
    assert build.returncode == 0, "the generated ReactiveSwift code did not build:\n" + build.stdout[-6000:]
    ran = subprocess.run([os.path.join(SCRATCH, "debug", "reactiveswift-check")], capture_output=True, text=True,
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


def by_instant(lines):
    """The events in time order, those of one instant in an order of their own: which of several
    subscriptions due at one instant sends first is the scheduler's own."""
    return sorted(lines, key=lambda line: (int(line.partition(":")[0]), line))


class ReactiveSwiftCodeTests(unittest.TestCase):
    def test_generated_reactiveswift_code_gives_the_playgrounds_events_at_its_times(self):
        self.assertTrue(os.path.isdir(VENDOR), f"ReactiveSwift 7.2.1 is not vendored beside the checkout: {VENDOR}")
        seed = random.randrange(1 << 32) if SEED == "random" else int(SEED)
        print(f"reactiveswift: seed {seed}, {COUNT} pipelines (REACTIVESWIFT_SEED={seed} draws them again)")
        rng = random.Random(seed)
        draws = [Draw.drawn(rng) for _ in range(COUNT)] + [vmshtest.hostile(Draw(rng))]
        events, code = playground_run(draws)
        for index, draw in enumerate(draws):
            self.assertTrue(code[index], f"no code written for pipeline {index}: {draw.script()}")
        results, crash = run_check(swift_file(draws, code))
        operators = set().union(*(draw.operators for draw in draws))
        print(f"reactiveswift: operators drawn: {', '.join(sorted(operators))}")
        if COUNT >= 200:
            self.assertEqual(operators, OPERATORS, "a draw this large covers every operator")
        for index, draw in enumerate(draws):
            swift = results.get(f"p{index}")
            if crash and index == len(results) - 1:
                swift = f"stopped: {crash}"
            seen = events[index]
            if draw.operators & MANY_AT_ONCE and isinstance(swift, list):
                swift, seen = by_instant(swift), by_instant(seen)
            if swift != seen:
                self.fail(f"seed {seed}, pipeline {index} differs:\n  " + "\n  ".join(draw.script())
                          + "\nReactiveSwift code:\n  " + "\n  ".join(code[index])
                          + f"\nplayground: {events[index]}\nReactiveSwift: {swift}")


if __name__ == "__main__":
    vmshtest.main("ReactiveSwift code against ReactiveSwift 7.2.1")
