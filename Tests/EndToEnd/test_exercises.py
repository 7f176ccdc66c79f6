#!/usr/bin/env python3
"""A class's lessons on the built binary, each transcript whole with its exit status: undo and goto
counting only the commands that change the state, expect-all, predict, --grade on lesson 4 with a
right and a wrong answers file (no hidden expectation in what it prints), and export cast read by
asciinema's own reader. VMSH names the binary; scripts/test installs asciinema (PyPI) when missing."""
import json
import os
import time
import re
import subprocess
import sys
import unittest

import vmshtest
from vmshtest import LESSONS, ROOT

HOME = vmshtest.Home("vmsh-exercises-")
CATALOG = os.path.join(HOME, "catalog.sqlite")
LESSON = os.path.join(LESSONS, "04-visibility-throttling.vmsh")
ANSWERS = os.path.join(LESSONS, "answers", "04-visibility-throttling.vmsh")
ROW_LINE = re.compile(r"^\[\d\d:\d\d\.\d\d\d\] +\d+  \".*\" by ")
# Where scripts/test installs asciinema from PyPI (scripts/lib/common.sh, ensure_python_packages).
PACKAGES = os.path.join(ROOT, ".build", "python-packages")
sys.path.insert(0, PACKAGES)


def vmsh(*args, cwd=None):
    """Stdout and stderr as one stream, as a terminal shows them, and the exit status."""
    result = HOME.vmsh("--catalog", CATALOG, *args, merged=True, cwd=cwd)
    return result.out, result.status


def without_rows(text):
    """The transcript without the result rows' lines (their titles say nothing here)."""
    return "".join(line for line in text.splitlines(True) if not ROW_LINE.match(line))


def script(name, text):
    path = os.path.join(HOME.folder(), name)
    with open(path, "w") as f:
        f.write(text)
    return path


class RewindTests(unittest.TestCase):
    def test_undo_and_goto_count_only_the_commands_that_change_the_state(self):
        commands = ["text abcd", "text sunset", "go", "wait 1s", "stack", "inspect", "history", "undo", "goto 2",
                    "show", "help undo", "undo", "history"]
        out, status = vmsh("--lesson", "--echo", *[arg for command in commands for arg in ("-c", command)])
        self.maxDiff = None
        self.assertEqual(without_rows(out), """\
> text abcd
[00:00.000] searchText = "abcd"
[00:00.000] isSearchValid = true
> text sunset
[00:00.000] searchText = "sunset"
> go
[00:00.000] executing = true
> wait 1s
[00:00.400] push SearchResultsViewModel "sunset"
[00:00.400] "sunset": 100 of 791 photos
[00:00.400] rows 1-10 of 100 visible
[00:00.400] executing = false
> stack
[00:01.000]   1  SearchViewModel "Flickr Search" (inactive)
[00:01.000]   2  SearchResultsViewModel "sunset" (active)
> inspect
[00:01.000] SearchResultsViewModel
[00:01.000]   title                             "sunset"
[00:01.000]   totalResults                      791
[00:01.000]   items                             100 PhotoItemViewModel
[00:01.000]   visible rows (isVisible = true)   1-10
[00:01.000]   rows with favorites and comments  0
> history
[00:01.000]   1  text abcd
[00:01.000]   2  text sunset
[00:01.000]   3  go
[00:01.000]   4  wait 1s
[00:01.000]      stack
[00:01.000]      inspect
> undo
[00:00.000] back at command 3 (go); the stack:
[00:00.000]   1  SearchViewModel "Flickr Search" (active)
> goto 2
[00:00.000] back at command 2 (text sunset); the stack:
[00:00.000]   1  SearchViewModel "Flickr Search" (active)
> show
[00:00.000] Flickr Search
[00:00.000]   searchText "sunset" (valid)
[00:00.000]   no recent searches
> help undo
[00:00.000] usage: undo
[00:00.000]   rebuild the session as it was before the last command that changed
[00:00.000]   it (show, inspect and the like change nothing)
[00:00.000]   example: undo
> undo
[00:00.000] back at command 1 (text abcd); the stack:
[00:00.000]   1  SearchViewModel "Flickr Search" (active)
> history
[00:00.000]   1  text abcd
""")
        self.assertEqual(status, 0)


