#!/usr/bin/env python3
"""The dataflow instruments through the built binary: `graph --dot` rendered by Graphviz's `dot`,
`graph --svg` laid out by `dot` when it is on PATH and by vmsh's own layout when it is not (or
fails, hangs or prints nonsense), the same bytes on every run, Tab offering a row's lanes and the events a breakpoint takes in a real
pseudo-terminal (tmux), and a breakpoint stopping the virtual clock at the prompt.

Needs the built vmsh, Debian's graphviz (`dot`) and tmux.
  python3 Tests/EndToEnd/test_dataflow.py
"""
import os
import re
import shutil
import subprocess
import time
import unittest
import xml.etree.ElementTree as ElementTree

import vmshtest
from vmshtest import Terminal

DATA = vmshtest.Home("vmsh-data-")  # one catalog for all tests
CATALOG = os.path.join(DATA, "catalog.sqlite")
SVG = "{http://www.w3.org/2000/svg}"

# Lesson 5's scroll under the tutorial's pipeline, a shared fetch, and a playground signal.
SCRIPT = """set pipeline original
search sunset
wait 500ms
scroll down
wait 200ms
scroll up
wait 2s
graph 1 --dot row1.dot
fetch 3 2 shared
graph 3 --dot row3.dot
let s = subject
let m = s | map upper
subscribe m as first
send s x
graph m --dot m.dot
why play first 1
leaks
"""


# Pictures of a row read twice (a node read from two depths), cold and shared fetches, the search.
SVG_SCRIPT = """set pipeline original
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
graph search --svg search.svg
"""
PICTURES = ("row1.svg", "row3.svg", "search.svg")


def run_script(home, script=SCRIPT, *flags, env=None):
    return home.vmsh("--catalog", CATALOG, "--virtual-clock", "--echo", *flags, stdin=script.encode(),
                     cwd=os.fspath(home), merged=True, env=env)


def boxes(svg):
    """Each node's name and box (x, y, width, height), in the order of the graph's nodes."""
    root = ElementTree.fromstring(svg.split("\n", 1)[1])
    return [(g.get("data-name"), tuple(int(g.find(SVG + "rect").get(k)) for k in ("x", "y", "width", "height")))
            for g in root.iter(SVG + "g") if g.get("class") == "node"]


def pictures(home):
    result = {}
    for name in PICTURES:
        with open(os.path.join(home, name), encoding="utf-8") as f:
            result[name] = f.read()
    return result


def path_with_dot(script=None):
    """A PATH holding only a `dot`: this shell script, or none at all."""
    folder = vmshtest.Home("vmsh-path-").folder("bin")
    if script is not None:
        path = os.path.join(folder, "dot")
        with open(path, "w", encoding="utf-8") as f:
            f.write("#!/bin/sh\n" + script + "\n")
        os.chmod(path, 0o755)
    return folder


