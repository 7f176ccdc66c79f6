#!/usr/bin/env python3
"""`code NAME` (ReactiveCocoa 2, Objective-C) against RAC 2.5's own headers: every listing vmsh
writes, for every operator, every source, the app's pipelines and random chains of operators
(a printed seed), goes into one Objective-C file that clang checks with `-fsyntax-only
-fobjc-arc -fblocks -Werror` over ReactiveCocoa 2.5's headers (shared/vendor beside the checkout)
and Debian's GNUstep Foundation (libgnustep-base-dev). A wrong selector, a wrong argument count,
a message to the wrong class or a value of the wrong type fails, with the listing named.

Debian's GNUstep is built for GCC's Objective-C runtime, whose headers clang's ARC cannot read
as they are: the check copies them under .build/rac2-check with two lines mended (an inline
function that reads an object's class pointer, and `Protocol **` without an ownership), adds the
empty blocks_runtime.h GNUstep asks for, libdispatch's headers from the Swift toolchain (which
RACScheduler.h needs) and the one type RAC 2.5 names that this GNUstep lacks
(NSDataReadingOptions). Nothing of RAC 2.5 itself is changed.

RAC2_SEED=N (or "random") draws other chains; RAC2_COUNT=N draws N of them."""
import glob
import os
import random
import re
import shutil
import subprocess
import unittest

import vmshtest

HOME = vmshtest.Home("vmsh-rac2-")
WORK = os.path.join(vmshtest.ROOT, ".build", "rac2-check")
HEADERS = os.path.join(os.path.dirname(vmshtest.ROOT), "shared", "vendor", "ReactiveCocoa-2.5", "ReactiveCocoa")
# GCC's Objective-C runtime headers (libobjc-N-dev, which libgnustep-base-dev brings), any version.
GCC_OBJC = next(iter(sorted(glob.glob("/usr/lib/gcc/*/*/include/objc"), reverse=True)), "/usr/lib/gcc/objc")
GNUSTEP = "/usr/include/GNUstep"
SEED = os.environ.get("RAC2_SEED", "45")
COUNT = int(os.environ.get("RAC2_COUNT", "200"))

# The names each listing may read, defined first: subjects to send into, a pair, a truth value.
BASE = ["let b = subject", "let t = subject", "let subj = subject", "let e = empty", "let v = behavior-subject true",
        "let pairs = b | combineLatest t", "let events = b | materialize",
        # Names that are keywords of C or Objective-C, written escaped wherever they stand.
        "let return = subject", "let id = b | merge return"]
# Each operator's steps, with the names above; the keys are every word `help operators` lists.
STEPS = {
    "map": ["map *2", "map length", "map upper", "map not", "map >3", "map =a", "map first", "map +1"],
    "filter": ["filter even", "filter true", "filter nonempty", "filter >=2", "filter !=x"],
    "scan": ["scan sum", "scan concat", "scan max", "scan count"],
    "fold": ["fold sum", "fold product", "fold min"],
    "take": ["take 1", "take 3"], "skip": ["skip 2"], "distinctUntilChanged": ["distinctUntilChanged"],
    "delay": ["delay 1s", "delay 300ms"], "throttle": ["throttle 300ms"], "debounce": ["debounce 1s"],
    "throttleLeading": ["throttleLeading 300ms"], "takeUntil": ["takeUntil t"], "merge": ["merge t"],
    "combineLatest": ["combineLatest t"], "zip": ["zip t"], "flattenMap": ["flattenMap t", "flattenMap"],
    "switchToLatest": ["switchToLatest t", "switchToLatest"], "catchTo": ["catchTo e"], "catch": ["catch t"],
    "doNext": ["doNext subj"], "doCompleted": ["doCompleted subj"], "doError": ["doError subj"],
    "ignore": ["ignore 0", "ignore a"], "foldLeftWithStart": ["foldLeftWithStart 10 sum"],
    "scanWithStart": ["scanWithStart 1 product"], "replayLast": ["replayLast"], "replayLazily": ["replayLazily"],
    "startWith": ["startWith 0", "startWith go"], "concat": ["concat t"], "then": ["then t"],
    "retry": ["retry", "retry 2"], "materialize": ["materialize"], "timeout": ["timeout 2s"],
    "bufferWithTime": ["bufferWithTime 1s"], "sample": ["sample t"], "deliverOn": ["deliverOn main", "deliverOn background"],
    "subscribeOn": ["subscribeOn background"], "skipWhile": ["skipWhile <3"],
}
# Those that need a certain value, a connection or a sequence before them: whole definitions.
WHOLE = {
    "reduceEach": ["pairs | reduceEach first", "pairs | reduceEach and", "pairs | reduceEach sum"],
    "dematerialize": ["events | dematerialize"],
    "publish": ["b | publish", "b | map *2 | publish"],
    "replay": ["b | replay 1", "b | replay 3"],
    "autoconnect": ["b | publish | autoconnect", "b | replay 2 | autoconnect | map +1"],
    "signal": ["sequence 1 2 3 | signal", "sequence a b | map upper | signal | delay 1s"],
}
SOURCES = ['interval 300ms', 'subject', 'replay-subject 2', 'replay-subject', 'empty', 'never', 'error boom',
           'sequence 1 2 3', 'sequence a b | map upper', 'behavior-subject 0', 'create "-a-b|"', 'command runs t',
           'command enabled-by v runs input concurrent', 'marbles "-1-2|"', 'interval 1s | take 3']
