#!/usr/bin/env python3
"""A teacher's first class at a colour terminal (tmux, TERM=xterm-256color, colour on): the
terminal gets its colours, and nothing else does. The feed the students' pages are built from
holds no escape character, and `save --expect` after a `say` writes a lesson that replays to
exit 0. Every server here listens on loopback only.

Needs the built vmsh, tmux and the `websockets` package (scripts/test installs them).
  python3 Tests/EndToEnd/test_first_class.py
"""
import json
import os
import re
import time
import unittest

import vmshtest

try:
    from websockets.sync.client import connect
except ImportError:  # said by the test that needs it
    connect = None

HOME = vmshtest.Home("vmsh-first-class-")
CATALOG = os.path.join(HOME, "catalog.sqlite")
ESCAPES = ("\x1b", "\\u001b", "\\u001B", "\u241b")


def feed_messages(feed, quiet=1.0, timeout=30):
    """Every message the feed sends until it has been quiet for `quiet` seconds."""
    messages, deadline = [], time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            frame = feed.recv(timeout=quiet)
        except TimeoutError:
            return messages
        messages += [line for line in frame.split("\n") if line]
    return messages


class AtATerminal(unittest.TestCase):
    """vmsh at a colour terminal of its own, on the suite's catalog (no tests of its own)."""

    @classmethod
    def setUpClass(cls):
        HOME.vmsh("--catalog", CATALOG, "-c", "quit")

    def terminal(self):
        terminal = vmshtest.Terminal("--virtual-clock --no-rc", width=160, home=HOME, catalog=CATALOG)
        self.addCleanup(terminal.close)
        terminal.wait_text("vmsh [paused 00:00.000]›", 60)
        return terminal

    def coloured(self, terminal):
        """The pane as the terminal drew it, escapes and all."""
        return vmshtest.tmux("capture-pane", "-e", "-p", "-S", "-", "-t", terminal.name).stdout


class ColourTerminalTests(AtATerminal):
    def test_the_students_feed_holds_the_lines_without_the_terminals_colours(self):
        self.assertIsNotNone(connect, "install websockets (python3 -m pip install websockets)")
        terminal = self.terminal()
        terminal.type("say welcome to the class\r")
        terminal.type("search sunset\r")
        terminal.type("wait 2s\r")
        terminal.wait_text("push SearchResultsViewModel")
        port = vmshtest.free_port()
        terminal.type(f"serve on {port}\r")
        terminal.wait_text(f"serving this session read-only at http://127.0.0.1:{port}/?token=")
        # The terminal itself is in colour: the narration in bold, the push line in cyan.
        self.assertIn("\x1b[1m» welcome to the class", self.coloured(terminal))
        token = terminal.text().split("token=", 1)[1].split()[0]
        with connect(f"ws://127.0.0.1:{port}/follow?token={token}", open_timeout=10) as feed:
            seeded = feed_messages(feed)
            terminal.type("back\r")
            terminal.wait_text("pop SearchResultsViewModel")
            live = feed_messages(feed)
        texts = [json.loads(message).get("text", "") for message in seeded + live]
        self.assertIn("welcome to the class", texts)
        self.assertTrue(any("] push SearchResultsViewModel" in text for text in texts), texts)
        self.assertTrue(any("] pop SearchResultsViewModel" in text for text in texts), texts)
        for message in seeded + live:
            self.assertFalse(any(escape in message for escape in ESCAPES), message)
        terminal.type("quit\r")
        self.assertEqual(terminal.exit_status(20), 0)

    def test_a_lesson_saved_with_expectations_after_a_say_replays_to_exit_0(self):
        terminal = self.terminal()
        lesson = os.path.join(terminal.home, "first.vmsh")
        if os.path.exists(lesson):
            os.remove(lesson)
        terminal.type("say the tutorial's search\r")
        terminal.type("search sunset\r")
        terminal.type("wait 2s\r")
        terminal.type(f"save --expect {lesson}\r")
        terminal.wait_text("saved 3 commands")
        self.assertIn("\x1b[1m", self.coloured(terminal), "narration is bold at the terminal")
        terminal.type("quit\r")
        self.assertEqual(terminal.exit_status(20), 0)
        with open(lesson, encoding="utf-8") as f:
            saved = f.read()
        self.assertFalse(any(escape in saved for escape in ESCAPES), saved)
        self.assertIn("\nexpect » the tutorial's search\n", saved)
        out, err, status = HOME.vmsh("--catalog", CATALOG, "--lesson", lesson)
        self.assertEqual((status, err), (0, ""), out)

    def test_clear_clears_the_screen_and_the_transcript_keeps_every_line(self):
        terminal = self.terminal()
        page = os.path.join(terminal.home, "cleared.html")
        if os.path.exists(page):
            os.remove(page)
        terminal.type("say before the clear\r")
        terminal.wait_text("» before the clear")
        terminal.type("clear\r")
        terminal.wait_for(lambda: "before the clear" not in terminal.text(), "the screen to clear")
        terminal.type(f"export html {page}\r")
        terminal.wait_text("wrote the session")
        with open(page, encoding="utf-8") as f:
            self.assertIn("before the clear", f.read())
        terminal.type("quit\r")
        self.assertEqual(terminal.exit_status(20), 0)