class ExpectAllTests(unittest.TestCase):
    def test_every_line_no_expect_accounted_for_fails_at_the_line_of_its_command(self):
        lesson = script("exhaustive.vmsh", """\
# Every line a command prints must be expected.
expect-all on
text sunset
expect isSearchValid = true
expect searchText = "sunset"
go
expect executing = true
wait 1s
expect push SearchResultsViewModel "sunset"
expect / +\\d+  ".*" by /
expect rows 1-10 of 100 visible
stack
scroll down
expect /1[1-9]  ".*" by /
expect-not favorites
wait 2s
expect /row 1\\d "/
""")
        out, status = vmsh("--lesson", "--echo", os.path.basename(lesson), cwd=os.path.dirname(lesson))
        self.maxDiff = None
        self.assertEqual(without_rows(out), """\
# Every line a command prints must be expected.
> expect-all on
[00:00.000] expect-all on: each line printed from here on must be expected
> text sunset
[00:00.000] searchText = "sunset"
[00:00.000] isSearchValid = true
> expect isSearchValid = true
> expect searchText = "sunset"
> go
[00:00.000] executing = true
> expect executing = true
> wait 1s
[00:00.400] push SearchResultsViewModel "sunset"
[00:00.400] "sunset": 100 of 791 photos
[00:00.400] rows 1-10 of 100 visible
[00:00.400] executing = false
> expect push SearchResultsViewModel "sunset"
> expect / +\\d+  ".*" by /
> expect rows 1-10 of 100 visible
vmsh: exhaustive.vmsh:8: not expected: "sunset": 100 of 791 photos
vmsh: exhaustive.vmsh:8: not expected: executing = false
> stack
[00:01.000]   1  SearchViewModel "Flickr Search" (inactive)
[00:01.000]   2  SearchResultsViewModel "sunset" (active)
> scroll down
[00:01.000] rows 11-20 of 100 visible
> expect /1[1-9]  ".*" by /
> expect-not favorites
vmsh: exhaustive.vmsh:13: not expected:    20  "Sunset neon" by pixellight77
vmsh: exhaustive.vmsh:13: not expected: rows 11-20 of 100 visible
> wait 2s
[00:02.231] row 14 "Cloudy wedding": 19 favorites, 2 comments
[00:02.242] row 20 "Sunset neon": 13 favorites, 3 comments
[00:02.244] row 17 "Little summer with the sunset": 13 favorites, 4 comments
[00:02.258] row 19 "Urban sea": 19 favorites, 1 comment
[00:02.264] row 12 "My dark night sheep": 20 favorites, 4 comments
[00:02.270] row 16 "Old friends": 16 favorites, 2 comments
[00:02.272] row 18 "Motorcycle train": 14 favorites, 5 comments
[00:02.273] row 13 "My wild spring on sunset": 26 favorites, 2 comments
[00:02.290] row 11 "Blue sand horse": 36 favorites, 2 comments
[00:02.299] row 15 "Purple market near cat": 21 favorites, 1 comment
> expect /row 1\\d "/
vmsh: exhaustive.vmsh:16: not expected: row 20 "Sunset neon": 13 favorites, 3 comments
""")
        self.assertEqual(status, 1)

    def test_a_lesson_that_expects_everything_passes(self):
        lesson = script("complete.vmsh", """\
expect-all on
text sunset
expect /isSearchValid|searchText/
go
expect executing = true
wait 1s
expect /push|photos|by|visible|executing/
wait 1s
expect /favorites/
stack
""")
        out, status = vmsh("--lesson", lesson)
        self.assertNotIn("not expected", out)
        self.assertEqual(status, 0, out)


