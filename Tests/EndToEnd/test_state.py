#!/usr/bin/env python3
"""State lasts between vmsh sessions, end to end: searches made in one run are the next run's
`recent` (newest first, at most 10, zero results as "no photos"); two runs recording at the same
time lose neither; the files are owner-only; a corrupt or unusable state file costs one warning
and the session goes on with recent searches in memory. VMSH names the binary."""
import concurrent.futures
import contextlib
import fnmatch
import glob
import os
import re
import shutil
import sqlite3
import stat
import unittest

import vmshtest

HOME = vmshtest.Home("vmsh-state-")


def run(data, *args):
    """One session whose XDG_DATA_HOME is `data`, stdout and stderr together. The virtual clock keeps
    no state unless told where, so it is told the default place (the live clock's, checked below)."""
    return HOME.vmsh("--virtual-clock", "--state", os.path.join(data, "vmsh", "state.sqlite"), *args,
                     env={"XDG_DATA_HOME": data}, merged=True)


def run_live(data, *args):
    """The same under the live clock, with the state database in its default place."""
    return HOME.vmsh("--latency", "0", *args, env={"XDG_DATA_HOME": data}, merged=True)


def searches(*texts):
    """The -c arguments that run each search to its end."""
    return [arg for text in texts for arg in ("-c", f"search {text}", "-c", "wait 1s")]


def recent(data):
    return run(data, "-c", "recent").out.splitlines()


class RecentSearchesTests(unittest.TestCase):
    def setUp(self):
        self.data = HOME.folder()

    def test_a_second_runs_recent_lists_the_first_runs_searches_newest_first(self):
        run(self.data, *searches("sunset", "mountain"))
        lines = recent(self.data)
        self.assertEqual(len(lines), 2, lines)
        self.assertTrue(fnmatch.fnmatchcase(lines[0], '*1  "mountain" · * photos · first "*'), lines)
        self.assertTrue(lines[1].endswith('2  "sunset" · 791 photos · first "Sunset valley"'), lines)

    def test_open_n_runs_an_earlier_sessions_search_again_which_moves_to_the_top(self):
        run(self.data, *searches("sunset", "mountain"))
        opened = run(self.data, "-c", "open 2", "-c", "wait 1s").out
        self.assertIn('push SearchResultsViewModel "sunset"', opened)
        lines = recent(self.data)
        self.assertEqual(len(lines), 2, lines)
        self.assertIn('1  "sunset" · 791 photos', lines[0])

    def test_a_search_with_no_results_is_remembered_as_no_photos(self):
        run(self.data, *searches("sunset", "qqqqzzzz"))
        lines = recent(self.data)
        self.assertTrue(lines[0].endswith('1  "qqqqzzzz" · no photos'), lines)

    def test_at_most_10_recent_searches_are_kept(self):
        run(self.data, *searches(*(f"word{n:02}" for n in range(1, 12))))
        lines = recent(self.data)
        self.assertEqual(len(lines), 10, lines)
        self.assertIn('"word11"', lines[0])
        self.assertIn('"word02"', lines[9])

    def test_the_state_directory_is_0700_and_its_files_0600(self):
        run(self.data, *searches("sunset"))
        folder = os.path.join(self.data, "vmsh")
        modes = [(stat.S_IMODE(os.stat(path).st_mode), path)
                 for path in [folder, *glob.glob(os.path.join(folder, "state.sqlite*"))]]
        shown = "\n".join(f"{mode:o} {path}" for mode, path in modes)
        self.assertTrue(all(re.fullmatch(r"700 .*/vmsh|600 .*state\.sqlite.*", f"{mode:o} {path}")
                            for mode, path in modes), shown)
        self.assertIn((0o700, folder), modes)
        self.assertIn((0o600, os.path.join(folder, "state.sqlite")), modes)

    def test_two_sessions_recording_at_the_same_time_lose_neither_ones_searches(self):
        run(self.data, "-c", "stack")  # builds the catalog first, so both sessions start at once
        first = [f"alpha{n}" for n in range(1, 6)]
        second = [f"bravo{n}" for n in range(1, 6)]
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            outputs = [result.out for result in pool.map(lambda texts: run(self.data, *searches(*texts)),
                                                         (first, second))]
        listed = run(self.data, "-c", "recent").out
        missing = [text for text in first + second if f'"{text}" · ' not in listed]
        warnings = [line for out in outputs for line in out.splitlines() if "warning" in line]
        self.assertEqual((missing, warnings), ([], []), listed)


