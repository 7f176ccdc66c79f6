#!/usr/bin/env python3
"""Runs each lesson (scripts/lessons/*.vmsh) under the virtual clock, twice, and compares the whole
transcript (stdout and stderr as one stream) and the exit code with the lesson's .expected file.
  python3 Tests/EndToEnd/test_transcripts.py                 check every lesson
  python3 Tests/EndToEnd/test_transcripts.py --update        rewrite the .expected files from the
                                                             current output, on purpose
  python3 Tests/EndToEnd/test_transcripts.py [--update] LESSON.vmsh...   only these lessons
VMSH names the binary."""
import difflib
import os
import sys
import unittest

import vmshtest

# The catalog is generated once and shared; every run gets a fresh home, so recent searches never
# leak between lessons or between the two runs of one lesson.
SHARED = vmshtest.Home("vmsh-transcripts-")
UPDATE = False


def transcript(lesson):
    run = vmshtest.Home(parent=SHARED)
    out, _, status = run.vmsh("--catalog", os.path.join(SHARED, "catalog.sqlite"), "--virtual-clock", "--echo",
                              os.path.basename(lesson), cwd=os.path.dirname(lesson), merged=True)
    return out + f"[exit {status}]\n"


class TranscriptTests(unittest.TestCase):
    def check(self, lesson):
        expected = lesson.removesuffix(".vmsh") + ".expected"
        first, second = transcript(lesson), transcript(lesson)
        if UPDATE:
            with open(expected, "w", errors="surrogateescape") as f:
                f.write(first)
            print(f"updated {os.path.basename(expected)}", file=sys.stderr)
        self.assertEqual(first, second, "two runs gave different output")
        self.assertTrue(os.path.isfile(expected),
                        f"no {os.path.basename(expected)} (test_transcripts.py --update {lesson} writes it)")
        with open(expected, errors="surrogateescape") as f:
            wanted = f.read()
        if first != wanted:
            diff = difflib.unified_diff(wanted.splitlines(), first.splitlines(), "expected", "now", lineterm="")
            self.fail(f"the transcript differs from {os.path.basename(expected)}:\n" + "\n".join(list(diff)[:40]))


def test_name(lesson):
    return "test_" + os.path.basename(lesson).removesuffix(".vmsh").replace("-", "_")


ALL = sorted(os.path.join(vmshtest.LESSONS, name) for name in os.listdir(vmshtest.LESSONS) if name.endswith(".vmsh"))
for _lesson in ALL:
    setattr(TranscriptTests, test_name(_lesson), lambda self, lesson=_lesson: self.check(lesson))

if __name__ == "__main__":
    arguments = sys.argv[1:]
    UPDATE = "--update" in arguments
    lessons = [os.path.abspath(arg) for arg in arguments if arg != "--update"] or ALL
    for _lesson in lessons:
        setattr(TranscriptTests, test_name(_lesson), lambda self, lesson=_lesson: self.check(lesson))
    vmshtest.main("transcripts", unittest.TestSuite(TranscriptTests(test_name(lesson)) for lesson in lessons))
