#!/usr/bin/env python3
"""`code --package DIR`: the tutorial's ViewModel layer written as a SwiftPM package, built and
tested in the folder vmsh wrote, for the tutorial's session (fixed and length) and for a learner's
own pipeline, in each Swift library: Combine against OpenCombine from the package mirror,
ReactiveSwift against the vendored ReactiveSwift 7.2.1 (REACTIVESWIFT_PATH, which the written
Package.swift reads), Swift concurrency against swift-async-algorithms from the mirror. `swift
test` passes there, and fails once what the test expects is not what the ViewModels do. What vmsh writes into a folder is only its own: a folder it did not make is
refused, a file without its mark keeps its bytes, and another library's files are removed only if
they carry the mark.

Each package builds under .build/code-package (its scratch path), so a second run recompiles only
what changed. VMSH names the binary."""
import os
import re
import shutil
import subprocess
import unittest

import vmshtest

HOME = vmshtest.Home("vmsh-package-")
SCRATCH = os.path.join(vmshtest.ROOT, ".build", "code-package")
VENDOR = os.path.normpath(os.path.join(vmshtest.ROOT, "..", "shared", "vendor", "ReactiveSwift-7.2.1"))
MARK = "// Written by vmsh (code --package)"


def vmsh(*lines):
    out, err, status = HOME.vmsh("--virtual-clock", stdin=("\n".join(lines) + "\n").encode(), cwd=HOME.root)
    return out, err, status


def swift_test(folder, scratch):
    """`swift test` in `folder`, as a learner runs it there, with a build folder kept between runs."""
    env = dict(os.environ, REACTIVESWIFT_PATH=VENDOR)
    return subprocess.run(["swift", "test", "--package-path", folder, "--scratch-path", os.path.join(SCRATCH, scratch)],
                          capture_output=True, text=True, timeout=1800, env=env)


def read(path):
    with open(path) as file:
        return file.read()


