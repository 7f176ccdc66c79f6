#!/usr/bin/env python3
"""A class in a real pseudo-terminal (tmux): the virtual clock that plays at the prompt and the
prompt's paused mark, goto and save exact after it, and --step's pacing with b (at the first step
too) and q (to the prompt under -i; without it, at once, counting what expect-all wanted).

Run by scripts/test after the build; VMSH names the binary.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "EndToEnd"))
import vmshtest  # noqa: E402
from vmshtest import Terminal, sh, tmux  # noqa: E402

DATA = vmshtest.Home("vmsh-pacing-")  # one catalog file for all tests
CATALOG = os.path.join(DATA, "catalog.sqlite")
STAMPED = re.compile(r"^\[\d\d:\d\d\.\d\d\d\] ")


def ms(stamp):
    """Milliseconds of clock time in "[mm:ss.mmm]"."""
    match = re.match(r"\[(\d\d):(\d\d)\.(\d\d\d)\]", stamp)
    return (int(match.group(1)) * 60 + int(match.group(2))) * 1000 + int(match.group(3))


def counted(screen):
    """Each row whose counts arrived, with the clock time they did, from the lines that say so."""
    return [(int(m.group(2)), ms(m.group(1))) for m in re.finditer(r"^(\[[\d:.]+\]) row (\d+) .*favorites, ", screen, re.M)]


def block(screen, command, occurrence=-1):
    """The lines a command typed at the prompt printed: after its prompt line, up to the next prompt."""
    lines = screen.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("vmsh") and line.endswith("› " + command)]
    start = starts[occurrence] + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("vmsh")), len(lines))
    return lines[start:end]


class PlayingClockTests(unittest.TestCase):
    def start(self, args="--virtual-clock", **kwargs):
        t = Terminal(args=args, catalog=CATALOG, height=50, **kwargs)
        self.addCleanup(t.close)
        t.wait_for(lambda: t.last_line().startswith("vmsh"), "the prompt", 30)
        return t

    def run_line(self, t, line, shown=None, timeout=10):
        t.type(line)
        t.keys("Enter")
        if shown:
            t.wait_text(shown, timeout)

    def test_paused_time_stands_still_and_says_so_until_the_clock_plays(self):
        t = self.start()
        self.assertEqual(t.last_line(), "vmsh [paused 00:00.000]›")
        self.run_line(t, "search forest", 'searchText = "forest"')
        time.sleep(1.5)  # the reply is due at 0.4 s of clock time, which does not pass while paused
        self.assertNotIn("push SearchResultsViewModel", t.text())
        self.assertEqual(t.last_line(), "vmsh [paused 00:00.000]›")
        self.run_line(t, "clock play", "clock playing at 1x, from 00:00.000")
        # No wait: the reply, then the rows' counts a second later, print above the prompt.
        t.wait_text('[00:00.400] push SearchResultsViewModel "forest"', timeout=5)
        t.wait_for(lambda: t.history().count(" favorites, ") == 10, "the ten rows' counts", 5)
        self.assertEqual(t.last_line(), 'vmsh [playing] search›"forest"›')
        self.run_line(t, "clock speed 2", "clock playing at 2x")
        t.wait_for(lambda: t.last_line() == 'vmsh [playing 2x] search›"forest"›', "the prompt at double speed", 5)
        self.run_line(t, "clock pause", "clock paused at ")
        paused = t.last_line()
        self.assertRegex(paused, r'^vmsh \[paused 00:0\d\.\d\d\d\] search›"forest"›$')
        time.sleep(1.2)
        self.run_line(t, "show", "rows 1-10 of 100 visible")
        # The prompt comes back after the rows, as it stood: paused time stood still.
        t.wait_for(lambda: t.last_line() == paused, f"the prompt as it stood ({paused!r})", 5)
        t.keys("C-d")
        self.assertEqual(t.exit_status(), 0)
        self.assertTrue(t.stty_restored())

    def test_goto_after_playing_rebuilds_the_session_exactly(self):
        t = self.start()
        self.run_line(t, "search forest")
        # At half speed a busy machine's delays still scroll rows 1-10 past within their second.
        self.run_line(t, "clock speed 0.5", "(at 0.5x)")
        self.run_line(t, "clock play", "rows 1-10 of 100 visible")
        time.sleep(0.3)
        self.run_line(t, "scroll down", "rows 11-20 of 100 visible")
        scrolled = block(t.history(), "scroll down")[0]
        self.assertLess(ms(scrolled), 1400, "rows 1-10 were scrolled past within their second")
        # So only rows 11-20 fetch their counts.
        t.wait_for(lambda: len(counted(t.history())) == 10, "rows 11-20's counts", 10)
        self.assertEqual(sorted(row for row, _ in counted(t.history())), list(range(11, 21)))
        self.run_line(t, "clock pause", "clock paused at ")
        paused = re.search(r"\[paused ([\d:.]+)\]", t.last_line()).group(1)
        self.run_line(t, "marbles 12", "key: ")
        before = block(t.history(), "marbles 12")
        self.run_line(t, "goto 2", "back at command 2 (scroll down)")
        # Back where the scroll left the clock, then the same time again to where the marbles were drawn.
        self.assertIn(f"[paused {scrolled[1:10]}]", t.last_line())
        self.run_line(t, f"wait {ms('[' + paused + ']') - ms(scrolled)}ms")
        self.run_line(t, "marbles 12")
        # Its own key line, not the first drawing's.
        t.wait_for(lambda: t.history().count("key: ") == 2, "the second drawing's key")
        self.assertEqual(block(t.history(), "marbles 12"), before)
        self.assertTrue(all(STAMPED.match(line) for line in before), before)
        t.keys("C-d")
        self.assertEqual(t.exit_status(), 0)

    def test_a_breakpoint_pauses_the_playing_clock_and_continue_plays_on(self):
        t = self.start(width=160)
        self.run_line(t, "break when 1 metadata next", "break 1: when row 1 · metadata next")
        self.run_line(t, "search sunset")
        self.run_line(t, "clock play", "clock playing at 1x")
        # At 1.659 s of clock time the event stops the clock, as clock pause would, and says so.
        t.wait_text("break 1 at 00:01.659: row 1 · metadata: next 417/20", timeout=6)
        t.wait_text("the clock paused at 00:01.659", timeout=3)
        self.assertRegex(t.text(), r"the clock paused at 00:01\.659, after its action went on to event \d+: "
                                   r"continue \(or clock play\) plays on, step, why \d+")
        paused = 'vmsh [paused 00:01.659] search›"sunset"›'
        t.wait_for(lambda: t.last_line() == paused, "the prompt paused", 3)
        counts = t.history().count(" favorites, ")
        time.sleep(1.0)
        self.assertEqual(t.last_line(), paused, "time stands still")
        self.assertEqual(t.history().count(" favorites, "), counts, "no more counts came while paused")
        self.run_line(t, "continue", "clock playing at 1x, from 00:01.659")
        t.wait_for(lambda: t.history().count(" favorites, ") == 10, "the other rows' counts", 5)
        t.wait_for(lambda: t.last_line() == 'vmsh [playing] search›"sunset"›', "the prompt playing", 3)
        # A wait typed while the clock plays stops at the event too; continue plays on with it.
        self.run_line(t, "break clear", "cleared 1 breakpoint")
        self.run_line(t, "break when 2 metadata next", "break 2: when row 2 · metadata next")
        self.run_line(t, "search dogs")
        started = time.monotonic()
        self.run_line(t, "wait 5s", "of the wait left")
        self.assertLess(time.monotonic() - started, 4, "it stopped at the event, not at the wait's end")
        stop = [line for line in t.history().splitlines() if "the clock stopped at" in line][-1]
        self.assertRegex(stop, r"the clock stopped at 00:0\d\.\d{3} with 00:0\d\.\d{3} of the wait left")
        t.wait_for(lambda: t.last_line().startswith("vmsh [paused "), "the prompt paused", 3)
        self.run_line(t, "step", "step: ", timeout=3)
        self.run_line(t, "continue", "the wait ended at ", timeout=8)
        self.assertEqual(t.last_line(), 'vmsh [playing] search›"dogs"›', "playing on after the wait")
        t.keys("C-d")
        self.assertEqual(t.exit_status(), 0)

    def test_a_playing_session_saved_replays_the_same_updates_at_the_same_times(self):
        t = self.start()
        self.run_line(t, "search sunset")
        self.run_line(t, "clock speed 0.5", "(at 0.5x)")
        self.run_line(t, "clock play", "rows 1-10 of 100 visible")
        time.sleep(0.7)
        self.run_line(t, "scroll down", "rows 11-20 of 100 visible")
        time.sleep(0.4)
        self.run_line(t, "scroll up")
        # clock play printed "rows 1-10" too: wait for scroll up's own line, stamped when it came.
        def shown():
            return [line for line in block(t.history(), "scroll up")
                    if STAMPED.match(line) and "rows 1-10 of 100 visible" in line]
        t.wait_for(shown, "scroll up's rows 1-10", 10)
        scrolled = next(line for line in block(t.history(), "scroll down") if "rows 11-20 of 100 visible" in line)
        shown_again = ms(shown()[0])
        # Rows 1-10 were hidden within their second the first time; shown again, they stay.
        self.assertLess(ms(scrolled), 1400, "rows 1-10 were hidden within their second")
        t.wait_for(lambda: len(counted(t.history())) == 10, "rows 1-10's counts", 10)
        self.assertEqual(sorted(row for row, _ in counted(t.history())), list(range(1, 11)))
        self.assertTrue(all(time_ >= shown_again + 1000 for _, time_ in counted(t.history())),
                        "the counts came a second after the rows were shown again")
        self.run_line(t, "clock pause", "clock paused at ")
        lesson = os.path.join(t.home, "played.vmsh")
        self.run_line(t, f"save {lesson}", "saved 3 commands to")
        live = [line for line in t.history().splitlines() if "] row " in line]
        t.keys("C-d")
        self.assertEqual(t.exit_status(), 0)
        with open(lesson) as f:
            # A wait is to the millisecond, or "1.2s" when it is whole tenths of a second or more.
            wait = r"wait (\d+ms|\d+(\.\d)?s)"
            self.assertRegex(f.read(), rf"\nsearch sunset\n{wait}\nscroll down\n{wait}\nscroll up\n")
        replay = t.home.vmsh("--lesson", "--catalog", CATALOG, lesson, timeout=60)
        self.assertEqual(replay.status, 0, replay.err)
        replayed = [line for line in replay.out.splitlines() if "] row " in line]
        self.assertGreaterEqual(len(live), 10)
        self.maxDiff = None
        self.assertEqual(replayed[:len(live)], live, "the same rows' counts at the same virtual times")


class StepTests(unittest.TestCase):
    LESSON = """# Lesson: a paced tour.
