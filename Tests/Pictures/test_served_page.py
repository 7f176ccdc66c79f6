#!/usr/bin/env python3
"""The served page in headless Chromium: it is opened before a lesson starts (vmsh --serve, the
lesson fed to its standard input), follows it live, and must show what the lesson's own exported
page shows, in the same order: every command, narration, output line and diagram (a repeated one
as a reference), under the same title; then again after a reload, a student who joins late. It
loads nothing but its own address. A rewind (goto) shows where it happened, then what the teacher
saw after, and a `graph` drawn then is a figure, an inert image, in place of its text. Two
students answer a marble question from their pages, one right, one wrong: each page shows 1 of 2
right with the wrong lane and its caret, and a student who comes late looks back to the question.

Needs the built vmsh and Debian's chromium (CHROMIUM names it).
  python3 Tests/Pictures/test_served_page.py
SHOTS=DIR also saves a screenshot of the page, 1024 px wide, in DIR (for a note).
"""
import json
import os
import sys
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "EndToEnd"))
import vmshtest  # noqa: E402
from test_svg import CHROMIUM  # noqa: E402
from test_lesson_page import Chromium  # noqa: E402

CLASSES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lesson-page")
SHARED = vmshtest.Home("vmsh-served-page-")
WIDTH = 1024

# The page as a reader meets it, one entry a line: its title, each command, comment, output and
# error line, each narration, each figure (its caption and title) and each reference to an earlier
# one, each rewind; the same probe reads the exported page and the served one.
PROBE = """JSON.stringify({
  title: document.querySelector('h1').textContent,
  figures: document.querySelectorAll('figure svg, figure img').length,
  svgWidths: [...document.querySelectorAll('figure svg, figure img')].map(s => s.getBoundingClientRect().width),
  folds: [...document.querySelectorAll('main details summary')].map(s => s.textContent),
  sequence: [...document.querySelectorAll('main pre, main p.narration, main p.same, main figure, main p.rewind, main p.missed')]
    .flatMap(e => e.tagName == 'PRE' ? e.textContent.split('\\n').map(t => e.className + ': ' + t)
      : e.tagName == 'FIGURE' ? ['figure: ' + e.querySelector('figcaption').textContent]
      : [e.className + ': ' + e.textContent]),
})"""


# How each kind of line looks: the computed style of the first of each, on either page.
STYLES = """JSON.stringify(Object.fromEntries(
  ['h1', 'pre.command', 'p.narration', 'pre.output', 'details', 'summary', 'figure', 'figcaption', 'figcaption code',
   'p.same'].map(selector => {
    const element = document.querySelector('main ' + selector);
    if (!element) return [selector, null];
    const style = getComputedStyle(element);
    return [selector, ['font-family', 'font-size', 'font-weight', 'font-style', 'color', 'background-color',
      'border-left', 'padding', 'margin', 'white-space', 'line-height'].map(name => style.getPropertyValue(name))];
  })))"""


IMAGES_LOADED = "[...document.images].every(image => image.complete && image.naturalWidth > 0)"
# Where the view stands: at the page's end, the open question and the look-back bar inside it.
VIEW = """JSON.stringify((() => {
  const inView = element => { const r = element.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; };
  const question = document.querySelector('section.question.open');
  return {atEnd: innerHeight + scrollY >= document.documentElement.scrollHeight - 40, scrollY,
          scrollHeight: document.documentElement.scrollHeight,
          questionInView: question !== null && inView(question), barInView: inView(document.getElementById('look')),
          lookingBack: document.getElementById('look').className === 'back'};
})())"""


def served(folder, *args, env=None):
    """vmsh serving on loopback, its standard input a pipe the test writes the lesson to."""
    return vmshtest.Served(SHARED, "--serve", "0", *args, catalog=os.path.join(SHARED, "catalog.sqlite"),
                           folder=folder, env=env)


class ServedPageTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.chromium = Chromium() if CHROMIUM else None
        # The catalog, made once, so no lesson waits for it.
        SHARED.vmsh("--catalog", os.path.join(SHARED, "catalog.sqlite"), "-c", "quit")

    @classmethod
    def tearDownClass(cls):
        if cls.chromium:
            cls.chromium.close()

    def setUp(self):
        self.assertIsNotNone(CHROMIUM, "install chromium (apt-get install -y chromium)")

    def open(self, url):
        self.chromium.send("Emulation.setDeviceMetricsOverride", width=WIDTH, height=768, deviceScaleFactor=1,
                           mobile=False)
        self.chromium.events.clear()
        self.chromium.send("Page.navigate", url=url)
        self.chromium.wait_event("Page.loadEventFired")

    def probe(self):
        return json.loads(self.chromium.evaluate(PROBE))

    def wait_page(self, text, what):
        """Until the page's text holds `text`; the probe then."""
        expression = "document.body.innerText.includes(%s)" % json.dumps(text)
        vmshtest.wait_for(lambda: self.chromium.evaluate(expression), what, 30,
                          detail=lambda: self.chromium.evaluate("document.body.innerText.slice(-2000)"))
        return self.probe()

    def test_the_page_follows_a_lesson_as_its_exported_page_shows_it_and_again_after_a_reload(self):
        folder = SHARED.folder()
        session = served(folder, "--virtual-clock", "--echo")
        try:
            self.open(session.url)
            self.wait_page("following the session live", "the page to connect")
            self.assertEqual(self.probe()["sequence"], [], "nothing yet: the lesson has not started")
            with open(os.path.join(CLASSES, "throttling.vmsh")) as f:
                session.send(f.read())
            live = self.wait_page("wrote the session and 4 diagrams to throttling.html", "the last line, live")
            base = session.url.split("?", 1)[0]
            requested = self.chromium.requested()
            self.assertEqual([url for url in requested if not url.startswith((base, "data:image/svg+xml"))], [],
                             "the page loads nothing from elsewhere")
            self.assertEqual(len({url for url in requested if url.startswith("data:")}), 3, "its figures, inline")

            live_styles = json.loads(self.chromium.evaluate(STYLES))
            self.open("file://" + os.path.join(folder, "throttling.html"))
            exported = self.probe()
            exported_styles = json.loads(self.chromium.evaluate(STYLES))
            self.assertEqual(live_styles, exported_styles, "styled like the exported page, kind by kind")
            self.assertEqual([kind for kind, style in live_styles.items() if style is None], [],
                             "every kind is on both pages")
            self.assertEqual(live["folds"], exported["folds"], "long output folded as there")
            self.assertGreaterEqual(len(live["folds"]), 2)
            self.assertEqual(live["title"], exported["title"])
            self.assertEqual(live["title"], "Why the tutorial throttles metadata with delay and takeUntil")
            self.assertEqual(live["sequence"][:len(exported["sequence"])], exported["sequence"],
                             "what the exported page shows, in its order")
            self.assertEqual(live["sequence"][len(exported["sequence"]):],
                             ["output: [00:06.500] wrote the session and 4 diagrams to throttling.html"])
            self.assertEqual(live["figures"], 3, "row 11, row 21 and row 1; row 21 again is a reference")
            self.assertEqual(sum(1 for s in live["sequence"] if s.startswith("same: ")), 1)
            self.assertTrue(all(width > 300 for width in live["svgWidths"]), live["svgWidths"])
            self.assertEqual([round(w) for w in live["svgWidths"]], [round(w) for w in exported["svgWidths"]],
                             "each figure as wide as there (an image's width, to the pixel)")

            # A student who comes late gets the session so far, the same page.
            self.open(session.url)
            late = self.wait_page("wrote the session and 4 diagrams", "the history after a reload")
            self.assertEqual(late, live)
            if os.environ.get("SHOTS"):
                self.save_shot(os.environ["SHOTS"])
        finally:
            self.assertEqual(session.end(), 0, open(session.err).read())
        self.assertNotIn(session.url.split("token=")[1], open(session.out).read(), "never on standard output")

    def test_a_session_in_colour_reaches_the_page_without_the_terminals_escapes(self):
        folder = SHARED.folder()
        # Colour on, as at a colour terminal (FORCE_COLOR, force-color.org).
        session = served(folder, "--virtual-clock", "--echo", env={"FORCE_COLOR": "1"})
        try:
            self.open(session.url)
            self.wait_page("following the session live", "the page to connect")
            session.send("say in colour at the terminal\nsearch sunset\nwait 2s\nback\n")
            self.wait_page("pop SearchResultsViewModel", "the last line")
            with open(session.out, encoding="utf-8") as out:
                self.assertIn("\x1b[", out.read(), "the terminal's side is in colour")
            page = self.chromium.evaluate("document.documentElement.outerHTML")
            self.assertIn("push SearchResultsViewModel", page)
            self.assertFalse(any(mark in page for mark in ("\x1b", "\u241b", "[36m", "[0m")), page[-3000:])
        finally:
            self.assertEqual(session.end(), 0, open(session.err).read())

    def test_the_page_is_titled_by_the_lessons_first_comment_without_echo_too(self):
        folder = SHARED.folder()
        session = served(folder, "--virtual-clock")
        try:
            self.open(session.url)
            self.wait_page("following the session live", "the page to connect")
            session.send("# A first class, from the top\nsay welcome\n")
            self.assertEqual(self.wait_page("welcome", "the narration")["title"], "A first class, from the top")
            self.assertEqual(self.chromium.evaluate("document.title"), "A first class, from the top")
            # A student who comes late is told it too.
            self.open(session.url)
            self.assertEqual(self.wait_page("welcome", "the history")["title"], "A first class, from the top")
        finally:
            self.assertEqual(session.end(), 0, open(session.err).read())

    def test_a_late_page_lands_at_the_live_end_with_the_open_question_in_view_and_the_bar_follows(self):
        folder = SHARED.folder()
        session = served(folder, "--virtual-clock")
        try:
            lines = ['let d = marbles "-a-b|"', "subscribe d as x", "wait 1s", "marbles d"]
            lines += [f"say the first part, line {n}" for n in range(250)]
            lines += ["marbles d", 'ask "Which call is saved?" favorites *comments']
            lines += [f"say the second part, line {n}" for n in range(250)] + ["marbles d", "say the live end"]
            session.send("\n".join(lines) + "\n")
            session.wait_output("the live end")
            # A student who opens the page now, 500 lines and three figures into the class.
            self.open(session.url)
            self.wait_page("the live end", "the last line")
            vmshtest.wait_for(lambda: self.chromium.evaluate(IMAGES_LOADED), "the figures to load", 30)
            time.sleep(0.3)
            view = json.loads(self.chromium.evaluate(VIEW))
            self.assertTrue(view["atEnd"], view)
            self.assertTrue(view["questionInView"], view)
            self.assertTrue(view["barInView"], view)
            self.assertGreater(view["scrollY"], 5000, "a long page, scrolled")
            # Looking back moves the view to where the page now ends; the bar stays in view.
            self.chromium.evaluate("(document.querySelectorAll('#look button')[1].click(), true)")
            looked = json.loads(self.chromium.evaluate(VIEW))
            self.assertTrue(looked["lookingBack"], looked)
            self.assertTrue(looked["atEnd"], looked)
            self.assertTrue(looked["barInView"], looked)
            self.assertLess(looked["scrollHeight"], view["scrollHeight"], "drawn up to the command looked back to")
        finally:
            self.assertEqual(session.end(), 0, open(session.err).read())

    def test_a_rewind_shows_where_it_happened_then_what_the_teacher_saw(self):
        folder = SHARED.folder()
        session = served(folder, "--virtual-clock", "--echo")
        try:
            self.open(session.url)
            self.wait_page("following the session live", "the page to connect")
            session.send("search sunset\nwait 2s\nscroll down\nwait 2s\ngoto 2\nsay after the rewind\ngraph 1\n"
                         "say after the graph\n")
            page = self.wait_page("after the graph", "the narration after the graph")
            sequence = page["sequence"][:-3]
            at = sequence.index("command: > goto 2")
            self.assertEqual(sequence[at + 1], "rewind: ⟲ rewound to command 2 (wait 2s): the session goes on from there.")
            self.assertEqual(sequence[at + 2], "output: [00:02.000] back at command 2 (wait 2s); the stack:")
            self.assertEqual(sequence[-1], "narration: after the rewind")
            self.assertNotIn("output: [00:02.400] search", sequence, "the replay itself is not shown")
            self.assertEqual(sequence.count("command: > search sunset"), 1)
            # The graph drawn after the rewind: a figure in place of its text drawing, an inert image.
            self.assertEqual(page["sequence"][-3:], [
                "command: > graph 1", 'figure: Figure 1. row 1 "Sunset valley" of "sunset", pipeline fixed graph 1',
                "narration: after the graph"])
            self.assertEqual(page["figures"], 1)
            image = json.loads(self.chromium.evaluate(
                "JSON.stringify([...document.querySelectorAll('main figure img')].map(i => "
                "[i.src.slice(0, 42), decodeURIComponent(i.src).includes('<svg'), i.naturalWidth > 300]))"))
            self.assertEqual(image, [["data:image/svg+xml;charset=utf-8,%3Csvg%20", True, True]])
        finally:
            session.end()

    def test_the_clock_shows_in_the_line_that_says_the_page_follows_late_and_after_a_rewind(self):
        # At a prompt, where the virtual clock plays.
        terminal = vmshtest.Terminal(f"--catalog {vmshtest.sh(os.path.join(SHARED, 'catalog.sqlite'))} "
                                     "--virtual-clock --serve 0", width=200, home=SHARED)
        self.addCleanup(terminal.close)
        terminal.wait_text("vmsh [paused 00:00.000]›", 60)
        url = "http" + terminal.text().split("serving this session read-only at http", 1)[1].split()[0]
        terminal.type("search sunset\r")
        terminal.type("wait 1s\r")
        terminal.wait_text("executing = false")
        terminal.type("clock play\r")
        terminal.wait_text("clock playing at 1x")
        # A student who opens the page now, after the change, is told how the clock runs.
        self.open(url)
        self.wait_live("following the session live · clock playing at 1x", "the clock, for a late student")
        terminal.type("goto 1\r")
        self.wait_page("rewound to command 1", "the rewind")
        self.wait_live("following the session live · clock playing at 1x", "the clock after the rewind")
        terminal.type("clock pause\r")
        self.wait_live("following the session live · clock paused", "the clock paused")
        self.open(url)
        self.wait_live("following the session live · clock paused", "the clock, after a reload")
        self.chromium.evaluate('show({"kind": "missed", "count": 7}), true')
        self.assertIn("missed: The session's first 7 messages are no longer kept here.", self.probe()["sequence"])
        terminal.type("quit\r")
        self.wait_live("the teacher stopped serving; this page follows again if it comes back · clock paused",
                       "the page to see vmsh end")
        self.assertEqual(terminal.exit_status(20), 0)

    def test_two_students_answer_a_marble_question_and_a_late_one_looks_back_to_it_closed(self):
        session = served(SHARED.folder(), "--virtual-clock", "--echo")
        first = self.chromium.session
        pages = [first] + [self.new_page() for _ in range(2)]
        try:
            ann, bo, late = pages
            for page in (ann, bo):
                self.on(page)
                self.open(session.url)
                self.wait_page("following the session live", "the page to connect")
            session.send('let d = marbles "-a-b|"\nsubscribe d as x\nask d x\n')
            for page, answer in ((ann, "-a-b|"), (bo, "--a|")):
                self.on(page)
                self.wait_page("What will x of d do?", "the question")
                # A marble string is checked as it is typed, in expect-marbles' notation.
                self.assertEqual(self.type_answer("-a)"), [True, "a ) without a ( and an event"])
                self.assertEqual(self.type_answer(answer), [False, ""])
                self.chromium.evaluate("document.querySelector('form.answer').requestSubmit(), true")
                self.wait_page("your answer counts; you may change it", "the answer taken")
            # Ann's tab loads the page again: it follows with the id the server gave it, and its
            # answer again is still one of two.
            self.on(ann)
            voter = self.chromium.evaluate("sessionStorage.getItem('vmsh-voter')")
            self.assertRegex(voter, r"^[0-9a-f]{32}$")
            self.open(session.url)
            self.wait_page("What will x of d do?", "the question, after the reload")
            self.type_answer("-a-b|")
            self.chromium.evaluate("document.querySelector('form.answer').requestSubmit(), true")
            self.wait_page("your answer counts; you may change it", "the answer taken again")
            self.assertEqual(self.chromium.evaluate("sessionStorage.getItem('vmsh-voter')"), voter)
            session.send("wait 1s\nask close\n")
            result = "closed: 2 answered, 1 of 2 right"
            drawn = ["question 1: What will x of d do? Answer as a marble string (- is 100 ms).",
                     "2 answered, 1 of 2 right", "right     -a-b|", "1 said    --a|", "           ^"]
            for page in (ann, bo):
                self.on(page)
                self.wait_page(result, "the answers on each page")
                self.assertEqual(self.question_box(), [result, "\n".join(drawn)])
                self.assertIn("output: [00:01.000] 1 said    --a|", self.probe()["sequence"])
            session.wait_output("[00:01.000]            ^\n")
            self.assertIn("\n".join("[00:01.000] " + line for line in drawn), session.output(), "on the prompt too")

            # A student who comes late looks back one command, to before `ask close`: the question
            # closed, with its result, and not yet the lines `ask close` printed.
            self.on(late)
            self.open(session.url)
            self.wait_page(result, "the history, for a late student")
            self.chromium.evaluate("[...document.querySelectorAll('#look button')].find(b => "
                                   "b.textContent === '◀ command').click(), true")
            looked = self.probe()["sequence"]
            self.assertEqual(looked[-1], "output: [00:00.400] x: completed", looked[-3:])
            self.assertNotIn("command: > ask close", looked)
            self.assertNotIn("output: [00:01.000] 1 said    --a|", looked)
            self.assertEqual(self.question_box(), [result, "\n".join(drawn)])
            self.assertTrue(self.chromium.evaluate("document.querySelector('#look').textContent.includes('looking back')"))
            self.chromium.evaluate("[...document.querySelectorAll('#look button')].find(b => "
                                   "b.textContent === 'live').click(), true")
            self.assertIn("output: [00:01.000] 1 said    --a|", self.probe()["sequence"], "live again")
        finally:
            self.on(first)
            for page in pages[1:]:
                self.chromium.send("Target.detachFromTarget", sessionId=page)
            session.end()

    def fork_line(self, line):
        """Types `line` into this page's try-it box and runs it, as a student does."""
        self.chromium.evaluate("(() => { const input = document.querySelector('#try input'); input.value = %s; "
                               "document.querySelector('#try form').requestSubmit(); return true; })()"
                               % json.dumps(line))

    def test_two_students_fork_one_matches_fixed_one_forgets_takeuntil_and_the_teacher_sees_the_room(self):
        lesson = ("pipeline tutorial = isVisible | filter true | delay 1s | takeUntil hidden | flattenMap metadata\n"
                  "search sunset\nwait 500ms\nscroll down\nwait 200ms\nscroll up\nwait 3s\n"
                  "class fork on\nexercise fixed\n")
        session = served(SHARED.folder(), "--virtual-clock")
        first = self.chromium.session
        pages = [first, self.new_page()]
        try:
            for page in pages:
                self.on(page)
                self.open(session.url)
                self.wait_page("following the session live", "the page to connect")
            session.send(lesson)
            written = {"ann": "pipeline again = isVisible | switchToLatest tutorial | take 1",
                       "bo": "pipeline forgot = isVisible | filter true | delay 1s | flattenMap metadata"}
            for page, who in zip(pages, ("ann", "bo")):
                self.on(page)
                self.wait_page("exercise: write a pipeline that makes the same calls as fixed", "the exercise")
                self.fork_line(written[who])
                self.wait_page("your fork of the session as it stood after command 7", "the fork's first reply")
            # Each page shows its own lines only.
            self.on(pages[1])
            self.fork_line("compare forgot fixed")
            self.wait_page("saved by the visibility delay", "Bo's compare")
            fork_text = self.chromium.evaluate("document.querySelector('pre.fork').textContent")
            self.assertIn("> " + written["bo"], fork_text)
            self.assertNotIn(written["ann"], fork_text)
            self.on(first)
            self.assertNotIn("compare forgot fixed", self.chromium.evaluate("document.body.innerText"))
            session.send("say done\n")
            session.wait_output("» done\n")
            teacher = session.output()
            session.send("class\n")
            session.wait_output("makes the same calls as fixed: 1 of 2 make the same calls as fixed")
            # The wrong group drawn where it first parts from fixed, the difference marked.
            session.wait_output("row 1 differs first, at 00:00.500, on delay(1s)")
            session.wait_output("^ first difference")
            room = session.output()[len(teacher):]
            self.assertIn("2 following · forks open · 2 forks", room)
            self.assertIn("calls otherwise than fixed: flickr.photos.getFavorites 30 (fixed 10), "
                          "flickr.photos.getInfo 30 (fixed 10)", room)
        finally:
            self.on(first)
            self.chromium.send("Target.detachFromTarget", sessionId=pages[1])
            session.end()
        # The teacher's transcript is the one the same lesson gives with no student forking.
        alone = served(SHARED.folder(), "--virtual-clock")
        try:
            alone.send(lesson + "say done\n")
            alone.wait_output("» done\n")
            self.assertEqual(alone.output(), teacher)
        finally:
            alone.end()

    def test_a_question_asked_again_is_a_second_box_on_the_page_answered_afresh(self):
        session = served(SHARED.folder(), "--virtual-clock", "--echo")
        try:
            self.open(session.url)
            self.wait_page("following the session live", "the page to connect")
            session.send('ask "Saved?" *yes no\n')
            self.wait_page("open: your answer counts once", "the question")
            self.click_choice("no")
            self.wait_page("your answer counts; you may change it", "the answer taken")
            session.send("ask close\nask again\n")
            self.wait_page("Question 1, round 2", "the second round")
            # The first round's box keeps its result; the second is open, its buttons its own.
            self.click_choice("yes")
            self.wait_page("your answer counts; you may change it", "the second answer taken")
            session.send("ask close\n")
            self.wait_page("round 1: 0 of 1 right · round 2: 1 of 1 right", "both rounds side by side")
            boxes = json.loads(self.chromium.evaluate(
                "JSON.stringify([...document.querySelectorAll('section.question')].map(b => "
                "[b.id, b.querySelector('h2').textContent, b.querySelector('.state').textContent]))"))
            self.assertEqual(boxes, [
                ["question-1", "Question 1", "closed: 1 answered, 0 of 1 right"],
                ["question-1-2", "Question 1, round 2", "closed: 1 answered, 1 of 1 right"],
            ])
        finally:
            session.end()

    def click_choice(self, choice):
        """Clicks the open question's button for `choice`."""
        self.chromium.evaluate("[...document.querySelectorAll('section.question.open form.answer button')]"
                               ".find(b => b.textContent === %s).click(), true" % json.dumps(choice))

    def new_page(self):
        """Another tab in the same Chromium: its session, to pass to `on`."""
        target = self.chromium.send("Target.createTarget", url="about:blank")["targetId"]
        page = self.chromium.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.on(page)
        for domain in ("Page", "Network", "Runtime"):
            self.chromium.send(domain + ".enable")
        return page

    def on(self, page):
        self.chromium.session = page

    def type_answer(self, text):
        """Types `text` in the answer box: whether the button is disabled, and what the check says."""
        return json.loads(self.chromium.evaluate(
            "(() => { const i = document.querySelector('input.marbles'); i.value = %s; "
            "i.dispatchEvent(new Event('input')); return JSON.stringify([document.querySelector('form.answer button')"
            ".disabled, document.querySelector('form.answer .check').textContent]); })()" % json.dumps(text)))

    def question_box(self):
        """The question's state and the answers drawn under it."""
        return json.loads(self.chromium.evaluate(
            "JSON.stringify([document.querySelector('section.question .state').textContent, "
            "document.querySelector('section.question pre.answers').textContent])"))

    def wait_live(self, text, what):
        """Until the line that says whether the page follows reads `text`."""
        expression = "document.getElementById('live').textContent"
        vmshtest.wait_for(lambda: self.chromium.evaluate(expression) == text, what, 30,
                          detail=lambda: self.chromium.evaluate(expression))

    def save_shot(self, folder):
        os.makedirs(folder, exist_ok=True)
        height = self.chromium.evaluate("document.documentElement.scrollHeight")
        with open(os.path.join(folder, "served-page.png"), "wb") as f:
            f.write(self.chromium.screenshot(0, 0, WIDTH, height))


if __name__ == "__main__":
    vmshtest.main("the served page in headless chromium")
