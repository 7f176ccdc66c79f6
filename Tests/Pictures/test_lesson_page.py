#!/usr/bin/env python3
"""Exports two short classes as lesson pages (Tests/Pictures/lesson-page/*.vmsh, under the virtual
clock) and loads them in headless Chromium, driven over --remote-debugging-pipe: the figures are in
transcript order, each titled above its picture; nothing is wider than a 1024 px window; no request
leaves the file; and a screenshot of each figure has its marbles where their times say. The SVGs
`marbles --svg` wrote carry their titles, and two exports of one class are the same bytes.

Needs the built vmsh and Debian's chromium (CHROMIUM names it).
  python3 Tests/Pictures/test_lesson_page.py
SHOTS=DIR also saves a screenshot of each page, 1024 px wide, in DIR (for a note).
"""
import base64
import json
import os
import re
import select
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "EndToEnd"))
import vmshtest  # noqa: E402
from test_svg import CHROMIUM, MARBLE, blobs, bands, read_png  # noqa: E402

CLASSES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lesson-page")
SHARED = vmshtest.Home("vmsh-lesson-page-")
WIDTH = 1024

# What the page reports about itself once loaded: run in the page, returned as JSON.
PROBE = """JSON.stringify({
  scrollWidth: document.documentElement.scrollWidth, innerWidth: innerWidth,
  bodyFont: parseFloat(getComputedStyle(document.body).fontSize),
  outputFont: parseFloat(getComputedStyle(document.querySelector('pre.output')).fontSize),
  sequence: [...document.querySelectorAll('pre.command, figure, p.same, p.narration')].flatMap(e =>
    e.tagName == 'FIGURE' ? ['figure'] : e.className == 'command' ? e.textContent.split('\\n') : [e.className]),
  figures: [...document.querySelectorAll('figure')].map(f => {
    const c = f.querySelector('figcaption').getBoundingClientRect(), s = f.querySelector('svg');
    const r = s.getBoundingClientRect();
    return {caption: f.querySelector('figcaption').textContent, title: s.querySelector('title').textContent,
            captionAbove: c.bottom <= r.top, x: r.left + scrollX, y: r.top + scrollY, width: r.width,
            height: r.height, right: r.right};
  }),
})"""


class Chromium:
    """Headless Chromium on --remote-debugging-pipe: commands in, replies and events out, each one
    JSON object ended by a NUL byte; one page, attached with a flat session."""

    def __init__(self):
        to_child, self.commands = os.pipe()
        self.replies, from_child = os.pipe()

        def pipes():
            # Chromium reads fd 3 and writes fd 4; copies first, in case a pipe end is 3 or 4 already.
            read, write = os.dup(to_child), os.dup(from_child)
            os.dup2(read, 3)
            os.dup2(write, 4)
        self.process = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--remote-debugging-pipe",
             "--force-device-scale-factor=1", "--no-first-run", "about:blank"],
            pass_fds=(3, 4, to_child, from_child), preexec_fn=pipes, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child)
        os.close(from_child)
        self.buffer, self.events, self.next_id, self.session = b"", [], 0, None
        page = next(t for t in self.send("Target.getTargets")["targetInfos"] if t["type"] == "page")
        self.session = self.send("Target.attachToTarget", targetId=page["targetId"], flatten=True)["sessionId"]
        for domain in ("Page", "Network", "Runtime"):
            self.send(domain + ".enable")

    def close(self):
        self.process.kill()
        self.process.wait()
        os.close(self.commands)
        os.close(self.replies)

    def receive(self, deadline):
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.replies], [], [], left)[0]:
                raise AssertionError("chromium did not answer in time")
            chunk = os.read(self.replies, 1 << 20)
            if not chunk:
                raise AssertionError("chromium closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, timeout=60, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self.receive(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise AssertionError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_event(self, method, timeout=60):
        deadline = time.monotonic() + timeout
        while True:
            for event in self.events:
                if event.get("method") == method:
                    self.events.remove(event)
                    return event
            self.events.append(self.receive(deadline))

    def load(self, path, width=WIDTH, height=768):
        self.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                  mobile=False)
        self.events.clear()
        self.send("Page.navigate", url="file://" + path)
        self.wait_event("Page.loadEventFired")

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise AssertionError(f"the probe failed: {result['exceptionDetails']}")
        return result["result"]["value"]

    def requested(self):
        """Every URL the page asked for so far."""
        return [e["params"]["request"]["url"] for e in self.events if e.get("method") == "Network.requestWillBeSent"]

    def screenshot(self, x, y, width, height):
        """A PNG of that rectangle of the page, in CSS pixels."""
        clip = {"x": x, "y": y, "width": width, "height": height, "scale": 1}
        result = self.send("Page.captureScreenshot", format="png", captureBeyondViewport=True, clip=clip)
        return base64.b64decode(result["data"])


