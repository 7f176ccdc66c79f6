#!/usr/bin/env python3
"""`scripts/vmsh` starts the built vmsh at once when nothing it is built from changed, whatever the
environment, and asks SwiftPM (which reads the manifests again, up to a minute, whenever the
environment differs from its last run) only when something did. Run on a copy of the scripts in a
small checkout of its own, with a stand-in `swift` first on PATH that logs each call and makes the
binary a build would: the suite takes seconds, and a call to SwiftPM is seen, not timed
(scripts/bench times the real start)."""
import os
import shutil
import stat
import subprocess
import time
import unittest

import vmshtest

ROOT = vmshtest.ROOT

# The stand-in: logs its arguments and writes Package.resolved the first time, as SwiftPM does; a
# quick build (no default traits) makes the quick binary, the static release build the full one.
# Each binary says which it is and what it was given.
FAKE_SWIFT = """#!/bin/sh
echo "$*" >>"$SWIFT_LOG"
[ -e Package.resolved ] || echo '{}' >Package.resolved
binary() { mkdir -p "$(dirname "$1")"; printf '#!/bin/sh\\necho "%s $*"\\n' "$2" >"$1"; chmod +x "$1"; }
case "$*" in
  *--disable-default-traits*) binary .build-quick/debug/vmsh quick ;;
  *.build-static*) sleep "${FAKE_BUILD_SECONDS:-0}"; binary .build-static/release/vmsh full ;;
esac
"""


def read(path):
    """The file's text, or "" while it is not there."""
    try:
        with open(path) as f:
            return f.read()
    except FileNotFoundError:
        return ""


class StartScriptTests(unittest.TestCase):
    def setUp(self):
        self.home = vmshtest.Home("vmsh-start-")
        self.checkout = self.home.folder("checkout")
        shutil.copytree(os.path.join(ROOT, "scripts"), os.path.join(self.checkout, "scripts"))
        shutil.copy(os.path.join(ROOT, "Package.swift"), self.checkout)
        self.source = os.path.join(self.checkout, "Sources/vmsh/main.swift")
        os.makedirs(os.path.dirname(self.source))
        with open(self.source, "w") as f:
            f.write("print(1)\n")
        tools = self.home.folder("tools")
        swift = os.path.join(tools, "swift")
        with open(swift, "w") as f:
            f.write(FAKE_SWIFT)
        os.chmod(swift, stat.S_IRWXU)
        self.log = os.path.join(self.home, "swift.log")
        self.path = tools + ":" + os.environ["PATH"]

    def start(self, **variables):
        """scripts/vmsh -c quit in the checkout, in an environment with `variables` added."""
        env = self.home.env({"PATH": self.path, "SWIFT_LOG": self.log, **variables})
        result = subprocess.run([os.path.join(self.checkout, "scripts/vmsh"), "-c", "quit"], cwd=self.home,
                                env=env, capture_output=True, text=True, timeout=60)
        self.assertEqual(result.returncode, 0, result.stderr)
        return result.stdout.strip()

    def swift_calls(self):
        if not os.path.exists(self.log):
            return []
        with open(self.log) as f:
            return f.read().splitlines()

    def put_full_binary(self):
        subprocess.run(["sh", "-c", FAKE_SWIFT, "swift", "build", "--scratch-path", ".build-static"],
                       cwd=self.checkout, env={**os.environ, "SWIFT_LOG": os.devnull}, check=True)

    def test_a_second_start_in_another_environment_asks_no_swiftpm(self):
        self.put_full_binary()
        self.assertEqual(self.start(), "full -c quit")
        first = self.swift_calls()
        self.assertTrue(any(call.startswith("build -c release") for call in first), first)
        for n in range(3):
            self.assertEqual(self.start(VMSH_START_TEST=str(n)), "full -c quit")
        self.assertEqual(self.swift_calls(), first, "nothing changed: no SwiftPM")

    def test_a_changed_source_a_new_one_or_the_manifest_builds_again(self):
        self.put_full_binary()
        self.start()
        for change in ("touch", "new", "manifest"):
            calls = len(self.swift_calls())
            if change == "touch":
                os.utime(self.source, (time.time() + 5, time.time() + 5))
            elif change == "new":
                with open(os.path.join(os.path.dirname(self.source), "More.swift"), "w") as f:
                    f.write("let more = 1\n")
            else:
                with open(os.path.join(self.checkout, "Package.swift"), "a") as f:
                    f.write("// one more line\n")
            self.assertEqual(self.start(), "full -c quit")
            self.assertGreater(len(self.swift_calls()), calls, change)
            calls = len(self.swift_calls())
            self.assertEqual(self.start(FOO="1"), "full -c quit")
            self.assertEqual(len(self.swift_calls()), calls, change + ", then nothing: no SwiftPM")

    def test_the_quick_vmsh_starts_at_once_while_the_full_one_builds_then_the_full_one(self):
        self.assertEqual(self.start(FAKE_BUILD_SECONDS="3"), "quick -c quit")
        calls = self.swift_calls()
        self.assertTrue(any("--disable-default-traits" in call for call in calls), calls)
        # The background build is still running: the quick vmsh, with no SwiftPM asked.
        self.assertEqual(self.start(FOO="1"), "quick -c quit")
        background = os.path.join(self.checkout, ".build-static/background.log")
        vmshtest.wait_for(lambda: "background build done" in read(background), "the background build", timeout=30)
        calls = self.swift_calls()
        self.assertEqual(self.start(FOO="2"), "full -c quit")
        self.assertEqual(self.swift_calls(), calls, "the background build left its stamp: no SwiftPM")


if __name__ == "__main__":
    vmshtest.main("scripts/vmsh's start")
