#!/usr/bin/env python3
"""Runs the built vmsh binary in script mode on hostile and ordinary input and checks the
whole result: stdout, stderr and the exit status. VMSH names the binary."""
import os
import subprocess
import time
import unittest

import vmshtest
from vmshtest import VMSH, sh

HOME = vmshtest.Home("vmsh-e2e-")
ENV = HOME.env()
vmsh = HOME.vmsh


class ScriptModeTests(unittest.TestCase):
    def test_the_readme_example_gives_the_same_bytes_twice(self):
        script = b"search sunset\nwait 3s\nstack\nback\nrecent\n"
        first = vmsh("--virtual-clock", stdin=script)
        second = vmsh("--virtual-clock", stdin=script)
        self.assertEqual(first, second)
        out, err, status = first
        self.assertEqual((err, status), ("", 0))
        lines = out.splitlines()
        self.assertEqual(lines[:4], [
            '[00:00.000] searchText = "sunset"', "[00:00.000] isSearchValid = true",
            "[00:00.000] executing = true", '[00:00.400] push SearchResultsViewModel "sunset"'])
        self.assertEqual(sum(1 for line in lines if " favorites, " in line and "] row " in line), 10)
        self.assertIn('[00:03.000]   2  SearchResultsViewModel "sunset" (active)', lines)
        self.assertEqual(lines[-1], '[00:03.000]   1  "sunset" · 791 photos · first "Sunset valley"')

    def test_binary_invalid_utf8_huge_and_escape_lines_fail_alone(self):
        script = (b"stack\n" + b"sea\x00rch x\n" + b"text \xff\xfe\n" + b"text " + b"a" * 10000 + b"\n"
                  + b"text \x1b[2Jboom\n" + b"text fine\n")
        out, err, status = vmsh("--virtual-clock", stdin=script)
        self.assertEqual(err.splitlines(), [
            "vmsh: stdin:2: the line contains control characters (binary input?); it was skipped",
            "vmsh: stdin:3: the line is not valid UTF-8; it was skipped",
            "vmsh: stdin:4: the line is 10005 bytes long; the limit is 4096; it was skipped",
            "vmsh: stdin:5: the line contains control characters (binary input?); it was skipped",
        ])
        self.assertIn('searchText = "fine"', out)
        self.assertNotIn("\x1b", out + err)
        self.assertEqual(status, 1)

    def test_commands_files_and_missing_files(self):
        path = os.path.join(HOME, "two.vmsh")
        with open(path, "w") as f:
            f.write("# a comment\n\ntext from file\n")
        out, err, status = vmsh("--virtual-clock", path, os.path.join(HOME, "missing.vmsh"), HOME, "-c", "text from c")
        self.assertIn("cannot read " + os.path.join(HOME, "missing.vmsh") + ": No such file or directory", err)
        self.assertIn(f"cannot read {HOME}: Is a directory", err)
        self.assertLess(out.index("from file"), out.index("from c"))
        self.assertEqual(status, 1)

    def test_bail_names_file_and_line_and_stops(self):
        path = os.path.join(HOME, "bail.vmsh")
        with open(path, "w") as f:
            f.write("stack\nserch sunset\nstack\n")
        out, err, status = vmsh("--virtual-clock", "--bail", path)
        self.assertEqual(err, f"vmsh: {path}:2: unknown command 'serch' (did you mean 'search'?)\n"
                              f"vmsh: stopped at {path}:2 (--bail)\n")
        self.assertEqual(out.count("SearchViewModel"), 1)
        self.assertEqual(status, 1)

    def test_pending_work_is_drained_then_reported_when_too_slow(self):
        out, err, status = vmsh("--latency", "200", stdin=b"search sunset\n")
        self.assertIn("push SearchResultsViewModel", out)
        self.assertEqual(sum(1 for line in out.splitlines() if line.startswith("row ")), 10)
        self.assertEqual((err, status), ("", 0))
        out, err, status = vmsh("--latency", "3000", "--drain-timeout", "500ms", stdin=b"search sunset\n")
        self.assertEqual(err, "vmsh: still busy 00:00.500 after the end of input; "
                              "cancelled 1 service call (flickr.photos.search 1)\n")
        self.assertEqual(status, 0)

    def test_a_corrupt_catalog_gives_one_warning_and_the_shell_works(self):
        path = os.path.join(HOME, "corrupt.sqlite")
        with open(path, "wb") as f:
            f.write(b"this is not a database" * 100)
        out, err, status = vmsh("--virtual-clock", "--catalog", path, stdin=b"search sunset\nwait 1s\n")
        self.assertEqual(len(err.splitlines()), 1, err)
        self.assertIn("using a catalog in memory instead", err)
        self.assertIn('push SearchResultsViewModel "sunset"', out)
        self.assertEqual(status, 0)

    def test_quit_keeps_the_failure_status(self):
        self.assertEqual(vmsh(stdin=b"bogus\nquit\nstack\n")[2], 1)
        self.assertEqual(vmsh("-c", "stack", "-c", "quit", "-c", "bogus")[2], 0)

    def test_the_virtual_clock_keeps_no_state_between_runs_and_runs_no_rc_file(self):
        with open(os.path.join(HOME, ".vmshrc"), "w") as f:
            f.write("text from the rc file\n")
        try:
            session = ["--virtual-clock", "-c", "search abcd", "-c", "wait 1s", "-c", "back", "-c", "recent"]
            first = vmsh(*session, rc_file=True)
            second = vmsh(*session, rc_file=True)
        finally:
            os.remove(os.path.join(HOME, ".vmshrc"))
        self.assertEqual(first.out, second.out)
        self.assertNotIn("rc file", first.out)
        self.assertEqual(first.out.splitlines()[-1], '[00:01.000]   1  "abcd" · no photos')

    def test_marbles_and_trace_under_the_live_clock(self):
        out, err, status = vmsh("--latency", "50", "-c", "trace on row 1 · delay", "-c", "search sunset",
                                "-c", "wait 1500ms", "-c", "marbles 1")
        self.assertEqual((err, status), ("", 0))
        traced = [line.split(" ", 2) for line in out.splitlines() if line.startswith("trace ") and ":" in line]
        self.assertEqual([parts[2] for parts in traced], [
            "row 1 · delay(1s): subscribed", "row 1 · delay(1s): next fired", "row 1 · delay(1s): completed"])
        for _, time, _ in traced:  # live traces carry their own time: mm:ss.mmm
            self.assertRegex(time, r"^\d\d:\d\d\.\d\d\d$")
        lines = out.splitlines()
        start = lines.index(next(line for line in lines if line.startswith("isVisible  ")))
        # Live time: the row may show a column after its subscription; blank columns are where
        # another lane's group widened the grid.
        self.assertRegex(lines[start], r"^isVisible  -?t[- ]+$")
        # The delay fires 1 s after the row shows and completes in the same step: one group.
        self.assertRegex(lines[start + 1], r"^delay\(1s\)  ( ?)-{9,11}\(F\|\)$")
        self.assertRegex(lines[start + 2], r"^favorites +[- ]*\(.\|\)$")

    def test_a_byte_order_mark_is_not_part_of_the_first_command(self):
        path = os.path.join(HOME, "bom.vmsh")
        with open(path, "wb") as f:
            f.write(b"\xef\xbb\xbftext from a bom file\n")
        out, err, status = vmsh("--virtual-clock", path)
        self.assertEqual((err, status), ("", 0))
        self.assertIn('searchText = "from a bom file"', out)

    def test_bad_flags_exit_2(self):
        for args in (["--latency", "-5"], ["--drain-timeout", "soon"], ["--frobnicate"]):
            _, err, status = vmsh(*args)
            self.assertEqual(status, 2, args)
            self.assertTrue(err.startswith("Error:"), err)

    def test_the_default_catalog_is_owner_only(self):
        vmsh("-c", "quit")
        folder = os.path.join(HOME, "data", "vmsh")
        self.assertEqual(os.stat(folder).st_mode & 0o777, 0o700)
        for name in os.listdir(folder):
            if name.endswith(".sqlite"):
                self.assertEqual(os.stat(os.path.join(folder, name)).st_mode & 0o777, 0o600, name)


