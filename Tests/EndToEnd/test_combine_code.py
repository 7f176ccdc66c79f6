#!/usr/bin/env python3
"""`code NAME --combine` against OpenCombine, as a property over random pipelines: each pipeline
is defined in the playground (under the virtual clock) and its events recorded with their times;
its generated Combine code, as vmsh prints it, goes into Tests/CombineCheck, a package of its own
that supplies what OpenCombine 0.14 lacks (merge, combineLatest, a virtual scheduler standing in
for DispatchQueue.main); that package is built and run, and every pipeline must give the same
events at the same times. The first mismatch is reported with its pipeline and the seed.

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
PACKAGE = os.path.join(vmshtest.ROOT, "Tests", "CombineCheck")
PIPELINES = os.path.join(PACKAGE, "Sources", "combine-check", "Pipelines.swift")
SCRATCH = os.path.join(vmshtest.ROOT, ".build", "combine-check")
SEED = os.environ.get("COMBINE_SEED", "36")
COUNT = int(os.environ.get("COMBINE_COUNT", "60"))
# Every pipeline runs this long on both clocks: the longest marble string, delay and debounce
# end well before it.
HORIZON_MS = 20_000
DURATIONS = ["50ms", "100ms", "150ms", "250ms", "300ms", "1s"]
LABEL = "seen"


class Draw:
    """One random pipeline: marble sources, perhaps a helper built on one, and `out`, each a
    playground definition, with the type of what each carries (int, text, bool or a pair)."""

    def __init__(self, rng):
        self.rng = rng
        self.sources = []  # (name, marble string, type)
        self.definitions = []  # (name, text) after the sources, in order
        self.types = {}
        self.operators = set()

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

    def step(self, kind):
        """One operator that can take `kind`, and the type it gives."""
        rng = self.rng
        choices = ["take", "skip", "delay", "throttle", "debounce", "throttleLeading", "takeUntil", "combineLatest",
                   "flattenMap", "switchToLatest", "share"]
        if kind in ("int", "text", "bool"):
            choices += ["map", "map", "filter", "filter", "scan", "fold", "distinctUntilChanged", "merge", "catchTo"]
        if isinstance(kind, tuple):
            choices += ["map", "map"]
        word = rng.choice(choices)
        self.operators.add(word)
        duration = rng.choice(DURATIONS)
        if word == "map":
            return self.map(kind)
        if word == "filter":
            test = {"int": ["even", "odd", f">{rng.randint(0, 9)}", f"<{rng.randint(0, 9)}", f">={rng.randint(0, 9)}",
                            f"<={rng.randint(0, 9)}", f"={rng.randint(0, 9)}", f"!={rng.randint(0, 9)}"],
                    "text": ["nonempty", "=a", "!=x"], "bool": ["true", "false"]}[kind]
            return f"filter {rng.choice(test)}", kind
        if word in ("scan", "fold"):
            if kind == "int" and rng.random() < 0.8:
                return f"{word} {rng.choice(['sum', 'product', 'count', 'max', 'min'])}", "int"
            reducer = rng.choice(["count", "concat"])
            return f"{word} {reducer}", "int" if reducer == "count" else "text"
        if word in ("take", "skip"):
            return f"{word} {rng.randint(0, 4)}", kind
        if word in ("delay", "throttle", "debounce", "throttleLeading"):
            return f"{word} {duration}", kind
        if word == "distinctUntilChanged":
            return word, kind
        if word == "share":
            return "publish | autoconnect", kind
        if word == "takeUntil":
            return f"takeUntil {self.other(rng.choice(['int', 'text']))}", kind
        if word in ("merge", "catchTo"):
            return f"{word} {self.other(kind)}", kind
        other = self.other(rng.choice(["int", "int", "text"]))
        if word == "combineLatest":
            return f"combineLatest {other}", (kind, self.types[other])
        return f"{word} {other}", self.types[other]

    def map(self, kind):
        rng = self.rng
        if isinstance(kind, tuple):
            functions = [("first", kind[0]), ("second", kind[1])]
            if kind == ("bool", "bool"):
                functions += [("and", "bool"), ("or", "bool")]
            return "map " + (chosen := rng.choice(functions))[0], chosen[1]
        functions = {"int": [(f"*{rng.randint(1, 3)}", "int"), (f"+{rng.randint(0, 9)}", "int"),
                             (f"-{rng.randint(0, 9)}", "int"), (f">{rng.randint(0, 9)}", "bool"),
                             (f"={rng.randint(0, 9)}", "bool"), ("even", "bool")],
                     "text": [("length", "int"), ("upper", "text"), ("lower", "text"), ("=a", "bool")],
                     "bool": [("not", "bool"), ("!=true", "bool")]}[kind]
        function, result = rng.choice(functions)
        if function == "even":
            # `map even` is a test as a function: it needs one of the comparison signs.
            function, result = f"<{rng.randint(0, 9)}", "bool"
        return f"map {function}", result

    def chain(self, name, start, length):
        kind = self.types[start]
        steps = []
        for _ in range(length):
            step, kind = self.step(kind)
            steps.append(step)
        self.definitions.append((name, f"{start} | " + " | ".join(steps)))
        self.types[name] = kind

    @staticmethod
    def drawn(rng):
        draw = Draw(rng)
        first = draw.source()
        if rng.random() < 0.3:
            draw.chain("h", draw.source(), 1)
        draw.chain("out", first, rng.randint(1, 4))
        return draw

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
            lines.append(f"let {name} = Marbles<{swift_type}>([{', '.join(events)}])")
        return lines


def playground_run(draws):
    """Each draw's events (as "ms: value") and its generated Combine code, from one vmsh run: each
    pipeline defined, written, subscribed and run for the horizon, then disposed."""
    script = []
    for index, draw in enumerate(draws):
        script += [f"say pipeline {index}"] + draw.script()
        script += [f"code {name} --combine" for name, _ in draw.definitions]
        script += [f"subscribe out as {LABEL}", f"wait {HORIZON_MS}ms", "dispose all"]
    out, err, status = HOME.vmsh("--virtual-clock", stdin=("\n".join(script) + "\n").encode(), timeout=600)
    assert status == 0 and not err, f"vmsh failed ({status}): {err[:2000]}"
    events = [[] for _ in draws]
    code = [[] for _ in draws]
    index = -1
    started = 0
    for line in out.splitlines():
        match = re.match(r"\[(\d+):(\d+)\.(\d+)\] (.*)$", line)
        if not match:
            continue
        ms = (int(match[1]) * 60 + int(match[2])) * 1000 + int(match[3])
        text = match[4]
        if (said := re.match(r"» pipeline (\d+)$", text)) is not None:
            index, started = int(said[1]), ms
        elif text.startswith(f"{LABEL}: "):
            value = text[len(LABEL) + 2:]
            events[index].append(f"{ms - started}: {'error' if value.startswith('error') else value}")
        elif text.startswith("let ") or text.startswith("    .") or text.startswith("// "):
            code[index].append(text)
    return events, code


def swift_file(draws, code):
    lines = ["import OpenCombine", "", "@MainActor let pipelines: [(String, () -> [String])] = ["]
    lines += [f'    ("p{index}", p{index}),' for index in range(len(draws))] + ["]"]
    for index, draw in enumerate(draws):
        lines += ["", f"func p{index}() -> [String] {{"]
        lines += ["    " + line for line in draw.swift_sources() + code[index]]
        lines += [f"    return record(out, until: {HORIZON_MS})", "}"]
    return "\n".join(lines) + "\n"


def run_check(source):
    with open(PIPELINES, "w") as file:
        file.write(source)
    build = subprocess.run(["swift", "build", "--package-path", PACKAGE, "--scratch-path", SCRATCH],
                           capture_output=True, text=True, timeout=1800)
    assert build.returncode == 0, "the generated Combine code did not build:\n" + build.stdout[-6000:]
    ran = subprocess.run([os.path.join(SCRATCH, "debug", "combine-check")], capture_output=True, text=True,
                         timeout=300)
    assert ran.returncode == 0, ran.stderr[-3000:]
    results = {}
    for line in ran.stdout.splitlines():
        if line.startswith("== "):
            name = line[3:]
            results[name] = []
        else:
            results[name].append(line)
    return results


class CombineCodeTests(unittest.TestCase):
    def test_generated_combine_code_gives_the_playgrounds_events_at_its_times(self):
        seed = random.randrange(1 << 32) if SEED == "random" else int(SEED)
        print(f"combine: seed {seed}, {COUNT} pipelines (COMBINE_SEED={seed} draws them again)")
        rng = random.Random(seed)
        draws = [Draw.drawn(rng) for _ in range(COUNT)]
        events, code = playground_run(draws)
        for index, draw in enumerate(draws):
            self.assertTrue(code[index], f"no code written for pipeline {index}: {draw.script()}")
        results = run_check(swift_file(draws, code))
        operators = set().union(*(draw.operators for draw in draws))
        print(f"combine: operators drawn: {', '.join(sorted(operators))}")
        for index, draw in enumerate(draws):
            combine = results.get(f"p{index}")
            if combine != events[index]:
                self.fail(f"seed {seed}, pipeline {index} differs:\n  " + "\n  ".join(draw.script())
                          + "\nCombine code:\n  " + "\n  ".join(code[index])
                          + f"\nplayground: {events[index]}\nCombine:    {combine}")


if __name__ == "__main__":
    vmshtest.main("Combine code against OpenCombine")