class PredictTests(unittest.TestCase):
    def test_a_prediction_is_right_or_shows_where_it_went_otherwise(self):
        lesson = script("predict.vmsh", """\
search forest
wait 500ms
scroll down
wait 300ms
scroll down
wait 2s
predict 1 delay(1s) "-!"
predict 21 delay(1s) "---------F"
predict 21 isVisible "----t"
""")
        out, status = vmsh("--lesson", "--echo", os.path.basename(lesson), cwd=os.path.dirname(lesson))
        self.maxDiff = None
        self.assertEqual(without_rows(out), """\
> search forest
[00:00.000] searchText = "forest"
[00:00.000] isSearchValid = true
[00:00.000] executing = true
> wait 500ms
[00:00.400] push SearchResultsViewModel "forest"
[00:00.400] "forest": 100 of 638 photos
[00:00.400] rows 1-10 of 100 visible
[00:00.400] executing = false
> scroll down
[00:00.500] rows 11-20 of 100 visible
> wait 300ms
> scroll down
[00:00.800] rows 21-30 of 100 visible
> wait 2s
[00:01.993] row 26 "My coffee and forest": 16 favorites, 0 comments
[00:02.001] row 28 "Forest fireworks": 7 favorites, 1 comment
[00:02.026] row 23 "Forest neon": 12 favorites, 1 comment
[00:02.042] row 29 "Bright forest": 7 favorites, 2 comments
[00:02.046] row 24 "Dawn sheep": 8 favorites, 2 comments
[00:02.055] row 21 "Forest street": 11 favorites, 2 comments
[00:02.058] row 22 "Blue garden": 10 favorites, 2 comments
[00:02.059] row 30 "A wedding": 6 favorites, 1 comment
[00:02.075] row 25 "A smile by boat": 8 favorites, 2 comments
[00:02.092] row 27 "The city and forest": 5 favorites, 2 comments
> predict 1 delay(1s) "-!"
[00:02.800] right: delay(1s) of row 1 did "-!"
> predict 21 delay(1s) "---------F"
vmsh: predict.vmsh:8: not quite: delay(1s) of row 21 did otherwise:
vmsh:   | predicted ---------F----
vmsh:   | actual    ----------(F|)
vmsh:   |                    ^
> predict 21 isVisible "----t"
[00:02.800] right: isVisible of row 21 did "----t"
""")
        self.assertEqual(len(out.splitlines()) - len(without_rows(out).splitlines()), 30, "the three pages of rows")
        self.assertEqual(status, 1)