class TitleTests(AtATerminal):
    """The lesson's title: the first comment typed at the prompt, kept by save, exported."""

    def test_a_comment_typed_at_the_prompt_is_the_title_and_save_keeps_it(self):
        terminal = self.terminal()
        lesson, page = os.path.join(terminal.home, "typed.vmsh"), os.path.join(terminal.home, "typed.html")
        for path in (lesson, page):
            if os.path.exists(path):
                os.remove(path)
        terminal.type("# Lesson one: searching\r")
        terminal.type("search sunset\r")
        terminal.type("# then the rows\r")
        terminal.type(f"save {lesson}\r")
        terminal.wait_text("saved 1 command")
        terminal.type(f"export html {page}\r")
        terminal.wait_text("wrote the session")
        terminal.type("quit\r")
        self.assertEqual(terminal.exit_status(20), 0)
        with open(page, encoding="utf-8") as f:
            self.assertIn("<title>Lesson one: searching</title>", f.read())
        with open(lesson, encoding="utf-8") as f:
            saved = f.read()
        # The comments where they were typed, after the header that marks the file as save's.
        body = saved.split("\n\n", 1)[1]
        self.assertEqual(body, "# Lesson one: searching\nsearch sunset\n# then the rows\n")
        # Replayed, the first comment after the header is the title again.
        again = os.path.join(terminal.home, "again.html")
        out, err, status = HOME.vmsh("--catalog", CATALOG, "--virtual-clock", "--no-rc",
                                     stdin=(saved + f"export html {again}\n").encode())
        self.assertEqual((status, err), (0, ""), out)
        with open(again, encoding="utf-8") as f:
            self.assertIn("<title>Lesson one: searching</title>", f.read())


class CountPatternTests(unittest.TestCase):
    """Counts print grouped by commas (1,189 favorites), in a script as at a terminal: every
    pattern the lessons, the README and docs/ give for a count takes the commas."""

    def test_no_count_pattern_stops_at_the_first_comma(self):
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
        lessons = os.path.join(root, "scripts", "lessons")
        paths = [os.path.join(lessons, name) for name in sorted(os.listdir(lessons)) if name.endswith(".vmsh")]
        paths.append(os.path.join(root, "README.md"))
        docs = os.path.join(root, "docs")
        paths += [os.path.join(docs, name) for name in sorted(os.listdir(docs)) if name.endswith(".md")]
        narrow = re.compile(r"\\d\+\s*(favorites|comments|photos|calls|rows)")
        found = []
        for path in paths:
            with open(path, encoding="utf-8") as f:
                found += [f"{os.path.basename(path)}: {line.strip()}" for line in f if narrow.search(line)]
        self.assertEqual(found, [])

    def test_a_grouped_count_matches_the_pattern_the_readme_gives(self):
        out, err, status = HOME.vmsh("--virtual-clock", "--no-rc", "-c", "say row 1: 1,189 favorites",
                                     "-c", "expect /row 1: [\\d,]+ favorites/")
        self.assertEqual((status, err), (0, ""), out)


if __name__ == "__main__":
    vmshtest.main("first class at a colour terminal")
