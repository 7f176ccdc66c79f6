#!/usr/bin/env python3
"""A Swift user's habit and the scripts' builds share one checkout: `swift build -c release`
works before and after the scripts' static release build (`build_static`, which `scripts/vmsh` and
`scripts/install` use), and each leaves the other's binary as it was. The static build is tried on
a small product, `marble-pictures`, linked with exactly the scripts' flags, so the suite takes a
few minutes rather than the two full release builds of vmsh (scripts/bench builds those).
`scripts/vmsh`'s quick build (`build_quick`, in a folder of its own) builds vmsh without the
Flickr client's modules and the class server's, and that vmsh says so in one line when asked for
Flickr or to serve."""
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

    def test_scripts_vmsh_runs_the_binary_build_static_makes_else_the_quick_one(self):
        with open(os.path.join(ROOT, "scripts/vmsh"), encoding="utf-8") as f:
            text = f.read()
        self.assertIn('full="$STATIC_BUILD/release/vmsh"', text)
        self.assertIn("build_static release vmsh", text)
        self.assertIn("build_quick", text)
        self.assertIn('exec "$binary" "$@"', text)

    def test_the_quick_build_has_no_flickr_client_and_says_so_in_one_line(self):
        scripts("build_quick")
        folder = scripts('echo "$QUICK_BUILD/$QUICK_CONFIGURATION"').strip()
        self.assertTrue(os.access(os.path.join(folder, "vmsh"), os.X_OK))
        # SwiftPM makes every module's folder; only a compiled one has a module file or objects.
        modules = os.listdir(os.path.join(folder, "Modules"))
        self.assertIn("GRDB.swiftmodule", modules)
        for module in ("FlickrAPI", "NIOCore", "NIOSSL", "AsyncHTTPClient", "SessionServer", "Hummingbird"):
            self.assertNotIn(module + ".swiftmodule", modules, "the quick build leaves the Flickr client and server out")
        boringssl = [name for _, _, names in os.walk(os.path.join(folder, "CNIOBoringSSL.build")) for name in names]
        self.assertFalse([name for name in boringssl if name.endswith(".o")], "BoringSSL is not compiled")
        home = vmshtest.Home("vmsh-quick-")
        quick = os.path.join(folder, "vmsh")
        for flags in (["--service", "flickr"], ["--replay", os.path.join(home, "cassette")]):
            result = subprocess.run([quick, "--no-rc", *flags, "-c", "quit"], env=home.env(), capture_output=True,
                                    text=True)
            self.assertEqual((result.returncode, result.stdout), (2, ""), result.stderr)
            self.assertEqual(len(result.stderr.splitlines()), 1, result.stderr)
            self.assertIn("this quick build has no Flickr client; scripts/install", result.stderr)
        session = subprocess.run([quick, "--no-rc", "--virtual-clock", "-c", "search sunset", "-c", "wait 1s"],
                                 env=home.env(), capture_output=True, text=True)
        self.assertEqual(session.returncode, 0, session.stderr)
        self.assertIn('"sunset": 100 of', session.stdout)
        # No class server either: --serve says so in one line, and so does `serve on`.
        result = subprocess.run([quick, "--no-rc", "--serve", "0", "-c", "quit"], env=home.env(), capture_output=True,
                                text=True)
        self.assertEqual((result.returncode, result.stdout), (2, ""))
        self.assertEqual(result.stderr.splitlines(), [
            "vmsh: this quick build has no server; scripts/install or `swift build` builds the full vmsh "
            "(scripts/vmsh builds it in the background and uses it once it is there)"])
        result = subprocess.run([quick, "--no-rc", "--virtual-clock", "-c", "serve on", "-c", "say still here"],
                                env=home.env(), capture_output=True, text=True)
        self.assertEqual((result.returncode, result.stdout), (1, "[00:00.000] » still here\n"))
        self.assertEqual(result.stderr, "vmsh: -c:1: this quick build has no server; scripts/install or `swift build` "
                                        "builds the full vmsh (scripts/vmsh builds it in the background and uses it "
                                        "once it is there)\n")


if __name__ == "__main__":
    vmshtest.main("release build beside the static one")
