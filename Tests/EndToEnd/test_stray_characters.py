#!/usr/bin/env python3
"""Numbers and characters from files and flags that vmsh must take in its stride: a cassette with
extreme times replays without crashing; a path with control characters is printed sanitised; a
--catalog with a line break is refused at start, so it never reaches the header `save` writes.
VMSH names the binary."""
import json
import os
import unittest

import vmshtest

HOME = vmshtest.Home("vmsh-stray-")
vmsh = HOME.vmsh

SEARCH = ("method=flickr.photos.search&text=sunset&sort=interestingness-desc&per_page=100&page=1"
          "&extras=owner_name")
REPLY = json.dumps({"photos": {"page": 1, "pages": 1, "perpage": 100, "total": 1, "photo": [
    {"id": "1", "owner": "1@N01", "secret": "s", "server": "1", "farm": 1, "title": "Dusk",
     "ownername": "ann"}]}, "stat": "ok"})
CONTROL = "\x1b]0;owned\x07\x1b[31m"


def cassette(name, started, ended):
    path = os.path.join(HOME.folder(), name)
    entry = {"request": SEARCH, "path": "/services/rest/", "status": 200, "content_type": "application/json",
             "body": REPLY, "started_ms": started, "ended_ms": ended}
    with open(path, "w") as f:
        f.write('{"vmsh_cassette":1}\n' + json.dumps(entry) + "\n")
    return path


class ExtremeTimes(unittest.TestCase):
    def replay(self, started, ended):
        path = cassette("times.jsonl", started, ended)
        return vmsh("--replay", path, "--virtual-clock", "-c", "search sunset", "-c", "wait 2s", merged=True)

    def test_times_whose_difference_overflows_replay(self):
        for started, ended in ((-9223372036854775808, 9223372036854775807),
                               (9223372036854775807, -9223372036854775808)):
            with self.subTest(started=started, ended=ended):
                result = self.replay(started, ended)
                self.assertNotIn("Fatal error", result.out)
                self.assertEqual(result.status, 0, result.out)

    def test_times_that_run_backwards_answer_at_once(self):
        result = self.replay(500, 100)
        self.assertIn('"sunset": 1 of 1 photo', result.out)
        self.assertEqual(result.status, 0, result.out)


class PrintedPaths(unittest.TestCase):
    def assert_sanitised(self, result, *words):
        self.assertNotIn("\x1b", result.err)
        self.assertNotIn("\x07", result.err)
        self.assertIn("\ufffd]0;owned\ufffd\ufffd[31m", result.err)
        for word in words:
            self.assertIn(word, result.err)
        self.assertEqual(len(result.err.splitlines()), 1, result.err)

    def test_replay_of_a_missing_file_prints_its_path_sanitised(self):
        missing = os.path.join(HOME.folder(), "gone" + CONTROL)
        result = vmsh("--replay", missing, "-c", "quit")
        self.assert_sanitised(result, "cannot read the cassette")
        self.assertNotEqual(result.status, 0)

    def test_record_over_a_foreign_file_prints_its_path_sanitised(self):
        path = os.path.join(HOME.folder(), "notes" + CONTROL)
        with open(path, "w") as f:
            f.write("my notes\n")
        result = vmsh("--service", "flickr", "--record", path, "-c", "quit",
                      env={"FLICKR_API_KEY": "a1b2c3d4e5f60718293a4b5c6d7e8f90"})
        self.assert_sanitised(result, "is not a vmsh cassette")
        self.assertNotEqual(result.status, 0)
        with open(path) as f:
            self.assertEqual(f.read(), "my notes\n")


class CatalogFlag(unittest.TestCase):
    def test_a_line_break_in_catalog_is_refused_at_start(self):
        folder = HOME.folder()
        for brk in ("\n", "\r", "\u2028"):
            with self.subTest(line_break=repr(brk)):
                lesson = os.path.join(folder, "lesson.vmsh")
                catalog = os.path.join(folder, "x" + brk + "text injected")
                result = vmsh("--catalog", catalog, "-c", f"save {lesson}")
                # One line, then the usage line every refused flag gets.
                self.assertEqual(result.err.splitlines()[0], "Error: --catalog takes a path without line breaks")
                self.assertNotIn("injected", result.err)
                self.assertNotEqual(result.status, 0)
                self.assertFalse(os.path.exists(lesson))

    def test_a_plain_catalog_path_still_goes_into_the_header(self):
        folder = HOME.folder()
        lesson = os.path.join(folder, "lesson.vmsh")
        catalog = os.path.join(folder, "plain.sqlite")
        result = vmsh("--catalog", catalog, "-c", "text abc", "-c", f"save {lesson}")
        self.assertEqual(result.status, 0, result.err)
        with open(lesson) as f:
            self.assertIn(f"# the session was started with: vmsh --catalog {catalog}\n", f.read())


if __name__ == "__main__":
    vmshtest.main("stray characters")
