#!/usr/bin/env python3
"""Progress on a terminal: work that lasts more than a second (a live `wait`, a large catalog's
generation) shows one line on standard error, rewritten in place and erased when it is done, in an
interactive session at a terminal on the live clock, and nowhere else: not through a pipe, not
with standard error in a file, not in script mode, not under the virtual clock."""
import os
import unittest

import vmshtest
from vmshtest import Pane, Terminal, sh

# Photos enough that generating them takes well over a second in the debug build here.
LARGE = "150000"
DATA = vmshtest.Home("vmsh-progress-")
CATALOG = os.path.join(DATA, "catalog.sqlite")  # the embedded catalog, made once for the waits
WAIT_LINE = "s left (Ctrl-C stops it)"
GENERATING = "generating the catalog"


class ProgressTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        DATA.vmsh("--catalog", CATALOG, "-c", "quit")
        # tmux's server leaves when its last session closes: a new session started in that moment
        # fails. One idle session keeps it up between the tests.
        cls.keeper = Pane("sleep 3600")

    @classmethod
    def tearDownClass(cls):
        cls.keeper.close()

    def terminal(self, args, home=None):
        t = Terminal(args, home=home)
        self.addCleanup(t.close)
        return t

    def prompt(self, t, timeout=20):
        t.wait_for(lambda: t.last_line().startswith("vmsh"), "the prompt", timeout)

    def test_a_live_wait_shows_its_time_left_then_erases_it(self):
        t = self.terminal(f"--catalog {sh(CATALOG)}")
        self.prompt(t)
        t.type("wait 3s\n")
        t.wait_text("wait: 2 " + WAIT_LINE, timeout=5)
        t.wait_text("wait: 1 " + WAIT_LINE, timeout=5)
        t.type("say done\n")
        t.wait_text("» done", timeout=10)
        self.assertNotIn(WAIT_LINE, t.history())

    def test_a_wait_under_a_second_shows_nothing(self):
        t = self.terminal(f"--catalog {sh(CATALOG)}")
        self.prompt(t)
        t.type("wait 800ms\n")
        t.type("say done\n")
        t.wait_text("» done", timeout=10)
        self.assertNotIn(WAIT_LINE, t.history())

    def test_updates_during_a_wait_print_on_lines_of_their_own(self):
        t = self.terminal(f"--catalog {sh(CATALOG)}")
        self.prompt(t)
        # The rows' metadata arrives about 1.6 s after the search: while the wait shows its line.
        t.type("search sunset\n")
        t.type("wait 3s\n")
        t.wait_text(WAIT_LINE, timeout=5)
        t.type("say done\n")
        t.wait_text("» done", timeout=15)
        history = t.history()
        self.assertEqual(history.count("favorites"), 10, history)
        self.assertNotIn(WAIT_LINE, history)
        for line in history.splitlines():
            if "favorites" in line:
                self.assertTrue(line.startswith("row "), line)

    def test_generating_a_large_catalog_shows_how_far_it_has_got(self):
        home = vmshtest.Home("vmsh-progress-large-")
        t = self.terminal(f"--catalog-size {LARGE} --catalog {sh(os.path.join(home, 'large.sqlite'))}", home=home)
        t.wait_text(GENERATING, timeout=30)
        self.assertRegex(t.text(), r"generating the catalog: ([\d,]+ of 150,000 photos|building the search index)")
        self.prompt(t, timeout=180)
        self.assertNotIn(GENERATING, t.history())

    def test_piped_the_same_commands_show_no_progress(self):
        home = vmshtest.Home("vmsh-progress-piped-")
        large = os.path.join(home, "large.sqlite")
        result = home.vmsh("--catalog-size", LARGE, "--catalog", large, stdin=b"wait 3s\nsay done\n", timeout=300)
        self.assertEqual((result.out, result.err, result.status), ("» done\n", "", 0))
        # The same, the catalog already made and no wait: the same bytes.
        again = home.vmsh("--catalog-size", LARGE, "--catalog", large, stdin=b"say done\n")
        self.assertEqual(again, result)

    def test_no_progress_with_standard_error_in_a_file(self):
        home = vmshtest.Home("vmsh-progress-stderr-")
        errors = os.path.join(home, "stderr")
        t = self.terminal(f"--catalog {sh(CATALOG)} 2>{sh(errors)}", home=home)
        self.prompt(t)
        t.type("wait 2500ms\n")
        t.type("say done\n")
        t.wait_text("» done", timeout=10)
        with open(errors, encoding="utf-8", errors="surrogateescape") as f:
            self.assertEqual(f.read(), "")
        self.assertNotIn(WAIT_LINE, t.history())

    def test_no_progress_in_script_mode_at_a_terminal(self):
        home = vmshtest.Home("vmsh-progress-script-")
        large = os.path.join(home, "large.sqlite")
        t = self.terminal(f"--catalog-size {LARGE} --catalog {sh(large)} -c 'wait 2500ms' -c 'say done'", home=home)
        self.assertEqual(t.exit_status(timeout=180), 0)
        history = t.history()
        self.assertIn("» done", history)
        self.assertNotIn(WAIT_LINE, history)
        self.assertNotIn(GENERATING, history)

    def test_no_progress_under_the_virtual_clock(self):
        home = vmshtest.Home("vmsh-progress-virtual-")
        large = os.path.join(home, "large.sqlite")
        t = self.terminal(f"--virtual-clock --catalog-size {LARGE} --catalog {sh(large)}", home=home)
        self.prompt(t, timeout=180)
        self.assertNotIn(GENERATING, t.history())


if __name__ == "__main__":
    vmshtest.main("progress on a terminal")
