#!/usr/bin/env python3
"""The served page in headless Chromium: it is opened before a lesson starts (vmsh --serve, the
lesson fed to its standard input), follows it live, and must show what the lesson's own exported
page shows, in the same order: every command, narration, output line and diagram (a repeated one
as a reference), under the same title; then again after a reload, a student who joins late. It
loads nothing but its own address. A rewind (goto) shows where it happened, then what the teacher
saw after.

Needs the built vmsh and Debian's chromium (CHROMIUM names it).
  python3 Tests/Pictures/test_served_page.py
SHOTS=DIR also saves a screenshot of the page, 1024 px wide, in DIR (for a note).
"""
import json
import os
import subprocess
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
  figures: document.querySelectorAll('figure svg').length,
  svgWidths: [...document.querySelectorAll('figure svg')].map(s => s.getBoundingClientRect().width),
  sequence: [...document.querySelectorAll('main pre, main p.narration, main p.same, main figure, main p.rewind, main p.missed')]
    .flatMap(e => e.tagName == 'PRE' ? e.textContent.split('\\n').map(t => e.className + ': ' + t)
      : e.tagName == 'FIGURE' ? ['figure: ' + e.querySelector('figcaption').textContent]
      : [e.className + ': ' + e.textContent]),
})"""


class Session:
    """vmsh serving on loopback, its standard input a pipe the test writes the lesson to."""

    def __init__(self, folder, *args):
        self.folder = folder
        self.out, self.err = os.path.join(folder, "out.txt"), os.path.join(folder, "err.txt")
        with open(self.out, "wb") as out, open(self.err, "wb") as err:
            self.process = subprocess.Popen(
                [vmshtest.VMSH, "--no-rc", "--catalog", os.path.join(SHARED, "catalog.sqlite"), "--serve", "0",
                 *args], stdin=subprocess.PIPE, stdout=out, stderr=err, cwd=folder, env=SHARED.env())
        line = vmshtest.wait_for(lambda: self.said("serving this session read-only at "), "the page's address", 60)
        self.url = line.split(" at ", 1)[1]

    def said(self, start):
        with open(self.err) as f:
            return next((line.strip() for line in f if line.startswith("vmsh: " + start)), None)

    def send(self, text):
        self.process.stdin.write(text.encode())
        self.process.stdin.flush()

    def end(self):
        self.process.stdin.close()
        return self.process.wait(timeout=60)


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
        session = Session(folder, "--virtual-clock", "--echo")
        try:
            self.open(session.url)
            self.wait_page("following the session live", "the page to connect")
            self.assertEqual(self.probe()["sequence"], [], "nothing yet: the lesson has not started")
            with open(os.path.join(CLASSES, "throttling.vmsh")) as f:
                session.send(f.read())
            live = self.wait_page("wrote the session and 4 diagrams to throttling.html", "the last line, live")
            base = session.url.split("?", 1)[0]
            self.assertEqual([url for url in self.chromium.requested() if not url.startswith(base)], [],
                             "the page loads nothing from elsewhere")

            self.open("file://" + os.path.join(folder, "throttling.html"))
            exported = self.probe()
            self.assertEqual(live["title"], exported["title"])
            self.assertEqual(live["title"], "Why the tutorial throttles metadata with delay and takeUntil")
            self.assertEqual(live["sequence"][:len(exported["sequence"])], exported["sequence"],
                             "what the exported page shows, in its order")
            self.assertEqual(live["sequence"][len(exported["sequence"]):],
                             ["output: [00:06.500] wrote the session and 4 diagrams to throttling.html"])
            self.assertEqual(live["figures"], 3, "row 11, row 21 and row 1; row 21 again is a reference")
            self.assertEqual(sum(1 for s in live["sequence"] if s.startswith("same: ")), 1)
            self.assertTrue(all(width > 300 for width in live["svgWidths"]), live["svgWidths"])
            kinds = [entry.split(":", 1)[0] for entry in live["sequence"]]
            self.assertEqual(kinds.index("narration") < kinds.index("figure"), True)

            # A student who comes late gets the session so far, the same page.
            self.open(session.url)
            late = self.wait_page("wrote the session and 4 diagrams", "the history after a reload")
            self.assertEqual(late, live)
            if os.environ.get("SHOTS"):
                self.save_shot(os.environ["SHOTS"])
        finally:
            self.assertEqual(session.end(), 0, open(session.err).read())
        self.assertNotIn(session.url.split("token=")[1], open(session.out).read(), "never on standard output")

    def test_a_rewind_shows_where_it_happened_then_what_the_teacher_saw(self):
        folder = SHARED.folder()
        session = Session(folder, "--virtual-clock", "--echo")
        try:
            self.open(session.url)
            self.wait_page("following the session live", "the page to connect")
            session.send("search sunset\nwait 2s\nscroll down\nwait 2s\ngoto 2\nsay after the rewind\n")
            page = self.wait_page("after the rewind", "the narration after goto")
            sequence = page["sequence"]
            at = sequence.index("command: > goto 2")
            self.assertEqual(sequence[at + 1], "rewind: ⟲ rewound to command 2 (wait 2s): the session goes on from there.")
            self.assertEqual(sequence[at + 2], "output: [00:02.000] back at command 2 (wait 2s); the stack:")
            self.assertEqual(sequence[-1], "narration: after the rewind")
            self.assertNotIn("output: [00:02.400] search", sequence, "the replay itself is not shown")
            self.assertEqual(sequence.count("command: > search sunset"), 1)
        finally:
            session.end()

    def test_a_clock_change_shows_in_the_line_that_says_the_page_follows(self):
        # No command of this build changes how the clock runs yet: the message is handed to the
        # page's own handler, as the feed sends it (SessionFeed.clock).
        folder = SHARED.folder()
        session = Session(folder, "--virtual-clock")
        try:
            self.open(session.url)
            self.wait_page("following the session live", "the page to connect")
            self.chromium.evaluate('show({"kind": "clock", "text": "playing at 2x"}), true')
            self.assertEqual(self.chromium.evaluate("document.getElementById('live').textContent"),
                             "following the session live · clock playing at 2x")
            self.chromium.evaluate('show({"kind": "missed", "count": 7}), true')
            self.assertEqual(self.probe()["sequence"], ["missed: The session's first 7 messages are no longer kept here."])
        finally:
            session.end()
        self.wait_page("the teacher stopped serving; this page follows again if it comes back", "the page to see vmsh end")

    def save_shot(self, folder):
        os.makedirs(folder, exist_ok=True)
        height = self.chromium.evaluate("document.documentElement.scrollHeight")
        with open(os.path.join(folder, "served-page.png"), "wb") as f:
            f.write(self.chromium.screenshot(0, 0, WIDTH, height))


if __name__ == "__main__":
    vmshtest.main("the served page in headless chromium")
