#!/usr/bin/env python3
"""Drives vmsh in a real pseudo-terminal (tmux) and checks what a person at the keyboard sees.

Run by scripts/test after the build; VMSH names the binary. Each test starts its own tmux
session on a private socket, with a private HOME, and kills it afterwards.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

VMSH = os.environ.get("VMSH", os.path.join(os.path.dirname(__file__), "../../.build/debug/vmsh"))
SOCKET = f"vmsh-test-{os.getpid()}"
DATA = tempfile.mkdtemp(prefix="vmsh-data-")  # one catalog file for all tests


def tmux(*args, check=True):
    return subprocess.run(["tmux", "-L", SOCKET, *args], check=check, capture_output=True, text=True)


class Terminal:
    """One vmsh in a tmux pane, with its home directory, exit status and stty before/after."""

    def __init__(self, args="", width=100, height=30, home=None, env=None, catalog=True):
        self.home = home or tempfile.mkdtemp(prefix="vmsh-home-")
        self.name = f"t{time.monotonic_ns()}"
        # The catalog is shared (generated once); the recent searches are each test's own.
        if catalog:
            args = f"--catalog {sh(os.path.join(DATA, 'catalog.sqlite'))} {args}"
        variables = {
            "HOME": self.home, "XDG_DATA_HOME": os.path.join(self.home, "data"),
            "XDG_STATE_HOME": os.path.join(self.home, "state"),
            "LANG": "C.UTF-8", "PATH": os.environ["PATH"], "TERM": "xterm-256color",
        }
        variables.update(env or {})
        exports = " ".join(f"{k}={sh(v)}" for k, v in variables.items())
        script = (
            f"stty -g > {sh(self.path('stty.before'))}; "
            f"env -i {exports} {sh(VMSH)} {args}; echo $? > {sh(self.path('exit'))}; "
            f"stty -g > {sh(self.path('stty.after'))}; sleep 600"
        )
        tmux("new-session", "-d", "-s", self.name, "-x", str(width), "-y", str(height), "bash", "-c", script)

    def path(self, name):
        return os.path.join(self.home, name)

    def type(self, text):
        tmux("send-keys", "-t", self.name, "-l", text)

    def keys(self, *keys):
        tmux("send-keys", "-t", self.name, *keys)

    def screen(self):
        return tmux("capture-pane", "-p", "-t", self.name).stdout.rstrip("\n").split("\n")

    def text(self):
        return "\n".join(self.screen())

    def history(self):
        """Everything printed so far, scrolled off the screen or not."""
        return tmux("capture-pane", "-p", "-S", "-", "-t", self.name).stdout

    def last_line(self):
        lines = [line for line in self.screen() if line.strip()]
        return lines[-1] if lines else ""

    def wait_for(self, predicate, timeout=10, what="the screen to change"):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what}; screen:\n{self.text()}")

    def wait_text(self, text, timeout=10):
        self.wait_for(lambda: text in self.text(), timeout, repr(text))

    def exit_status(self, timeout=10):
        self.wait_for(lambda: os.path.exists(self.path("stty.after")), timeout, "vmsh to exit")
        with open(self.path("exit")) as f:
            return int(f.read())

    def stty_restored(self):
        with open(self.path("stty.before")) as a, open(self.path("stty.after")) as b:
            return a.read() == b.read()

    def close(self):
        tmux("kill-session", "-t", self.name, check=False)


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def sh(value):
    return "'" + str(value).replace("'", "'\\''") + "'"


class InteractiveTests(unittest.TestCase):
    def start(self, *args, **kwargs):
        terminal = Terminal(*args, **kwargs)
        self.addCleanup(terminal.close)
        terminal.wait_for(lambda: terminal.last_line().startswith("vmsh"), 20, "the prompt")
        return terminal

    def test_partial_line_stays_intact_while_updates_print_above(self):
        t = self.start()
        t.type("search sunset")
        t.keys("Enter")
        t.type("stack now 日本")
        t.wait_text("row 5 ", timeout=10)  # metadata arrives ~1.6 s later, while the line is half typed
        t.wait_for(lambda: t.text().count("favorites") == 10, 5, "all ten metadata lines")
        self.assertEqual(t.last_line(), 'vmsh search›"sunset"› stack now 日本')
        screen = t.text()
        self.assertLess(screen.index("rows 1-10 of 100 visible"), screen.index("row 5 "))
        t.keys("Enter")
        t.wait_text("vmsh: stack takes no arguments")

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
        again.wait_for(lambda: again.last_line().endswith("text second entry"), 5, "the last line from history")
        again.keys("Up")
        again.wait_for(lambda: again.last_line().endswith("text first entry"), 5, "the line before it")

    def test_a_line_holding_the_api_key_runs_but_stays_out_of_the_history(self):
        key = "0123456789abcdef0123456789abcdef"
        t = self.start("--service flickr --flickr-endpoint http://127.0.0.1:9/rest", catalog=False,
                       env={"FLICKR_API_KEY": key})
        t.type("text before the key")
        t.keys("Enter")
        t.wait_text('searchText = "before the key"')
        t.type("text pasted " + key.upper())
        t.keys("Enter")
        t.wait_text(f'searchText = "pasted {key.upper()}"')
        self.assertIn("vmsh: that line holds the API key: it is kept out of the line history", t.text())
        t.type("text after the key")
        t.keys("Enter")
        t.wait_text('searchText = "after the key"')
        t.keys("Up")
        t.wait_for(lambda: t.last_line().endswith("text after the key"), 5, "the last line from history")
        t.keys("Up")
        t.wait_for(lambda: t.last_line().endswith("text before the key"), 5, "the line before, not the key's")
        t.keys("Enter")
        t.keys("C-d")
        self.assertEqual(t.exit_status(), 0)
        saved = read_bytes(os.path.join(t.home, "state", "vmsh", "history")).lower()
        self.assertIn(b"after\\040the\\040key", saved)
        self.assertNotIn(key.encode(), saved)

    def test_unreadable_history_gives_one_warning_and_the_shell_starts(self):
        home = tempfile.mkdtemp(prefix="vmsh-home-")
        os.makedirs(os.path.join(home, "state", "vmsh"))
        with open(os.path.join(home, "state", "vmsh", "history"), "wb") as f:
            f.write(b"\x00\xff not a history file\n")
        t = self.start(home=home)
        self.assertEqual(t.text().count("cannot read the history file"), 1)
        t.type("stack")
        t.keys("Enter")
        t.wait_text('SearchViewModel "Flickr Search" (active)')

    def test_tab_completes_a_command_and_a_row_number(self):
        t = self.start()
        t.type("sea")
        t.keys("Tab")
        t.type("sunset")
        t.wait_for(lambda: t.last_line().endswith("search sunset"), 5, "search completed with a space")
        t.keys("Enter")
        t.wait_text("rows 1-10 of 100 visible")
        t.type("visible 9")
        t.keys("Tab")
        t.wait_for(lambda: t.last_line().endswith("visible 9"), 5, "the ambiguous row left alone")
        t.type("9")
        t.keys("Tab")
        t.type("-")
        t.wait_for(lambda: t.last_line().endswith("visible 99 -"), 5, "row 99 completed with a space")
        t.keys("C-u")
        t.type("s")
        t.keys("Tab")
        t.wait_text("search  scroll  stack  show")

    def test_ctrl_c_drops_the_line_and_cancels_a_search_but_keeps_the_session(self):
        t = self.start(args="--latency 3000")
        t.type("search sunset")
        t.keys("Enter")
        t.type("half typed")
        t.wait_for(lambda: t.last_line().endswith("half typed"), 5, "the partial line")
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
            t.wait_for(lambda: t.last_line().endswith("half a line"), 5, "the partial line")
            os.kill(self.vmsh_pid(t), signo)
            self.assertEqual(t.exit_status(), status)
            self.assertTrue(t.stty_restored())

    def test_a_signal_ends_a_long_wait_at_once(self):
        for signo, status in ((15, 143), (1, 129)):
            t = self.start()
            t.type("wait 1m")
            t.keys("Enter")
            time.sleep(0.5)
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
        catalog = os.path.join(DATA, "catalog.sqlite")
        runs = [subprocess.run([VMSH, "--lesson", "--catalog", catalog, lesson], capture_output=True, timeout=60,
                               env={"HOME": t.home, "PATH": os.environ["PATH"], "LANG": "C.UTF-8"}) for _ in range(2)]
        self.assertEqual(runs[0].stdout, runs[1].stdout)
        self.assertEqual(runs[0].returncode, 0, runs[0].stderr)
        replayed = [line.split("] ", 1)[1] for line in runs[0].stdout.decode().splitlines()
                    if "] row " in line]
        self.assertGreaterEqual(len(live), 20)
        self.maxDiff = None
        self.assertEqual(replayed, live, "the same rows' counts, in the same order")

    def test_a_lesson_at_the_prompt_ignores_the_users_rc_file_and_saved_searches(self):
        home = tempfile.mkdtemp(prefix="vmsh-home-")
        env = {"HOME": home, "XDG_DATA_HOME": os.path.join(home, "data"),
               "XDG_STATE_HOME": os.path.join(home, "state"), "PATH": os.environ["PATH"], "LANG": "C.UTF-8"}
        for text in ("golden gate", "beach"):
            subprocess.run([VMSH, "--no-rc", "--catalog", os.path.join(DATA, "catalog.sqlite"), "-c",
                            f"search {text}", "-c", "wait 1s"], env=env, capture_output=True, timeout=60)
        with open(os.path.join(home, ".vmshrc"), "w") as f:
            f.write("set pipeline original\nsay rc file ran\n")
        lessons = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../scripts/lessons")
        for flags in ("--virtual-clock -i", "--lesson -i"):
            for lesson in ("02-validation-and-commands.vmsh", "04-visibility-throttling.vmsh"):
                t = self.start(args=f"{flags} {sh(os.path.join(lessons, lesson))}", home=home, height=50)
                t.wait_text("rows", timeout=20)
                t.keys("C-d")
                self.assertEqual(t.exit_status(), 0, f"{flags} {lesson}: {t.text()}")
                self.assertNotIn("expected", t.text())
                self.assertNotIn("rc file ran", t.text())

    def test_step_shows_each_command_and_waits_for_a_key(self):
        with tempfile.NamedTemporaryFile("w", suffix=".vmsh", delete=False) as lesson:
            lesson.write("# paced\ntext first step\ntext second step\n")
        t = Terminal(args=f"--step --virtual-clock {sh(lesson.name)}")
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
        with tempfile.NamedTemporaryFile("w", suffix=".vmsh", delete=False) as lesson:
            lesson.write("wait 3s\ntext after the wait\n")
        t = Terminal(args=f"--step {sh(lesson.name)}")
        self.addCleanup(t.close)
        t.wait_text("next › wait 3s")
        t.keys("Space")
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
        t.wait_for(lambda: t.last_line().startswith('vmsh search›"sunset"›'), 5, "the prompt to show the results")
        t.type("back")
        t.keys("Enter")
        t.wait_for(lambda: t.last_line() == "vmsh›", 5, "the root prompt")
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
        t.wait_for(lambda: t.text().count("favorites,") >= 40, 10, "forty metadata lines")
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
        t.wait_for(lambda: rows() == 10, 10, "all ten metadata lines")
        self.assertEqual("".join(t.screen()[-3:]).replace(" ", ""), ('vmsh search›"sunset"› ' + long).replace(" ", ""))
        tmux("resize-window", "-t", t.name, "-x", "60")
        time.sleep(0.3)
        t.keys("Enter")
        expected = 'searchText = "' + long[5:] + '"'
        t.wait_for(lambda: expected in "".join(t.screen()), 5, expected)

    def test_rc_file_and_dash_i_run_first_then_the_prompt(self):
        home = tempfile.mkdtemp(prefix="vmsh-home-")
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
        home = tempfile.mkdtemp(prefix="vmsh-home-")
        name = f"z{time.monotonic_ns()}"
        env = f"HOME={sh(home)} XDG_DATA_HOME={sh(home)} XDG_STATE_HOME={sh(home)} LANG=C.UTF-8"
        tmux("new-session", "-d", "-s", name, "-x", "100", "-y", "30", "bash", "--norc", "-i")
        self.addCleanup(lambda: tmux("kill-session", "-t", name, check=False))
        catalog = sh(os.path.join(DATA, "catalog.sqlite"))
        tmux("send-keys", "-t", name, "-l", f"env {env} {sh(VMSH)} --catalog {catalog}")
        tmux("send-keys", "-t", name, "Enter")
        screen = lambda: tmux("capture-pane", "-p", "-t", name).stdout
        wait = lambda what: Terminal.wait_for(type("T", (), {"text": screen})(), lambda: what in screen(), 10, what)
        wait("vmsh›")
        tmux("send-keys", "-t", name, "-l", "text kept")
        wait("vmsh› text kept")
        tmux("send-keys", "-t", name, "C-z")
        wait("Stopped")
        tmux("send-keys", "-t", name, "-l", "fg")
        tmux("send-keys", "-t", name, "Enter")
        time.sleep(0.5)
        tmux("send-keys", "-t", name, "-l", " too")
        tmux("send-keys", "-t", name, "Enter")
        wait('searchText = "kept too"')
        tmux("send-keys", "-t", name, "-l", "stack")
        tmux("send-keys", "-t", name, "Enter")
        wait('SearchViewModel "Flickr Search" (active)')


if __name__ == "__main__":
    if not shutil.which("tmux"):
        print("tmux is missing: scripts/test installs it")
        sys.exit(1)
    # A session that lives for the whole run, so the server never exits between tests.
    tmux("new-session", "-d", "-s", "keepalive", "sleep", "900")
    result = unittest.main(exit=False, verbosity=2).result
    subprocess.run(["tmux", "-L", SOCKET, "kill-server"], capture_output=True)
    shutil.rmtree(DATA, ignore_errors=True)
    failed = len(result.failures) + len(result.errors)
    print(f"interactive: {result.testsRun - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
