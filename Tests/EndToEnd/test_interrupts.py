#!/usr/bin/env python3
"""Ctrl-C, SIGTERM and SIGHUP end a `source` at once: of a FIFO no one writes to, of a terminal
device, of a file of two million lines; at the prompt (in tmux) and in script mode.

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

import vmshtest
from vmshtest import Terminal, tmux

DATA = vmshtest.Home("vmsh-data-")  # one catalog and one long script for all tests
CATALOG = os.path.join(DATA, "catalog.sqlite")
LONG = os.path.join(DATA, "long.vmsh")
LONG_LINES = 2_000_000


def setUpModule():
    with open(LONG, "w") as f:
        f.write("say .\n" * LONG_LINES)


def vmsh_pid(terminal):
    """The vmsh process in a Terminal's pane (a child of the pane's shell)."""
    pane = tmux("list-panes", "-t", terminal.name, "-F", "#{pane_pid}").stdout.split()[0]
    children = subprocess.run(["pgrep", "-P", pane], capture_output=True, text=True).stdout.split()
    for child in children:
        with open(f"/proc/{child}/cmdline", "rb") as f:
            if b"vmsh" in f.read():
                return int(child)
    raise AssertionError(f"no vmsh among {children}")


def wait_until_open(pid, path):
    """Until vmsh holds `path` open: the source is under way, waiting in its first read."""
    def held():
        folder = f"/proc/{pid}/fd"
        for name in os.listdir(folder):
            try:
                if os.readlink(os.path.join(folder, name)) == path:
                    return True
            except OSError:
                pass  # closed since it was listed
        return False
    vmshtest.wait_for(held, f"vmsh to open {path}", 10)


class SourceAtThePrompt(unittest.TestCase):
    def start(self):
        terminal = Terminal(catalog=CATALOG)
        self.addCleanup(terminal.close)
        terminal.wait_for(lambda: terminal.last_line().startswith("vmsh"), "the prompt", 20)
        return terminal

    def fifo(self):
        path = os.path.join(vmshtest.Home("vmsh-fifo-"), "fifo")
        os.mkfifo(path)
        return path

    def source(self, t, path, started):
        t.type(f"source {path}")
        t.keys("Enter")
        t.wait_for(started, "the source to be under way", 10)

    def expect_prompt_back(self, t, said):
        t.wait_text(said, timeout=5)
        t.wait_for(lambda: t.last_line() == "vmsh›", "the prompt again", 5)
        t.type("stack")
        t.keys("Enter")
        t.wait_text('SearchViewModel "Flickr Search" (active)')

    def test_ctrl_c_ends_a_source_of_a_fifo_no_one_writes_to(self):
        t = self.start()
        fifo = self.fifo()
        self.source(t, fifo, lambda: t.last_line() == f"vmsh› source {fifo}")
        wait_until_open(vmsh_pid(t), fifo)
        t.keys("C-c")
        self.expect_prompt_back(t, f"vmsh: source {fifo} interrupted after 0 lines")

    def test_ctrl_c_ends_a_source_of_two_million_lines_at_once(self):
        t = self.start()
        self.source(t, LONG, lambda: "» ." in t.text())
        t.keys("C-c")
        started = time.monotonic()
        t.wait_text(f"vmsh: source {LONG} interrupted after", timeout=5)
        self.assertLess(time.monotonic() - started, 5)
        said = next(line for line in t.history().splitlines() if "interrupted after" in line)
        self.assertLess(int(said.rsplit(" ", 2)[1].replace(",", "")), LONG_LINES)
        self.assertEqual(t.history().count("interrupted after"), 1, "one line says so")
        self.expect_prompt_back(t, said)

    def test_ctrl_c_ends_a_source_of_a_device_that_never_ends(self):
        t = self.start()
        self.source(t, "/dev/tty", lambda: t.last_line() == "vmsh› source /dev/tty")
        wait_until_open(vmsh_pid(t), "/dev/tty")
        t.keys("C-c")
        self.expect_prompt_back(t, "vmsh: source /dev/tty interrupted after 0 lines")

    def test_ctrl_c_ends_a_virtual_wait_in_the_middle_of_its_timers(self):
        # 20 subscribers of ten ticks every 10 ms, 10,000 ticks each: a virtual wait runs the two
        # million timers at once, seconds of work, which Ctrl-C stops where it got to.
        t = Terminal("--virtual-clock", catalog=CATALOG)
        self.addCleanup(t.close)
        t.wait_for(lambda: t.last_line().startswith("vmsh"), "the prompt", 20)
        ticks = os.path.join(vmshtest.Home("vmsh-ticks-"), "ticks.vmsh")
        with open(ticks, "w") as f:
            f.write("let t = interval 10ms | filter odd | filter even\nlet u = t" + " | merge t" * 9 + "\n"
                    + "subscribe u\n" * 20 + "wait 24h\nsay done\n")
        self.source(t, ticks, lambda: "subscribed u-20 to u" in t.text())
        time.sleep(0.2)
        t.keys("C-c")
        started = time.monotonic()
        t.wait_text(f"vmsh: source {ticks} interrupted after", timeout=10)
        self.assertLess(time.monotonic() - started, 3, "the wait stopped in the middle")
        self.assertNotIn("» done", t.history())
        # The clock stands where the timers had got to, seconds in, not at the wait's 24 hours.
        t.wait_for(lambda: re.fullmatch(r"vmsh \[paused 00:\d\d\.\d\d\d\]›", t.last_line()), "the prompt again", 5)

    def test_binary_input_ends_with_one_line(self):
        t = self.start()
        self.source(t, "/dev/urandom", lambda: "/dev/urandom:" in t.text())
        t.keys("C-c")
        t.wait_for(lambda: "stopped reading /dev/urandom" in t.history() or "interrupted after" in t.history(),
                   "the source of /dev/urandom to end", 5)
        t.wait_for(lambda: t.last_line() == "vmsh›", "the prompt again", 5)

    def test_sigterm_and_sighup_end_vmsh_during_a_source(self):
        for signo, status in ((signal.SIGTERM, 143), (signal.SIGHUP, 129)):
            for what in ("fifo", "long"):
                with self.subTest(signal=signo.name, source=what):
                    t = self.start()
                    if what == "fifo":
                        path = self.fifo()
                        self.source(t, path, lambda: t.last_line() == f"vmsh› source {path}")
                        wait_until_open(vmsh_pid(t), path)
                    else:
                        self.source(t, LONG, lambda: "» ." in t.text())
                    started = time.monotonic()
                    os.kill(vmsh_pid(t), signo)
                    self.assertEqual(t.exit_status(timeout=10), status)
                    self.assertLess(time.monotonic() - started, 5, "at once, not at the end of the source")
                    self.assertTrue(t.stty_restored())


class SourceInScriptMode(unittest.TestCase):
    def test_sigterm_and_sighup_end_a_script_during_a_source(self):
        home = vmshtest.Home("vmsh-script-")
        fifo = os.path.join(home, "fifo")
        os.mkfifo(fifo)
        for signo in (signal.SIGTERM, signal.SIGHUP):
            for path in (fifo, LONG):
                with self.subTest(signal=signo.name, source=path):
                    process = subprocess.Popen(
                        [vmshtest.VMSH, "--no-rc", "--catalog", CATALOG, "-c", f"source {path}"],
                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                        env=home.env())
                    wait_until_open(process.pid, path)
                    self.assertIsNone(process.poll(), "still sourcing")
                    started = time.monotonic()
                    process.send_signal(signo)
                    try:
                        status = process.wait(timeout=5)
                    finally:
                        process.kill()
                    self.assertEqual(status, -signo)
                    self.assertLess(time.monotonic() - started, 5)


if __name__ == "__main__":
    if not shutil.which("tmux"):
        print("tmux is missing: scripts/test installs it")
        sys.exit(1)
    # A session that lives for the whole run, so the server never exits between tests.
    tmux("new-session", "-d", "-s", "keepalive", "sleep", "900")
    vmshtest.main("interrupts")
