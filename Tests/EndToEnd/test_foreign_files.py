#!/usr/bin/env python3
"""The vmsh binary and files that are not its own: each is refused with one line naming it, and
its bytes and mode stay as they were (as root too); a named path's folder is never created; a
locked state database costs a warning within 2 s; --check reports. VMSH names the binary."""
import os
import sqlite3
import stat
import time
import unittest

import vmshtest

HOME = vmshtest.Home("vmsh-foreign-")
vmsh = HOME.vmsh


def snapshot(path):
    info = os.lstat(path)
    if not stat.S_ISREG(info.st_mode):
        return info.st_mode, info.st_uid, b""
    with open(path, "rb") as f:
        return info.st_mode, info.st_uid, f.read()


def foreign_files():
    """(name, path) of files vmsh did not make."""
    folder = HOME.folder()
    files = []

    def database(name, *sql):
        path = os.path.join(folder, name)
        con = sqlite3.connect(path)
        for statement in sql:
            con.execute(statement)
        con.commit()
        con.close()
        os.chmod(path, 0o644)
        files.append((name, path))

    def raw(name, data, mode=0o644):
        path = os.path.join(folder, name)
        with open(path, "wb") as f:
            f.write(data)
        os.chmod(path, mode)
        files.append((name, path))

    database("app.db", "CREATE TABLE notes (body TEXT)", "CREATE VIEW v AS SELECT * FROM notes")
    database("wal.db", "PRAGMA journal_mode=WAL", "CREATE TABLE t (x)")
    database("newer.db", "CREATE TABLE t (x)", "PRAGMA user_version = 99")
    database("other.db", "CREATE TABLE t (x)", "PRAGMA application_id = 42")
    raw("empty.db", b"")
    raw("one.db", b"S")
    raw("notes.txt", b"my notes\n", 0o664)
    raw("random.bin", bytes((i * 7919 + 13) % 256 for i in range(5000)))
    if os.geteuid() == 0:  # a device node: only root can make one, and only root could chmod it
        node = os.path.join(folder, "null-node")
        os.mknod(node, 0o644 | stat.S_IFCHR, os.makedev(1, 3))
        files.append(("a device node", node))
    return files


