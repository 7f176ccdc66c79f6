#!/usr/bin/env python3
"""scripts/install into a temporary prefix, as a user would: the binary holds the Swift runtime
(ldd lists the C library's parts only) and runs with the toolchain off PATH, `man -l` renders
the page, bash completes a flag in a real pseudo-terminal (tmux), and files the installer did
not write keep their bytes and mode. Installs the debug build (quick after scripts/test's
build); VMSH_TEST_RELEASE=1 installs the release build instead."""
import os
import re
import shutil
import stat
import subprocess
import time
import unittest

import vmshtest
from vmshtest import ROOT, Pane, sh

INSTALL = os.path.join(ROOT, "scripts/install")
WORK = vmshtest.Home("vmsh-install-")
PREFIX = os.path.join(WORK, "prefix")
BUILD = [] if os.environ.get("VMSH_TEST_RELEASE") == "1" else ["--debug"]
# Libraries a dynamically linked Swift program loads from the toolchain.
SWIFT_LIBRARY = re.compile(r"libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libXCTest")


def install(*args, prefix=PREFIX):
    result = subprocess.run([INSTALL, "--prefix", prefix, *BUILD, *args], capture_output=True, text=True,
                            timeout=1800)
    return result.stdout, result.stderr, result.returncode


def snapshot(path):
    info = os.lstat(path)
    with open(path, "rb") as f:
        return stat.S_IMODE(info.st_mode), f.read()


def write(path, data, mode):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    os.chmod(path, mode)


def without_toolchain():
    """The environment with no directory on PATH that holds swift, and no LD_LIBRARY_PATH."""
    path = [d for d in os.environ["PATH"].split(":")
            if d and not os.path.exists(os.path.join(d, "swift")) and not os.path.exists(os.path.join(d, "swiftc"))]
    return vmshtest.Home(parent=WORK).env({"PATH": ":".join(path)})


# A user's own files under the prefix, there before the install.
USER_FILES = {"bin/mytool": (b"#!/bin/sh\necho mine\n", 0o700), "share/man/man1/mytool.1": (b".TH MYTOOL 1\n", 0o600)}


class InstallTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        for relative, (data, mode) in USER_FILES.items():
            write(os.path.join(PREFIX, relative), data, mode)
        started = time.monotonic()
        cls.out, cls.err, cls.status = install()
        cls.seconds = time.monotonic() - started
        print(f"scripts/install {' '.join(BUILD) or '(release)'}: {cls.seconds:.1f} s", flush=True)

    def setUp(self):
        self.assertEqual(self.status, 0, self.err)

    def installed(self, relative):
        return os.path.join(PREFIX, relative)

    def test_it_installs_each_file_says_so_and_leaves_the_users_files_alone(self):
        expected = {"bin/vmsh": 0o755, "share/man/man1/vmsh.1": 0o644,
                    "share/bash-completion/completions/vmsh": 0o644, "share/zsh/site-functions/_vmsh": 0o644,
                    "share/fish/vendor_completions.d/vmsh.fish": 0o644}
        for relative, mode in expected.items():
            self.assertIn(f"installed {self.installed(relative)}\n", self.out)
            self.assertEqual(stat.S_IMODE(os.stat(self.installed(relative)).st_mode), mode, relative)
        for relative, (data, mode) in USER_FILES.items():
            self.assertEqual(snapshot(self.installed(relative)), (mode, data), relative)
        self.assertEqual(sorted(os.listdir(self.installed("bin"))), ["mytool", "vmsh"], "no temporary file left")

    def test_the_binary_links_no_swift_library(self):
        ldd = subprocess.run(["ldd", self.installed("bin/vmsh")], capture_output=True, text=True)
        self.assertEqual(ldd.returncode, 0, ldd.stderr)
        self.assertIn("libc.so", ldd.stdout)
        self.assertNotIn("not found", ldd.stdout)
        self.assertEqual([line for line in ldd.stdout.splitlines() if SWIFT_LIBRARY.search(line)], [])
        # SQLite, libedit and libstdc++ are linked in too: the loader maps only the C library's own
        # parts, and nothing of networking (curl, OpenSSL) or ICU, whatever the service.
        names = [os.path.basename(line.split()[0]) for line in ldd.stdout.splitlines() if line.strip()]
        others = [n for n in names if not re.match(r"(linux-vdso|libc|libm|libgcc_s|ld-linux[-\w]*)\.so", n)]
        self.assertEqual(others, [], ldd.stdout)

    def test_the_binary_is_stripped(self):
        sections = subprocess.run(["readelf", "-S", "-W", self.installed("bin/vmsh")], capture_output=True,
                                  text=True)
        self.assertEqual(sections.returncode, 0, sections.stderr)
        self.assertNotIn(".symtab", sections.stdout)
        self.assertNotIn(".debug_info", sections.stdout)
        self.assertNotIn(".swift_ast", sections.stdout)
        self.assertIn("swift5_protocol_conformances", sections.stdout, "the runtime's metadata stays")

    def test_it_runs_with_the_toolchain_off_path(self):
        env = without_toolchain()
        self.assertIsNone(shutil.which("swift", path=env["PATH"]))
        vmsh = self.installed("bin/vmsh")
        version = subprocess.run([vmsh, "--version"], capture_output=True, text=True, env=env)
        self.assertEqual((version.stdout, version.stderr, version.returncode), ("0.1.0\n", "", 0))
        run = subprocess.run([vmsh, "--no-rc", "--virtual-clock", "-c", "search sunset", "-c", "wait 2s"],
                             capture_output=True, text=True, env=env, timeout=120)
        self.assertEqual((run.stderr, run.returncode), ("", 0))
        self.assertIn('[00:00.400] push SearchResultsViewModel "sunset"\n', run.stdout)
        self.assertIn('[00:00.400] "sunset": 100 of 791 photos\n', run.stdout)

    def test_man_renders_the_page_from_the_flag_declarations(self):
        env = dict(os.environ, LANG="C", LC_ALL="C", MANWIDTH="100", MANPAGER="cat", PAGER="cat")
        man = subprocess.run(["man", "-l", self.installed("share/man/man1/vmsh.1")], capture_output=True,
                             text=True, env=env)
        self.assertEqual(man.returncode, 0, man.stderr)
        page = re.sub(".\b", "", man.stdout)  # overstrike bold, if the formatter used it
        self.assertIn("NAME", page)
        self.assertRegex(page, r"vmsh +-+ +A scriptable shell")
        self.assertIn("--virtual-clock", page)
        self.assertIn("Time advances only on 'wait'", page)
        self.assertIn("--serve [address:]port", page)
        self.assertIn("Also serve the session as a read-only page students follow live", page)
        self.assertIn("a class follows along in browsers", page)

    def test_the_zsh_and_fish_scripts_are_vmshs(self):
        with open(self.installed("share/zsh/site-functions/_vmsh")) as f:
            zsh = f.read()
        with open(self.installed("share/fish/vendor_completions.d/vmsh.fish")) as f:
            fish = f.read()
        self.assertTrue(zsh.startswith("#compdef vmsh"), zsh[:80])
        self.assertIn("--virtual-clock", zsh)
        self.assertIn("complete -c 'vmsh'", fish.replace('complete -c vmsh', "complete -c 'vmsh'"))
        self.assertIn("virtual-clock", fish)

    def test_bash_completes_a_flag_in_a_pseudo_terminal(self):
        env = without_toolchain()
        home = env["HOME"]
        env.update(PATH=self.installed("bin") + ":" + env["PATH"], TERM="xterm-256color", PS1="$ ")
        exports = " ".join(f"{k}={sh(v)}" for k, v in env.items())
        bash = Pane(f"env -i {exports} bash --norc --noprofile -i", width=100, height=20)
        self.addCleanup(bash.close)

        def screen():
            return bash.text().rstrip()

        bash.wait_for(lambda: screen().endswith("$"), "the bash prompt")

        def typed(text, *keys):
            bash.type(text)
            bash.keys(*keys)

        typed(f"source {sh(self.installed('share/bash-completion/completions/vmsh'))}", "Enter")
        typed("vmsh --virt", "Tab")
        bash.wait_for(lambda: screen().endswith("$ vmsh --virtual-clock"), "--virt completed to --virtual-clock")
        # Flags that take a script complete file names.
        bash.keys("C-u")
        typed(f"cd {sh(home)} && touch lesson-one.vmsh", "Enter")
        typed("vmsh -i less", "Tab")
        bash.wait_for(lambda: screen().endswith("$ vmsh -i lesson-one.vmsh"), "a script file name completed")
        # The completion comes from the sourced script: without it, bash completes no flags.
        bash.keys("C-u")
        typed("complete -r vmsh", "Enter")
        typed("vmsh --virt", "Tab")
        time.sleep(1)
        self.assertTrue(screen().endswith("$ vmsh --virt"), screen())

    def test_a_file_it_did_not_write_is_refused_before_anything_is_built(self):
        prefix = os.path.join(WORK, "taken")
        mine = os.path.join(prefix, "bin/vmsh")
        write(mine, b"#!/bin/sh\necho my own vmsh\n", 0o750)
        started = time.monotonic()
        out, err, status = install(prefix=prefix)
        self.assertEqual(status, 1)
        self.assertEqual(err, f"scripts/install: {mine} is not a file scripts/install wrote (or it changed since); "
                              "it stays as it is: move it away or choose another --prefix\n")
        self.assertEqual(snapshot(mine), (0o750, b"#!/bin/sh\necho my own vmsh\n"))
        self.assertEqual(os.listdir(prefix), ["bin"], "nothing else written")
        self.assertLess(time.monotonic() - started, 60, "refused before building")

    def test_a_prefix_of_root_or_another_users_home_is_refused_in_one_line(self):
        for prefix, said in (("/", "--prefix / would write /bin/vmsh and create /share: choose a folder such as "
                                   "/usr/local"),
                             ("//", "--prefix / would write /bin/vmsh and create /share: choose a folder such as "
                                    "/usr/local"),
                             ("~bob/opt", "--prefix ~bob: give the folder's whole path (only ~ alone is expanded)")):
            started = time.monotonic()
            out, err, status = install(prefix=prefix)
            self.assertEqual((out, err, status), ("", f"scripts/install: {said}\n", 1), prefix)
            self.assertLess(time.monotonic() - started, 30, "refused before building")

    def test_a_tilde_in_an_equals_prefix_is_the_home_folder(self):
        home = vmshtest.Home(parent=WORK)
        mine = os.path.join(home, "opt/bin/vmsh")
        write(mine, b"#!/bin/sh\necho mine\n", 0o700)
        result = subprocess.run([INSTALL, "--prefix=~/opt", *BUILD], capture_output=True, text=True, timeout=600,
                                cwd=WORK, env={**os.environ, "HOME": str(home)})
        # Refused for the file in the way, at the expanded path: no folder named ~ was made.
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn(f"scripts/install: {mine} is not a file scripts/install wrote", result.stderr)
        self.assertFalse(os.path.exists(os.path.join(WORK, "~")))

    def test_a_file_put_in_the_way_during_the_build_is_refused_before_anything_is_written(self):
        # A strip that, as the build ends, puts a file of someone else's where the manual goes.
        prefix = os.path.join(WORK, "raced")
        page = os.path.join(prefix, "share/man/man1/vmsh.1")
        shims = vmshtest.Home(parent=WORK).folder("shims")
        with open(os.path.join(shims, "strip"), "w") as f:
            f.write(f"#!/bin/sh\nmkdir -p {sh(os.path.dirname(page))}\nprintf 'theirs\\n' > {sh(page)}\n"
                    f"exec {sh(shutil.which('strip'))} \"$@\"\n")
        os.chmod(os.path.join(shims, "strip"), 0o755)
        result = subprocess.run([INSTALL, "--prefix", prefix, *BUILD], capture_output=True, text=True, timeout=1800,
                                env={**os.environ, "PATH": shims + ":" + os.environ["PATH"]})
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertEqual(result.stderr.splitlines()[-1],
                         f"scripts/install: {page} is not a file scripts/install wrote (or it changed since); "
                         "it stays as it is: move it away or choose another --prefix")
        with open(page) as f:
            self.assertEqual(f.read(), "theirs\n")
        self.assertFalse(os.path.exists(os.path.join(prefix, "bin/vmsh")), "nothing installed")

    def test_a_changed_install_is_not_overwritten_and_a_bad_flag_is_one_line(self):
        prefix = os.path.join(WORK, "changed")
        shutil.copytree(PREFIX, prefix, symlinks=True)
        page = os.path.join(prefix, "share/man/man1/vmsh.1")
        with open(page, "ab") as f:
            f.write(b".\\\" a local note\n")
        before = snapshot(page)
        out, err, status = install(prefix=prefix)
        self.assertEqual((status, len(err.splitlines())), (1, 1), err)
        self.assertIn(f"{page} is not a file scripts/install wrote (or it changed since)", err)
        self.assertEqual(snapshot(page), before)
        out, err, status = install("--bogus")
        self.assertEqual((out, err, status), ("", "scripts/install: unknown argument '--bogus' (see --help)\n", 1))
        usage = subprocess.run([INSTALL, "--help"], capture_output=True, text=True)
        self.assertEqual(usage.returncode, 0)
        self.assertIn("scripts/install --prefix DIR", usage.stdout)


if __name__ == "__main__":
    vmshtest.main("scripts/install")
