#!/usr/bin/env python3
"""Writing, pacing and rewinding lessons, end to end on the built binary: save, source, goto and
undo, --lesson, the order of -c and files, comments under --echo, and the clear end of input.
VMSH names the binary."""
import functools
import json
import os
import stat
import subprocess
import unittest

import vmshtest
from vmshtest import LESSONS, VMSH, sh

HOME = vmshtest.Home("vmsh-lessons-")
ENV = HOME.env()


# Exactly the flags given: these tests say --no-rc where they mean it, as lessons read no rc file.
vmsh = functools.partial(HOME.vmsh, rc_file=True)


def read(path):
    with open(path) as f:
        return f.read()


def after(marker, text):
    """The lines of `text` after the first line that contains `marker`."""
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if marker in line)
    return lines[index + 1:]


class TimeTravelTests(unittest.TestCase):
    QUERIES = ["stack", "inspect", "recent", "stats", "net"]

    def state_after(self, commands, rewind=None):
        args = ["--virtual-clock", "--no-rc"]
        for command in commands:
            args += ["-c", command]
        if rewind:
            args += ["-c", rewind, "-c", "say --- state ---"]
        else:
            args += ["-c", "say --- state ---"]
        for query in self.QUERIES:
            args += ["-c", query]
        out, err, status = vmsh(*args)
        # The state, without the virtual time stamps (a rebuilt clock stops where command N left it).
        return [line.split("] ", 1)[-1] for line in after("--- state ---", out)], err

    def test_goto_rebuilds_what_a_fresh_run_of_the_first_commands_gives(self):
        session = ["search sunset", "wait 1500ms", "net offline", "scroll down", "wait 2s", "open 12", "wait 1s",
                   "next", "net online", "search beach", "wait 3s", "open 2", "next", "wait 500ms"]
        for n in (3, 6, 8, 11):
            fresh, _ = self.state_after(session[:n])
            rebuilt, err = self.state_after(session, rewind=f"goto {n}")
            self.assertEqual(rebuilt, fresh, f"goto {n}")
            self.assertIn("live ViewModels", "\n".join(rebuilt))

    def test_undo_is_goto_the_command_before(self):
        session = ["search sunset", "wait 1s", "open 1", "wait 1s", "next", "wait 1s"]
        fresh, _ = self.state_after(session[:-1])
        undone, err = self.state_after(session, rewind="undo")
        self.assertEqual(undone, fresh)

    def test_goto_needs_the_virtual_clock(self):
        out, err, status = vmsh("--no-rc", "-c", "text abcd", "-c", "goto 0")
        self.assertIn("goto and undo need the virtual clock", err)
        self.assertEqual(status, 1)
        out, err, status = vmsh("--no-rc", "-c", "text abcd", "-c", "compare original fixed")
        self.assertIn("compare needs the virtual clock (--virtual-clock)", err)
        self.assertEqual(status, 1)

    def test_history_numbers_the_commands_that_change_the_state_and_marks_failures(self):
        out, err, status = vmsh("--virtual-clock", "--no-rc", "-c", "text sunset", "-c", "nope", "-c", "stack",
                                "-c", "search abc", "-c", "history", "-c", "history 1")
        lines = [line.split("] ", 1)[1] for line in out.splitlines() if "  (failed)" in line or line.endswith("stack")
                 or line.endswith("text sunset")]
        self.assertEqual(lines, ["  1  text sunset", "     nope  (failed)", "     stack", "  2  search abc  (failed)",
                                 "  2  search abc  (failed)"])