#
# Each command waits for a key; the expectations do not.
text sunset
expect searchText = "sunset"
expect-not beach
say now the search
go
wait 1s
expect rows 1-10 of 100 visible
stack
"""

    def lesson(self):
        path = os.path.join(vmshtest.Home("vmsh-lesson-"), "paced.vmsh")
        with open(path, "w") as f:
            f.write(self.LESSON)
        return path

    def next_is(self, t, command):
        t.wait_for(lambda: t.last_line().startswith(f"next › {command}   ["), f"next › {command}", 10)

    def test_step_shows_comments_as_narration_runs_expectations_and_shows_each_command_once(self):
        t = Terminal(args=f"--step --lesson {sh(self.lesson())}", catalog=CATALOG, height=50)
        self.addCleanup(t.close)
        self.next_is(t, "text sunset")
        self.assertEqual(t.last_line(), "next › text sunset   [Enter or Space: run · b: back · q: leave]")
        self.assertIn("» Lesson: a paced tour.", t.text())
        self.assertIn("» Each command waits for a key; the expectations do not.", t.text())
        t.keys("Enter")
        self.next_is(t, "go")  # neither expectation nor the say stopped
        self.assertIn("» now the search", t.text())
        t.keys("Space")
        self.next_is(t, "stack")  # the wait was shown and let its time pass: no key for it
        t.keys("Enter")
        self.assertEqual(t.exit_status(), 0)
        screen = t.text()
        self.assertEqual([line for line in screen.splitlines() if "text sunset" in line], ["> text sunset"])
        self.assertNotIn("next ›", screen, "each next line gave way to its command")
        self.assertNotIn("> expect", screen, "without --echo an expectation that passes shows nothing")
        self.assertIn('SearchResultsViewModel "sunset" (active)', screen)
        self.assertTrue(t.stty_restored())

    def paced(self, args, text=None):
        path = self.lesson() if text is None else os.path.join(vmshtest.Home("vmsh-lesson-"), "paced.vmsh")
        if text is not None:
            with open(path, "w") as f:
                f.write(text)
        t = Terminal(args=f"--step {args} {sh(path)}", catalog=CATALOG, width=200, height=50)
        self.addCleanup(t.close)
        return t

    def vmsh_pid(self, t):
        """The vmsh the pane's shell runs: the one child of the pane's bash."""
        pane = tmux("display-message", "-p", "-t", t.name, "#{pane_pid}").stdout.strip()
        children = subprocess.run(["ps", "-o", "pid=", "--ppid", pane], capture_output=True, text=True).stdout.split()
        self.assertEqual(len(children), 1, children)
        return int(children[0])

    def test_a_signal_at_the_step_prompt_restores_the_terminal_before_it_ends_vmsh(self):
        # Ctrl-C (SIGINT: sent to vmsh alone, since the terminal would end the pane's shell too),
        # SIGTERM and SIGHUP end vmsh as they did, by the signal, but never leave the terminal
        # without echo and lines, as q and Ctrl-D never do.
        for how in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            with self.subTest(how=how):
                t = self.paced("--lesson")
                self.next_is(t, "text sunset")
                os.kill(self.vmsh_pid(t), how)
                self.assertEqual(t.exit_status(), 128 + how)
                self.assertTrue(t.stty_restored(), "echo and canonical mode are back")

    def test_b_at_the_first_step_says_there_is_none_and_offers_it_again(self):
        t = self.paced("--lesson")
        self.next_is(t, "text sunset")
        t.keys("b")
        t.wait_text("  (this is the first step: there is none to go back to)")
        self.next_is(t, "text sunset")
        t.keys("Enter")
        self.next_is(t, "go")
        self.assertNotIn("« back before", t.text())
        t.keys("q")
        self.assertEqual(t.exit_status(), 0)

    def test_q_without_i_ends_at_once_without_waiting_for_pending_work(self):
        # The live clock, and a search whose reply takes 20 s: q does not wait for it.
        t = self.paced("", "net slow 20000\nsearch sunset\nwait 1s\nstack\n")
        self.next_is(t, "net slow 20000")
        t.keys("Enter")
        self.next_is(t, "search sunset")
        t.keys("Enter")
        self.next_is(t, "stack")
        t.wait_text("executing = true")
        t.keys("q")
        self.assertEqual(t.exit_status(timeout=5), 0)
        self.assertNotIn("end of input", t.text())
        self.assertNotIn("still busy", t.text())
        self.assertTrue(t.stty_restored())

    def test_q_counts_the_lines_expect_all_wanted_expected(self):
        t = self.paced("--lesson", "expect-all on\ntext sunset\nstack\n")
        for command in ("expect-all on", "text sunset"):
            self.next_is(t, command)
            t.keys("Enter")
        self.next_is(t, "stack")
        t.keys("q")
        self.assertEqual(t.exit_status(), 1)
        for line in ("isSearchValid = true", 'searchText = "sunset"'):
            self.assertRegex(t.text(), re.compile(rf"^vmsh: \S*/paced\.vmsh:2: not expected: {re.escape(line)}$", re.M))

    def test_b_steps_back_and_q_under_i_drops_to_the_prompt(self):
        t = Terminal(args=f"--step --lesson -i {sh(self.lesson())}", catalog=CATALOG, height=50)
        self.addCleanup(t.close)
        self.next_is(t, "text sunset")
        self.assertTrue(t.last_line().endswith("[Enter or Space: run · b: back · q: to the prompt]"))
        t.keys("Enter")
        self.next_is(t, "go")
        t.keys("Enter")
        self.next_is(t, "stack")  # the wait ran on its own
        t.keys("b")  # back before go: its wait is undone with it
        t.wait_text("« back before: go")
        self.next_is(t, "go")
        t.keys("Enter")
        self.next_is(t, "stack")
        t.keys("q")
        t.wait_for(lambda: t.last_line().startswith("vmsh [paused 00:01.000]"), "the prompt after q", 10)
        t.type("stack")
        t.keys("Enter")
        t.wait_text('SearchResultsViewModel "sunset" (active)')
        screen = t.history()
        # `go` and `wait 1s` ran twice, once undone.
        self.assertEqual(screen.count("> go\n"), 2, screen)
        self.assertEqual(screen.count("> wait 1s\n"), 2, screen)
        t.type("history")
        t.keys("Enter")
        t.wait_text("  3  wait 1s")
        self.assertEqual(block(t.history(), "history"),
                         ["[00:01.000]   1  text sunset", "[00:01.000]      expect searchText = \"sunset\"",
                          "[00:01.000]      expect-not beach", "[00:01.000]      say now the search",
                          "[00:01.000]   2  go", "[00:01.000]   3  wait 1s",
                          "[00:01.000]      expect rows 1-10 of 100 visible", "[00:01.000]      stack"])
        t.keys("C-d")
        self.assertEqual(t.exit_status(), 0)


if __name__ == "__main__":
    if not shutil.which("tmux"):
        print("tmux is missing: scripts/test installs it")
        sys.exit(1)
    # A session that lives for the whole run, so the server never exits between tests.
    tmux("new-session", "-d", "-s", "keepalive", "sleep", "900")
    vmshtest.main("pacing and the playing clock, in a pseudo-terminal")
