#!/usr/bin/env python3
"""The API key as data, end to end: typed as `search KEY`, and sent back by flickr-stub JSON-escaped
(`\\u006a`, `\\u004A` and plain letters mixed) in titles and owner names. Neither reaches the
terminal, JSON lines, the line history file, `history`, a saved lesson, an exported page, the
state database (nor `recent` in a later session) or a cassette, in any encoding: each output is
decoded (JSON and octal escapes, percent escapes, HTML entities) before it is searched."""
import html
import json
import os
import re
import unittest

import vmshtest

# Letters past f, so the stub's \\uXXXX escapes hold hex letters in both cases.
KEY = "Jz" + os.urandom(15).hex()
HOME = vmshtest.Home("vmsh-redaction-")
WORK = HOME.folder("work")
STUB = vmshtest.FlickrStub(KEY, WORK, seed=1, idle_exit=120, env=HOME.env())
NOTICE = "that line held a secret: it runs, and is kept, with [redacted] in its place"


def setUpModule():
    unittest.addModuleCleanup(STUB.stop)
    STUB.start()
    STUB.admin("reset=1&key_in_text=1")


def decoded(data):
    """`data` with every escape a key could hide behind undone, repeatedly, in lower case."""
    text = data.decode("utf-8", "surrogateescape") if isinstance(data, bytes) else data
    for _ in range(4):
        before = text
        text = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), text)
        text = re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), text)
        text = re.sub(r"\\([/\"\\])", r"\1", text)
        text = re.sub(r"%([0-9a-fA-F]{2})", lambda m: chr(int(m.group(1), 16)), text)
        text = html.unescape(text)
        if text == before:
            break
    return text.lower()


def read(path):
    with open(path, "rb") as f:
        return f.read()


def path(name):
    return os.path.join(WORK, name)


def script(lesson, page):
    return "\n".join([
        f"search {KEY}", "wait 2s", "search sunset", "wait 2s", "open 1", "wait 2s", "recent", "history",
        f"save {lesson}", f"export html {page}", "",
    ])


def flickr(*flags):
    return ["--history-file", "", "--service", "flickr", "--flickr-endpoint", STUB.endpoint, *flags]


_runs = {}


def run(name, *flags, stdin=""):
    """vmsh against the stub, made once; stdout and stderr together."""
    if name not in _runs:
        _runs[name] = HOME.vmsh(*flickr(*flags), stdin=stdin.encode(), env={"FLICKR_API_KEY": KEY}, merged=True)
    return _runs[name]


def transcript():
    return run("transcript", "--echo", "--state", path("state.sqlite"), "--record", path("cassette.jsonl"),
               stdin=script(path("lesson.vmsh"), path("page.html")))


def json_lines():
    return run("jsonl", "--format", "jsonl", "--state", path("jsonl-state.sqlite"),
               stdin=script(path("jsonl-lesson.vmsh"), path("jsonl-page.html")))


