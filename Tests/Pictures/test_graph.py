#!/usr/bin/env python3
"""Loads the pictures `graph --svg` writes, and a lesson page with a graph drawn in it
(`export html`), in headless Chromium over --remote-debugging-pipe: every node a box holding its
name and state, no two boxes overlapping, every box inside the picture, an arrow per edge, the
graph's figure titled where it was drawn, and nothing fetched; laid out by Graphviz when `dot` is
installed, and by vmsh's own layout with no `dot` on PATH.

Needs the built vmsh and Debian's chromium (CHROMIUM names it).
  python3 Tests/Pictures/test_graph.py
"""
import json
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "EndToEnd"))
import vmshtest  # noqa: E402
from test_lesson_page import CHROMIUM, Chromium  # noqa: E402

SHARED = vmshtest.Home("vmsh-graph-")
# The same script with no `dot` on PATH: vmsh's own layout.
OWN = vmshtest.Home("vmsh-graph-own-")
SCRIPT = """# Two graphs on a page
set pipeline original
search sunset
wait 500ms
scroll down
wait 200ms
scroll up
wait 2s
graph 1 --svg row1.svg
fetch 3 2 cold
fetch 3 2 shared
graph 3 --svg row3.svg
marbles 1
export html page.html
"""

# What a picture reports once loaded: each node's box and texts, the picture's size, its arrows.
PROBE = """JSON.stringify({
  title: document.querySelector('svg > title').textContent,
  width: +document.querySelector('svg').getAttribute('width'),
  height: +document.querySelector('svg').getAttribute('height'),
  arrows: document.querySelectorAll('svg > path').length,
  nodes: [...document.querySelectorAll('g.node')].map(g => {
    const box = g.querySelector('rect').getBoundingClientRect();
    return {name: g.getAttribute('data-name'), dashed: g.querySelector('rect').hasAttribute('stroke-dasharray'),
            box: [box.left, box.top, box.right, box.bottom],
            texts: [...g.querySelectorAll('text')].map(t => {
              const b = t.getBoundingClientRect();
              return {text: t.textContent, box: [b.left, b.top, b.right, b.bottom]};
            })};
  }),
})"""

PAGE_PROBE = """JSON.stringify({
  scrollWidth: document.documentElement.scrollWidth, innerWidth: innerWidth,
  figures: [...document.querySelectorAll('figure')].map(f => ({
    caption: f.querySelector('figcaption').textContent,
    nodes: f.querySelectorAll('g.node').length,
    captionAbove: f.querySelector('figcaption').getBoundingClientRect().bottom
      <= f.querySelector('svg').getBoundingClientRect().top,
  })),
})"""


def inside(inner, outer, slack=0.5):
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack and inner[2] <= outer[2] + slack
            and inner[3] <= outer[3] + slack)


def overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class GraphPictureTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.chromium = Chromium() if CHROMIUM else None
        for home, env in ((SHARED, None), (OWN, {"PATH": OWN.folder("empty")})):
            out, _, status = home.vmsh("--catalog", os.path.join(SHARED, "catalog.sqlite"), "--virtual-clock",
                                       "--echo", "-", stdin=SCRIPT.encode(), cwd=os.fspath(home), merged=True,
                                       env=env)
            assert status == 0, out

    @classmethod
    def tearDownClass(cls):
        if cls.chromium:
            cls.chromium.close()

    def setUp(self):
        self.assertIsNotNone(CHROMIUM, "install chromium (apt-get install -y chromium)")

    def picture(self, name, home=SHARED):
        path = os.path.join(home, name)
        with open(path, encoding="utf-8") as f:
            self.assertTrue(f.read().startswith("<!-- vmsh graph -->\n<svg "), name)
        self.chromium.load(path)
        return json.loads(self.chromium.evaluate(PROBE))

    def check_layout(self, probe):
        frame = [0, 0, probe["width"], probe["height"]]
        for node in probe["nodes"]:
            self.assertTrue(inside(node["box"], frame), f"{node['name']} inside the picture")
            self.assertEqual([t["text"] for t in node["texts"]][0], node["name"])
            for text in node["texts"]:
                self.assertTrue(inside(text["box"], node["box"]), f"{text['text']!r} inside its box")
        boxes = [n["box"] for n in probe["nodes"]]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                self.assertFalse(overlap(a, b), "no two boxes overlap")

    def test_the_original_pipeline_after_the_hide(self):
        probe = self.picture("row1.svg")
        self.assertEqual(probe["title"], 'row 1 "Sunset valley" of "sunset", pipeline original')
        self.assertEqual(sorted(n["name"] for n in probe["nodes"]),
                         ["delay(1s)", "filter(true)", "flattenMap(metadata)", "hidden", "isVisible",
                          "takeUntil(hidden)"])
        states = {n["name"]: n["texts"][1]["text"] for n in probe["nodes"]}
        self.assertEqual(states["isVisible"], "live, 0 subscribers")
        self.assertEqual(states["takeUntil(hidden)"], "completed at 00:00.500")
        self.assertEqual([n["name"] for n in probe["nodes"] if not n["dashed"]], ["isVisible"], "ended ones dashed")
        # isVisible to hidden and to filter(true), filter(true) to delay(1s), hidden and delay(1s) to
        # takeUntil(hidden), that to flattenMap(metadata): a curve and a head each.
        self.assertEqual(probe["arrows"], 2 * 6)
        self.check_layout(probe)

    def test_cold_and_shared_subscribers_of_one_row(self):
        probe = self.picture("row3.svg")
        names = [n["name"] for n in probe["nodes"]]
        # The row's own pipeline ended at the hide, before any call (pipeline original).
        self.assertEqual(len([n for n in names if n.startswith("favorites")]), 2 + 1,
                         "one call per cold subscriber, one for both shared ones")
        self.assertIn("subscriber 2#2", names)
        self.check_layout(probe)

    def test_the_own_layout_without_graphviz(self):
        for name, count in (("row1.svg", 6), ("row3.svg", 19)):
            probe = self.picture(name, OWN)
            self.assertEqual(len(probe["nodes"]), count, name)
            self.check_layout(probe)
        self.assertEqual(probe["arrows"], 2 * 16, "row 3's edges, a curve and a head each")
        self.assertEqual(self.picture("row3.svg")["arrows"], probe["arrows"], "as many either way")

    def test_the_page_draws_the_graph_where_it_was_drawn(self):
        self.chromium.load(os.path.join(SHARED, "page.html"))
        probe = json.loads(self.chromium.evaluate(PAGE_PROBE))
        self.assertEqual([f["caption"].rsplit(" ", 2)[-2:] for f in probe["figures"]],
                         [["graph", "1"], ["graph", "3"], ["marbles", "1"]])
        self.assertTrue(all(f["captionAbove"] for f in probe["figures"]))
        self.assertEqual(probe["figures"][0]["nodes"], 6)
        self.assertLessEqual(probe["scrollWidth"], probe["innerWidth"], "nothing wider than the window")
        self.assertEqual([u for u in self.chromium.requested() if not u.startswith("file://")], [],
                         "the page fetches nothing")


if __name__ == "__main__":
    vmshtest.main("graph pictures")