# The app's own pipelines and validation, as `code` writes them.
BUILT_IN = ["original", "fixed", "naive", "length"]
# What those read, declared before them (the app's streams).
APP = ["isVisible", "hidden", "metadata", "searchText"]


def operator_words():
    """Every operator `help operators` lists, by its first word."""
    out, err, status = HOME.vmsh("--virtual-clock", stdin=b"help operators\n")
    assert status == 0, err
    return {m[1] for line in out.splitlines() if (m := re.match(r"\[[\d:.]+\]   ([a-zA-Z]+)", line))}


def definitions(rng):
    """(name, text) for every listing: the base names, each operator's steps and whole
    definitions, each source, and COUNT random chains on b."""
    defined = []
    for word, steps in STEPS.items():
        defined += [(f"{word}{index}", f"b | {step}") for index, step in enumerate(steps)]
    for word, texts in WHOLE.items():
        defined += [(f"{word}{index}", text) for index, text in enumerate(texts)]
    defined += [(f"source{index}", text) for index, text in enumerate(SOURCES)]
    # Values that would close a comment or a literal, and keywords read by steps: inert code.
    defined += [("hostile0", 'return | startWith */fatalError()/* | merge id | takeUntil return'),
                ("hostile1", 'b | startWith \\*/abort();/* | concat return | map =*/x')]
    plain = [step for steps in STEPS.values() for step in steps]
    for index in range(COUNT):
        steps = rng.sample(plain, rng.randint(1, 4))
        ending = rng.choice([[], [], [], ["publish"], ["replay 2"], ["publish", "autoconnect"]])
        defined.append((f"chain{index}", "b | " + " | ".join(steps + ending)))
    return defined


def listings(defined):
    """Each listing vmsh writes, by its name: the lines of `code NAME` after a marker."""
    # The playground keeps 64 names: each definition is x in turn, renamed in its listing.
    script = BASE + [line for name in (line.split()[1] for line in BASE)
                     for line in (f"say listing {name}", f"code {name}", "say end")]
    for name, text in defined:
        script += [f"let x = {text}", f"say listing {name}", "code x", "say end"]
    script += [line for name in BUILT_IN for line in (f"say listing {name}", f"code {name}", "say end")]
    names = [line.split()[1] for line in BASE] + [name for name, _ in defined] + BUILT_IN
    out, err, status = HOME.vmsh("--virtual-clock", stdin=("\n".join(script) + "\n").encode(), timeout=300)
    assert status == 0 and not err, f"vmsh failed ({status}): {err[:3000]}"
    found, current = {}, None
    for line in out.splitlines():
        text = re.sub(r"^\[[\d:.]+\] ", "", line)
        if text == "» end":
            current = None
        elif (said := re.match(r"» listing (\w+)$", text)) is not None:
            current = said[1]
            found[current] = []
        elif current is not None:
            if current not in BUILT_IN:
                text = re.sub(r"^(\w+ \*)x = ", rf"\g<1>{current} = ", text)
                text = text.replace("x.allowsConcurrentExecution", f"{current}.allowsConcurrentExecution")
            found[current].append(text)
    return names, found


def split_helpers(lines):
    """The listing's own lines, and its helpers (name → lines), which go at the file's top level."""
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
        else:
            own.append(line)
    return own, helpers


def shim():
    """The include folder clang reads before GNUstep's: GCC's runtime headers mended for ARC,
    RAC 2.5's headers under ReactiveCocoa/, and a prelude."""
    folder = os.path.join(WORK, "include")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(folder, "objc"))
    os.makedirs(os.path.join(folder, "ReactiveCocoa"))
    for name in os.listdir(GCC_OBJC):
        with open(os.path.join(GCC_OBJC, name)) as file:
            text = file.read()
        if name == "runtime.h":
            assert "return object->class_pointer;" in text and "Protocol **" in text, "GCC's runtime.h has changed"
            text = text.replace("return object->class_pointer;", "return (Class)0;")
            text = text.replace("Protocol **", "Protocol * __unsafe_unretained *")
        with open(os.path.join(folder, "objc", name), "w") as file:
            file.write(text)
    open(os.path.join(folder, "objc", "blocks_runtime.h"), "w").close()
    for top, _, files in os.walk(HEADERS):
        for name in files:
            shutil.copy(os.path.join(top, name), os.path.join(folder, "ReactiveCocoa", name))
    prelude = os.path.join(folder, "prelude.h")
    with open(prelude, "w") as file:
        file.write("#import <Foundation/Foundation.h>\n// RAC 2.5 names it; this GNUstep does not declare it.\n"
                   "typedef NSUInteger NSDataReadingOptions;\n")
    return folder, prelude