class DataflowTests(unittest.TestCase):
    def test_graphviz_renders_every_node_and_edge_of_the_dot(self):
        self.assertIsNotNone(shutil.which("dot"), "install graphviz (apt-get install -y graphviz)")
        home = vmshtest.Home()
        out, _, status = run_script(home)
        self.assertEqual(status, 0, out)
        for name, labels in (("row1.dot", ["takeUntil(hidden)", "hidden", "isVisible", "delay(1s)",
                                           "live, 0 subscribers", "completed at 00:00.500"]),
                             ("row3.dot", ["subscriber 1", "subscriber 2", "metadata", "live, 2 subscribers"]),
                             ("m.dot", ["subscriber first", "map upper", "s sends"])):
            path = os.path.join(home, name)
            with open(path, encoding="utf-8") as f:
                dot = f.read()
            self.assertTrue(dot.startswith("// vmsh graph\ndigraph dataflow {\n"), name)
            rendered = subprocess.run(["dot", "-Tsvg", path], capture_output=True, timeout=60)
            self.assertEqual(rendered.returncode, 0, rendered.stderr.decode())
            self.assertEqual(rendered.stderr, b"", "dot found nothing to warn about")
            svg = ElementTree.fromstring(rendered.stdout)
            nodes = [g for g in svg.iter(SVG + "g") if g.get("class") == "node"]
            edges = [g for g in svg.iter(SVG + "g") if g.get("class") == "edge"]
            self.assertEqual(len(nodes), len(re.findall(r"^  n\d+ \[label=", dot, re.M)), name)
            self.assertEqual(len(edges), dot.count(" -> "), name)
            texts = [t.text for t in svg.iter(SVG + "text")]
            for label in labels:
                self.assertIn(label, texts, name)

    def test_graph_svg_puts_each_box_where_dot_puts_it(self):
        dot = shutil.which("dot")
        self.assertIsNotNone(dot, "install graphviz (apt-get install -y graphviz)")
        home = vmshtest.Home()
        out, _, status = run_script(home, SVG_SCRIPT)
        self.assertEqual(status, 0, out)
        # The same run through a dot that keeps what it is given.
        spy = vmshtest.Home()
        given = os.path.join(spy, "given")
        path = path_with_dot(f'n=$(/bin/ls {given}* 2>/dev/null | /usr/bin/wc -l); '
                             f'/usr/bin/tee {given}$n.dot | exec {dot} "$@"')
        spied, _, status = run_script(spy, SVG_SCRIPT, env={"PATH": path})
        self.assertEqual((spied, status), (out, 0))
        self.assertEqual(pictures(spy), pictures(home), "drawn by the dot on PATH")
        for number, name in enumerate(PICTURES):
            laid = subprocess.run([dot, "-Tplain", os.path.join(spy, f"given{number}.dot")], capture_output=True,
                                  text=True, timeout=60, check=True).stdout.splitlines()
            height = float(laid[0].split()[3]) * 72
            centres = {int(words[1][1:]): (float(words[2]) * 72, height - float(words[3]) * 72)
                       for words in (line.split() for line in laid) if words[0] == "node"}
            drawn = boxes(pictures(home)[name])
            self.assertEqual(len(centres), len(drawn), name)
            for index, (node, (x, y, width, box_height)) in enumerate(drawn):
                # The drawing begins 16 right and 44 down, under the title.
                self.assertAlmostEqual(x + width / 2 - 16, centres[index][0], delta=1, msg=f"{name} {node}")
                self.assertAlmostEqual(y + box_height / 2 - 44, centres[index][1], delta=1, msg=f"{name} {node}")

    def test_without_a_dot_that_works_graph_svg_draws_its_own_layout(self):
        home = vmshtest.Home()
        out, _, status = run_script(home, SVG_SCRIPT, env={"PATH": path_with_dot()})
        self.assertEqual(status, 0, out)
        own = pictures(home)
        for name, svg in own.items():
            self.assertTrue(svg.startswith("<!-- vmsh graph -->\n<svg "), name)
            # The own layout's columns: boxes share their left sides, a few of them.
            lefts = {x for _, (x, _, _, _) in boxes(svg)}
            self.assertLessEqual(len(lefts), 5, name)
        self.assertEqual(len(boxes(own["row3.svg"])), 19)
        self.assertIn(" L", own["row1.svg"], "isVisible passes a column in a slot of its own")
        if shutil.which("dot"):
            with_dot = vmshtest.Home()
            self.assertEqual(run_script(with_dot, SVG_SCRIPT), (out, "", 0), "the same text either way")
            self.assertNotEqual(pictures(with_dot)["row1.svg"], own["row1.svg"])
        # A dot that fails, hangs past the time limit, or prints what is not dot's plain output.
        for script in ("exit 1", "exec /bin/sleep 30",
                       'echo "graph 1 9 9"; echo "node n0 1 1 1 1 <script>"; echo stop',
                       "echo '<svg onload=alert(1)>'", "/bin/cat"):
            other = vmshtest.Home()
            start = time.monotonic()
            self.assertEqual(run_script(other, SVG_SCRIPT, env={"PATH": path_with_dot(script)}), (out, "", 0),
                             script)
            self.assertLess(time.monotonic() - start, 20, script)
            self.assertEqual(pictures(other), own, script)

    def test_the_same_script_gives_the_same_bytes_twice(self):
        runs = []
        for _ in range(2):
            home = vmshtest.Home()
            out, _, status = run_script(home)
            with open(os.path.join(home, "row3.dot"), encoding="utf-8") as f:
                runs.append((out, status, f.read()))
        self.assertEqual(runs[0], runs[1])
        self.assertIn("[00:02.700]    │  └─ isVisible  live, 0 subscribers", runs[0][0])
        self.assertIn("  ← 00:02.700 #12 send s x", runs[0][0])
        self.assertIn("        1  play · first", runs[0][0])

    def test_goto_sets_the_breakpoints_again_and_its_replay_never_stops(self):
        home = vmshtest.Home()
        script = "break when 1 favorites next\nsearch sunset\nwait 3s\ngoto 2\nwait 3s\nbreaks\n"
        out, _, status = run_script(home, script)
        self.assertEqual(status, 0, out)
        stops = [line for line in out.splitlines() if "the clock stopped" in line]
        self.assertEqual(stops, ["[00:01.554] the clock stopped at 00:01.554 with 00:01.446 of the wait left, "
                                 "after its action went on to event 206: step, continue, why 205"] * 2,
                         "the replay of wait did not stop; the wait after it did")
        self.assertIn("> breaks\n[00:01.554]   1  when row 1 · favorites next  (hit 1 time)\n", out,
                      "set once again by the replay, as it was after command 2")

    def test_breakpoints_need_the_virtual_clock(self):
        home = vmshtest.Home()
        out, _, status = home.vmsh("--catalog", CATALOG, "-c", "break when 1 metadata next", "-c", "breaks",
                                   merged=True)
        self.assertEqual(status, 1)
        self.assertIn("vmsh: -c:1: breakpoints stop the virtual clock: run with --virtual-clock (or --lesson)", out)
        self.assertIn("no breakpoints", out)

    def test_tab_offers_lanes_and_events_and_a_breakpoint_stops_the_clock_at_the_prompt(self):
        t = Terminal("--virtual-clock", catalog=CATALOG)
        self.addCleanup(t.close)
        t.wait_for(lambda: t.last_line().startswith("vmsh"), "the prompt", 20)
        t.type("search sunset")
        t.keys("Enter")
        t.type("wait 500ms")
        t.keys("Enter")
        t.wait_text("rows 1-10 of 100 visible")
        t.type("why 1 de")
        t.keys("Tab")
        t.wait_for(lambda: t.last_line().endswith("why 1 delay(1s)"), "the lane completed", 5)
        t.keys("C-u")
        t.type("break when 1 metadata n")
        t.keys("Tab")
        t.wait_for(lambda: t.last_line().endswith("break when 1 metadata next"), "the event completed", 5)
        t.keys("Enter")
        t.wait_text("break 1: when row 1 · metadata next")
        t.type("wait 3s")
        t.keys("Enter")
        t.wait_text("the clock stopped at 00:01.659 with 00:01.841 of the wait left")
        self.assertIn("break 1 at 00:01.659: row 1 · metadata: next 417/20", t.text())
        t.type("continue")
        t.keys("Enter")
        t.wait_text("the wait ended at 00:03.500")
        self.assertTrue(t.last_line().startswith("vmsh"), "the prompt is back")


if __name__ == "__main__":
    vmshtest.main("dataflow")