class UnusableStateTests(unittest.TestCase):
    def test_a_corrupt_state_file_gives_one_warning_and_recent_searches_in_memory_bytes_and_mode_kept(self):
        data = HOME.folder()
        path = os.path.join(data, "vmsh", "state.sqlite")
        os.makedirs(os.path.dirname(path))
        with open(path, "w") as f:
            f.write("this is not a database\n" * 50)
        os.chmod(path, 0o644)
        copy = os.path.join(HOME.folder(), "corrupt.copy")
        shutil.copy2(path, copy)
        out, _, status = run(data, "-c", "search sunset", "-c", "wait 1s", "-c", "back", "-c", "recent")
        lines = out.splitlines()
        self.assertEqual(status, 0, out)
        self.assertEqual(sum("warning" in line for line in lines), 1, out)
        warning = (f"vmsh: warning: {re.escape(path)}: cannot use the state database \\(.*\\); "
                   "recent searches are kept in memory for this session")
        self.assertTrue(any(re.fullmatch(warning, line) for line in lines), out)
        self.assertTrue(lines[-1].endswith('1  "sunset" · 791 photos · first "Sunset valley"'), out)
        with open(path, "rb") as kept, open(copy, "rb") as original:
            self.assertEqual(kept.read(), original.read())
        self.assertEqual(stat.S_IMODE(os.stat(path).st_mode), 0o644)

    def test_a_recent_search_of_the_wrong_type_is_one_warning_naming_the_file_and_the_rest_serve(self):
        data = HOME.folder()
        run(data, "-c", "search sunset", "-c", "wait 1s")
        path = os.path.join(data, "vmsh", "state.sqlite")
        # SQLite's typing lets a total that is text in under the file's own schema.
        with contextlib.closing(sqlite3.connect(path)) as database, database:
            database.execute("INSERT INTO recent_searches (search_text, total_results, recorded) "
                             "VALUES ('river', 'many', 91)")
        out, _, status = run(data, "-c", "search forest", "-c", "wait 1s", "-c", "back", "-c", "recent")
        self.assertEqual(status, 0, out)
        warnings = [line for line in out.splitlines() if "warning" in line]
        self.assertEqual(len(warnings), 1, out)
        self.assertIn(f"{path}: 1 recent search of the wrong type left", warnings[0])
        self.assertTrue(out.rstrip().endswith('2  "sunset" · 791 photos · first "Sunset valley"'), out)

    def test_an_unusable_state_path_gives_one_warning_and_the_session_goes_on(self):
        data = HOME.folder()
        os.makedirs(os.path.join(data, "vmsh", "state.sqlite"))  # a directory is in the way
        out, _, status = run(data, "-c", "search sunset", "-c", "wait 1s", "-c", "back", "-c", "recent")
        lines = out.splitlines()
        self.assertEqual(status, 0, out)
        self.assertEqual(sum("warning" in line for line in lines), 1, out)
        self.assertIn('1  "sunset" · 791 photos', lines[-1])


class DefaultPlaceTests(unittest.TestCase):
    def test_the_live_clock_keeps_state_in_its_default_place_the_virtual_clock_starts_afresh(self):
        data = HOME.folder()
        run_live(data, "-c", "search lighthouse", "-c", "wait idle")
        lines = run_live(data, "-c", "recent").out.splitlines()
        virtual = HOME.vmsh("--virtual-clock", "-c", "recent", rc_file=True, merged=True,
                            env={"XDG_DATA_HOME": data, "XDG_STATE_HOME": None, "XDG_CONFIG_HOME": None}).out
        self.assertIn('1  "lighthouse" · ', lines[0] if lines else "", lines)
        self.assertTrue(os.path.isfile(os.path.join(data, "vmsh", "state.sqlite")))
        self.assertEqual(virtual.rstrip("\n"), "[00:00.000] no recent searches")


if __name__ == "__main__":
    vmshtest.main("recent searches across processes")
