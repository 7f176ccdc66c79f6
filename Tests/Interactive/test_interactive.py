#!/usr/bin/env python3
"""Drives vmsh in a real pseudo-terminal (tmux) and checks what a person at the keyboard sees.

Run by scripts/test after the build; VMSH names the binary. Each test starts its own tmux
session on a private socket, with a private HOME, and kills it afterwards.
"""
import os
import shutil
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "EndToEnd"))
import vmshtest  # noqa: E402
from vmshtest import LESSONS, VMSH, Pane, Terminal, sh, tmux  # noqa: E402

DATA = vmshtest.Home("vmsh-data-")  # one catalog file for all tests
CATALOG = os.path.join(DATA, "catalog.sqlite")


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


class InteractiveTests(unittest.TestCase):
    def start(self, *args, catalog=CATALOG, **kwargs):
        terminal = Terminal(*args, catalog=catalog, **kwargs)
        self.addCleanup(terminal.close)
        terminal.wait_for(lambda: terminal.last_line().startswith("vmsh"), "the prompt", 20)
        return terminal

    def test_partial_line_stays_intact_while_updates_print_above(self):
        t = self.start()
        t.type("search sunset")
        t.keys("Enter")
        t.type("stack now 日本")
        t.wait_text("row 5 ", timeout=10)  # metadata arrives ~1.6 s later, while the line is half typed
        t.wait_for(lambda: t.text().count("favorites") == 10, "all ten metadata lines", 5)
        self.assertEqual(t.last_line(), 'vmsh search›"sunset"› stack now 日本')
        screen = t.text()
        self.assertLess(screen.index("rows 1-10 of 100 visible"), screen.index("row 5 "))
        t.keys("Enter")
        t.wait_text("vmsh: stack takes no arguments")

    def test_a_terminal_session_starts_with_one_line_that_names_help(self):
        t = self.start()
        lines = [line for line in t.text().splitlines() if line.strip()]
        self.assertEqual(lines[0], "The Flickr search app, this terminal its View: 'help' lists the commands.")
        self.assertTrue(lines[1].startswith("vmsh"), lines)

    def test_enter_runs_exactly_the_typed_utf8_text(self):
        t = self.start()
        t.type("text  日本語 café ñ  ")
        t.keys("Enter")
        t.wait_text('searchText = "日本語 café ñ"')
        t.type("search naïve résumé")
        t.keys("C-a")
        t.type("# ")
        t.keys("Enter")
        t.type("text über")
        t.keys("Enter")
        t.wait_text('searchText = "über"')
        self.assertNotIn("naïve", t.text().split("# search naïve résumé", 1)[1].split("text über")[0])

    def test_a_typed_control_character_is_refused_and_never_echoed(self):
        t = self.start()
        t.type("text a")
        t.keys("C-v", "Escape")
        t.type("[2Jb")
        t.keys("Enter")
        t.wait_text("vmsh: the line contains control characters")
        t.type("stack")
        t.keys("Enter")
        t.wait_text('SearchViewModel "Flickr Search" (active)')
        self.assertNotIn("searchText", t.text())

    def test_the_instruments_work_at_the_prompt(self):
        t = self.start(args="--latency 0", height=60)
        for line in ["set pipeline original", "search sunset", "inspect", "expect isSearchValid", "expect nothing",
                     "stats", "marbles search"]:
            t.type(line)
            t.keys("Enter")
            if line == "search sunset":
                t.wait_text("rows 1-10 of 100 visible")
        t.wait_text("t = true, f = false")
        screen = t.history()
        self.assertIn("pipeline original: applies to the rows of the next search", screen)
        self.assertIn("  visible rows (isVisible = true)   1-10", screen)
        self.assertIn("vmsh: expected the previous command's output to contain \"isSearchValid\"", screen)
        self.assertIn("vmsh: expected the previous command's output to contain \"nothing\"", screen)
        self.assertIn("  SearchResultsViewModel  1", screen)
        self.assertRegex(screen, r"\nexecuting +-*\(?t")
        self.assertEqual(t.last_line(), 'vmsh search›"sunset"›')

    def test_history_survives_a_restart(self):
        t = self.start()
        t.type("text first entry")
        t.keys("Enter")
        t.type("text second entry")
        t.keys("Enter")
        t.wait_text('searchText = "second entry"')
        t.keys("C-d")
        self.assertEqual(t.exit_status(), 0)
        history = os.path.join(t.home, "state", "vmsh", "history")
        self.assertEqual(os.stat(history).st_mode & 0o777, 0o600)
        again = self.start(home=t.home)
        again.keys("Up")
        again.wait_for(lambda: again.last_line().endswith("text second entry"), "the last line from history", 5)
        again.keys("Up")
        again.wait_for(lambda: again.last_line().endswith("text first entry"), "the line before it", 5)

    def test_a_line_holding_the_api_key_runs_and_is_kept_redacted(self):
        key = "0123456789abcdef0123456789abcdef"
        t = self.start("--service flickr --flickr-endpoint http://127.0.0.1:9/rest", catalog=None,
                       env={"FLICKR_API_KEY": key})
        t.type("text before the key")
        t.keys("Enter")
        t.wait_text('searchText = "before the key"')
        t.type("text pasted " + key.upper())
        t.keys("Enter")
        t.wait_text('searchText = "pasted [redacted]"')
        self.assertIn("vmsh: that line held a secret: it runs, and is kept, with [redacted] in its place", t.text())
        t.type("text after the key")
        t.keys("Enter")
        t.wait_text('searchText = "after the key"')
        t.keys("Up")
        t.wait_for(lambda: t.last_line().endswith("text after the key"), "the last line from history", 5)
        t.keys("Up")
        t.wait_for(lambda: t.last_line().endswith("text pasted [redacted]"), "the line before, redacted", 5)
        t.keys("Up")
        t.wait_for(lambda: t.last_line().endswith("text before the key"), "the first line", 5)
        t.keys("Enter")
        t.keys("C-d")
        self.assertEqual(t.exit_status(), 0)
        saved = read_bytes(os.path.join(t.home, "state", "vmsh", "history")).lower()
        self.assertIn(b"after\\040the\\040key", saved)
        self.assertIn(b"pasted\\040[redacted]", saved)
        self.assertNotIn(key.encode(), saved)

    def test_unreadable_history_gives_one_warning_and_the_shell_starts(self):
        home = vmshtest.Home("vmsh-home-")
        os.makedirs(os.path.join(home, "state", "vmsh"))
        with open(os.path.join(home, "state", "vmsh", "history"), "wb") as f:
            f.write(b"\x00\xff not a history file\n")
        t = self.start(home=home)
        self.assertEqual(t.text().count("cannot read the history file"), 1)
        t.type("stack")
        t.keys("Enter")
        t.wait_text('SearchViewModel "Flickr Search" (active)')

    def test_a_history_file_vmsh_did_not_write_keeps_its_bytes(self):
        # The history is written as every other file is: a link or a file without libedit's
        # header is not replaced, and a history file is replaced whole, never truncated in place.
        home = vmshtest.Home("vmsh-home-")
        notes = os.path.join(home, "notes.txt")
        with open(notes, "wb") as f:
            f.write(b"_HiStOrY_V2_\nnot vmsh's to write\n")
        os.chmod(notes, 0o640)
        link = os.path.join(home, "linked-history")
        os.symlink(notes, link)
        empty = os.path.join(home, "empty")
        open(empty, "wb").close()
        for named, said in ((link, "it is a link or not a history file; history will not be kept"),
                            (empty, "cannot read the history file")):
            with self.subTest(named=os.path.basename(named)):
                before = {path: (read_bytes(path), os.stat(path).st_mode) for path in (notes, empty)}
                t = self.start(f"--history-file {vmshtest.sh(named)}", home=home, width=250)
                t.type("text one")
                t.keys("Enter")
                t.wait_text('searchText = "one"')
                t.type("text two")
                t.keys("Enter")
                t.wait_text('searchText = "two"')
                t.keys("C-d")
                self.assertEqual(t.exit_status(), 0)
                self.assertEqual(t.text().count(said), 1, t.text())
                self.assertEqual({path: (read_bytes(path), os.stat(path).st_mode) for path in (notes, empty)}, before)
                self.assertTrue(os.path.islink(link))
        own = os.path.join(home, "own-history")
        t = self.start(f"--history-file {vmshtest.sh(own)}", home=home)
        t.type("text kept")
        t.keys("Enter")
        t.wait_text('searchText = "kept"')
        inode = os.stat(own).st_ino
        t.type("text replaced")
        t.keys("Enter")
        t.wait_text('searchText = "replaced"')
        t.keys("C-d")
        self.assertEqual(t.exit_status(), 0)
        self.assertTrue(read_bytes(own).startswith(b"_HiStOrY_V2_\n"))
        self.assertIn(b"text\\040replaced", read_bytes(own))
        self.assertNotEqual(os.stat(own).st_ino, inode, "replaced by a rename, not written in place")
        self.assertEqual(os.stat(own).st_mode & 0o777, 0o600)

    def test_tab_completes_a_command_and_a_row_number(self):
        t = self.start()
        t.type("sea")
        t.keys("Tab")
        t.type("sunset")
        t.wait_for(lambda: t.last_line().endswith("search sunset"), "search completed with a space", 5)
        t.keys("Enter")
        t.wait_text("rows 1-10 of 100 visible")
        t.type("visible 9")
        t.keys("Tab")
        t.wait_for(lambda: t.last_line().endswith("visible 9"), "the ambiguous row left alone", 5)
        t.type("9")
        t.keys("Tab")
        t.type("-")
        t.wait_for(lambda: t.last_line().endswith("visible 99 -"), "row 99 completed with a space", 5)
        t.keys("C-u")
        t.type("s")
        t.keys("Tab")
        # In columns, read down each: the thirteen commands that start with s.
        t.wait_text("search     stack      set        step       source     send       signals")
        self.assertIn("scroll     show       stats      say        save       subscribe", t.text())

    def test_ctrl_c_drops_the_line_and_cancels_a_search_but_keeps_the_session(self):
        t = self.start(args="--latency 3000")
        t.type("search sunset")
        t.keys("Enter")
        t.type("half typed")
        t.wait_for(lambda: t.last_line().endswith("half typed"), "the partial line", 5)
        t.keys("C-c")
        t.wait_text("search cancelled")
        self.assertIn("half typed^C", t.text())
        t.type("stack")
        t.keys("Enter")
        t.wait_text('SearchViewModel "Flickr Search" (active)')
        self.assertNotIn("push SearchResultsViewModel", t.text())

    def test_ctrl_d_exits_zero_and_restores_the_terminal(self):
        t = self.start()
        t.type("search sunset")
        t.keys("Enter")
        t.keys("C-d")
        self.assertEqual(t.exit_status(), 0)
        self.assertTrue(t.stty_restored())

    def vmsh_pid(self, t):
        panes = tmux("list-panes", "-t", t.name, "-F", "#{pane_pid}").stdout.split()
        children = subprocess.run(["pgrep", "-P", panes[0]], capture_output=True, text=True).stdout.split()
        vmsh = [c for c in children if "vmsh" in read_bytes(f"/proc/{c}/cmdline").decode(errors="replace")]
        self.assertEqual(len(vmsh), 1, children)
        return int(vmsh[0])

    def test_sigterm_and_sighup_restore_the_terminal(self):
        for signo, status in ((15, 143), (1, 129)):
            t = self.start()
            t.type("half a line")
            t.wait_for(lambda: t.last_line().endswith("half a line"), "the partial line", 5)
            os.kill(self.vmsh_pid(t), signo)
            self.assertEqual(t.exit_status(), status)
            self.assertTrue(t.stty_restored())

    def test_a_signal_ends_a_long_wait_at_once(self):
        for signo, status in ((15, 143), (1, 129)):
            t = self.start()
            t.type("wait 1m")
            t.keys("Enter")
            # The wait is under way once it shows its time left (after its first second).
            t.wait_text("s left (Ctrl-C stops it)", timeout=5)
            started = time.monotonic()
            os.kill(self.vmsh_pid(t), signo)
            self.assertEqual(t.exit_status(timeout=10), status)
            self.assertLess(time.monotonic() - started, 5, "the wait ended at once, not after its minute")
            self.assertTrue(t.stty_restored())
            with open(os.path.join(t.home, "state", "vmsh", "history"), "rb") as history:
                # libedit's history file writes a space as \040.
                self.assertIn(b"wait\\0401m", history.read(), "the history was saved")

    def test_an_exploration_saved_at_the_prompt_replays_the_same_rows_and_order(self):
        t = self.start()
        steps = [("search sunset", "rows 1-10 of 100 visible"), ("scroll down", "rows 11-20 of 100 visible"),
                 ("open 12", "photo 12 of 100"), ("back", "rows 11-20 of 100 visible")]
        for command, shown in steps:
            t.type(command)
            t.keys("Enter")
            t.wait_text(shown)
            time.sleep(1.6)  # long enough for the visible rows' counts to arrive
        lesson = os.path.join(t.home, "explored.vmsh")
        t.type(f"save {lesson}")
        t.keys("Enter")
        t.wait_text("saved 4 commands to")
        live = [line for line in t.history().splitlines() if line.startswith("row ")]
        t.keys("C-d")
        self.assertEqual(t.exit_status(), 0)
        # HOME alone, as a user's shell has it: the lesson reads nothing of the session's state.
        bare = {"XDG_DATA_HOME": None, "XDG_STATE_HOME": None, "XDG_CONFIG_HOME": None}
        runs = [t.home.vmsh("--lesson", "--catalog", CATALOG, lesson, rc_file=True, env=bare, timeout=60)
                for _ in range(2)]
        self.assertEqual(runs[0].out, runs[1].out)
        self.assertEqual(runs[0].status, 0, runs[0].err)
        replayed = [line.split("] ", 1)[1] for line in runs[0].out.splitlines() if "] row " in line]
        self.assertGreaterEqual(len(live), 20)
        self.maxDiff = None
        self.assertEqual(replayed, live, "the same rows' counts, in the same order")

    def test_a_lesson_at_the_prompt_ignores_the_users_rc_file_and_saved_searches(self):
        home = vmshtest.Home("vmsh-home-")
        for text in ("golden gate", "beach"):
            home.vmsh("--catalog", CATALOG, "-c", f"search {text}", "-c", "wait 1s", timeout=60)
        with open(os.path.join(home, ".vmshrc"), "w") as f:
            f.write("set pipeline original\nsay rc file ran\n")
        for flags in ("--virtual-clock -i", "--lesson -i"):
            for lesson in ("02-validation-and-commands.vmsh", "04-visibility-throttling.vmsh"):
                t = self.start(args=f"{flags} {sh(os.path.join(LESSONS, lesson))}", home=home, height=50)
                t.wait_text("rows", timeout=20)
                t.keys("C-d")
                self.assertEqual(t.exit_status(), 0, f"{flags} {lesson}: {t.text()}")
                self.assertNotIn("expected", t.text())
                self.assertNotIn("rc file ran", t.text())

    def test_step_shows_each_command_and_waits_for_a_key(self):
        lesson = os.path.join(vmshtest.Home("vmsh-lesson-"), "paced.vmsh")
        with open(lesson, "w") as f:
            f.write("# paced\ntext first step\ntext second step\n")
        t = Terminal(args=f"--step --virtual-clock {sh(lesson)}", catalog=CATALOG)
        self.addCleanup(t.close)
        t.wait_text("next › text first step")
        self.assertNotIn('searchText = "first step"', t.text())
        t.keys("Enter")
        t.wait_text('searchText = "first step"')
        t.wait_text("next › text second step")
        t.keys("q")
        self.assertEqual(t.exit_status(), 0)
        self.assertNotIn('searchText = "second step"', t.text())
        self.assertTrue(t.stty_restored())

    def test_step_counts_down_a_live_wait(self):
        lesson = os.path.join(vmshtest.Home("vmsh-lesson-"), "countdown.vmsh")
        with open(lesson, "w") as f:
            f.write("wait 3s\ntext after the wait\n")
        t = Terminal(args=f"--step {sh(lesson)}", catalog=CATALOG)
        self.addCleanup(t.close)
        # A wait is shown and lets its time pass without a key, counting down as it goes.
        t.wait_text("> wait 3s")
        t.wait_text("wait: 2 s left", timeout=5)
        t.wait_text("next › text after the wait", timeout=10)
        t.keys("Enter")
        self.assertEqual(t.exit_status(), 0)

    def test_quit_waits_for_pending_work_and_a_second_quit_leaves_at_once(self):
        t = self.start()
        t.type("search sunset")
        t.keys("Enter")
        t.wait_text("rows 1-10 of 100 visible")
        t.type("quit")
        t.keys("Enter")
        t.wait_text("-- quit: waiting for 10 timers; quit again or Ctrl-C to leave now --")
        t.wait_text('row 1 "Sunset valley"', timeout=5)  # the counts still arrive
        self.assertEqual(t.exit_status(), 0)
        t = self.start()
        t.type("search sunset")
        t.keys("Enter")
        t.wait_text("rows 1-10 of 100 visible")
        for _ in range(2):
            t.type("quit")
            t.keys("Enter")
        started = time.monotonic()
        self.assertEqual(t.exit_status(), 0)
        self.assertLess(time.monotonic() - started, 1.5)
        self.assertNotIn("favorites,", t.text(), "it left before the counts came")
        self.assertTrue(t.stty_restored())

    def test_trace_prints_above_the_prompt(self):
        t = self.start(args="--latency 100")
        t.type("trace on row 2 · favorites")
        t.keys("Enter")
        t.type("search sunset")
        t.keys("Enter")
        t.type("typing")
        t.wait_text("row 2 · favorites: completed")
        screen = t.screen()
        traced = [line for line in screen if line.startswith("trace ")]
        self.assertEqual([line.split(" ", 2)[2] for line in traced], [
            "row 2 · favorites: subscribed", "row 2 · favorites: next 173", "row 2 · favorites: completed"])
        self.assertEqual(t.last_line(), 'vmsh search›"sunset"› typing')

    def test_quit_and_the_prompt_follow_the_stack(self):
        t = self.start()
        t.type("search sunset")
        t.keys("Enter")
        t.wait_for(lambda: t.last_line().startswith('vmsh search›"sunset"›'), "the prompt to show the results", 5)
        t.type("back")
        t.keys("Enter")
        t.wait_for(lambda: t.last_line() == "vmsh›", "the root prompt", 5)
        t.type("quit")
        t.keys("Enter")
        self.assertEqual(t.exit_status(), 0)
        self.assertTrue(t.stty_restored())

    def test_a_burst_of_updates_prints_whole_and_in_order(self):
        t = self.start(args="--latency 0", height=50)
        t.type("search sunset")
        t.keys("Enter")
        t.wait_text("rows 1-10 of 100 visible")
        t.type("visible 1-40")
        t.keys("Enter")
        t.type("partial")
        t.wait_for(lambda: t.text().count("favorites,") >= 40, "forty metadata lines", 10)
        rows = [int(line.split()[1]) for line in t.screen() if line.startswith("row ") and "favorites" in line]
        self.assertEqual(rows[-30:], list(range(11, 41)))
        self.assertEqual(t.last_line(), 'vmsh search›"sunset"› partial')

    def test_long_wrapped_line_survives_updates_and_a_resize(self):
        t = self.start(width=40, height=40)
        t.type("search sunset")
        t.keys("Enter")
        long = "text " + "abcdefghij" * 7 + " é日本"
        t.type(long)
        rows = lambda: sum(1 for line in t.screen() if line.startswith("row "))
        t.wait_for(lambda: rows() == 10, "all ten metadata lines", 10)
        self.assertEqual("".join(t.screen()[-3:]).replace(" ", ""), ('vmsh search›"sunset"› ' + long).replace(" ", ""))
        tmux("resize-window", "-t", t.name, "-x", "60")
        # The pane is 60 wide and the line is drawn whole in it, its prompt on the row it begins.
        drawn = ('vmsh search›"sunset"› ' + long).replace(" ", "")
        t.wait_for(lambda: tmux("display-message", "-p", "-t", t.name, "#{pane_width}").stdout.strip() == "60"
                   and "".join(t.screen()[-2:]).replace(" ", "") == drawn, "the line redrawn at 60 columns", 5)
        t.keys("Enter")
        expected = 'searchText = "' + long[5:] + '"'
        t.wait_for(lambda: expected in "".join(t.screen()), expected, 5)

    def test_rc_file_and_dash_i_run_first_then_the_prompt(self):
        home = vmshtest.Home("vmsh-home-")
        with open(os.path.join(home, ".vmshrc"), "w") as f:
            f.write("# start-up file\ntext from rc\n")
        script = os.path.join(home, "lesson.vmsh")
        with open(script, "w") as f:
            f.write("text from script\nfrobnicate\n")
        t = self.start(args=f"-i {sh(script)}", home=home)
        screen = t.text()
        self.assertLess(screen.index('searchText = "from rc"'), screen.index('searchText = "from script"'))
        self.assertIn("lesson.vmsh:2: unknown command 'frobnicate'", screen)
        plain = self.start(args="--no-rc", home=home)
        self.assertNotIn("from rc", plain.text())

    def test_colour_only_without_no_color(self):
        coloured = self.start()
        plain = self.start(env={"NO_COLOR": "1"})
        flag = self.start(args="--no-color")
        escapes = lambda t: tmux("capture-pane", "-p", "-e", "-t", t.name).stdout
        self.assertIn("\x1b[36m", escapes(coloured))
        self.assertNotIn("\x1b[", escapes(plain))
        self.assertNotIn("\x1b[", escapes(flag))

    def test_suspend_and_resume(self):
        home = vmshtest.Home("vmsh-home-")
        env = f"HOME={sh(home)} XDG_DATA_HOME={sh(home)} XDG_STATE_HOME={sh(home)} LANG=C.UTF-8"
        shell = Pane("bash --norc -i")
        self.addCleanup(shell.close)
        shell.type(f"env {env} {sh(VMSH)} --catalog {sh(CATALOG)}")
        shell.keys("Enter")
        shell.wait_text("vmsh›")
        shell.type("text kept")
        shell.wait_text("vmsh› text kept")
        shell.keys("C-z")
        shell.wait_text("Stopped")
        shell.type("fg")
        shell.keys("Enter")
        # Back in the foreground once it has drawn its prompt and the kept line again.
        shell.wait_for(lambda: shell.last_line() == "vmsh› text kept", "the line back after fg", 10)
        shell.type(" too")
        shell.keys("Enter")
        shell.wait_text('searchText = "kept too"')
        shell.type("stack")
        shell.keys("Enter")
        shell.wait_text('SearchViewModel "Flickr Search" (active)')

if __name__ == "__main__":
    if not shutil.which("tmux"):
        print("tmux is missing: scripts/test installs it")
        sys.exit(1)
    # A session that lives for the whole run, so the server never exits between tests.
    tmux("new-session", "-d", "-s", "keepalive", "sleep", "900")
    vmshtest.main("interactive")