class GradeTests(unittest.TestCase):
    def hidden_expectations(self):
        with open(LESSON) as f:
            hidden = [line.split("--hidden", 1)[1].strip() for line in f if " --hidden " in line]
        self.assertEqual(len(hidden), 4)
        return hidden

    def assert_no_hidden_expectation_in(self, text):
        """`grep -F` for each hidden expectation's text, and for its words as a lesson writes them."""
        patterns = self.hidden_expectations()
        patterns += [p.strip("/") for p in patterns if p.startswith("/")]
        found = subprocess.run(["grep", "-F", *[arg for p in patterns for arg in ("-e", p)]], input=text.encode(),
                               capture_output=True)
        self.assertEqual(found.returncode, 1, f"grep found a hidden expectation: {found.stdout!r}")

    def test_the_lessons_answers_score_in_full(self):
        out, status = vmsh("--grade", "04-visibility-throttling.vmsh", "answers/04-visibility-throttling.vmsh",
                           cwd=LESSONS)
        self.assertEqual(out, """\
grading answers/04-visibility-throttling.vmsh against 04-visibility-throttling.vmsh
  row-11-visible  right
  row-11-delay    right
  back-to-top     right
score 3/3
""")
        self.assertEqual(status, 0)
        self.assert_no_hidden_expectation_in(out)

    def test_wrong_answers_say_which_and_why_without_a_hidden_expectation(self):
        answers = script("wrong.vmsh", """\
# a learner's first try
answer row-11-visible
predict 11 isVisible "t--f"
answer back-to-top
scroll up
scroll up
wait 1s
answer row-21
predict 21 delay(1s) "----------(F|)"
""")
        out, status = vmsh("--grade", "04-visibility-throttling.vmsh", answers, cwd=LESSONS)
        self.assertEqual(out, f"""\
grading {answers} against 04-visibility-throttling.vmsh
  row-11-visible  wrong  {answers}:3: not quite: isVisible of row 11 did otherwise
    | predicted t--f-
    | actual    -t--f
    |           ^
  row-11-delay    wrong  no answer
  back-to-top     wrong  a hidden check failed
{answers}: answer row-21 answers no question of 04-visibility-throttling.vmsh
score 0/3
""")
        self.assertEqual(status, 1)
        self.assert_no_hidden_expectation_in(out)

    def test_each_answer_starts_where_its_question_was_asked_and_is_checked_whole(self):
        # The first answer brings rows 1-10 back after its prediction; the third only waits. Graded
        # on the last command alone and on a shared session, the first was wrong and the third right.
        answers = script("leaky.vmsh", """\
answer row-11-visible
predict 11 isVisible "-t--f"
scroll up
scroll up
answer row-11-delay
predict 11 delay(1s) "---!"
answer back-to-top
wait 2s
""")
        out, status = vmsh("--grade", "04-visibility-throttling.vmsh", answers, cwd=LESSONS)
        self.assertEqual(out, f"""\
grading {answers} against 04-visibility-throttling.vmsh
  row-11-visible  right
  row-11-delay    right
  back-to-top     wrong  a hidden check failed
score 2/3
""")
        self.assertEqual(status, 1)
        self.assert_no_hidden_expectation_in(out)

    def test_graded_answers_touch_nothing_outside_the_session_and_a_fifo_is_refused_at_once(self):
        # Answers that say what the checks look for, write files and serve: nothing leaves the session.
        folder = HOME.folder()
        answers = script("sly.vmsh", f"""\
answer row-11-visible
say right: isVisible of row 11
save {folder}/saved.vmsh
export html {folder}/page.html
serve on 0
answer row-11-delay
say right: delay(1s) of row 11
answer back-to-top
""")
        out, status = vmsh("--grade", "04-visibility-throttling.vmsh", answers, cwd=LESSONS)
        self.assertTrue(out.endswith("score 0/3\n"), out)
        self.assertEqual(status, 1)
        self.assertEqual(os.listdir(folder), [], "no file written")
        self.assertNotIn("serving", out)
        fifo = os.path.join(HOME.folder(), "answers.fifo")
        os.mkfifo(fifo)
        started = time.monotonic()
        out, status = vmsh("--grade", "04-visibility-throttling.vmsh", fifo, cwd=LESSONS)
        self.assertEqual((out, status), (f"vmsh: cannot read the answers {fifo}: it is not a regular file\n", 1))
        self.assertLess(time.monotonic() - started, 30, "refused without waiting for a writer")

    def test_the_lesson_alone_asks_its_questions_and_leaves_their_checks_for_grade(self):
        out, status = vmsh("--lesson", "04-visibility-throttling.vmsh", cwd=LESSONS)
        self.assertIn("? question back-to-top: Bring rows 1-10 back into view", out)
        self.assert_no_hidden_expectation_in(out)
        self.assertEqual(status, 0)
        echoed, _ = vmsh("--lesson", "--echo", "--format", "jsonl", "04-visibility-throttling.vmsh", cwd=LESSONS)
        self.assertIn('"text":"> expect --hidden …"', echoed)
        self.assert_no_hidden_expectation_in(echoed)

    def test_grade_takes_a_lesson_and_files_of_answers(self):
        for extra in ([], ["-c", "stack", ANSWERS]):
            result = HOME.vmsh("--grade", LESSON, *extra)
            self.assertEqual(result.status, 2)
            self.assertIn("--grade takes a lesson and files of answers: vmsh --grade LESSON ANSWERS...", result.err)
        missing = HOME.vmsh("--grade", LESSON, os.path.join(HOME, "none.vmsh"))
        self.assertEqual((missing.out, missing.status), ("", 1))
        self.assertIn("vmsh: cannot read the answers ", missing.err)
        alone = HOME.vmsh("--csv", os.path.join(HOME, "book.csv"), "-c", "quit")
        self.assertEqual(alone.status, 2)
        self.assertIn("--csv writes the gradebook of --grade: vmsh --grade LESSON ANSWERS... --csv FILE", alone.err)
        twice = HOME.vmsh("--grade", "-", ANSWERS, ANSWERS, stdin=b"")
        self.assertEqual(twice.status, 2)
        self.assertIn("--grade - reads the lesson from standard input once: give it one answers file", twice.err)

    def test_an_answer_that_retries_for_ever_ends_with_a_score(self):
        # Five lines that retried 40,000 times a second of a 24-hour wait, for over an hour.
        answers = script("forever.vmsh", "answer row-11-visible\nlet slow = never | timeout 1ms | retry\n"
                                         "subscribe slow\nsubscribe slow\nwait 24h\n")
        start = time.monotonic()
        out, status = vmsh("--grade", LESSON, answers)
        self.assertLess(time.monotonic() - start, 30, out)
        self.assertEqual(out, f"""\
grading {answers} against {LESSON}
  row-11-visible  wrong  a hidden check failed
  row-11-delay    wrong  no answer
  back-to-top     wrong  no answer
score 0/3
""")
        self.assertEqual(status, 1)

    def test_grading_stops_at_its_cpu_budget_and_marks_what_it_did_not_finish(self):
        # 6,000 lines of searches: seconds of CPU, each line bounded but not the whole.
        searches = "search sunset\nwait 2s\nback\n" * 2000
        answers = script("endless.vmsh", f"answer row-11-visible\npredict 11 isVisible \"-t--f\"\n"
                                         f"answer row-11-delay\n{searches}answer back-to-top\nwait 2s\n")
        book = os.path.join(HOME.folder(), "budget.csv")
        start = time.monotonic()
        out, status = vmsh("--grade", LESSON, answers, "--grade-budget", "1500ms", "--csv", book)
        self.assertLess(time.monotonic() - start, 30, out)
        ran_out = "its budget of 1500ms of CPU time (--grade-budget) ran out"
        self.assertEqual(out, f"""\
grading {answers} against {LESSON}
  row-11-visible  right
  row-11-delay    wrong  unfinished: {ran_out}
  back-to-top     wrong  not reached: the budget ran out before its question
the grading stopped: {ran_out}; what it did not finish counts as wrong
score 1/3
wrote 1 student by 3 questions to {book}
""")
        self.assertEqual(status, 1)
        # The gradebook says what the report said: the unfinished and the unreached are wrong.
        with open(book) as f:
            self.assertEqual(f.read().splitlines()[1:], [f"{answers},1,1,0,0"])
        # Spent before the first question, the budget leaves every question not reached.
        out, status = vmsh("--grade", LESSON, answers, "--grade-budget", "1ms")
        self.assertEqual(out.count("wrong  not reached: the budget ran out before its question"), 3, out)
        self.assertTrue(out.endswith("score 0/3\n"), out)
        bad = HOME.vmsh("--grade-budget", "60s", "-c", "quit")
        self.assertEqual(bad.status, 2)
        self.assertIn("--grade-budget bounds the CPU time of --grade", bad.err)

    def test_a_class_graded_at_once_reports_each_as_alone_and_the_gradebook_says_the_same(self):
        folder = HOME.folder()
        wrong = script("first-try.vmsh", "answer row-11-visible\npredict 11 isVisible \"t--f\"\nanswer back-to-top\n"
                                         "scroll up\n")
        files = [ANSWERS, wrong, os.path.join(folder, "missing.vmsh"), ANSWERS]
        book = os.path.join(folder, "class.csv")
        out, status = vmsh("--grade", LESSON, *files, "--csv", book)
        # Each report as that file graded alone gives it: no answer reaches the next file's session.
        alone = [vmsh("--grade", LESSON, path)[0] for path in (ANSWERS, wrong)]
        missing = f"vmsh: cannot read the answers {files[2]}: No such file or directory\n"
        self.assertEqual(out, alone[0] + alone[1] + missing + alone[0]
                         + f"wrote 3 students by 3 questions to {book}\n")
        self.assertEqual(status, 1, "not every score is full")
        with open(book) as f:
            self.assertEqual(f.read(), f"""\
student,right,row-11-visible,row-11-delay,back-to-top
{ANSWERS},3,1,1,1
{wrong},0,0,,0
{ANSWERS},3,1,1,1
""")
        # The report's verdicts, a row each: right is 1, wrong 0, no answer empty.
        self.assertIn("row-11-delay    wrong  no answer", alone[1])
        # Its own gradebook it writes again; a user's file keeps its bytes and mode.
        out, status = vmsh("--grade", LESSON, ANSWERS, "--csv", book)
        self.assertEqual(status, 0, out)
        with open(book) as f:
            self.assertEqual(f.read().splitlines()[1:], [f"{ANSWERS},3,1,1,1"])
        theirs = os.path.join(folder, "marks.csv")
        with open(theirs, "w") as f:
            f.write("name,mark\nAda,10\n")
        os.chmod(theirs, 0o600)
        out, status = vmsh("--grade", LESSON, ANSWERS, "--csv", theirs)
        self.assertEqual(status, 1)
        self.assertTrue(out.endswith(f"vmsh: {theirs} exists and was not written by --grade --csv: choose another "
                                     "name\n"), out)
        with open(theirs) as f:
            self.assertEqual(f.read(), "name,mark\nAda,10\n")
        self.assertEqual(os.stat(theirs).st_mode & 0o777, 0o600)