class KeyAsDataTests(unittest.TestCase):
    def assertNoKey(self, data, what):
        self.assertTrue(data, f"{what} is empty")
        text = decoded(data)
        at = text.find(KEY.lower())
        if at >= 0:
            self.fail(f"the key is in {what}: ...{text[max(0, at - 60):at + 60]!r}...")

    def test_the_stub_sends_the_key_json_escaped_in_titles(self):
        body = STUB.get(f"{STUB.endpoint}?method=flickr.photos.search&text=sunset&api_key={KEY}"
                        "&format=json&nojsoncallback=1&extras=owner_name")
        self.assertNotIn(KEY, body)
        self.assertRegex(body, r"\\u004a\\u005A")
        title = json.loads(body)["photos"]["photo"][0]["title"]
        self.assertTrue(title.lower().endswith(KEY.lower()), title)

    def test_the_terminal_shows_the_redacted_line_and_data_and_says_so_once(self):
        out = transcript().out
        self.assertNoKey(out, "the transcript")
        self.assertEqual(out.count(NOTICE), 1, out)
        self.assertIn("> search [redacted]", out)
        self.assertRegex(out, r'\n +1  ".* \[redacted\]" by \[redacted\] ')

    def test_history_and_recent_list_the_redacted_search(self):
        out = transcript().out
        self.assertRegex(out, r"\n +1  search \[redacted\]")
        self.assertRegex(out, r'\n +[0-9]+  "\[redacted\]"')

    def test_the_saved_lesson_holds_no_key(self):
        transcript()
        lesson = read(path("lesson.vmsh"))
        self.assertNoKey(lesson, "the saved lesson")
        self.assertIn(b"\nsearch [redacted]\n", lesson)

    def test_the_exported_page_holds_no_key(self):
        transcript()
        page = read(path("page.html"))
        self.assertNoKey(page, "the exported page")
        self.assertIn(b"[redacted]", page)

    def test_the_state_database_holds_no_key(self):
        transcript()
        files = [name for name in os.listdir(WORK) if name.startswith("state.sqlite")]
        self.assertIn("state.sqlite", files)
        for name in files:
            self.assertNoKey(read(path(name)) or b"(empty)", name)
        later = HOME.vmsh(*flickr("--state", path("state.sqlite")), stdin=b"recent\n",
                          env={"FLICKR_API_KEY": KEY}, merged=True)
        self.assertNoKey(later.out, "recent in a later session")
        self.assertIn('"[redacted]"', later.out)

    def test_the_cassette_holds_no_key_in_any_escaping(self):
        transcript()
        cassette = read(path("cassette.jsonl"))
        self.assertNoKey(cassette, "the cassette")
        self.assertIn(b" [redacted]", cassette)

    def test_a_replay_redacts_the_key_typed_into_it(self):
        transcript()
        result = HOME.vmsh("--history-file", "", "--service", "flickr", "--replay", path("cassette.jsonl"),
                           "--virtual-clock", stdin=f"search {KEY}\nwait 2s\nsearch sunset\nwait 2s\n".encode(),
                           env={"FLICKR_API_KEY": KEY}, merged=True)
        self.assertNoKey(result.out, "a replayed session")
        self.assertEqual(result.out.count(NOTICE), 1, result.out)
        self.assertIn('"[redacted]": no photos', result.out)

    def test_json_lines_hold_no_key(self):
        result = json_lines()
        self.assertNoKey(result.out, "the JSON lines")
        lines = [json.loads(line) for line in result.out.splitlines()]
        texts = [line["text"] for line in lines]
        for text in texts:
            self.assertNoKey(text, "a JSON line's text")
        self.assertEqual(sum(NOTICE in text for text in texts), 1, texts)
        self.assertNoKey(read(path("jsonl-lesson.vmsh")), "the lesson saved in a JSON-lines run")

    def test_the_embedded_catalog_redacts_a_key_the_user_keeps(self):
        # The key in the environment, or in the key file, is redacted whatever the service.
        config = HOME.folder("config-with-key")
        os.makedirs(os.path.join(config, "vmsh"), exist_ok=True)
        key_file = os.path.join(config, "vmsh", "flickr-key")
        with open(os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as f:
            f.write(KEY + "\n")
        for name, env in (("environment", {"FLICKR_API_KEY": KEY}), ("key file", {"XDG_CONFIG_HOME": config})):
            with self.subTest(name):
                lesson, page = path(f"catalog-{len(name)}.vmsh"), path(f"catalog-{len(name)}.html")
                state = path(f"catalog-state-{len(name)}.sqlite")
                commands = f"search {KEY}\nwait 1s\nsay {KEY}\nhistory\nrecent\nsave {lesson}\nexport html {page}\n"
                result = HOME.vmsh("--history-file", "", "--echo", "--state", state, stdin=commands.encode(),
                                   env=env, merged=True)
                self.assertNoKey(result.out, "the transcript on the embedded catalog")
                self.assertEqual(result.out.count(NOTICE), 2, result.out)
                self.assertIn("> say [redacted]", result.out)
                for written in (lesson, page, state):
                    self.assertNoKey(read(written), written)

    def test_the_line_history_file_and_history_at_the_prompt_hold_no_key(self):
        t = vmshtest.Terminal(f"--service flickr --flickr-endpoint {STUB.endpoint}", env={"FLICKR_API_KEY": KEY})
        self.addCleanup(t.close)
        t.wait_text("'help' lists the commands")
        t.type(f"search {KEY}")
        t.keys("Enter")
        t.wait_text(NOTICE)
        t.type("history")
        t.keys("Enter")
        t.wait_text("1  search [redacted]")
        t.keys("C-d")
        self.assertEqual(t.exit_status(), 0)
        history = read(os.path.join(t.home, "state", "vmsh", "history"))
        self.assertNoKey(history, "the line history file")
        self.assertIn(b"[redacted]", history)
        screen = t.history()
        self.assertEqual(screen.count(NOTICE), 1, screen)
        # The line as typed is on the screen (the terminal echoed it); nothing vmsh printed holds it.
        printed = screen.replace(f"search {KEY}", "")
        self.assertNoKey(printed, "what vmsh printed at the prompt")


if __name__ == "__main__":
    vmshtest.main("redaction of the key as data")
