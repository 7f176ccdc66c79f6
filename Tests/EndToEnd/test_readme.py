#!/usr/bin/env python3
"""Runs every example of README.md and compares what it prints with what the README shows.

An example is a fenced block right after the line `<!-- example -->`. Each `$ COMMAND` line in it
runs in /bin/sh, in a fresh home and folder of its own (the block's commands share both), with
`vmsh` or `scripts/vmsh` in command position meaning the built binary and `scripts/` the
checkout's; the lines under it are its output, stdout and stderr together. A `$ vmsh` followed by
prompt lines (`vmsh› search sunset`) is an interactive session in a pseudo-terminal: each command
is typed once its prompt shows, and the screen's history is compared. A line `...` stands for any
number of lines; an interactive session ends at its last prompt. The default catalog is made once
and shared. VMSH names the binary."""
import glob
import os
import re
import subprocess
import unittest

import vmshtest
from vmshtest import sh

README = os.path.join(vmshtest.ROOT, "README.md")
SHARED = vmshtest.Home("vmsh-readme-")
MARK = "<!-- example -->"
PROMPT = re.compile(r"^(vmsh\S*(?: \S+)*› )(.*)$")


def examples(text):
    """Each marked block of `text` as (line number, its lines)."""
    lines = text.splitlines()
    found = []
    for number, line in enumerate(lines):
        if line.strip() != MARK:
            continue
        fence = lines[number + 1].strip()
        assert fence.startswith("```"), f"README.md:{number + 1}: {MARK} is not followed by a fenced block"
        end = next(i for i in range(number + 2, len(lines)) if lines[i].strip() == "```")
        indent = len(lines[number + 1]) - len(lines[number + 1].lstrip())
        found.append((number + 3, [block_line[indent:] for block_line in lines[number + 2:end]]))
    return found


def sessions(block):
    """The block as (command, expected lines) pairs, one per `$` line."""
    found = []
    for line in block:
        if line.startswith("$ "):
            found.append((line[2:], []))
        else:
            assert found, f"an example starts with {line!r}, not with a $ command"
            found[-1][1].append(line)
    return found


def matches(expected, actual):
    """True when `actual` is `expected` line for line, each `...` standing for any run of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[start:]) for start in range(len(actual) + 1))
    return bool(actual) and actual[0] == expected[0] and matches(expected[1:], actual[1:])


def with_binary(command):
    """`command` with the built vmsh in place of `vmsh` and `scripts/vmsh` in command position."""
    return re.sub(r"(^|[|;&(]\s*)(?:scripts/)?vmsh(?=\s|$)", lambda m: m.group(1) + sh(vmshtest.VMSH), command)


class Example:
    """One block's home: a fresh one, holding the shared default catalog and the checkout's scripts."""

    def __init__(self):
        self.home = vmshtest.Home(parent=SHARED)
        self.folder = self.home.folder("work")
        os.symlink(os.path.join(vmshtest.ROOT, "scripts"), os.path.join(self.folder, "scripts"))
        catalogs = os.path.join(self.home, "data", "vmsh")
        os.makedirs(catalogs)
        os.link(CATALOG, os.path.join(catalogs, os.path.basename(CATALOG)))

    def run(self, command):
        done = subprocess.run(["/bin/sh", "-c", with_binary(command)], cwd=self.folder, env=self.home.env(),
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
        return vmshtest.decode(done.stdout).splitlines()

    def interact(self, command, lines):
        """Types each prompt line's command once its prompt shows; the screen's history, up to the end."""
        exports = " ".join(f"{k}={sh(v)}" for k, v in self.home.env({"TERM": "xterm-256color"}).items())
        script = f"cd {sh(self.folder)} && env -i {exports} {with_binary(command)}; sleep 600"
        pane = vmshtest.Pane(f"bash -c {sh(script)}", width=100, height=30)
        try:
            for line in lines:
                prompt = PROMPT.match(line)
                if prompt:
                    pane.wait_for(lambda: pane.last_line().rstrip() == prompt.group(1).rstrip(),
                                  f"the prompt {prompt.group(1)!r}", timeout=20)
                    pane.type(prompt.group(2))
                    pane.keys("Enter")
            last = next(line for line in reversed(lines) if line != "..." and not PROMPT.match(line))
            pane.wait_for(lambda: last in pane.history(), repr(last), timeout=20)
            pane.wait_for(lambda: pane.last_line().rstrip().endswith("›"), "the next prompt", timeout=20)
            history = [line.rstrip() for line in pane.history().rstrip("\n").splitlines()]
            pane.type("quit")
            pane.keys("Enter")
            return history[:-1]
        finally:
            pane.close()


class ReadmeTests(unittest.TestCase):
    def check(self, start, block):
        example = Example()
        for command, expected in sessions(block):
            interactive = any(PROMPT.match(line) for line in expected)
            actual = example.interact(command, expected) if interactive else example.run(command)
            if not matches(expected, actual):
                self.fail(f"README.md:{start}: `{command}` printed:\n" + "\n".join(actual[:60])
                          + "\n\nthe README shows:\n" + "\n".join(expected))

    def test_the_readme_has_examples_and_each_is_marked_once(self):
        with open(README, encoding="utf-8") as readme:
            text = readme.read()
        self.assertGreaterEqual(len(examples(text)), 5)
        self.assertNotIn(MARK + "\n" + MARK, text)

    def test_matching_takes_dots_for_any_lines(self):
        self.assertTrue(matches(["a", "...", "d"], ["a", "b", "c", "d"]))
        self.assertTrue(matches(["a", "...", "b"], ["a", "b"]))
        self.assertFalse(matches(["a", "...", "d"], ["a", "b", "c"]))
        self.assertFalse(matches(["a"], ["a", "b"]))
        self.assertFalse(matches(["b"], ["a"]))


def _make_catalog():
    maker = vmshtest.Home(parent=SHARED)
    _, err, status = maker.vmsh("-c", "quit")
    assert status == 0, err
    (path,) = glob.glob(os.path.join(maker, "data", "vmsh", "catalog-*.sqlite"))
    return path


with open(README, encoding="utf-8") as _readme:
    EXAMPLES = examples(_readme.read())
for _start, _block in EXAMPLES:
    setattr(ReadmeTests, f"test_the_example_at_line_{_start}",
            lambda self, start=_start, block=_block: self.check(start, block))

if __name__ == "__main__":
    CATALOG = _make_catalog()
    vmshtest.main("readme")
