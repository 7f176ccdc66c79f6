#!/usr/bin/env python3
"""At the prompt, in tmux: a long paste returns the prompt in time proportional to its length, a
line over the limit (4096 bytes, as in script mode) is refused with one line as it arrives, and
Tab lists its candidates once, in columns that fit the terminal.

Run by scripts/test after the build; VMSH names the binary. Timings are compared as ratios within
one run, never against a fixed figure; scripts/bench measures the pastes' times.
"""
import itertools
import os
import shutil
import sys
import time
import unittest

import vmshtest
from vmshtest import Terminal, tmux

DATA = vmshtest.Home("vmsh-data-")  # one catalog for all tests
CATALOG = os.path.join(DATA, "catalog.sqlite")
REFUSED = "vmsh: the line is over 4096 bytes, the limit; the rest of it, up to Enter, is skipped"
_markers = itertools.count()


class PromptInput(unittest.TestCase):
    def start(self, width=100, height=30):
        terminal = Terminal(catalog=CATALOG, width=width, height=height)
        self.addCleanup(terminal.close)
        terminal.wait_for(lambda: terminal.last_line().startswith("vmsh"), "the prompt", 20)
        return terminal

    def paste(self, t, text, timeout=30):
        """Pastes `text` as a terminal does (newlines as carriage returns), then runs a marker
        command; returns the seconds until the marker's output shows: the prompt was back."""
        path = os.path.join(t.home, "paste.txt")
        with open(path, "w") as f:
            f.write(text)
        marker = f"after-paste-{next(_markers)}"
        tmux("load-buffer", "-b", "pasted", path)
        started = time.monotonic()
        tmux("paste-buffer", "-d", "-b", "pasted", "-t", t.name)
        t.type(f"say {marker}")
        t.keys("Enter")
        t.wait_for(lambda: f"» {marker}" in t.text(), f"{marker} after a paste of {len(text)} bytes", timeout)
        return time.monotonic() - started

    def test_a_long_paste_takes_time_in_proportion_to_its_length(self):
        t = self.start()
        self.paste(t, "say warm-up\n")
        line = lambda size: "say " + "pasted words " * (size // 13) + "\n"
        # Medians of three, in turn, so a moment of load on the machine does not decide.
        short, long = [], []
        for _ in range(3):
            short.append(self.paste(t, line(10_000)))
            long.append(self.paste(t, line(40_000)))
        ratio = sorted(long)[1] / sorted(short)[1]
        self.assertLess(ratio, 8, f"40 KB took {ratio:.1f} times as long as 10 KB (16 would be quadratic): "
                                  f"{short} {long}")

    def test_a_line_over_the_limit_is_refused_once_and_the_next_line_runs(self):
        t = self.start()
        self.paste(t, "say " + "x" * 40_000 + "\nsay the line after\n")
        screen = t.history()
        self.assertEqual(screen.count(REFUSED), 1, screen[-2000:])
        self.assertIn("» the line after\n", screen)
        self.assertNotIn("xxxxx\n", screen.split(REFUSED, 1)[1], "nothing of the long line ran")
        self.assertEqual(t.last_line(), "vmsh›")

    def test_a_line_over_the_limit_without_a_newline_is_skipped_up_to_enter(self):
        t = self.start()
        tmux("set-buffer", "-b", "long", "say " + "y" * 5000)
        tmux("paste-buffer", "-d", "-b", "long", "-t", t.name)
        t.wait_text(REFUSED)
        t.type("y" * 100)
        t.keys("Enter")
        t.wait_for(lambda: t.last_line() == "vmsh›", "the prompt after Enter", 5)
        t.type("say typed after")
        t.keys("Enter")
        t.wait_text("» typed after")
        self.assertEqual(t.history().count(REFUSED), 1)

    def test_the_limit_counts_bytes_not_characters(self):
        t = self.start()
        self.paste(t, "say " + "é" * 2000 + "\n")  # 4004 bytes in 2004 characters
        self.assertIn("» " + "é" * 10, t.history())
        self.assertNotIn(REFUSED, t.history())
        self.paste(t, "say " + "é" * 2100 + "\n")  # 4204 bytes
        self.assertEqual(t.history().count(REFUSED), 1)

    def test_a_paste_of_many_short_lines_runs_each(self):
        t = self.start()
        self.paste(t, "".join(f"say line {i:03}\n" for i in range(200)))
        screen = t.history()
        self.assertEqual([n for n in range(200) if f"» line {n:03}\n" not in screen], [])

    def test_tab_tab_lists_a_hundred_rows_once_in_columns_that_fit(self):
        t = self.start(width=80, height=50)
        t.type("search sunset")
        t.keys("Enter")
        t.wait_for(lambda: t.text().count("favorites") == 10, "the visible rows' counts", 10)
        t.type("open ")
        t.keys("Tab")
        t.keys("Tab")
        t.wait_text(" 100")
        time.sleep(0.5)  # a second listing would have printed by now
        listing = [line for line in t.screen() if line.strip() and set(line) <= set("0123456789 ")]
        numbers = [int(word) for line in listing for word in line.split()]
        self.assertEqual(sorted(numbers), list(range(1, 101)), "each number once, none cut in two")
        self.assertTrue(all(len(line) <= 80 for line in listing))
        self.assertEqual(t.last_line(), 'vmsh search›"sunset"› open')

if __name__ == "__main__":
    if not shutil.which("tmux"):
        print("tmux is missing: scripts/test installs it")
        sys.exit(1)
    # A session that lives for the whole run, so the server never exits between tests.
    tmux("new-session", "-d", "-s", "keepalive", "sleep", "900")
    vmshtest.main("paste and completion")