def export(lesson):
    """Runs a class under the virtual clock in a fresh folder; the folder, and its transcript."""
    run = vmshtest.Home(parent=SHARED)
    out, _, status = run.vmsh("--catalog", os.path.join(SHARED, "catalog.sqlite"), "--virtual-clock", "--echo",
                              os.path.join(CLASSES, lesson), cwd=os.fspath(run), merged=True)
    assert status == 0, out
    return os.fspath(run), out


def png_rows(data, folder, name):
    path = os.path.join(folder, name)
    with open(path, "wb") as f:
        f.write(data)
    return read_png(path)[2]


class LessonPageTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.chromium = Chromium() if CHROMIUM else None
        cls.pages = {}
        for lesson, page in (("throttling.vmsh", "throttling.html"), ("hot-cold.vmsh", "hot-cold.html")):
            folder, transcript = export(lesson)
            cls.pages[page] = (folder, transcript)

    @classmethod
    def tearDownClass(cls):
        if cls.chromium:
            if os.environ.get("SHOTS"):
                cls.save_shots(os.environ["SHOTS"])
            cls.chromium.close()

    @classmethod
    def save_shots(cls, folder):
        """Each whole page, 1024 px wide, as a PNG in folder (for a note about the pages)."""
        os.makedirs(folder, exist_ok=True)
        for page, (run, _) in cls.pages.items():
            cls.chromium.load(os.path.join(run, page))
            height = cls.chromium.evaluate("document.documentElement.scrollHeight")
            with open(os.path.join(folder, page.replace(".html", ".png")), "wb") as f:
                f.write(cls.chromium.screenshot(0, 0, WIDTH, height))

    def setUp(self):
        self.assertIsNotNone(CHROMIUM, "install chromium (apt-get install -y chromium)")

    def load(self, page):
        folder, transcript = self.pages[page]
        path = os.path.join(folder, page)
        self.chromium.load(path)
        return folder, path, transcript, json.loads(self.chromium.evaluate(PROBE))

    def marbles_on(self, rows):
        return bands(blobs(rows, MARBLE))

    def test_figures_are_in_transcript_order_each_titled_above_its_picture(self):
        _, _, transcript, probe = self.load("throttling.html")
        commands = [line[2:] for line in transcript.splitlines() if line.startswith("> ") and
                    not line.startswith("> say ")]
        sequence = [s[2:] if s.startswith("> ") else s for s in probe["sequence"]]
        self.assertEqual([s for s in sequence if s not in ("figure", "same", "narration")], commands)
        # Each drawing sits right after the command that drew it; the repeated one is a reference.
        after = lambda command: sequence[sequence.index(command) + 1]
        self.assertEqual([after("marbles 11"), after("marbles 21"), after("marbles 21 --svg row21.svg"),
                          after("marbles 1")], ["figure", "figure", "same", "figure"])
        self.assertEqual(sequence.count("narration"), 4)
        titles = [f["title"] for f in probe["figures"]]
        self.assertEqual(len(titles), 3)
        self.assertRegex(titles[0], r'^row 11 "[^"]+" of "forest", pipeline fixed$')
        self.assertRegex(titles[1], r'^row 21 "[^"]+" of "forest", pipeline fixed$')
        self.assertRegex(titles[2], r'^row 1 "[^"]+" of "sunset", pipeline original$')
        for number, figure in enumerate(probe["figures"], 1):
            self.assertTrue(figure["caption"].startswith(f"Figure {number}. {figure['title']} marbles "))
            self.assertTrue(figure["captionAbove"], figure["caption"])

    def test_nothing_is_wider_than_1024_px_and_the_type_is_readable(self):
        for page in self.pages:
            _, _, _, probe = self.load(page)
            self.assertLessEqual(probe["scrollWidth"], probe["innerWidth"], page)
            self.assertEqual(probe["innerWidth"], WIDTH)
            self.assertTrue(all(f["right"] <= WIDTH for f in probe["figures"]), page)
            self.assertGreaterEqual(probe["bodyFont"], 16, page)
            self.assertGreaterEqual(probe["outputFont"], 14, page)

    def test_long_listings_are_folded_on_screen_and_printed_whole(self):
        self.load("throttling.html")
        shown = "JSON.stringify([...document.querySelectorAll('details')].map(d => " \
            "[d.querySelector('summary').checkVisibility(), d.querySelector('pre').checkVisibility()]))"
        folded = json.loads(self.chromium.evaluate(shown))
        self.assertGreaterEqual(len(folded), 2)
        self.assertEqual(folded, [[True, False]] * len(folded))
        self.chromium.send("Emulation.setEmulatedMedia", media="print")
        try:
            self.assertEqual(json.loads(self.chromium.evaluate(shown)), [[False, True]] * len(folded))
        finally:
            self.chromium.send("Emulation.setEmulatedMedia", media="")

    def test_no_request_leaves_the_file(self):
        for page in self.pages:
            folder, path, _, _ = self.load(page)
            self.assertEqual(self.chromium.requested(), ["file://" + path], page)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            self.assertIsNone(re.search(r'(src|href)=|url\(|@import|<script|<link', text), page)

    def test_each_figure_has_its_marbles_at_their_times(self):
        for page in self.pages:
            folder, path, _, probe = self.load(page)
            with open(path, encoding="utf-8") as f:
                svgs = re.findall(r"<svg .*?</svg>", f.read(), re.S)
            self.assertEqual(len(svgs), len(probe["figures"]))
            for number, (svg, figure) in enumerate(zip(svgs, probe["figures"]), 1):
                shot = self.chromium.screenshot(figure["x"], figure["y"], figure["width"], figure["height"])
                rows = png_rows(shot, folder, f"figure-{number}.png")
                scale = figure["width"] / float(re.search(r'width="(\d+)"', svg).group(1))
                expected = self.marble_xs(svg)
                self.assertTrue(expected, f"{page} figure {number} has marbles")
                found = self.marbles_on(rows)
                self.assertEqual([len(lane) for lane in found], [len(lane) for lane in expected], f"{page} {number}")
                for lane, xs in zip(found, expected):
                    for x, want in zip(lane, xs):
                        self.assertAlmostEqual(x, want * scale, delta=2.5, msg=f"{page} figure {number}")

    def marble_xs(self, svg):
        """Per lane that has values: where the SVG says its marbles are (each lane's circles by y)."""
        lanes = {}
        for cx, cy in re.findall(r'<circle cx="(\d+)" cy="(\d+)"', svg):
            lanes.setdefault(int(cy), []).append(int(cx))
        return [sorted(lanes[y]) for y in sorted(lanes)]

    def test_the_cold_signals_marbles_are_at_the_times_it_sent_them(self):
        # first subscribed at 0 and second at 200 ms to "-a-b|": a and b at 100 and 300 ms, then at
        # 300 and 500 ms; a time t is at data-left + (t - origin) / step columns.
        folder, path, _, probe = self.load("hot-cold.html")
        with open(path, encoding="utf-8") as f:
            svg = re.search(r"<svg .*?</svg>", f.read(), re.S).group(0)
        attribute = lambda name: int(re.search(name + r'="(\d+)"', svg).group(1))
        left, column, origin, step = (attribute(n) for n in ("data-left", "data-column-width", "data-origin-ms",
                                                              "data-step-ms"))
        at = lambda ms: left + (ms - origin) / step * column + column / 2
        figure = probe["figures"][0]
        rows = png_rows(self.chromium.screenshot(figure["x"], figure["y"], figure["width"], figure["height"]),
                        folder, "cold.png")
        scale = figure["width"] / attribute("width")
        found = self.marbles_on(rows)
        self.assertEqual(len(found), 2)
        for lane, times in zip(found, ([100, 300], [300, 500])):
            self.assertEqual(len(lane), 2)
            for x, ms in zip(lane, times):
                self.assertAlmostEqual(x, at(ms) * scale, delta=2.5)

    def test_the_svg_files_carry_their_titles_and_keys(self):
        for page, picture, title in (("throttling.html", "row21.svg", r'row 21 "[^"]+" of "forest", pipeline fixed'),
                                     ("hot-cold.html", "hot-cold.svg", "the playground's subscribers")):
            folder, _ = self.pages[page]
            path = os.path.join(folder, picture)
            self.chromium.load(path)
            shown = self.chromium.evaluate(
                "JSON.stringify([document.title, [...document.querySelectorAll('text')].map(t => t.textContent)])")
            document_title, texts = json.loads(shown)
            self.assertRegex(document_title, "^" + title + "$")
            self.assertEqual(texts[0], document_title, "the title is the visible heading")
            self.assertTrue(any(t.startswith("key: ") for t in texts))

    def test_two_exports_of_a_class_are_the_same_bytes(self):
        for lesson, page in (("throttling.vmsh", "throttling.html"), ("hot-cold.vmsh", "hot-cold.html")):
            again, _ = export(lesson)
            with open(os.path.join(self.pages[page][0], page), "rb") as f, \
                    open(os.path.join(again, page), "rb") as g:
                self.assertEqual(f.read(), g.read(), page)


if __name__ == "__main__":
    vmshtest.main("lesson pages in headless chromium")