class LearnersPipelinesTests(unittest.TestCase):
    """A learner's pipeline equal to a built-in one gives the built-in's transcript on lesson 05's scroll."""
    DEFINITIONS = [
        "pipeline tutorial = isVisible | filter true | delay 1s | takeUntil hidden | flattenMap metadata",
        "pipeline again = isVisible | switchToLatest tutorial | take 1",
        "pipeline eager = isVisible | filter true | delay 1s | flattenMap metadata",
        "pipeline simple = isVisible | filter true | flattenMap metadata",
    ]
    # What the instruments say of row 1 after the scroll: its lanes, why it ended, what reads what.
    INSTRUMENTS = ["marbles 1 --inputs", "why 1 takeUntil(hidden)", "graph 1"]

    @staticmethod
    def scroll():
        """Lesson 05's scroll, read from the lesson itself: its first search to its first wait 3s."""
        lines = read(os.path.join(LESSONS, "05-original-pipeline-bug.vmsh")).splitlines()
        start = lines.index("search sunset")
        return lines[start:lines.index("wait 3s", start) + 1]

    def transcript(self, pipeline, after=()):
        """What vmsh prints for the scroll under `pipeline`, then `stats` and `after`, the same
        pipelines defined each time (so the commands are numbered alike); its name said as NAME."""
        setup = self.DEFINITIONS + ["set pipeline " + pipeline]
        text = "\n".join(setup + self.scroll() + ["stats"] + list(after)) + "\n"
        result = subprocess.run([VMSH, "--virtual-clock", "--no-rc"], input=text, capture_output=True, text=True,
                                env=ENV, timeout=120)
        self.assertEqual((result.returncode, result.stderr), (0, ""))
        # What the setup printed, a line each, is not the scroll's.
        lines = result.stdout.splitlines()
        self.assertTrue(all(" pipeline " in line for line in lines[:len(setup)]), lines[:len(setup)])
        return [line.replace("pipeline " + pipeline, "pipeline NAME") for line in lines[len(setup):]]

    def test_the_tutorials_pipeline_and_vmshs_written_by_hand_give_the_built_ins_transcripts(self):
        self.assertEqual(len(self.scroll()), 6)
        # The tutorial's, by hand: the same View, calls, lanes, causes and graph as the built-in original.
        mine, theirs = self.transcript("tutorial", self.INSTRUMENTS), self.transcript("original", self.INSTRUMENTS)
        self.assertEqual(mine, theirs)
        self.assertIn("[00:03.700] takeUntil(hidden)     -|", mine)
        self.assertIn("[00:03.700] row 1 \"Sunset valley\" of \"sunset\", pipeline NAME: 6", mine)
        # vmsh's fixed, by hand (the tutorial's started afresh at every change): the same View and calls.
        mine, theirs = self.transcript("again"), self.transcript("fixed")
        self.assertEqual(mine, theirs)
        # Row 1, hidden and shown again, gets its counts only from vmsh's pipeline.
        self.assertIn("[00:01.959] row 1 \"Sunset valley\": 417 favorites, 20 comments", mine)
        self.assertNotIn("[00:01.959] row 1 \"Sunset valley\": 417 favorites, 20 comments", self.transcript("tutorial"))
        # The tutorial's first version, by hand: the same as the built-in naive, its instruments too.
        instruments = ["marbles 1 --inputs", "why 1 metadata", "graph 1"]
        self.assertEqual(self.transcript("simple", instruments), self.transcript("naive", instruments))
        # A wrong one (no takeUntil) shows its extra calls.
        eager = self.transcript("eager")
        self.assertIn("[00:03.700]   flickr.photos.getFavorites  30", eager)
        self.assertIn("[00:03.700] metadata calls saved by the visibility delay: 0", eager)


class SaveAndSourceTests(unittest.TestCase):
    def test_a_saved_session_replays_the_same_rows_in_the_same_order_twice(self):
        work = HOME.folder()
        commands = ["search sunset", "wait 1500ms", "scroll down", "nope", "wait 2s", "open 3", "wait 1s",
                    "back", "visible 40-45", "wait 1200ms", "save --expect saved.vmsh"]
        args = ["--virtual-clock", "--no-rc"]
        for command in commands:
            args += ["-c", command]
        original, err, status = vmsh(*args, cwd=work)
        self.assertEqual(status, 1, "the unknown command failed")
        saved = read(os.path.join(work, "saved.vmsh"))
        self.assertTrue(saved.startswith("# vmsh lesson, written by save on "))
        self.assertNotIn("nope", saved, "failed commands are left out")
        self.assertIn("\nexpect push PhotoPagerViewModel \"Our tapas\"\n", saved)
        first = vmsh("--lesson", "saved.vmsh", cwd=work)
        second = vmsh("--lesson", "saved.vmsh", cwd=work)
        self.assertEqual(first, second)
        self.assertEqual(first[1:], ("", 0))
        kept = [line for line in original.splitlines() if not line.endswith("saved.vmsh")]
        self.assertEqual(first[0].splitlines(), kept)

    def test_save_all_keeps_failures_and_waits_round_to_100ms(self):
        work = HOME.folder()
        vmsh("--virtual-clock", "--no-rc", "-c", "wait 1249ms", "-c", "nope", "-c", "wait 51ms", "-c", "text abcd",
             "-c", "save --all all.vmsh", cwd=work)
        body = read(os.path.join(work, "all.vmsh")).split("\n\n", 1)[1]
        self.assertEqual(body, "wait 1249ms\nnope\nwait 51ms\ntext abcd\n")

    def test_save_never_overwrites_a_file_it_did_not_write(self):
        work = HOME.folder()
        mine = os.path.join(work, "notes.txt")
        with open(mine, "wb") as f:
            f.write(b"my own notes\n")
        os.chmod(mine, 0o640)
        out, err, status = vmsh("--virtual-clock", "--no-rc", "-c", "text abcd", "-c", "save notes.txt", cwd=work)
        self.assertIn("notes.txt exists and was not written by save", err)
        self.assertEqual(read(mine), "my own notes\n")
        self.assertEqual(stat.S_IMODE(os.stat(mine).st_mode), 0o640)
        self.assertEqual(status, 1)
        # Its own earlier lesson it may overwrite.
        vmsh("--virtual-clock", "--no-rc", "-c", "text abcd", "-c", "save again.vmsh", cwd=work)
        out, err, status = vmsh("--virtual-clock", "--no-rc", "-c", "text efgh", "-c", "save again.vmsh", cwd=work)
        self.assertEqual((err, status), ("", 0))
        self.assertTrue(read(os.path.join(work, "again.vmsh")).endswith("\ntext efgh\n"))

    def test_source_runs_a_file_inside_the_session_and_dash_reads_standard_input(self):
        work = HOME.folder()
        with open(os.path.join(work, "part.vmsh"), "w") as f:
            f.write("# a part\ntext from part\nnope\n")
        out, err, status = vmsh("--virtual-clock", "--no-rc", "-c", ".read part.vmsh", "-c", "stack", cwd=work)
        self.assertIn('[00:00.000] searchText = "from part"', out)
        self.assertEqual(err, "vmsh: part.vmsh:3: unknown command 'nope' (type 'help' for the list)\n"
                              "vmsh: -c:1: 1 command of part.vmsh failed\n")
        with open(os.path.join(work, "loop.vmsh"), "w") as f:
            f.write("source loop.vmsh\n")
        out, err, status = vmsh("--virtual-clock", "--no-rc", "-c", "source loop.vmsh", cwd=work)
        self.assertIn("loop.vmsh is already being sourced: a file cannot source itself", err)
        out, err, status = vmsh("--virtual-clock", "--no-rc", "-", stdin=b"text piped in\n")
        self.assertEqual((out, err, status), ('[00:00.000] searchText = "piped in"\n[00:00.000] isSearchValid = true\n',
                                              "", 0))


