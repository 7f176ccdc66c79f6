#!/usr/bin/env python3
"""Renders marble diagrams as SVG and as an HTML page in headless Chromium and checks the
screenshots' pixels: each marble, end mark and lane line sits where its time says.

Needs the built test tool (swift build --product marble-pictures; MARBLE_PICTURES names it, else
BIN/marble-pictures) and Debian's chromium (CHROMIUM names it).
  python3 Tests/Pictures/test_svg.py
"""
import os
import re
import shutil
import struct
import subprocess
import sys
import unittest
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "EndToEnd"))
import vmshtest  # noqa: E402

TOOL = vmshtest.binary("marble-pictures", "MARBLE_PICTURES")
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
MARBLE, COMPLETED, ERROR, CANCELLED = (230, 120, 20), (20, 120, 60), (200, 0, 0), (120, 120, 120)

# Lanes start at 0, one character a column: the expected columns follow from the strings alone.
LANES = ["isVisible=t----f--t", "delay(1s)=-----!", "metadata=--a-b-----|", "favorites=------#"]


def read_png(path):
    """(width, height, rows of (r, g, b)) of an 8-bit RGB or RGBA PNG."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", chunk)
            assert depth == 8 and color in (2, 6) and interlace == 0, "unsupported PNG"
            channels = 4 if color == 6 else 3
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        previous = line
    return width, height, rows


def blobs(rows, colour, tolerance=30, minimum=20):
    """Centroids (x, y) of the connected areas of one colour, top to bottom, left to right."""
    near = lambda p: all(abs(a - b) <= tolerance for a, b in zip(p, colour))
    seen, found = set(), []
    for y, row in enumerate(rows):
        for x, pixel in enumerate(row):
            if (x, y) in seen or not near(pixel):
                continue
            stack, points = [(x, y)], []
            seen.add((x, y))
            while stack:
                px, py = stack.pop()
                points.append((px, py))
                for nx, ny in ((px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)):
                    if 0 <= ny < len(rows) and 0 <= nx < len(rows[0]) and (nx, ny) not in seen \
                            and near(rows[ny][nx]):
                        seen.add((nx, ny))
                        stack.append((nx, ny))
            if len(points) >= minimum:
                found.append((sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)))
    return sorted(found, key=lambda c: (round(c[1] / 10), c[0]))


def expected_columns(marks):
    """Per lane with such marks: the columns of the characters in `marks`."""
    out = []
    for lane in LANES:
        columns = [i for i, c in enumerate(lane.split("=", 1)[1]) if c in marks]
        if columns:
            out.append(columns)
    return out


def bands(points):
    """Points grouped by lane: rows less than 12 px apart are one lane."""
    groups = []
    for point in sorted(points, key=lambda p: p[1]):
        if groups and abs(groups[-1][-1][1] - point[1]) < 12:
            groups[-1].append(point)
        else:
            groups.append([point])
    return [sorted(p[0] for p in group) for group in groups]


class PictureTests(unittest.TestCase):
    def setUp(self):
        self.assertTrue(os.access(TOOL, os.X_OK), f"build the tool first: {TOOL}")
        self.assertIsNotNone(CHROMIUM, "install chromium (apt-get install -y chromium)")
        self.dir = os.fspath(vmshtest.Home("marble-pictures-"))

    def render(self, kind, size=None):
        source = os.path.join(self.dir, "diagram." + kind)
        subprocess.run([TOOL, kind, source] + LANES, check=True)
        with open(source, encoding="utf-8") as f:
            text = f.read()
        if size is None:
            size = tuple(int(v) for v in re.search(r'width="(\d+)" height="(\d+)"', text).groups())
        png = os.path.join(self.dir, "shot.png")
        subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        "--force-device-scale-factor=1", f"--screenshot={png}",
                        f"--window-size={size[0]},{size[1]}", "file://" + source],
                       check=True, capture_output=True, timeout=120)
        return text, read_png(png)[2]

    def test_the_svg_puts_every_mark_in_its_column(self):
        text, rows = self.render("svg")
        left = int(re.search(r'data-left="(\d+)"', text).group(1))
        column = int(re.search(r'data-column-width="(\d+)"', text).group(1))
        centre = lambda c: left + c * column + column / 2
        marbles = bands(blobs(rows, MARBLE))
        self.assertEqual(len(marbles), 2, "two lanes have values")
        for found, columns in zip(marbles, expected_columns("tfab")):
            self.assertEqual(len(found), len(columns))
            for x, c in zip(found, columns):
                self.assertAlmostEqual(x, centre(c), delta=2)
        for colour, mark in ((COMPLETED, "|"), (ERROR, "#"), (CANCELLED, "!")):
            (x, y), = blobs(rows, colour, tolerance=20)
            self.assertAlmostEqual(x, centre(expected_columns(mark)[0][0]), delta=2, msg=mark)
            # Nothing after the end: no lane line (dark pixels) right of the mark on its lane.
            after = [p for p in rows[round(y)][round(x) + 14:] if max(p) < 100]
            self.assertEqual(after, [], f"something drawn after {mark}")

    def test_the_page_shows_the_transcript_escaped_and_each_diagram_once(self):
        text, rows = self.render("html", size=(1000, 1600))
        self.assertNotIn("<script", text)
        self.assertNotIn("\x1b", text)
        self.assertIn("&lt;script&gt;alert(1)&lt;/script&gt;", text)
        self.assertIsNone(re.search(r'(src|href)=|url\(|@import', text), "the page fetches nothing")
        self.assertEqual(text.count("<svg "), 1, "the same diagram drawn twice is one figure")
        self.assertIn("The same diagram as figure 1 (marbles 1 again)", text)
        marbles = bands(blobs(rows, MARBLE))
        expected = expected_columns("tfab")
        self.assertEqual(len(marbles), len(expected), "the figure drawn")
        # Where the page puts the figure is the browser's business; spacing between marbles is ours.
        for found, columns in zip(marbles, expected):
            self.assertEqual([round(x - found[0]) for x in found], [(c - columns[0]) * 24 for c in columns])


if __name__ == "__main__":
    vmshtest.main("marble pictures")
