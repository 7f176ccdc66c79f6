#!/usr/bin/env python3
"""The class answers (`ask`, `answers`), end to end on loopback, speaking the wire as the page does:
each answer one WebSocket text frame, {"answer": TEXT} (with "name"), taken with `received` or
refused with `refused`; a changed answer replaces the first and counts once; every refusal (no
question open, after it closed, over the size limit, a flood, a frame that is not JSON, a teacher's
control with a student's token, a page reconnecting in a loop, named or not) leaves the session and the other
students as they were; the
teacher's token runs `ask close` from the browser; and nothing a student sends reaches the
teacher's terminal with a control character. Every server here listens on loopback only.

Needs the built vmsh and the `websockets` package (scripts/test installs it).
  python3 Tests/EndToEnd/test_class.py
"""
import http.client
import json
import os
import time
import unittest
import urllib.parse

import vmshtest

try:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect
except ImportError:  # said by each test that needs it
    connect = None

HOME = vmshtest.Home("vmsh-class-")
CATALOG = os.path.join(HOME, "catalog.sqlite")
# A lane every test can ask about: d's subscriber x does "-a-b|".
LANE = 'let d = marbles "-a-b|"\nsubscribe d as x\n'


class Student:
    """One page's feed: the messages it was sent, in order, and what it sends."""

    def __init__(self, url):
        self.connection = connect(url, open_timeout=10)
        self.socket = self.connection.__enter__()
        self.messages = []

    def send(self, frame):
        self.socket.send(frame if isinstance(frame, (str, bytes)) else json.dumps(frame))

    def until(self, predicate, what, timeout=30):
        """Reads messages until one satisfies `predicate`; that message."""
        deadline = time.monotonic() + timeout
        while True:
            for message in self.messages:
                if predicate(message):
                    self.messages.remove(message)
                    return message
            left = deadline - time.monotonic()
            try:
                if left <= 0:
                    raise TimeoutError
                frame = self.socket.recv(timeout=left)
            except TimeoutError:
                raise AssertionError(f"timed out waiting for {what}; had {self.messages[-5:]}") from None
            self.messages += [json.loads(line) for line in frame.split("\n") if line]

    def told(self, kind):
        return self.until(lambda m: m["kind"] == kind, kind)

    def closed(self, timeout=10):
        """The close code once the server closes this page."""
        with self.assert_closes() as closing:
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                self.socket.recv(timeout=deadline - time.monotonic())
        return closing.code

    def assert_closes(self):
        return _Closing()

    def close(self):
        self.connection.__exit__(None, None, None)


class _Closing:
    code = None

    def __enter__(self):
        return self

    def __exit__(self, kind, value, traceback):
        if isinstance(value, ConnectionClosed):
            self.code = value.rcvd.code if value.rcvd else None
            return True
        return False


class ClassTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        HOME.vmsh("--catalog", CATALOG, "-c", "quit")

    def setUp(self):
        self.assertIsNotNone(connect, "install websockets (python3 -m pip install websockets)")
        self.served = vmshtest.Served(HOME, "--virtual-clock", "--serve", "0", catalog=CATALOG)
        self.addCleanup(self.served.end)
        line = vmshtest.wait_for(lambda: self.served.said("the teacher's page"), "the teacher's page", 10)
        self.teacher_token = urllib.parse.urlsplit(line.split(": ", 2)[2]).query.removeprefix("token=")
        self.students = []

    def student(self, token=None, query=""):
        url = self.served.feed if token is None else self.served.feed.replace(self.served.token, token)
        student = Student(url + query)
        self.students.append(student)
        self.addCleanup(student.close)
        return student

    def ask(self, line="ask d x"):
        self.served.send(line + "\n")
        for student in self.students:
            student.until(lambda m: m["kind"] == "question", "the question")

    def close_question(self, reader=None):
        self.served.send("wait 1s\nask close\n")
        return (reader or self.students[0]).until(lambda m: m["kind"] == "answers", "the answers")

    def test_a_changed_answer_replaces_the_first_and_counts_once(self):
        ann, bo = self.student(), self.student()
        self.served.send(LANE)
        self.ask()
        for student, answer in ((ann, "--a|"), (bo, "--a|"), (ann, "-a-b|")):
            student.send({"answer": answer})
            self.assertEqual(student.told("received"), {"kind": "received", "question": 1})
        answers = self.close_question()
        self.assertEqual((answers["answered"], answers["right"]), (2, 1), "Ann's second answer replaced her first")
        self.assertEqual(answers["lines"][1:], ["2 answered, 1 of 2 right", "right     -a-b|", "1 said    --a|",
                                                "           ^"])
        self.served.wait_output("2 answered, 1 of 2 right")
        self.assertIn("right     -a-b|\n[00:01.000] 1 said    --a|\n[00:01.000]            ^\n", self.served.output())

    def test_a_students_fork_runs_their_lines_for_them_alone_and_the_teacher_sees_the_room(self):
        ann, bo = self.student(), self.student()
        ann.send({"fork": "pipeline mine = isVisible | take 1"})
        self.assertEqual(ann.told("forked")["lines"],
                         ["vmsh: forks are closed: the teacher opens them with class fork on"])
        self.served.send("search sunset\nwait 2s\nclass fork on\nsay forks on\n")
        ann.until(lambda m: "forks on" in m.get("text", ""), "the teacher's line")
        ann.send({"fork": "pipeline mine = isVisible | filter true | take 1 | flattenMap metadata"})
        forked = ann.told("forked")
        self.assertEqual(forked["line"], "pipeline mine = isVisible | filter true | take 1 | flattenMap metadata")
        self.assertEqual(forked["lines"][0], "your fork of the session as it stood after command 2")
        ann.send({"fork": "serve off"})
        self.assertIn("a fork runs only", ann.told("forked")["lines"][0])
        bo.send({"fork": "stats"})
        self.assertEqual(bo.told("forked")["lines"][0], "your fork of the session as it stood after command 2")
        # Only the student that sent a line hears what it printed; the teacher's session saw none of it.
        self.served.send("class\nsay done\n")
        ann.until(lambda m: "done" in m.get("text", ""), "the teacher's last line")
        self.assertFalse([m for m in ann.messages if m["kind"] == "forked"])
        output = self.served.output()
        self.assertIn("2 following · forks open · 2 forks", output)
        self.assertIn("  1  pipeline mine = isVisible | filter true | take 1 | flattenMap metadata", output)
        self.assertIn("  1  (no pipeline written yet)", output)
        self.assertNotIn("pipeline mine = isVisible | take 1", output)

    def test_a_fork_of_a_session_on_the_live_clock_is_rebuilt_on_a_clock_of_its_own(self):
        live = vmshtest.Served(HOME, "--serve", "0", catalog=CATALOG)
        self.addCleanup(live.end)
        vmshtest.wait_for(lambda: live.said("the teacher's page"), "the teacher's page", 10)
        ann = Student(live.feed)
        self.addCleanup(ann.close)
        live.send("search sunset\nwait 1500ms\nclass fork on\nsay forks on\n")
        ann.until(lambda m: "forks on" in m.get("text", ""), "the teacher's line")
        ann.send({"fork": "marbles 1"})
        lines = ann.told("forked")["lines"]
        self.assertEqual(lines[0], "your fork of the session as it stood after command 2")
        # Stamped by the fork's own clock, which stands where the teacher's did after the wait: the
        # row shown at the search and its delay fired, as on the teacher's screen.
        self.assertRegex(lines[1], r'^\[00:01\.\d{3}\] row 1 "Sunset valley" of "sunset"$')
        self.assertRegex(lines[3], r"\] isVisible  t-")
        self.assertRegex(lines[4], r"\] delay\(1s\)  -+\(F\|\)")

    def test_an_exercise_counts_the_forks_whose_pipeline_makes_the_targets_calls(self):
        ann, bo = self.student(), self.student()
        self.served.send("pipeline tutorial = isVisible | filter true | delay 1s | takeUntil hidden | flattenMap metadata\n"
                         "search sunset\nwait 500ms\nscroll down\nwait 200ms\nscroll up\nwait 3s\n"
                         "class fork on\nexercise fixed\n")
        ann.until(lambda m: "exercise: write a pipeline that makes the same calls as fixed" in m.get("text", ""),
                  "the exercise")
        # Ann's restarts the tutorial's at each change of visibility, as fixed does; Bo forgot takeUntil.
        ann.send({"fork": "pipeline again = isVisible | switchToLatest tutorial | take 1"})
        bo.send({"fork": "pipeline forgot = isVisible | filter true | delay 1s | flattenMap metadata"})
        ann.told("forked")
        bo.told("forked")
        bo.send({"fork": "compare forgot fixed"})
        self.assertIn("[00:03.700]   flickr.photos.getFavorites       30     10", bo.told("forked")["lines"])
        self.served.send("class\n")
        self.served.wait_output("makes the same calls as fixed: 1 of 2 make the same calls as fixed")
        # Each group of forks under its pipeline, and the wrong one's calls beside the target's; then
        # where it first parts from the target, drawn as compare draws it (A: theirs, B: fixed).
        self.served.wait_output("[00:03.700]   1  pipeline forgot = isVisible | filter true | delay 1s | flattenMap metadata\n"
                                "[00:03.700]      calls otherwise than fixed: flickr.photos.getFavorites 30 (fixed 10), "
                                "flickr.photos.getInfo 30 (fixed 10)\n"
                                "[00:03.700]      row 1 differs first, at 00:00.500, on delay(1s)\n")
        self.served.wait_output("[00:03.700]      A delay(1s)            ----------t-   -   t   -   -\n"
                                "[00:03.700]      B delay(1s)            -!\n"
                                "[00:03.700]                              ^ first difference\n")
        self.assertIn("[00:03.700]   1  pipeline again = isVisible | switchToLatest tutorial | take 1\n"
                      "[00:03.700]      the same calls as fixed\n", self.served.output())

    def test_a_page_that_reconnects_with_its_id_answers_once_and_a_word_it_chose_counts_for_nothing(self):
        first = self.student()
        voter = first.told("voter")["id"]
        self.served.send(LANE)
        self.ask()
        # One connection, nine made-up words: one voter.
        for word in range(9):
            first.send({"answer": "--a|", "page": f"tab{word}"})
            first.told("received")
        first.close()
        self.students.remove(first)
        # The page follows again with the id it was given: the same voter, its answer replaced.
        again = self.student(query=f"&voter={voter}")
        self.assertEqual(again.told("voter"), {"kind": "voter", "id": voter})
        again.send({"answer": "-a-b|"})
        again.told("received")
        # An id the server did not give is none: a new voter, given a new id.
        made_up = self.student(query="&voter=" + "0" * 32)
        self.assertNotIn(made_up.told("voter")["id"], (voter, "0" * 32))
        answers = self.close_question(again)
        self.assertEqual((answers["answered"], answers["right"]), (1, 1), "the reconnected page's answer replaced it")

    def test_a_page_that_reconnects_in_a_loop_is_refused_named_or_not_and_the_others_follow_on(self):
        served = vmshtest.Served(HOME, "--virtual-clock", "--serve", "0", catalog=CATALOG,
                                 env={"VMSH_SERVE_LIMITS": "rejoins=3 leaves=6"})
        self.addCleanup(served.end)
        vmshtest.wait_for(lambda: served.said("the teacher's page"), "the teacher's page", 10)
        # A class joins from one address and stays: more pages than either limit.
        staying = [Student(served.feed) for _ in range(8)]
        for student in staying:
            self.addCleanup(student.close)
        looping = Student(served.feed)
        voter = looping.told("voter")["id"]
        looping.close()
        for _ in range(3):
            Student(served.feed + f"&voter={voter}").close()
        with self.assertRaises(Exception, msg="the fourth opening with its id within the window") as refused:
            Student(served.feed + f"&voter={voter}")
        self.assertIn("400", str(refused.exception))
        # A page that gives no id (or one the server did not give) is counted by its address: 4 of
        # its connections have ended; 2 more may, then a page from here that gives none is refused.
        Student(served.feed).close()
        Student(served.feed + "&voter=made-up").close()
        # Once the server has seen them go (the class of 8 is all that follows), the next is refused.
        vmshtest.wait_for(lambda: served.send("serve\n") or "8 students following" in served.output(),
                          "the pages that left to be gone", 10)
        time.sleep(0.2)
        with self.assertRaises(Exception, msg="an opening with no id after 6 ended from here") as refused:
            Student(served.feed)
        self.assertIn("400", str(refused.exception))
        # With the id it was given, a page from here still comes back.
        Student(served.feed + f"&voter={staying[0].told('voter')['id']}").close()
        # The session itself goes on, and the pages that stayed hear it.
        served.send("say still teaching\n")
        for student in staying:
            student.until(lambda m: "still teaching" in m.get("text", ""), "the next line")

    def test_an_answer_with_no_question_open_or_after_it_closed_is_refused_and_not_counted(self):
        ann, bo = self.student(), self.student()
        ann.send({"answer": "-a|"})
        self.assertEqual(ann.told("refused"), {"kind": "refused", "text": "no question is open"})
        self.served.send(LANE)
        self.ask()
        bo.send({"answer": "-a-b|"})
        bo.told("received")
        self.close_question()
        ann.send({"answer": "-a-b|"})
        self.assertEqual(ann.told("refused"), {"kind": "refused", "text": "question 1 is closed"})
        self.served.send("answers\n")
        vmshtest.wait_for(lambda: self.served.output().count("1 answered, 1 of 1 right") == 2, "answers again")

    def test_a_teachers_control_with_a_students_token_is_refused_and_with_the_teachers_runs(self):
        ann = self.student()
        self.served.send(LANE)
        self.ask()
        ann.send({"control": "ask close"})
        self.assertEqual(ann.told("refused")["text"], "only the teacher's page may ask, close or show answers")
        self.served.send("answers\n")
        self.served.wait_output("question 1 is open: 0 answered so far")
        teacher = self.student(self.teacher_token)
        teacher.send({"control": "quit"})
        teacher.send({"control": "ask close"})
        ann.until(lambda m: m["kind"] == "answers", "the close from the teacher's page")
        self.served.wait_output("0 answered, 0 of 0 right")
        self.assertIsNone(self.served.process.poll(), "quit is no control: the session goes on")
        # The teacher's token opens the page with its controls; a student's, without.
        pages = {}
        for who, token in (("teacher", self.teacher_token), ("student", self.served.token)):
            connection = http.client.HTTPConnection(self.served.host, self.served.port, timeout=10)
            connection.request("GET", "/?token=" + token)
            pages[who] = connection.getresponse().read().decode()
            connection.close()
        self.assertIn('data-teacher="1"', pages["teacher"])
        self.assertNotIn("data-teacher", pages["student"])
        self.served.send("quit\n")
        self.assertEqual(self.served.end(), 0)
        with open(self.served.err) as err:
            said = err.read()
        self.assertEqual(said.count(self.teacher_token), 1, "the teacher's token is said once, on standard error")
        self.assertNotIn(self.teacher_token, self.served.output())

    def test_malformed_frames_an_answer_over_the_size_limit_and_a_flood_are_closed_and_no_one_else_notices(self):
        bystander = self.student()
        self.served.send(LANE)
        self.ask()
        for frame, code in (("not json", 1008), ('{"answer": 3}', 1008), (b"\x00binary", 1003),
                            (json.dumps({"answer": "-" * 2000}), 1009)):
            sender = self.student()
            sender.send(frame)
            self.assertEqual(sender.closed(), code, repr(frame)[:40])
        flood = self.student()
        for _ in range(30):
            try:
                flood.send({"answer": "-a|"})
            except ConnectionClosed:
                break
        self.assertEqual(flood.closed(), 1008, "a flood is closed")
        bystander.send({"answer": "-a-b|"})
        bystander.told("received")
        answers = self.close_question()
        self.assertEqual((answers["answered"], answers["right"]), (2, 1), "the flood's one answer, the bystander's")
        self.served.send("say still here\n")
        bystander.until(lambda m: m.get("text") == "still here", "the session going on")

    def test_names_reach_the_teachers_terminal_and_no_page(self):
        zed, teacher = self.student(), self.student(self.teacher_token)
        self.ask('ask "Which?" *yes no')
        zed.send({"answer": "no", "name": "Zed Zebedee"})
        zed.told("received")
        self.close_question()
        self.served.send("answers --names\nsay after the names\nexport html names.html\n")
        self.served.wait_output("Zed Zebedee: no")
        for page in (zed, teacher):
            page.until(lambda m: m.get("text") == "after the names", "the line after the names")
            self.assertFalse(any("Zebedee" in json.dumps(m) for m in page.messages), page.messages)
        vmshtest.wait_for(lambda: os.path.exists(os.path.join(self.served.folder, "names.html")), "the export")
        with open(os.path.join(self.served.folder, "names.html"), encoding="utf-8") as exported:
            self.assertNotIn("Zebedee", exported.read())

    def test_the_right_choice_reaches_no_page_nor_export_while_open_whatever_space_is_before_its_mark(self):
        # An ASCII space, and a no-break space before the mark, as Option-Space types it on a Mac.
        for number, space in enumerate((" ", "\u00a0"), start=1):
            ann = self.student()
            self.ask(f'ask "Which is saved?" favorites{space}*comments both')
            self.served.send(f"export html open{number}.html\nexport cast open{number}.cast\nsay exported {number}\n")
            ann.until(lambda m: m.get("text") == f"exported {number}", "the line after the exports")
            late = self.student()
            late.told("question")
            self.served.wait_output(f"exported {number}")
            exported = []
            for name in (f"open{number}.html", f"open{number}.cast"):
                with open(os.path.join(self.served.folder, name), encoding="utf-8") as file:
                    exported.append(file.read())
            self.assertIn("favorites comments both", exported[0])
            for where in (ann.messages, late.messages, exported, [self.served.output()]):
                self.assertFalse([m for m in where if "*comments" in json.dumps(m, ensure_ascii=False)], where)
            self.served.send("ask close\n")
            ann.told("answers")

    def test_nothing_a_student_sends_reaches_the_terminal_with_a_control_character(self):
        self.served.send(LANE)
        eve = self.student()
        self.ask()
        eve.send({"answer": "n\u001b[2Jo\u202e", "name": "\u001b]0;owned\u0007Eve"})
        eve.told("received")
        self.served.send("ask close\nanswers --names\n")
        self.served.wait_output("Eve")
        output = self.served.output()
        self.assertNotIn("\u001b", output)
        self.assertNotIn("\u202e", output)
        self.assertIn("]0;owned Eve: n [2Jo", output)

    def test_answers_reads_any_closed_question_every_one_and_as_a_gradebook(self):
        self.served.send(LANE)
        ann, bob = self.student(), self.student()
        self.ask()
        ann.send({"answer": "-a-b|", "name": "Ann"})
        bob.send({"answer": "--a|", "name": "Bob"})
        ann.told("received")
        bob.told("received")
        self.close_question()
        self.ask('ask "Saved?" *yes no')
        ann.send({"answer": "no", "name": "Ann"})
        ann.told("received")
        self.close_question()
        # Peer instruction: the class talks it over and votes again, each answer counted afresh.
        self.served.send("ask again\n")
        again = ann.until(lambda m: m["kind"] == "question" and m.get("round") == 2, "the second round")
        self.assertEqual((again["question"], again["choices"]), (2, ["yes", "no"]))
        bob.until(lambda m: m["kind"] == "question" and m.get("round") == 2, "the second round")
        ann.send({"answer": "yes", "name": "Ann"})
        bob.send({"answer": "yes", "name": "Bob"})
        ann.told("received")
        bob.told("received")
        result = self.close_question()
        self.assertEqual((result["question"], result.get("round"), result["right"]), (2, 2, 2))
        self.assertIn("round 1: 0 of 1 right · round 2: 2 of 2 right", result["lines"])
        # A table the one-row-an-answer format wrote is vmsh's to write over; a user's file is not.
        folder = self.served.folder
        with open(os.path.join(folder, "former.csv"), "w") as table:
            table.write("question,asked,answered,right,answer,students,correct,round\n1,Q,1,1,a,1,yes,1\n")
        with open(os.path.join(folder, "theirs.csv"), "w") as table:
            table.write("student,grade\nAnn,A\n")
        os.chmod(os.path.join(folder, "theirs.csv"), 0o600)
        self.served.send("answers 1\nanswers 3\nanswers 2\nanswers --all\nanswers --csv class.csv\n"
                         "answers --csv named.csv --names\nanswers --csv former.csv\nanswers --csv theirs.csv\n"
                         "say done\n")
        self.served.wait_output("done")
        output = self.served.output()
        first = output.index("question 1: What will x of d do?")
        self.assertLess(first, output.index("question 2: Saved?"), "answers 1 prints question 1")
        with open(self.served.err, encoding="utf-8") as errors:
            self.assertIn("no closed question 3: the closed ones are 1, 2", errors.read())
        self.assertEqual(output.count("question 1: What will x of d do?"), 3, "closing it, answers 1, --all")
        self.assertEqual(output.count("question 2: Saved?"), 2, "closing it, then answers --all")
        # The second round: closing it, answers 2 (the latest round), --all; each time the rounds side by side.
        self.assertEqual(output.count("question 2, round 2: Saved?"), 3)
        self.assertEqual(output.count("round 1: 0 of 1 right · round 2: 2 of 2 right"), 3)
        self.assertIn("wrote 2 students by 2 questions (3 rounds) to class.csv", output)
        with open(os.path.join(self.served.folder, "class.csv"), encoding="utf-8") as table:
            rows = table.read().splitlines()
        # The gradebook: a row a student, a column a question's round, as answers graded them.
        self.assertEqual(rows[0], "student,right,question 1,question 2,question 2 round 2")
        # Ann (right, wrong, right) and Bob (wrong, none, right), numbered in the order their first
        # answers arrived, which two pages do not fix.
        self.assertEqual(sorted(row.split(",", 1)[1] for row in rows[1:]), ["1,0,,1", "2,1,0,1"])
        self.assertEqual(sorted(row.split(",", 1)[0] for row in rows[1:]), ["student 1", "student 2"])
        with open(os.path.join(self.served.folder, "named.csv"), encoding="utf-8") as table:
            self.assertEqual(sorted(table.read().splitlines()[1:]), ["Ann,2,1,0,1", "Bob,1,0,,1"])
        with open(os.path.join(folder, "former.csv"), encoding="utf-8") as table:
            self.assertEqual(table.read().splitlines()[0], rows[0])
        with open(os.path.join(folder, "theirs.csv"), encoding="utf-8") as table:
            self.assertEqual(table.read(), "student,grade\nAnn,A\n")
        self.assertEqual(os.stat(os.path.join(folder, "theirs.csv")).st_mode & 0o777, 0o600)
        with open(self.served.err, encoding="utf-8") as errors:
            self.assertIn("theirs.csv exists and was not written by answers --csv: choose another name", errors.read())
        self.assertNotIn("Ann", "\n".join(rows))

    def test_a_choice_question_takes_only_its_choices_which_keep_no_quotes(self):
        ann = self.student()
        self.served.send('ask "Which range?" "1-10" *"11-20" 21-30\n')
        asked = ann.until(lambda m: m["kind"] == "question", "the question")
        self.assertEqual(asked["choices"], ["1-10", "11-20", "21-30"])
        ann.send({"answer": "maybe"})
        self.assertEqual(ann.told("refused")["text"], "not one of the choices: 1-10, 11-20, 21-30")
        ann.send({"answer": "11-20"})
        ann.told("received")
        answers = self.close_question()
        self.assertEqual((answers["answered"], answers["right"]), (1, 1))


if __name__ == "__main__":
    vmshtest.main("the class answers")