class SourceBoundsTests(unittest.TestCase):
    def test_a_file_that_sources_itself_many_times_runs_once(self):
        work = HOME.folder()
        with open(os.path.join(work, "wide.vmsh"), "w") as f:
            f.write("say once\n" + "source wide.vmsh\n" * 10)
        out, err, status = vmsh("--virtual-clock", "--no-rc", "-c", "source wide.vmsh", cwd=work, timeout=20)
        self.assertEqual(out.count("once"), 1)
        self.assertEqual(err.count("wide.vmsh is already being sourced"), 10)
        self.assertEqual(status, 1)

    def test_a_file_of_binary_lines_is_given_up_after_a_hundred(self):
        work = HOME.folder()
        with open(os.path.join(work, "noise.vmsh"), "wb") as f:
            f.write(b"\xff\xfe\n" * 300 + b"help\n")
        for args in (["-c", "source noise.vmsh"], ["noise.vmsh"]):
            out, err, status = vmsh("--virtual-clock", "--no-rc", *args, cwd=work, timeout=20)
            lines = err.splitlines()
            self.assertEqual(sum("not valid UTF-8" in line for line in lines), 100, args)
            self.assertIn("100 lines were not text (binary input?); stopped reading noise.vmsh", lines[100], args)
            self.assertNotIn("app:", out, "the help after the noise does not run")
            self.assertEqual(status, 1)