class ForeignFileTests(unittest.TestCase):
    def test_a_state_file_vmsh_did_not_make_is_refused_unchanged(self):
        for name, path in foreign_files():
            before = snapshot(path)
            out, err, status = vmsh("--virtual-clock", "--state", path, "-c", "recent")
            self.assertEqual(status, 0, name)
            self.assertEqual(len(err.splitlines()), 1, (name, err))
            self.assertTrue(err.startswith(f"vmsh: warning: {path}: cannot use the state database ("), (name, err))
            self.assertNotIn("disk I/O error", err)
            self.assertEqual(snapshot(path), before, name)
            self.assertFalse(os.path.exists(path + "-wal") and name != "wal.db", name)

    def test_a_catalog_file_vmsh_did_not_make_is_refused_unchanged(self):
        for name, path in foreign_files():
            before = snapshot(path)
            out, err, status = vmsh("--virtual-clock", "--catalog", path, "-c", "search sunset", "-c", "wait 1s")
            self.assertEqual(status, 0, name)
            self.assertEqual(len(err.splitlines()), 1, (name, err))
            self.assertTrue(err.startswith(f"vmsh: {path}: not a valid photo catalog ("), (name, err))
            self.assertIn("using a catalog in memory instead", err)
            self.assertEqual(snapshot(path), before, name)

    def test_a_catalog_with_other_settings_is_found_at_the_first_search_and_the_shell_goes_on(self):
        # vmsh opens its catalog when a call first needs it; the file's header is judged at start.
        path = os.path.join(HOME, "settings.sqlite")
        self.assertEqual(vmsh("--catalog", path, "-c", "quit"), ("", "", 0))
        before = snapshot(path)
        found = (f"vmsh: {path}: not a valid photo catalog (built as seed 1 with 20000 photos (classic words), "
                 "expected seed %s with %s photos (%s words)); ")
        out, err, status = vmsh("--virtual-clock", "--catalog", path, "--seed", "2", "-c", "stack", "-c", "quit")
        self.assertEqual((err, status), ("", 0))
        out, err, status = vmsh("--virtual-clock", "--catalog", path, "--seed", "2", "-c", "search sunset",
                                "-c", "wait 1s")
        self.assertEqual(err, found % (2, 20000, "classic") + "using a catalog in memory instead\n")
        self.assertIn('push SearchResultsViewModel "sunset"', out)
        self.assertEqual(status, 0)
        # Too many photos to make in memory: the session goes on with none.
        out, err, status = vmsh("--virtual-clock", "--catalog", path, "--catalog-size", "200000",
                                "-c", "search sunset", "-c", "wait 1s", "-c", "stack")
        self.assertEqual(err, found % (1, 200000, "zipf") + "searches find nothing this session "
                         "(not generating 200000 photos in memory: name a new file with --catalog)\n")
        self.assertIn('"sunset": no photos', out)
        self.assertIn('2  SearchResultsViewModel "sunset" (active)', out)
        self.assertEqual(status, 0)
        self.assertEqual(snapshot(path), before)

    def test_a_named_paths_folder_is_never_created(self):
        for flag in ("--catalog", "--state"):
            path = os.path.join(HOME, "no-such-folder", "deeper", "x.sqlite")
            out, err, status = vmsh("--virtual-clock", flag, path, "-c", "quit")
            self.assertIn(f"{path}: ", err)
            self.assertIn(f"the folder {os.path.dirname(path)} does not exist; create it first", err)
            self.assertFalse(os.path.exists(os.path.join(HOME, "no-such-folder")), flag)

    def test_a_hostile_file_name_reaches_stderr_without_control_characters(self):
        path = os.path.join(HOME, "evil\x1b[31m\x9b.txt")
        with open(path, "w") as f:
            f.write("not a database\n")
        for flag in ("--state", "--catalog"):
            out, err, status = vmsh("--virtual-clock", flag, path, "-c", "quit")
            self.assertEqual(len(err.splitlines()), 1, err)
            self.assertNotIn("\x1b", err)
            self.assertNotIn("\x9b", err)

    def test_empty_paths_are_bad_flags(self):
        for flag, text in (("--state", "--state takes a file path"), ("--catalog", "--catalog takes a file path")):
            out, err, status = vmsh(flag, "", "-c", "quit")
            self.assertEqual(status, 2)
            self.assertIn(text, err)

    def test_a_locked_state_database_costs_a_warning_within_two_seconds(self):
        path = os.path.join(HOME, "locked.sqlite")
        vmsh("--virtual-clock", "--state", path, "-c", "quit")  # vmsh makes it
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("PRAGMA locking_mode = EXCLUSIVE")
        holder.execute("BEGIN EXCLUSIVE")
        holder.execute("INSERT INTO recent_searches (search_text, total_results, recorded) VALUES ('x', 1, 1)")
        try:
            start = time.monotonic()
            out, err, status = vmsh("--virtual-clock", "--state", path, "-c", "recent")
            elapsed = time.monotonic() - start
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        self.assertIn(f"vmsh: warning: {path}: cannot use the state database (another program holds it locked", err)
        self.assertLess(elapsed, 4.0)  # generous: the give-up point is 1.5 s

    def test_check_reports_each_file_and_fails_on_damage(self):
        catalog = os.path.join(HOME, "checked.sqlite")
        state = os.path.join(HOME, "checked-state.sqlite")
        vmsh("--virtual-clock", "--catalog", catalog, "--state", state, "-c", "quit")
        out, err, status = vmsh("--check", "--catalog", catalog, "--state", state)
        self.assertEqual((out, err, status), (f"catalog {catalog}: ok\nstate {state}: ok\n", "", 0))
        with open(catalog, "r+b") as f:  # scribble over the middle, header intact
            size = f.seek(0, 2)
            f.seek(size // 3)
            f.write(b"\xff" * (size // 3))
        out, err, status = vmsh("--check", "--catalog", catalog, "--state", state)
        self.assertEqual(status, 1)
        self.assertTrue(err.startswith((f"vmsh: catalog {catalog}: damaged: ", f"vmsh: {catalog}: ")), err)


if __name__ == "__main__":
    vmshtest.main("foreign files")