class CodePackageTests(unittest.TestCase):
    def folder(self, name):
        path = os.path.join(HOME.root, name)
        shutil.rmtree(path, ignore_errors=True)
        return path

    def assert_passes(self, folder, scratch):
        ran = swift_test(folder, scratch)
        self.assertEqual(ran.returncode, 0, "swift test failed:\n" + (ran.stdout + ran.stderr)[-6000:])
        # Swift concurrency's test is Swift Testing's, the others XCTest's.
        passed = "Test run with 3 tests in 1 suite passed" if scratch == "async" else "Executed 3 tests, with 0 failures"
        self.assertIn(passed, ran.stdout + ran.stderr)
        self.assertNotIn("warning:", ran.stdout + ran.stderr)

    def assert_fails_when_expected_otherwise(self, folder, scratch, seen, unseen, failure):
        """Expected.swift with `seen` made `unseen`: `swift test` fails, saying `failure`."""
        path = os.path.join(folder, "Tests", "FlickrSearchTests", "Expected.swift")
        expected = read(path)
        with open(path, "w") as file:
            file.write(expected.replace(seen, unseen))
        ran = swift_test(folder, scratch)
        self.assertNotEqual(ran.returncode, 0)
        self.assertIn(failure, ran.stdout + ran.stderr)

    def assert_a_learners_passes(self, folder, scratch, *lines):
        """The learner's own pipeline (`lines` then `code --package`), written over `folder`: vmsh's
        files again, three fetches expected, and the test passes."""
        out, err, status = vmsh("pipeline mine = isVisible | filter true | flattenMap metadata",
                                "set pipeline mine", *lines)
        self.assertEqual((status, err), (0, ""))
        self.assertIn("static let favoritesCalls = 3",
                      read(os.path.join(folder, "Tests", "FlickrSearchTests", "Expected.swift")))
        self.assert_passes(folder, scratch)

    def test_the_tutorials_session_in_combine_passes_its_own_test_and_fails_when_expected_otherwise(self):
        folder = self.folder("search-combine")
        out, err, status = vmsh(f"code --package {folder}")
        self.assertEqual((status, err), (0, ""))
        self.assertIn(f"wrote the ViewModels in Combine over fixed and length, and a test of this session, to {folder}",
                      out)
        expected = read(os.path.join(folder, "Tests", "FlickrSearchTests", "Expected.swift"))
        # What the playground sent for fixed: one fetch, after the second show's whole second.
        self.assertIn('"2300: (3, 5)"', expected)
        self.assertIn("static let favoritesCalls = 1", expected)
        self.assertIn('"400: true"', expected)
        pipelines = read(os.path.join(folder, "Sources", "FlickrSearch", "Pipelines.swift"))
        self.assertIn(".delay(for: .seconds(1), scheduler: scheduler)", pipelines)
        self.assertNotIn("DispatchQueue.main", pipelines)
        self.assert_passes(folder, "combine")
        # The test checks what it says: a count it did not see fails it.
        self.assert_fails_when_expected_otherwise(folder, "combine", "static let favoritesCalls = 1",
                                                  "static let favoritesCalls = 2", "calls for the favourites")
        self.assert_a_learners_passes(folder, "combine", f"code --package {folder}")

    def test_a_learners_pipeline_and_validation_in_reactiveswift(self):
        self.assertTrue(os.path.isdir(VENDOR), f"ReactiveSwift 7.2.1 is not vendored beside the checkout: {VENDOR}")
        folder = self.folder("mine-reactiveswift")
        out, err, status = vmsh(
            "pipeline mine = isVisible | filter true | flattenMap metadata", "set pipeline mine",
            "validation long = searchText | map length | map >4", "set validation long",
            f"code --package {folder} --reactiveswift")
        self.assertEqual((status, err), (0, ""))
        self.assertIn("wrote the ViewModels in ReactiveSwift over mine and long", out)
        expected = read(os.path.join(folder, "Tests", "FlickrSearchTests", "Expected.swift"))
        # Every show fetches: three calls, the counts first at 300 ms.
        self.assertIn("static let favoritesCalls = 3", expected)
        self.assertIn('"300: (3, 5)"', expected)
        # "abcde" at 1000 ms is the first text longer than four; "abcd" at the search is not, so no search.
        self.assertIn('"1000: true"', expected)
        self.assertIn("static let search: [String] = []", expected)
        self.assertIn("flatMap(.merge)", read(os.path.join(folder, "Sources", "FlickrSearch", "Pipelines.swift")))
        self.assert_passes(folder, "reactiveswift")
        # The tutorial's session, written over the same folder.
        out, err, status = vmsh(f"code --package {folder} --reactiveswift")
        self.assertEqual((status, err), (0, ""))
        self.assertIn("static let favoritesCalls = 1", read(os.path.join(folder, "Tests", "FlickrSearchTests",
                                                                          "Expected.swift")))
        self.assert_passes(folder, "reactiveswift")

    def test_the_tutorials_session_and_a_learners_pipeline_in_swift_concurrency(self):
        folder = self.folder("search-async")
        out, err, status = vmsh(f"code --package {folder} --async")
        self.assertEqual((status, err), (0, ""))
        self.assertIn("wrote the ViewModels in Swift concurrency over fixed and length", out)
        pipelines = read(os.path.join(folder, "Sources", "FlickrSearch", "Pipelines.swift"))
        self.assertIn(".delay(for: .seconds(1), clock: clock)", pipelines)
        self.assertIn(".take(1)", pipelines)
        self.assert_passes(folder, "async")
        # A count the ViewModel did not show fails the test.
        self.assert_fails_when_expected_otherwise(folder, "async", '"2300: (3, 5)"', '"2301: (3, 5)"',
                                                  "aRowFetchesItsCountsAsVmshsPipelineDid() recorded an issue")
        self.assert_a_learners_passes(folder, "async", "validation long = searchText | map length | map >4",
                                      "set validation long", f"code --package {folder} --async")

    def test_only_a_folder_and_files_vmsh_wrote_are_written(self):
        theirs = self.folder("theirs")
        os.makedirs(theirs)
        with open(os.path.join(theirs, "Package.swift"), "w") as file:
            file.write("// my own package\n")
        out, err, status = vmsh(f"code --package {theirs}")
        self.assertIn("is a folder vmsh did not write", err)
        self.assertEqual(read(os.path.join(theirs, "Package.swift")), "// my own package\n")
        self.assertEqual(os.listdir(theirs), ["Package.swift"])

        folder = self.folder("switched")
        vmsh(f"code --package {folder}")
        tests = os.path.join(folder, "Tests", "FlickrSearchTests")
        self.assertTrue(os.path.exists(os.path.join(tests, "VirtualScheduler.swift")))
        # A file of the learner's beside vmsh's, and one of vmsh's the learner took over.
        with open(os.path.join(tests, "Notes.swift"), "w") as file:
            file.write("// mine\n")
        with open(os.path.join(folder, "Sources", "FlickrSearch", "ViewModels.swift"), "w") as file:
            file.write("// rewritten by hand\n")
        pipelines = os.path.join(folder, "Sources", "FlickrSearch", "Pipelines.swift")
        before = read(pipelines)
        out, err, status = vmsh("set pipeline naive", f"code --package {folder} --reactiveswift")
        self.assertRegex(err, r"ViewModels.swift exists and was not written by code --package: choose another name")
        self.assertEqual(read(os.path.join(folder, "Sources", "FlickrSearch", "ViewModels.swift")),
                         "// rewritten by hand\n")
        # Refused before any file was written: the folder is as it was.
        self.assertEqual(read(pipelines), before)
        self.assertTrue(os.path.exists(os.path.join(tests, "VirtualScheduler.swift")))
        os.remove(os.path.join(folder, "Sources", "FlickrSearch", "ViewModels.swift"))
        out, err, status = vmsh(f"code --package {folder} --reactiveswift")
        self.assertEqual((status, err), (0, ""))
        self.assertEqual(read(os.path.join(tests, "Notes.swift")), "// mine\n")
        # Combine's own files went, as ReactiveSwift's package has none of them.
        self.assertFalse(os.path.exists(os.path.join(tests, "VirtualScheduler.swift")))
        self.assertFalse(os.path.exists(os.path.join(folder, "Sources", "FlickrSearch", "OpenCombineMissing.swift")))
        self.assertTrue(read(os.path.join(folder, "Package.swift")).startswith("// swift-tools-version: 6.0\n" + MARK))

    def test_what_cannot_be_a_package_is_one_line(self):
        folder = self.folder("refused")
        out, err, status = vmsh(f"code --package {folder} --rac2", f"code --package {folder} --async --combine",
                                f"code --package {folder} --combine extra", "code --package", "code")
        lines = [re.sub(r"^vmsh: stdin:\d+: ", "", line) for line in err.splitlines()]
        misuse = ("code takes a name and a library, or a folder: code NAME [--rac2|--reactiveswift|--combine|--async], "
                  "code --package DIR [--combine|--reactiveswift|--async]")
        self.assertEqual(lines, [
            "a package is Swift: code --package DIR --combine, --reactiveswift or --async",
            misuse, misuse, misuse, misuse,
        ])
        self.assertFalse(os.path.exists(folder))
        # A script with refused lines says so in its exit status, having run every line.
        self.assertEqual(status, 1)


if __name__ == "__main__":
    vmshtest.main("code --package, built and tested")