class RunningLessonsTests(unittest.TestCase):
    def test_lessons_ignore_the_users_rc_file_and_saved_searches(self):
        user = vmshtest.Home(parent=HOME)
        with open(os.path.join(user, ".vmshrc"), "w") as f:
            f.write("set pipeline original\n")
        for text in ("golden gate", "beach"):
            user.vmsh("-c", f"search {text}", "-c", "wait 1s")
        out, err, status = user.vmsh("-c", "recent")
        self.assertIn('"beach"', out, "the user has saved searches")
        for lesson in ("02-validation-and-commands.vmsh", "04-visibility-throttling.vmsh"):
            expected = read(os.path.join(LESSONS, lesson.replace(".vmsh", ".expected")))
            # As test_transcripts.py runs them: stdout and stderr as one stream.
            out, _, status = user.vmsh("--lesson", "--echo", lesson, cwd=LESSONS, rc_file=True, merged=True)
            self.assertEqual(status, 0, lesson)
            self.assertEqual(out + "[exit 0]\n", expected, lesson)

    def test_commands_and_files_run_in_command_line_order(self):
        work = HOME.folder()
        with open(os.path.join(work, "middle.vmsh"), "w") as f:
            f.write("text middle\n")
        out, err, status = vmsh("--virtual-clock", "--no-rc", "-c", "text first", "middle.vmsh", "-c", "text last",
                                "-c", "nope", cwd=work)
        texts = [line.split("= ")[1] for line in out.splitlines() if "searchText" in line]
        self.assertEqual(texts, ['"first"', '"middle"', '"last"'])
        self.assertEqual(err, "vmsh: -c:3: unknown command 'nope' (type 'help' for the list)\n")

    def test_echo_shows_comments_and_say_narrates(self):
        out, err, status = vmsh("--virtual-clock", "--no-rc", "--echo", "-", stdin=b"# the idea\nsay look here\n")
        self.assertEqual(out, "# the idea\n> say look here\n[00:00.000] \u00bb look here\n")

    def test_the_end_of_input_is_marked_and_quit_drains_too(self):
        script = b"search sunset\nwait 1s\nquit\nstack\n"
        out, err, status = vmsh("--virtual-clock", "--no-rc", stdin=script)
        lines = out.splitlines()
        marker = next(i for i, line in enumerate(lines) if "-- end of input: waiting for 10 timers --" in line)
        self.assertTrue(all(" row " in line for line in lines[marker + 1:]), "late rows come after the marker")
        self.assertEqual(len(lines) - marker - 1, 10)
        self.assertNotIn("SearchViewModel", out, "nothing after quit runs")
        self.assertEqual((err, status), ("", 0))

    def test_wait_idle_says_how_long_it_waited(self):
        out, err, status = vmsh("--virtual-clock", "--no-rc", "-c", "search sunset", "-c", "wait idle",
                                "-c", "net slow 10000", "-c", "scroll down", "-c", "wait idle", "-c", "stack")
        self.assertIn("[00:01.698] idle after waiting 00:01.698", out)
        self.assertIn("vmsh: -c:5: still busy after waiting 00:10.000: 20 timers pending", err)
        self.assertIn("[00:11.698]   2  SearchResultsViewModel", out)


class JSONLinesTests(unittest.TestCase):
    def test_a_lesson_as_json_lines_reads_through_jq(self):
        result = subprocess.run(
            f"{sh(VMSH)} --lesson --echo --format jsonl 01-tour.vmsh | jq -c '[.kind, .command, .ms, .text]'",
            shell=True, capture_output=True, timeout=120, env=ENV, cwd=LESSONS)
        self.assertEqual((result.returncode, result.stderr), (0, b""))
        rows = [json.loads(line) for line in result.stdout.decode().splitlines()]
        kinds = {kind for kind, _, _, _ in rows}
        self.assertTrue({"comment", "echo", "output", "update"} <= kinds, kinds)
        self.assertIn(["echo", 1, 0, "> search sunset"], rows)
        self.assertIn(["output", 1, 0, 'searchText = "sunset"'], rows)
        pushed = next(row for row in rows if row[3].startswith("push SearchResultsViewModel"))
        self.assertEqual(pushed[:3], ["update", 2, 400], "the push is an update, during the next command, a wait")
        counts = [row for row in rows if " favorites, " in row[3] and row[3].startswith("row ")]
        self.assertTrue(counts and all(row[0] == "update" for row in counts))
        # `stack` changes nothing: it has no number, and `back` is command 5.
        self.assertIn(["output", None, 3500, '  2  SearchResultsViewModel "sunset" (active)'], rows)
        self.assertIn(["output", 5, 3500, 'pop SearchResultsViewModel "sunset"'], rows)
        text = subprocess.run([VMSH, "--lesson", "--echo", "01-tour.vmsh"], capture_output=True, timeout=120,
                              env=ENV, cwd=LESSONS).stdout.decode().splitlines()
        self.assertEqual(len(rows), len(text), "one object a line of the transcript")

    def test_errors_keep_their_command_and_expect_still_reads_text(self):
        result = subprocess.run([VMSH, "--virtual-clock", "--no-rc", "--format", "jsonl", "-c", "text sunset",
                                 "-c", 'expect searchText = "sunset"', "-c", "nope", "-c", "search abc"],
                                capture_output=True, timeout=60, env=ENV)
        errors = [json.loads(line) for line in result.stderr.decode().splitlines()]
        # An unknown command changes nothing, so it has no number; a search that fails still set the text.
        self.assertEqual([(e["kind"], e.get("command"), e["text"]) for e in errors],
                         [("error", None, "-c:3: unknown command 'nope' (type 'help' for the list)"),
                          ("error", 2, '-c:4: search is disabled: "abc" has 3 characters; a search needs more than 3')])
        self.assertEqual(result.returncode, 1)


if __name__ == "__main__":
    vmshtest.main("lessons end to end")
