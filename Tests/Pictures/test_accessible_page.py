#!/usr/bin/env python3
"""The served page and an exported lesson page for everyone, in headless Chromium: axe-core (the
engine PyPI's axe-selenium-python ships, run in the page over the DevTools protocol) finds no
violation on the served page while it follows a lesson with a figure, while a question is open,
while a student looks back, and on the page `export html` wrote. The live transcript is a
`role="log"` region a student can pause (WCAG 2.2.2): lines that arrive while it is paused are not
drawn, the bar says how many wait, and resuming draws every one of them, in order. All of it by
keyboard alone.

Needs the built vmsh, Debian's chromium and axe-core (scripts/test installs axe-selenium-python
into .build/python-packages).
  python3 Tests/Pictures/test_accessible_page.py
"""
import glob
import json
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "EndToEnd"))
import vmshtest  # noqa: E402
from test_lesson_page import Chromium  # noqa: E402
from test_svg import CHROMIUM  # noqa: E402

SHARED = vmshtest.Home("vmsh-accessible-page-")
PACKAGES = os.path.join(vmshtest.ROOT, ".build", "python-packages")
AXE = next(iter(glob.glob(os.path.join(PACKAGES, "axe_selenium_python", "node_modules", "axe-core", "axe.min.js"))),
           None)
LESSON = """\
# Accessible: a search, a figure and a question.
say Watch the first row.
search sunset
wait 2s
marbles 1
"""


def served(folder):
    return vmshtest.Served(SHARED, "--serve", "0", "--virtual-clock", "--echo",
                           catalog=os.path.join(SHARED, "catalog.sqlite"), folder=folder)


class AccessiblePageTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.chromium = Chromium() if CHROMIUM else None
        SHARED.vmsh("--catalog", os.path.join(SHARED, "catalog.sqlite"), "-c", "quit")

    @classmethod
    def tearDownClass(cls):
        if cls.chromium:
            cls.chromium.close()

    def setUp(self):
        self.assertIsNotNone(CHROMIUM, "install chromium (apt-get install -y chromium)")
        self.assertIsNotNone(AXE, "install axe-selenium-python (python3 -m pip install axe-selenium-python)")

    def open(self, url):
        self.chromium.send("Emulation.setDeviceMetricsOverride", width=1024, height=768, deviceScaleFactor=1,
                           mobile=False)
        self.chromium.send("Page.navigate", url=url)
        self.chromium.wait_event("Page.loadEventFired")

    def wait_page(self, text, what):
        expression = "document.body.innerText.includes(%s)" % json.dumps(text)
        vmshtest.wait_for(lambda: self.chromium.evaluate(expression), what, 30,
                          detail=lambda: self.chromium.evaluate("document.body.innerText.slice(-2000)"))

    def violations(self):
        """axe-core's violations on the page as it stands: each rule's id, impact and the elements."""
        with open(AXE, encoding="utf-8") as f:
            # Evaluated over the DevTools protocol: the page's policy lets only its own script run.
            self.chromium.send("Runtime.evaluate", expression=f.read(), returnByValue=True)
        result = self.chromium.send(
            "Runtime.evaluate", awaitPromise=True, returnByValue=True,
            expression="axe.run(document, {resultTypes: ['violations']}).then(r => JSON.stringify("
                       "r.violations.map(v => [v.id, v.impact, v.nodes.map(n => n.target.join(' ')).slice(0, 5)])))")
        self.assertNotIn("exceptionDetails", result, result)
        return json.loads(result["result"]["value"])

    def key(self, key):
        """A key pressed as a keyboard presses it, to whatever has the focus."""
        code = {"Enter": 13, " ": 32, "ArrowLeft": 37}.get(key, 0)
        text = {"Enter": "\r", " ": " "}.get(key)
        self.chromium.send("Input.dispatchKeyEvent", type="keyDown", key=key, code=key, windowsVirtualKeyCode=code,
                           **({"text": text} if text else {}))
        self.chromium.send("Input.dispatchKeyEvent", type="keyUp", key=key, code=key, windowsVirtualKeyCode=code)

    def feed_text(self):
        return self.chromium.evaluate("document.getElementById('feed').innerText")

    def test_the_page_following_asking_and_looking_back_and_the_exported_page_have_no_violation(self):
        folder = SHARED.folder()
        session = served(folder)
        self.open(session.url)
        self.wait_page("following the session live", "the page to connect")
        session.send(LESSON)
        self.wait_page("Figure 1.", "the diagram as a figure")
        self.assertEqual(self.violations(), [], "following")
        # Every figure says in words what it draws.
        alternatives = json.loads(self.chromium.evaluate(
            "JSON.stringify([...document.querySelectorAll('figure img')].map(i => i.alt))"))
        self.assertTrue(alternatives and all(alternatives), alternatives)
        session.send('ask "Which call does the delay save?" favorites comments *both\n')
        self.wait_page("Which call does the delay save?", "the question")
        self.assertEqual(self.violations(), [], "a question open")
        session.send("ask close\n")
        self.wait_page("closed:", "the question closed")
        self.chromium.evaluate("document.body.focus(), true")
        self.key("ArrowLeft")
        self.wait_page("looking back", "looking back")
        self.assertEqual(self.violations(), [], "looking back")
        session.send("export html lesson.html\nsay exported\n")
        session.wait_output("exported")
        self.open("file://" + os.path.join(folder, "lesson.html"))
        self.assertEqual(self.violations(), [], "the exported page")

    def test_a_paused_log_holds_still_while_lines_arrive_and_resumes_with_all_of_them(self):
        session = served(SHARED.folder())
        self.open(session.url)
        self.wait_page("following the session live", "the page to connect")
        self.assertEqual(json.loads(self.chromium.evaluate(
            "JSON.stringify(['role', 'aria-live', 'aria-label'].map(a => document.getElementById('feed')"
            ".getAttribute(a)))")), ["log", "polite", "the session, live"])
        session.send("say one\n")
        self.wait_page("one", "the first line")
        # By keyboard: the pause button focused, Enter; its focus stays as lines arrive.
        self.chromium.evaluate("document.getElementById('pause').focus(), true")
        self.key("Enter")
        vmshtest.wait_for(lambda: self.chromium.evaluate("document.getElementById('feed').getAttribute('aria-busy')")
                          == "true", "the log paused", 10)
        session.send("say two\nsay three\nsay four\n")
        # Each command echoed, then what it said: six lines.
        self.wait_page("6 new lines", "the bar to count what waits")
        self.assertNotIn("two", self.feed_text())
        self.assertEqual(self.chromium.evaluate("document.getElementById('pause').textContent"),
                         "resume (6 new lines)")
        self.key("Enter")
        self.wait_page("four", "the lines drawn on resuming")
        text = self.feed_text()
        self.assertLess(text.index("two"), text.index("three"))
        self.assertLess(text.index("three"), text.index("four"))
        self.assertEqual(self.chromium.evaluate("document.getElementById('pause').textContent"), "pause")
        self.assertEqual(self.chromium.evaluate("document.getElementById('feed').getAttribute('aria-busy')"),
                         "false")
        session.send("say five\n")
        self.wait_page("five", "a line after resuming, at once")


if __name__ == "__main__":
    vmshtest.main("the served page and an exported one for everyone, in headless chromium")
