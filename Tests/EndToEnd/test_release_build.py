#!/usr/bin/env python3
"""A Swift user's habit and the scripts' static build share one checkout: `swift build -c release`
works before and after the scripts' static release build (`build_static`, which `scripts/vmsh` and
`scripts/install` use), and each leaves the other's binary as it was. Built here for a small
product, `marble-pictures`, linked with exactly the scripts' flags, so the suite takes a few
minutes rather than the two full release builds of vmsh (scripts/bench builds those)."""
import os
import subprocess
import time
import unittest

import vmshtest

ROOT = vmshtest.ROOT
PRODUCT = "marble-pictures"
PLAIN = os.path.join(ROOT, ".build/release", PRODUCT)


def run(*command):
    """Runs a command in the checkout and returns its output, failing the test with its output."""
    started = time.monotonic()
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=3600)
    print(f"{' '.join(command)[:80]}: {time.monotonic() - started:.0f} s", flush=True)
    if result.returncode != 0:
        raise AssertionError(f"{' '.join(command)} exited {result.returncode}:\n{result.stdout}{result.stderr}")
    return result.stdout


def scripts(call):
    """Runs a function of scripts/lib/common.sh, as the scripts do."""
    return run("bash", "-c", f'source scripts/lib/common.sh && ensure_swift && {call}')


def links_swift_runtime(binary):
    return "libswiftCore" in subprocess.run(["ldd", binary], capture_output=True, text=True).stdout


class ReleaseBuildTests(unittest.TestCase):
    def test_a_plain_release_build_works_before_and_after_the_static_one(self):
        static = os.path.join(scripts("static_bin_path release").strip(), PRODUCT)
        self.assertFalse(static.startswith(os.path.join(ROOT, ".build/")), "the static build has its own folder")
        run("swift", "build", "-c", "release", "--product", PRODUCT)
        self.assertTrue(links_swift_runtime(PLAIN), "an ordinary build links the toolchain's runtime")
        scripts(f"build_static release {PRODUCT}")
        self.assertFalse(links_swift_runtime(static), "the scripts' build has the runtime inside it")
        plain = os.stat(PLAIN)
        run("swift", "build", "-c", "release", "--product", PRODUCT)
        self.assertTrue(links_swift_runtime(PLAIN))
        self.assertEqual(os.stat(PLAIN).st_mtime_ns, plain.st_mtime_ns, "the static build left .build alone")
        for binary in (PLAIN, static):
            pictures = subprocess.run([binary, "--help"], capture_output=True, text=True)
            self.assertNotIn("error while loading shared libraries", pictures.stderr, binary)

    def test_scripts_vmsh_runs_the_binary_build_static_makes(self):
        with open(os.path.join(ROOT, "scripts/vmsh"), encoding="utf-8") as f:
            text = f.read()
        self.assertIn("build_static release vmsh", text)
        self.assertIn('exec "$STATIC_BUILD/release/vmsh"', text)


if __name__ == "__main__":
    vmshtest.main("release build beside the static one")