class CastTests(unittest.TestCase):
    LESSON = """\
# A recorded tour.
say Watch the search.
search sunset
wait 2s
say Now the counts.
marbles 1
expect --hidden /α = 4\d7/
export cast tour.cast
"""

    def record(self):
        lesson = script("recorded.vmsh", self.LESSON)
        folder = os.path.dirname(lesson)
        out, status = vmsh("--lesson", "--echo", "recorded.vmsh", cwd=folder)
        self.assertEqual(status, 0, out)
        return out, os.path.join(folder, "tour.cast")

    def asciinema(self, *args):
        path = os.pathsep.join([PACKAGES, *filter(None, [os.environ.get("PYTHONPATH")])])
        return subprocess.run([sys.executable, "-m", "asciinema", *args], capture_output=True, timeout=60,
                              env={**os.environ, "PYTHONPATH": path})

    def test_asciinemas_reader_plays_back_what_the_terminal_showed(self):
        out, cast = self.record()
        played = self.asciinema("cat", cast)
        self.assertEqual((played.returncode, played.stderr), (0, b""))
        shown = out.rsplit("[", 1)[0]  # all but the line export printed once the file was written
        self.assertTrue(out.endswith(" wrote the session, 7 chapters, to tour.cast\n"), out[-200:])
        self.maxDiff = None
        self.assertEqual(played.stdout.decode().replace("\r\n", "\n"), shown)

    @staticmethod
    def read(cast):
        """The header and the events, as the package's own reader of version 2 gives them."""
        from asciinema.asciicast import v2
        with open(cast) as f:
            header = f.readline()
            with v2.open_from_file(header, f) as recording:
                return json.loads(header), list(recording.events())

    def played_whole(self, cast):
        """The events of a recording `asciinema cat` plays without a complaint, in time order."""
        played = self.asciinema("cat", cast)
        self.assertEqual((played.returncode, played.stderr), (0, b""))
        _, events = self.read(cast)
        times = [time for time, _, _ in events]
        self.assertEqual(times, sorted(times), "time never runs backwards")
        self.assertEqual(times[0], 0)
        return events

    def test_its_markers_are_the_say_lines_and_the_commands(self):
        _, cast = self.record()
        header, events = self.read(cast)
        self.assertEqual(header["title"], "A recorded tour.")
        self.assertEqual([text for _, kind, text in events if kind == "m"],
                         ["Watch the search.", "search sunset", "wait 2s", "Now the counts.", "marbles 1",
                          "expect --hidden …", "export cast tour.cast"])
        times = [time for time, _, _ in events]
        self.assertEqual(times, sorted(times))
        with open(cast) as f:
            recorded = f.read()
        for text in ("4\\d7", "4\\\\d7"):  # as written, and escaped as JSON
            self.assertNotIn(text, recorded)

    def test_time_runs_on_through_goto_and_undo(self):
        # Each rewind starts a new clock near 0; the recording's time goes on from where it was.
        lines = ["search sunset", "wait 2s", "goto 1", "wait 500ms", "undo", "text beach", "export cast rewound.cast"]
        folder = HOME.folder()
        out, status = vmsh("--lesson", *[arg for line in lines for arg in ("-c", line)], cwd=folder)
        self.assertEqual(status, 0, out)
        events = self.played_whole(os.path.join(folder, "rewound.cast"))
        self.assertEqual([text for _, kind, text in events if kind == "m"], lines)

    def test_a_recording_past_its_limit_with_a_rewind_keeps_its_order(self):
        # Over 1 MiB of listings at a minute of clock time drop the oldest events; a goto then
        # starts the clock again near 0, before the first event kept.
        lines = ["text abcd", "wait 1m", *["words --all"] * 140, "goto 1", "text sunset", "export cast long.cast"]
        folder = HOME.folder()
        out, status = vmsh("--lesson", *[arg for line in lines for arg in ("-c", line)], cwd=folder)
        self.assertEqual(status, 0, out[-500:])
        self.assertTrue(out.endswith(" to long.cast\n"), out[-200:])
        cast = os.path.join(folder, "long.cast")
        events = self.played_whole(cast)
        self.assertEqual([text for _, kind, text in events if kind == "m"][-3:], lines[-3:])
        self.assertNotIn("text abcd", [text for _, kind, text in events if kind == "m"], "the oldest were dropped")

    def test_export_cast_never_overwrites_a_file_it_did_not_write(self):
        folder = HOME.folder()
        mine = os.path.join(folder, "notes.cast")
        with open(mine, "w") as f:
            f.write('{"version": 2, "width": 80, "height": 24}\n')
        out, status = vmsh("--lesson", "-c", "text abcd", "-c", "export cast notes.cast", cwd=folder)
        self.assertIn("notes.cast exists and was not written by export cast: choose another name", out)
        with open(mine) as f:
            self.assertEqual(f.read(), '{"version": 2, "width": 80, "height": 24}\n')
        self.assertEqual(status, 1)
        # Its own earlier recording it replaces.
        vmsh("--lesson", "-c", "text abcd", "-c", "export cast again.cast", cwd=folder)
        out, status = vmsh("--lesson", "-c", "text sunset", "-c", "export cast again.cast", cwd=folder)
        self.assertEqual(status, 0, out)
        with open(os.path.join(folder, "again.cast")) as f:
            self.assertIn("sunset", f.read())


if __name__ == "__main__":
    vmshtest.main("exercises, exhaustive lessons and recordings, end to end")
