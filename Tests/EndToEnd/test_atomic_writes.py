#!/usr/bin/env python3
"""Files vmsh writes are replaced whole or not at all, end to end: `save` to a disk that fills
keeps the earlier lesson, `--record` to a disk that fills (at its header or later) ends the
recording with one line and no crash, and `--record` judges an existing file by its first bytes
only. The small full disk is a 64 KiB tmpfs, so the suite runs as root (as scripts/test does)."""
import os
import random
import resource
import signal
import subprocess
import time
import unittest

import vmshtest

KEY = os.urandom(16).hex()
HOME = vmshtest.Home("vmsh-atomic-")
WORK = HOME.folder("work")
STUB = vmshtest.FlickrStub(KEY, WORK, seed=1, idle_exit=120, env=HOME.env())


def setUpModule():
    unittest.addModuleCleanup(STUB.stop)
    STUB.start()


def read(path):
    with open(path, "rb") as f:
        return f.read()


class SmallDisk:
    """A 64 KiB tmpfs in the home, unmounted by the test's cleanup; `fill(leave)` writes a filler
    until the disk is full, then gives back `leave` bytes."""

    def __init__(self, test):
        self.path = HOME.folder()
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", self.path], check=True)
        test.addCleanup(subprocess.run, ["umount", "-l", self.path], check=False)

    def fill(self, leave=0):
        filler = os.path.join(self.path, "filler")
        fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            while True:
                os.write(fd, b"\0" * 4096)
        except OSError:
            pass
        finally:
            os.close(fd)
        size = os.path.getsize(filler)
        os.truncate(filler, max(0, size - leave))

    def partials(self):
        return [name for name in os.listdir(self.path) if name.endswith("vmsh-partial")]


class FullDiskTests(unittest.TestCase):
    def test_save_to_a_full_disk_keeps_the_earlier_lesson_and_says_so(self):
        disk = SmallDisk(self)
        lesson = os.path.join(disk.path, "lesson.vmsh")
        first = HOME.vmsh("--virtual-clock", "-c", "text abcd", "-c", f"save {lesson}")
        self.assertEqual(first.status, 0, first.err)
        earlier = read(lesson)
        disk.fill()
        commands = [arg for i in range(400) for arg in ("-c", f"text {i:03} " + "x" * 190)]
        out, err, status = HOME.vmsh("--virtual-clock", *commands, "-c", f"save {lesson}")
        self.assertEqual(read(lesson), earlier)
        self.assertIn("No space left on device; the earlier file is unchanged", err)
        self.assertEqual(len(err.strip().splitlines()), 1, err)
        self.assertEqual(status, 1)
        self.assertEqual(disk.partials(), [])

    def test_record_at_a_full_disk_refuses_in_one_line(self):
        disk = SmallDisk(self)
        disk.fill()
        cassette = os.path.join(disk.path, "session.jsonl")
        result = self.record(cassette, "search sunset\nwait 2500ms\n")
        self.assertIn(f"cannot write the cassette {cassette}: No space left on device", result.err)
        self.assertEqual(len(result.err.strip().splitlines()), 1, result.err)
        self.assertGreater(result.status, 0, "an exit, not a signal")
        self.assertFalse(os.path.exists(cassette))
        self.assertEqual(disk.partials(), [])

    def test_a_disk_that_fills_while_recording_ends_the_recording_and_the_session_goes_on(self):
        disk = SmallDisk(self)
        disk.fill(leave=8192)
        cassette = os.path.join(disk.path, "session.jsonl")
        result = self.record(cassette, "search sunset\nwait 2500ms\nsearch moon\nwait 2500ms\n")
        ended = f"vmsh: recording to the cassette {cassette} ended: No space left on device"
        self.assertEqual([line for line in result.err.splitlines() if line.startswith("vmsh: recording")],
                         [ended + "; the session goes on without it"], result.err)
        self.assertIn('"sunset": 100 of 791 photos', result.out)
        self.assertIn('"moon":', result.out)
        self.assertEqual(result.status, 0, result.err)
        self.assertTrue(read(cassette).startswith(b'{"vmsh_cassette":1}\n'))

    @staticmethod
    def record(cassette, script):
        flags = ["--history-file", "", "--service", "flickr", "--flickr-endpoint", STUB.endpoint, "--record", cassette]
        return HOME.vmsh(*flags, stdin=script.encode(), env={"FLICKR_API_KEY": KEY})


class SignalTests(unittest.TestCase):
    def test_a_signal_during_save_leaves_the_earlier_lesson_or_the_whole_new_one(self):
        work = HOME.folder()
        lesson = os.path.join(work, "lesson.vmsh")
        commands = [arg for i in range(300) for arg in ("-c", f"text {i:03} " + "x" * 150)]
        args = [vmshtest.VMSH, "--no-rc", "--virtual-clock", *commands, "-c", "save --expect lesson.vmsh"]
        started = time.monotonic()
        subprocess.run(args, cwd=work, env=HOME.env(), capture_output=True, check=True)
        took = time.monotonic() - started
        whole = read(lesson)
        shapes = random.Random(25)
        for run in range(120):
            process = subprocess.Popen(args, cwd=work, env=HOME.env(), stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
            time.sleep(took * shapes.uniform(0.6, 1.1))
            process.send_signal(shapes.choice([signal.SIGTERM, signal.SIGHUP, signal.SIGINT]))
            process.wait(timeout=60)
            self.assertEqual(read(lesson), whole, f"kill {run + 1}")
        self.assertEqual([name for name in os.listdir(work) if name.endswith("vmsh-partial")], [])


class BoundedPrefixTests(unittest.TestCase):
    def test_a_huge_file_is_refused_by_its_first_bytes(self):
        big = os.path.join(WORK, "big.jsonl")
        with open(big, "wb") as f:
            f.truncate(1 << 30)  # 1 GiB, sparse: all zero bytes
        started = time.monotonic()
        result = HOME.vmsh("--service", "flickr", "--record", big, "-c", "help",
                           env={"FLICKR_API_KEY": KEY}, timeout=60)
        took = time.monotonic() - started
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        self.assertIn("it exists and is not a vmsh cassette", result.err)
        self.assertLess(took, 10, "judged by a prefix, not read whole")
        self.assertLess(peak, 300 * 1024, "KiB of memory at most")
        print(f"\n--record on a 1 GiB file: {took:.2f} s, peak RSS {peak // 1024} MiB", flush=True)
        self.assertEqual(os.path.getsize(big), 1 << 30)


if __name__ == "__main__":
    vmshtest.main("atomic writes, end to end")
