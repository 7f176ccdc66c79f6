#!/usr/bin/env python3
"""Runs every example of README.md and of docs/*.md and compares what it prints with what the
page shows; checks that the README stays a front door (at most 200 lines), that docs/reference.md
is what `scripts/reference` writes from vmsh's own help, and that docs/development.md's layout
names every folder of Sources.

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
DOCS = sorted(glob.glob(os.path.join(vmshtest.ROOT, "docs", "*.md")))
PAGES = [README] + DOCS
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
        assert fence.startswith("```"), f"line {number + 1}: {MARK} is not followed by a fenced block"
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
    def check(self, page, start, block):
        example = Example()
        for command, expected in sessions(block):
            interactive = any(PROMPT.match(line) for line in expected)
            actual = example.interact(command, expected) if interactive else example.run(command)
            if not matches(expected, actual):
                self.fail(f"{page}:{start}: `{command}` printed:\n" + "\n".join(actual[:60])
                          + f"\n\n{page} shows:\n" + "\n".join(expected))

    def test_the_pages_have_examples_and_each_is_marked_once(self):
        found = {}
        for path in PAGES:
            with open(path, encoding="utf-8") as page:
                text = page.read()
            self.assertNotIn(MARK + "\n" + MARK, text, path)
            found[path] = (len(examples(text)), len(text.splitlines()))
        self.assertGreaterEqual(found[README][0], 4)
        # A front door: what vmsh is, the two commands, a first session, where to go next.
        self.assertLessEqual(found[README][1], 200)
        self.assertGreaterEqual(sum(found[path][0] for path in DOCS), 8)

    def test_every_page_the_readme_links_is_there(self):
        for path in PAGES:
            with open(path, encoding="utf-8") as page:
                links = re.findall(r"\]\(([^)#]+\.(?:md|svg))(?:#[^)]*)?\)", page.read())
            for link in links:
                self.assertTrue(os.path.exists(os.path.join(os.path.dirname(path), link)), f"{path}: {link}")

    def test_the_reference_is_what_vmsh_says(self):
        """docs/reference.md is generated from the command table: written again, it is the same."""
        written = subprocess.run([os.path.join(vmshtest.ROOT, "scripts", "reference"), "--check"],
                                 capture_output=True, text=True, timeout=120,
                                 env={**os.environ, "VMSH": vmshtest.VMSH})
        self.assertEqual(written.returncode, 0, written.stdout + written.stderr)

    def test_the_layout_names_every_target(self):
        # Each folder of Sources is a target (or the build's tool embed-text).
        targets = os.listdir(os.path.join(vmshtest.ROOT, "Sources"))
        with open(os.path.join(vmshtest.ROOT, "docs", "development.md"), encoding="utf-8") as page:
            layout = page.read().split("## Layout", 1)[1]
        self.assertGreater(len(targets), 30)
        self.assertEqual(sorted(t for t in targets if f"`{t}`" not in layout), [])

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


for _path in PAGES:
    _page = os.path.relpath(_path, vmshtest.ROOT)
    with open(_path, encoding="utf-8") as _file:
        for _start, _block in examples(_file.read()):
            _name = re.sub(r"\W", "_", _page.removesuffix(".md"))
            setattr(ReadmeTests, f"test_the_example_in_{_name}_at_line_{_start}",
                    lambda self, page=_page, start=_start, block=_block: self.check(page, start, block))

if __name__ == "__main__":
    CATALOG = _make_catalog()
    vmshtest.main("readme")
