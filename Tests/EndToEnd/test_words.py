#!/usr/bin/env python3
"""The words a newcomer tries first, on the default catalog under the virtual clock: plurals and
places find photos, `words` lists what is there, and a search that finds nothing names near words.
VMSH names the binary."""
import os
import re
import unittest

import vmshtest

HOME = vmshtest.Home("vmsh-words-")
CATALOG = os.path.join(HOME, "catalog.sqlite")


def run(script, *flags):
    """The script's stdout, stderr and exit status, on the shared default catalog."""
    return vmshtest.Home(parent=HOME).vmsh("--catalog", CATALOG, "--virtual-clock", *flags,
                                           stdin=script.encode())


def totals(out):
    """Each search's title and total, from the results' summary lines."""
    found = re.findall(r'\] "([^"]*)": (?:[\d,]+ of ([\d,]+) photos?|no photos)', out)
    return {title: int(total.replace(",", "")) if total else 0 for title, total in found}


class WordsTests(unittest.TestCase):
    def test_the_words_people_try_first_find_photos(self):
        words = ["dogs", "cats", "paris", "london", "flowers", "trees", "Dogs", "new york"]
        out, err, status = run("".join(f"search {word}\nwait 1s\n" for word in words))
        self.assertEqual((err, status), ("", 0))
        found = totals(out)
        for word in words:
            self.assertGreater(found.get(word, 0), 20, f"{word}: {found.get(word)}\n{out}")

    def test_a_plural_finds_what_its_singular_finds_and_the_other_way(self):
        words = ["tree", "trees", "horse", "horses", "cloud", "clouds"]
        out, err, status = run("".join(f"search {word}\nwait 1s\n" for word in words))
        self.assertEqual((err, status), ("", 0))
        found = totals(out)
        self.assertEqual(found["tree"], found["trees"])
        self.assertEqual(found["horse"], found["horses"])
        self.assertEqual(found["cloud"], found["clouds"])
        self.assertGreater(found["tree"], 100)

    def test_words_lists_the_most_used_words_first_with_their_counts(self):
        out, err, status = run("words\nwords sun\nwords --all\n")
        self.assertEqual((err, status), ("", 0))
        lines = out.splitlines()
        first = lines.index(next(line for line in lines if "words, most photos first" in line))
        entries = [(word, int(n.replace(",", ""))) for line in lines[first + 1:first + 4]
                   for word, n in re.findall(r"(\S+) ([\d,]+)", line.split("] ", 1)[1])]
        self.assertGreater(len(entries), 6, out)
        self.assertEqual([n for _, n in entries], sorted((n for _, n in entries), reverse=True))
        self.assertTrue(all(len(line.split("] ", 1)[1]) <= 80 for line in lines), out)
        sun = [line for line in lines if "sunset" in line and "sunrise" in line]
        self.assertTrue(sun, out)
        self.assertIn("words starting with sun", out)
        self.assertIn("paris", out)

    def test_a_search_that_finds_nothing_names_near_words(self):
        out, err, status = run("search dgos\nwait 1s\nsearch sunsett\nwait 1s\nsearch zzzzqqq\nwait 1s\n"
                               "search londn bridge\nwait 1s\n")
        self.assertEqual((err, status), ("", 0))
        self.assertIn('"dgos": no photos; did you mean dogs?', out)
        self.assertIn('"londn bridge": no photos; did you mean london bridge?', out)
        self.assertIn('"sunsett": no photos; did you mean sunset?', out)
        self.assertRegex(out, r'"zzzzqqq": no photos\n')

    def test_words_needs_the_embedded_catalog(self):
        home = vmshtest.Home(parent=HOME)
        env = home.env({"FLICKR_API_KEY": "0123456789abcdef0123456789abcdef"})
        out, err, status = home.vmsh("--service", "flickr", "--flickr-endpoint", "http://127.0.0.1:9/services/rest/",
                                     "-c", "words", env=env)
        self.assertEqual(status, 1)
        self.assertEqual(len(err.splitlines()), 1, err)
        self.assertIn("words needs the embedded catalog", err)


if __name__ == "__main__":
    vmshtest.main("words")
