#!/usr/bin/env python3
"""A Swift user's habit and the scripts' static build share one checkout: `swift build -c release`
works before and after `scripts/vmsh --version` (the static release build), and each leaves the
other's binary as it was. One of the slower suites: the first run makes two release builds of vmsh
(later runs only check them)."""
import os
import re
import subprocess
import time
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "../.."))
PLAIN = os.path.join(ROOT, ".build/release/vmsh")
STATIC = os.path.join(ROOT, ".build-static/release/vmsh")
VERSION = re.search(r'"([^"]+)"', open(os.path.join(ROOT, "Sources/VMSHVersion/VMSHVersion.swift")).read()).group(1)


def run(*command):
    """Runs a command in the checkout; (output, seconds), failing the test with its output."""
    started = time.monotonic()
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=3600)
    seconds = time.monotonic() - started
    print(f"{' '.join(command)}: {seconds:.0f} s", flush=True)
    if result.returncode != 0:
        raise AssertionError(f"{' '.join(command)} exited {result.returncode}:\n{result.stdout}{result.stderr}")
    return result.stdout


def links_swift_runtime(binary):
    ldd = subprocess.run(["ldd", binary], capture_output=True, text=True)
    return "libswiftCore" in ldd.stdout


class ReleaseBuildTests(unittest.TestCase):
    def test_a_plain_release_build_works_before_and_after_the_static_one(self):
        run("swift", "build", "-c", "release", "--product", "vmsh")
        self.assertEqual(run(PLAIN, "--version"), VERSION + "\n")
        self.assertTrue(links_swift_runtime(PLAIN), "an ordinary build links the toolchain's runtime")

        self.assertEqual(run("scripts/vmsh", "--version"), VERSION + "\n")
        self.assertFalse(links_swift_runtime(STATIC), "the scripts' build has the runtime inside it")
        plain = os.stat(PLAIN)

        run("swift", "build", "-c", "release", "--product", "vmsh")
        self.assertEqual(run(PLAIN, "--version"), VERSION + "\n")
        self.assertTrue(links_swift_runtime(PLAIN))
        self.assertEqual(os.stat(PLAIN).st_mtime_ns, plain.st_mtime_ns, "the static build left .build alone")
        self.assertEqual(run(STATIC, "--version"), VERSION + "\n")


if __name__ == "__main__":
    unittest.main(verbosity=2)
