#!/usr/bin/env python3
"""The playground's budgets, end to end: the definitions that once overflowed the stack or grew
without bound are refused with one line, at once and in bounded memory, and the playground works
after. VMSH names the binary."""
import resource
import time
import unittest

import vmshtest

HOME = vmshtest.Home("vmsh-budget-")
vmsh = HOME.vmsh

# What a run may take: the refusals come at once, so these are generous on a loaded machine; the
# unbounded cases took 25 s and 280 MB already at sixteen merges, and 8,000 maps overflowed.
SECONDS = 10
PEAK_MB = 200
AFTER = 'let z = marbles "a|"\nsubscribe z\nwait 1s\n'
AFTER_LINES = ["[00:00.000] z: signal", "[00:00.000] subscribed z to z (lane play · z)", "[00:00.000] z: a"]


def peak_mb():
    """The largest resident size of any child this process has waited for."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


class PlaygroundBudgetTests(unittest.TestCase):
    def run_script(self, text):
        started = time.monotonic()
        out, err, status = vmsh("--virtual-clock", stdin=text.encode(), timeout=SECONDS * 3)
        self.assertLess(time.monotonic() - started, SECONDS)
        self.assertLess(peak_mb(), PEAK_MB)
        return out, err, status

    def test_a_chain_of_eight_thousand_maps_is_refused_past_the_depth_limit(self):
        out, err, status = self.run_script("let a = subject\n" + "let a = a | map upper\n" * 8000
                                           + "subscribe a\n" + AFTER)
        refused = [line for line in err.splitlines()
                   if line.endswith(": a would be 101 operators deep, counting those of the names it uses; "
                                    "the most is 100")]
        self.assertEqual(len(refused), 8000 - 100)
        self.assertEqual(len(err.splitlines()), len(refused))
        self.assertIn("[00:00.000] subscribed a to a (lane play · a)", out)
        self.assertEqual(status, 1)

    def test_a_name_merged_or_combined_with_itself_twenty_times_is_refused_at_let(self):
        for word in ["merge", "combineLatest"]:
            with self.subTest(word):
                out, err, status = self.run_script('let a = marbles "a|"\n' + f"let a = a | {word} a\n" * 20
                                                   + "subscribe a\nwait 1s\n" + AFTER)
                self.assertEqual(len(err.splitlines()), 14)
                self.assertTrue(all(line.endswith(": a would be 127 operators deep, counting those of the names "
                                                  "it uses; the most is 100") for line in err.splitlines()))
                self.assertIn("[00:00.100] a: completed", out)
                self.assertEqual(status, 1)

    def test_a_subject_flattened_into_itself_fails_its_lane_with_one_line(self):
        out, err, status = self.run_script("let s = subject\nlet f = s | flattenMap\nsubscribe f\n"
                                           + "send s signal f\n" * 20 + AFTER)
        errors = [line for line in out.splitlines() if "error" in line]
        self.assertEqual(errors, ["[00:00.000] f: error 2000 subscriptions are live, the most the playground "
                                  "keeps; dispose some first"])
        self.assertEqual((err, status), ("", 0))
        for line in AFTER_LINES:
            self.assertIn(line, out.splitlines())


if __name__ == "__main__":
    vmshtest.main("playground budget, end to end")