class HostileInputTests(unittest.TestCase):
    def test_endless_input_with_no_newline_is_read_in_bounded_pieces(self):
        started = time.monotonic()
        result = subprocess.run(f"{sh(VMSH)} --no-rc --virtual-clock < /dev/zero", shell=True, capture_output=True,
                                timeout=60, env=ENV)
        self.assertLess(time.monotonic() - started, 30)
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr.decode(), "vmsh: stdin:1: over 1048576 bytes came with no line end; "
                                                 "stopped reading stdin\n")
        self.assertEqual(result.stdout, b"")

    def test_a_full_disk_or_closed_output_is_one_line_and_status_1(self):
        for redirect, reason in ((">/dev/full", "No space left on device"), (">&-", "Bad file descriptor")):
            result = subprocess.run(f"{sh(VMSH)} --no-rc --virtual-clock -c 'search sunset' -c 'wait 2s' {redirect}",
                                    shell=True, capture_output=True, timeout=60, env=ENV)
            self.assertEqual((result.returncode, result.stderr.decode()),
                             (1, f"vmsh: could not write the output: {reason}\n"), redirect)
        # A closed pipe loses output quietly, as `| head` expects.
        result = subprocess.run(f"{sh(VMSH)} --no-rc --virtual-clock -c 'search sunset' -c 'wait 2s' | head -c 10",
                                shell=True, capture_output=True, timeout=60, env=ENV)
        self.assertEqual((result.returncode, result.stderr), (0, b""))

    def test_negative_and_out_of_range_values_say_what_is_wrong(self):
        cases = [
            (["--latency", "-1"], "--latency takes milliseconds from 0 to 60000"),
            (["--drain-timeout", "-2s"], "--drain-timeout takes a duration such as 500ms, 2s, 1.5m or 1h, at most 24h"),
            (["--seed", "-1"], "The value '-1' is invalid for '--seed <seed>'"),
        ]
        for args, message in cases:
            out, err, status = vmsh(*args, "-c", "quit")
            self.assertEqual(status, 2, args)
            self.assertIn(message, err.splitlines()[0], args)
            self.assertNotIn("Missing value", err)
        out, err, status = vmsh("--virtual-clock", "-c", "-1", "-c", "wait 1441m")
        self.assertEqual(err, "vmsh: -c:1: unknown command '-1' (type 'help' for the list)\n"
                              "vmsh: -c:2: wait needs a duration such as 500ms, 2s, 1.5m or 1h, at most 24h, or 'idle'\n")
        self.assertEqual(status, 1)

    def test_no_control_character_of_a_flag_or_an_echoed_line_reaches_the_terminal(self):
        def safe(text):
            return not any(ord(c) < 0x20 and c != "\n" or 0x7F <= ord(c) <= 0x9F or c in "\u202e\u061c"
                           for c in text)
        out, err, status = vmsh("--latency=\x1b[31m\u009b2J")
        self.assertEqual(status, 2)
        self.assertTrue(safe(err), repr(err))
        # The line decoder refuses C0 controls in a command; C1 and bidi marks reach the echo.
        hostile = "\u009b2J\u202e\u061c"
        out, err, status = vmsh("--virtual-clock", "--echo", "-c", f"text {hostile}abc", "-c", f"nope{hostile}")
        for text in (out, err):
            self.assertTrue(safe(text), repr(text))
        self.assertIn("> text \ufffd2J\ufffd\ufffdabc", out)


if __name__ == "__main__":
    vmshtest.main("script mode")