def dispatch_headers():
    swift = shutil.which("swift")
    assert swift, "swift is not on PATH"
    folder = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(swift))), "lib", "swift")
    assert os.path.exists(os.path.join(folder, "dispatch", "dispatch.h")), f"no dispatch.h under {folder}"
    return folder


def clang(source, folder, prelude):
    path = os.path.join(WORK, "listings.m")
    with open(path, "w") as file:
        file.write(source)
    return subprocess.run(
        ["clang", "-fsyntax-only", "-fobjc-arc", "-fblocks", "-fobjc-runtime=gnustep-2.0", "-Werror",
         "-ferror-limit=0", "-x", "objective-c", "-I", folder, "-I", GNUSTEP, "-I", dispatch_headers(),
         "-include", "dispatch/dispatch.h", "-include", prelude, path],
        capture_output=True, text=True, timeout=300)


class RAC2CodeTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        for need in (HEADERS, GCC_OBJC, os.path.join(GNUSTEP, "Foundation", "Foundation.h")):
            assert os.path.exists(need), f"{need} is missing (libgnustep-base-dev, gobjc, shared/vendor)"
        assert shutil.which("clang"), "clang is not on PATH"
        os.makedirs(WORK, exist_ok=True)
        cls.folder, cls.prelude = shim()

    def check(self, listings_by_name, names):
        """One file: the helpers, then one function holding every listing in order."""
        helpers, body, owner = {}, [], []
        base = [line.split()[1] for line in BASE]
        for name in names:
            own, used = split_helpers(listings_by_name[name])
            helpers.update(used)
            # The base names at the function's top, for every listing to read; each other
            # listing in a block of its own (the app's fixed writes original again).
            block = [] if name in base else ["{"]
            for line in block + own + ([] if name in base else ["}"]):
                body.append("    " + line)
                owner.append(name)
        head = ["#import <ReactiveCocoa/ReactiveCocoa.h>", ""]
        for lines in helpers.values():
            head += lines + [""]
        head += [f"static RACSignal *{name};" for name in APP + ["marbles"]] + ["", "void listings(void) {"]
        source = "\n".join(head + body + ["}"]) + "\n"
        result = clang(source, self.folder, self.prelude)
        errors = []
        for line in (result.stdout + result.stderr).splitlines():
            if (where := re.match(r".*listings\.m:(\d+):\d+: error: (.*)", line)) is not None:
                number = int(where[1]) - len(head) - 1
                name = owner[number] if 0 <= number < len(owner) else "(the file's top)"
                errors.append(f"{name}: {where[2]}\n      {source.splitlines()[int(where[1]) - 1].strip()}")
        self.assertEqual(result.returncode, 0, "clang refused the generated RAC 2 code:\n  " + "\n  ".join(
            errors or [result.stderr[-3000:]]))

    def test_every_operator_and_source_is_rac2s_own(self):
        seed = random.randrange(1 << 32) if SEED == "random" else int(SEED)
        print(f"rac2: seed {seed}, {COUNT} chains (RAC2_SEED={seed} draws them again)")
        self.assertEqual(set(STEPS) | set(WHOLE), operator_words(), "every operator has its steps here")
        defined = definitions(random.Random(seed))
        names, found = listings(defined)
        for name in names:
            self.assertTrue(found.get(name), f"no code written for {name}")
            self.assertTrue(found[name][0].startswith("// "), f"{name}: {found[name][:2]}")
        self.check(found, names)

    def test_the_check_refuses_a_wrong_selector_and_a_wrong_type(self):
        """The check itself: clang over these headers fails what RAC 2 would not take."""
        for wrong in ["RACSignal *x = [[[RACSignal never] replay] signal];",
                      "RACSignal *x = [[RACSignal never] throttle:0.3 onScheduler:nil];",
                      "RACSignal *x = [[RACCommand alloc] initWithSignalBlock:nil];",
                      "RACSignal *x = [[RACSignal never] takeUntil:@1];"]:
            source = "#import <ReactiveCocoa/ReactiveCocoa.h>\nvoid f(void) {\n    " + wrong + "\n}\n"
            self.assertNotEqual(clang(source, self.folder, self.prelude).returncode, 0, wrong)


if __name__ == "__main__":
    vmshtest.main("RAC 2 code against ReactiveCocoa 2.5's headers")
