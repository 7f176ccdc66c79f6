#!/usr/bin/env python3
"""`vmsh --service flickr` against flickr-stub on loopback (no internet), end to end: search,
results, metadata after visibility, error bodies, retry after a fault, cancellation, key handling,
hostile servers, record and replay, and the lessons giving the same results lists as on the
embedded catalog. BIN names the build folder (vmsh and flickr-stub); the one stub is killed when
the suite ends and has --idle-exit as a second guard. The classes run in the order written, the
check that the key never shows last."""
import concurrent.futures
import http.client
import json
import os
import re
import subprocess
import time
import unittest
import urllib.parse

import vmshtest

KEY = os.urandom(16).hex()  # a fresh 32-hex key: easy to spot if it leaks
HOME = vmshtest.Home("vmsh-flickr-")
WORK = HOME.folder("work")
STUB = vmshtest.FlickrStub(KEY, WORK, seed=1, idle_exit=120, env=HOME.env())
ERROR = "Connection Error: There was a problem reaching Flickr."
OUTPUTS = {}  # every output of vmsh (and of the stub's own command line) by name, searched for the key


def setUpModule():
    unittest.addModuleCleanup(STUB.stop)
    STUB.start()


def keep(name, text):
    OUTPUTS[name] = text
    with open(os.path.join(WORK, name + ".out"), "w", errors="surrogateescape") as f:
        f.write(text)
    return text


def flickr(*flags):
    """vmsh's command line against the stub, live clock; later flags win over earlier ones."""
    return ["--history-file", "", "--service", "flickr", "--flickr-endpoint", STUB.endpoint, *flags]


def run(name, *flags, stdin="", key=KEY, cwd=None):
    """vmsh against the stub: stdout and stderr together, kept under `name`."""
    result = HOME.vmsh(*flickr(*flags), stdin=stdin.encode(), env={"FLICKR_API_KEY": key}, cwd=cwd, merged=True)
    keep(name, result.out)
    return result


_sessions = {}


def session(name, settings, script, *flags, key=KEY, after=None):
    """One run against a freshly reset stub with `settings`, made once: the checks that read it share
    it. `after` reads the stub's counts before anything else can reset them."""
    if name not in _sessions:
        STUB.admin("reset=1" + (f"&{settings}" if settings else ""))
        result = run(name, *flags, stdin=script, key=key)
        _sessions[name] = (result, after() if after else None)
    return _sessions[name]


def rows(text):
    return [line for line in text.splitlines() if re.match(r' *[0-9]+  ".*" by ', line)]


class StubReplyTests(unittest.TestCase):
    """The stub speaks Flickr's JSON."""

    api = f"api_key={KEY}&format=json&nojsoncallback=1"

    def setUp(self):
        STUB.admin("reset=1")

    def reply(self, query):
        body = STUB.get(f"{STUB.endpoint}?{query}").strip()
        try:
            return body, json.loads(body)
        except ValueError:
            return body, None

    def assertReply(self, query, holds):
        body, j = self.reply(query)
        self.assertTrue(holds(body, j), "body: " + body[:300])

    def photo_id(self):
        return self.reply(f"method=flickr.photos.search&text=sunset&{self.api}")[1]["photos"]["photo"][0]["id"]

    def test_search_total_as_a_number(self):
        self.assertReply(f"method=flickr.photos.search&text=sunset&per_page=3&{self.api}",
                         lambda b, j: j["stat"] == "ok" and len(j["photos"]["photo"]) == 3
                         and j["photos"]["total"] == 791)

    def test_legacy_numbers_sends_total_as_a_string(self):
        STUB.admin("reset=1&legacy_numbers=1")
        self.assertReply(f"method=flickr.photos.search&text=sunset&{self.api}",
                         lambda b, j: j["photos"]["total"] == "791")

    def test_jsonp_without_nojsoncallback(self):
        self.assertReply(f"method=flickr.photos.search&text=sunset&api_key={KEY}&format=json",
                         lambda b, j: b.startswith("jsonFlickrApi({") and b.endswith("})"))

    def test_get_favorites_total_is_a_string(self):
        self.assertReply(f"method=flickr.photos.getFavorites&photo_id={self.photo_id()}&{self.api}",
                         lambda b, j: j["photo"]["total"] == "417")

    def test_get_info_comments_content_is_a_string(self):
        self.assertReply(f"method=flickr.photos.getInfo&photo_id={self.photo_id()}&{self.api}",
                         lambda b, j: j["photo"]["comments"]["_content"] == "20"
                         and isinstance(j["photo"]["views"], str))

    def test_unknown_method_is_code_112(self):
        self.assertReply(f"method=flickr.photos.nope&{self.api}", lambda b, j: j == {
            "stat": "fail", "code": 112, "message": 'Method "flickr.photos.nope" not found'})

    def test_missing_key_is_code_100(self):
        self.assertReply("method=flickr.photos.search&text=sunset&format=json&nojsoncallback=1",
                         lambda b, j: j["code"] == 100)

    def test_unknown_key_is_code_100(self):
        self.assertReply("method=flickr.photos.search&text=sunset&api_key=x&format=json&nojsoncallback=1",
                         lambda b, j: j == {"stat": "fail", "code": 100,
                                            "message": "Invalid API Key (Key has invalid format)"})

    def test_unknown_photo_is_code_1(self):
        self.assertReply(f"method=flickr.photos.getInfo&photo_id=123&{self.api}",
                         lambda b, j: j["code"] == 1 and j["stat"] == "fail")

    def test_error_rate_1_fails_every_call_with_105(self):
        query = f"method=flickr.photos.getInfo&photo_id={self.photo_id()}&{self.api}"
        STUB.admin("error_rate=1")
        self.assertReply(query, lambda b, j: j["code"] == 105)

    def test_calls_are_counted_against_the_keys_budget(self):
        photo = self.photo_id()
        STUB.admin("reset=1")
        # Five calls with the key; those without it, or failed by error_rate, are not charged.
        for query in (f"method=flickr.photos.search&text=sunset&api_key={KEY}&format=json",
                      f"method=flickr.photos.getFavorites&photo_id={photo}&{self.api}",
                      f"method=flickr.photos.getInfo&photo_id={photo}&{self.api}",
                      f"method=flickr.photos.nope&{self.api}",
                      "method=flickr.photos.search&text=sunset&format=json&nojsoncallback=1",
                      "method=flickr.photos.search&text=sunset&api_key=x&format=json&nojsoncallback=1",
                      f"method=flickr.photos.getInfo&photo_id=123&{self.api}"):
            self.reply(query)
        STUB.admin("error_rate=1")
        self.reply(f"method=flickr.photos.getInfo&photo_id={photo}&{self.api}")
        self.assertEqual(STUB.stat_top("keys")["key1"]["calls_last_hour"], 5)


def search():
    return session("search", "", "search sunset\nwait 2500ms\nstats\n", after=lambda: {
        method: STUB.stat(f"flickr.photos.{method}", "completed") for method in ("getFavorites", "getInfo")})


def cancelled_rows():
    # Rows 1-10 ask for 20 calls at ~2.5 s: at most 6 go out (the per-host bound), answered at ~4 s
    # unless cancelled, the rest wait in vmsh's queue. The scroll at 3 s cancels the 6 on the wire
    # and drops the queued ones unsent; rows 11-20 do the same at ~4 s and are cut by `quit` at
    # 4.5 s, which waits for pending work no longer than --drain-timeout.
    def counts():
        return {field: sum(STUB.stat(f"flickr.photos.{method}", field) for method in ("getFavorites", "getInfo"))
                for field in ("started", "completed", "cancelled")}

    def settled():
        # The stub sees a closed connection on its own thread, a moment after vmsh has exited.
        vmshtest.wait_for(lambda: (lambda c: c["started"] == c["completed"] + c["cancelled"])(counts()),
                          "the stub to see every call it started end", 10, detail=counts)
        return counts()

    return session("cancel", "latency_ms=1500", "search sunset\nwait 3s\nscroll down\nwait 1500ms\nquit\n",
                   "--drain-timeout", "1ms", after=settled)[1]


class SearchTests(unittest.TestCase):
    """Search, results and metadata, and the calls rows that hide save or cancel."""

    def test_search_runs_and_exits_0(self):
        self.assertEqual(search()[0].status, 0)

    def test_results_list_the_catalogs_photos(self):
        self.assertIn('"sunset": 100 of 791 photos', search()[0].out)

    def test_row_1_is_the_most_interesting(self):
        self.assertIn('1  "Sunset valley" by Uma Umar', search()[0].out)

    def test_metadata_arrives_after_visibility(self):
        self.assertIn('row 1 "Sunset valley": 417 favorites, 20 comments', search()[0].out)

    def test_the_stub_answered_10_get_favorites(self):
        self.assertEqual(search()[1]["getFavorites"], 10)

    def test_the_stub_answered_10_get_info(self):
        self.assertEqual(search()[1]["getInfo"], 10)

    def test_stats_counts_the_clients_calls(self):
        self.assertIn("flickr.photos.getFavorites  10", search()[0].out)

    # Rows shown for less than the 1 s delay never cost a call: the stub sees only the last page's.
    def hidden(self):
        return session("hidden", "", "search sunset\nwait 500ms\nscroll down\nwait 500ms\nscroll down\nwait 2s\n",
                       after=lambda: STUB.stat("flickr.photos.getFavorites", "started"))

    def test_rows_hidden_within_1_s_start_no_calls(self):
        self.assertEqual(self.hidden()[1], 10)

    def test_the_last_page_still_gets_metadata(self):
        self.assertIn("row 21 ", self.hidden()[0].out)

    # A row hidden while its calls are in flight cancels them; the stub sees the connections close:
    # every call it started was cancelled, none completed, and far fewer than 40 were sent.
    def test_hiding_rows_cancels_in_flight_calls(self):
        self.assertEqual(cancelled_rows()["completed"], 0, cancelled_rows())

    def test_the_stub_saw_the_client_close_every_call_it_started(self):
        self.assertEqual(cancelled_rows()["cancelled"], cancelled_rows()["started"])

    def test_the_stub_saw_both_pages_calls_6_or_more(self):
        self.assertLess(5, cancelled_rows()["started"])

    def test_queued_calls_that_were_cancelled_never_reached_the_stub(self):
        self.assertLess(cancelled_rows()["started"], 20)


class ErrorTests(unittest.TestCase):
    """Errors, mapped to clear messages."""

    def assertError(self, name, settings, reason, *flags, key=KEY):
        self.assertIn(f"{ERROR} ({reason}", session(name, settings, "search sunset\n", *flags, key=key)[0].out)

    def test_forced(self):
        self.assertError("forced", "force_code=105", "Service currently unavailable (code 105))")

    def test_http500(self):
        self.assertError("http500", "http500=1", f"127.0.0.1:{STUB.port} answered HTTP 500 Internal Server Error)")

    def test_nonjson(self):
        self.assertError("nonjson", "nonjson=1", f"127.0.0.1:{STUB.port} sent a reply that is not JSON (text/html")

    def test_truncated(self):
        self.assertError("truncated", "truncate=1",
                         f"127.0.0.1:{STUB.port} sent an unreadable reply: not valid JSON (cut short?))")

    def test_budget(self):
        self.assertError("budget", "budget=0", f"127.0.0.1:{STUB.port} answered HTTP 429 Too Many Requests")

    def test_legacy_numbers_strings_decode_in_vmsh(self):
        self.assertIn('"sunset": 100 of 791 photos', session("legacy", "legacy_numbers=1", "search sunset\n")[0].out)

    def stalled(self):
        if "stalled" not in _sessions:
            started = time.monotonic()
            session("stalled", "stall=1", "search sunset\n", "--flickr-timeout", "1s")
            self.__class__.stalled_seconds = time.monotonic() - started
        return _sessions["stalled"][0]

    def test_stalled(self):
        self.assertIn(f"{ERROR} (no answer from 127.0.0.1:{STUB.port} within 1 s)", self.stalled().out)

    def test_a_stalled_call_gives_up_after_the_timeout(self):
        self.stalled()
        self.assertLess(self.stalled_seconds, 5)

    def test_badkey(self):
        self.assertError("badkey", "", "Invalid API Key (Key not found) (code 100))",
                         key="ffffffffffffffffffffffffffffffff")

    def test_refused_cannot_connect(self):
        out = session("refused", "", "search sunset\n", "--flickr-endpoint", "http://127.0.0.1:1/services/rest/")[0].out
        self.assertIn(f"{ERROR} (cannot connect to 127.0.0.1:1 (connection refused))", out)

    # A fault, then a retry that works: the stub fails the next call only.
    def retry(self):
        return session("retry", "force_code=105&times=1", "search sunset\nwait 1s\nsearch sunset\nwait 1s\nquit\n",
                       after=lambda: (STUB.stat("flickr.photos.search", "failed"),
                                      STUB.stat("flickr.photos.search", "completed")))

    def test_retry_the_first_search_fails(self):
        self.assertIn(f"{ERROR} (Service currently unavailable (code 105))", self.retry()[0].out)

    def test_retry_the_second_one_shows_results(self):
        self.assertIn('"sunset": 100 of 791 photos', self.retry()[0].out)

    def test_retry_the_stub_failed_1_of_2_searches(self):
        self.assertEqual(self.retry()[1], (1, 2))


class KeyTests(unittest.TestCase):
    """Where the key comes from, and a key file others can read."""

    @classmethod
    def setUpClass(cls):
        STUB.admin("reset=1")
        cls.nokey = HOME.vmsh("--service", "flickr", "-c", "search sunset", merged=True)
        keep("nokey", cls.nokey.out)
        path = os.path.join(HOME, "config", "vmsh", "flickr-key")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(KEY + "\n")
        try:
            os.chmod(path, 0o644)
            cls.openfile = HOME.vmsh("--service", "flickr", "--flickr-endpoint", STUB.endpoint, "-c", "search sunset",
                                     merged=True)
            keep("openfile", cls.openfile.out)
            os.chmod(path, 0o600)
            cls.keyfile = HOME.vmsh(*flickr("-c", "search sunset", "-c", "wait 1s"), merged=True)
            keep("keyfile", cls.keyfile.out)
        finally:
            os.remove(path)

    def test_no_key_exit_2(self):
        self.assertEqual(self.nokey.status, 2, self.nokey.out)

    def test_no_key_says_where_to_get_one(self):
        self.assertIn("https://www.flickr.com/services/apps/create/", self.nokey.out)

    def test_a_key_file_others_can_read_is_refused_exit_2(self):
        self.assertEqual(self.openfile.status, 2, self.openfile.out)

    def test_the_refusal_says_how_to_fix_it(self):
        self.assertIn("chmod 600", self.openfile.out)

    def test_a_private_key_file_works(self):
        self.assertIn('"sunset": 100 of 791 photos', self.keyfile.out)


class LessonTests(unittest.TestCase):
    """The same results lists on the stub (live clock) as on the embedded catalog, for every lesson
    but 07, whose `net` command simulates the catalog's network and has no Flickr meaning. The
    lessons wait on the live clock, so all of them run at once, on one reset of the stub: none
    changes its settings, and together they make a few hundred of the key's 3,600 calls an hour."""

    lessons = sorted(name[:-len(".vmsh")] for name in os.listdir(vmshtest.LESSONS)
                     if re.fullmatch(r"0[1-68]-.*\.vmsh", name))
    runs = {}  # (lesson, "catalog" or "stub"): its output

    @classmethod
    def setUpClass(cls):
        def catalog(name):
            return HOME.vmsh("--history-file", "", "--state", os.path.join(WORK, f"{name}-catalog.sqlite"),
                             "--seed", "1", f"{name}.vmsh", cwd=vmshtest.LESSONS, merged=True).out

        def stub(name):
            return run(f"{name}-stub", "--state", os.path.join(WORK, f"{name}-stub.sqlite"), f"{name}.vmsh",
                       cwd=vmshtest.LESSONS).out

        STUB.admin("reset=1")
        with concurrent.futures.ThreadPoolExecutor(max_workers=2 * len(cls.lessons)) as pool:
            futures = {(name, where): pool.submit(how, name) for name in cls.lessons
                       for where, how in (("catalog", catalog), ("stub", stub))}
        for (name, where), future in futures.items():
            cls.runs[name, where] = keep(f"{name}-{where}", future.result())

    def check_lesson(self, name):
        stub = self.runs[name, "stub"]
        self.assertNotEqual(rows(stub), [], stub)
        self.assertEqual(rows(self.runs[name, "catalog"]), rows(stub), "catalog, then stub")

    def test_the_tour_lists_20_rows_on_the_catalog(self):
        self.assertEqual(len(rows(self.runs["01-tour", "catalog"])), 20)


for _name in LessonTests.lessons:
    setattr(LessonTests, f"test_{_name.replace('-', '_')}_lists_the_same_rows_on_the_stub_as_on_the_catalog",
            lambda self, name=_name: self.check_lesson(name))


def clean_bytes(text):
    """What in the raw output is a control character (but newline), C1 or a bidi control, and the
    longest line's length."""
    raw = text.encode(errors="surrogateescape")
    bad = [b for b in raw if (b < 0x20 and b != 0x0A) or b == 0x7F]
    text = raw.decode("utf-8", "replace")
    bad += [hex(ord(c)) for c in text if 0x80 <= ord(c) < 0xA0 or ord(c) in (0x61C, 0x200E, 0x200F, 0x2028, 0x2029)
            or 0x202A <= ord(c) <= 0x202E or 0x2066 <= ord(c) <= 0x2069]
    return bad[:10], max((len(line) for line in text.split("\n")), default=0)


MODES = ["content-length-negative", "content-length-huge", "chunk-negative", "chunk-huge", "not-http"]


class HostileServerTests(unittest.TestCase):
    """Hostile and broken servers: unreadable replies, redirects, echoed keys, hostile strings."""

    def assertNotCrashed(self, result):
        self.assertTrue(0 <= result.status < 128, f"ended by signal {-result.status}")

    def assertGoesOn(self, result):
        self.assertIn("executeSearch.enabled    true", result.out)

    def raw(self, mode):
        return session(f"raw-{mode}", "", "search sunset\nwait 2s\ninspect\n",
                       "--flickr-endpoint", f"{STUB.misbehaving}{mode}/services/rest/")[0]

    def check_unreadable(self, mode):
        self.assertIn(f"{ERROR} (127.0.0.1:{STUB.misbehaving_port} sent an unreadable reply", self.raw(mode).out)

    def check_goes_on(self, mode):
        self.assertNotCrashed(self.raw(mode))
        self.assertGoesOn(self.raw(mode))

    def test_a_redirect_to_169_254_169_254_is_not_followed(self):
        result = session("raw-redirect", "", "search sunset\nwait 1s\ninspect\n",
                         "--flickr-endpoint", f"{STUB.misbehaving}redirect-metadata/services/rest/")[0]
        self.assertIn(f"127.0.0.1:{STUB.misbehaving_port} answered HTTP 301 (redirect not followed))", result.out)

    def redirect(self, code):
        return session(f"redirect-{code}", f"redirect={code}", "search sunset\nwait 1s\ninspect\n",
                       after=lambda: STUB.stat_top("redirects_followed"))

    def test_redirect_301_to_another_port_over_http_is_not_followed(self):
        self.assertIn(f"127.0.0.1:{STUB.port} answered HTTP 301 (redirect not followed))", self.redirect(301)[0].out)

    def test_redirect_302_to_another_port_over_http_is_not_followed(self):
        self.assertIn(f"127.0.0.1:{STUB.port} answered HTTP 302 (redirect not followed))", self.redirect(302)[0].out)

    def test_no_client_followed_a_redirect(self):
        self.assertEqual([self.redirect(code)[1] for code in (301, 302)], [0, 0])

    def key_echo(self):
        return session("key-echo", "key_echo=1", "search sunset\nwait 1s\n")[0]

    def test_a_key_echoed_in_upper_case_and_escaped_is_redacted(self):
        self.assertIn("Invalid API Key ([redacted]) in /services/rest/?api_key=[redacted] (code 100)",
                      self.key_echo().out)

    def test_the_echoed_key_appears_in_no_letter_case(self):
        self.assertNotIn(KEY.lower(), self.key_echo().out.lower())

    def hostile(self):
        return session("hostile", "hostile_strings=1", "search sunset\nwait 2500ms\nopen 1\nwait 1s\nshow\ninspect\n",
                       "--echo")[0]

    def test_hostile_titles_results_still_listed(self):
        self.assertIn('"sunset": 100 of 791 photos', self.hostile().out)

    def test_hostile_titles_they_did_arrive_cleaned(self):
        self.assertIn("RLO  gpj.exe", self.hostile().out)

    def test_hostile_titles_and_names_output_free_of_control_and_bidi_characters_lines_cut(self):
        bad, longest = clean_bytes(self.hostile().out)
        self.assertEqual(bad, [])
        self.assertLessEqual(longest, 400)

    def test_hostile_titles_no_crash_exit_0(self):
        self.assertEqual(self.hostile().status, 0)

    def posted(self):
        return session("posted", "posted=-9223372036854775808",
                       "search sunset\nwait 500ms\nopen 1\nwait 1s\ninspect\n")[0]

    def test_dates_posted_of_int_min_could_not_load_the_details(self):
        self.assertIn("could not load the details", self.posted().out)

    def test_dates_posted_of_int_min_no_crash(self):
        self.assertNotCrashed(self.posted())
        self.assertIn("PhotoViewModel", self.posted().out)


for _mode in MODES:
    _method = _mode.replace("-", "_")
    setattr(HostileServerTests, f"test_{_method}_an_unreadable_reply", lambda self, m=_mode: self.check_unreadable(m))
    setattr(HostileServerTests, f"test_{_method}_no_crash_and_the_session_goes_on",
            lambda self, m=_mode: self.check_goes_on(m))


class ManyRowsTests(unittest.TestCase):
    """4,000 photos for a per_page of 100, and slow metadata: the list is cut to 100, and however many
    rows wait, vmsh keeps a handful of threads and at most 6 calls on the wire."""

    @classmethod
    def setUpClass(cls):
        STUB.admin("reset=1&extra_photos=4000&latency_ms=2000")
        path = os.path.join(WORK, "many.out")
        with open(path, "wb") as out:
            vmsh = subprocess.Popen([vmshtest.VMSH, "--no-rc", *flickr()], stdin=subprocess.PIPE, stdout=out,
                                    stderr=subprocess.STDOUT, env=HOME.env({"FLICKR_API_KEY": KEY}))
        started = time.monotonic()
        try:
            vmsh.stdin.write(b"search sunset\nwait 2500ms\nvisible 1-100\n")
            vmsh.stdin.flush()
            time.sleep(max(0, started + 5.5 - time.monotonic()))
            cls.comm = read(f"/proc/{vmsh.pid}/comm").strip()
            status = read(f"/proc/{vmsh.pid}/status")
            cls.threads = int(re.search(r"^Threads:\s+(\d+)", status, re.M).group(1))
            cls.rss = int(re.search(r"^VmRSS:\s+(\d+)", status, re.M).group(1))
            # Read while the rows still wait: when `quit` cancels them, the client frees each slot at
            # once but the stub sees a hang-up only at its next look (every 20 ms), so its count could
            # briefly hold a cancelled call beside the next one started.
            cls.peak = STUB.stat_top("peak_in_flight")
            time.sleep(max(0, started + 6 - time.monotonic()))
            vmsh.stdin.write(b"quit\n")
            vmsh.stdin.close()
            vmsh.wait(timeout=120)
        finally:
            if vmsh.poll() is None:
                vmsh.kill()
                vmsh.wait()
            STUB.admin("reset=1")
        with open(path, "rb") as f:
            cls.out = keep("many", vmshtest.decode(f.read()))

    def test_4000_photos_listed_for_100_asked_cut_to_100(self):
        self.assertIn('"sunset": 100 of 791 photos', self.out)

    def test_100_rows_waiting_on_slow_metadata_at_most_8_threads_in_vmsh(self):
        self.assertEqual(self.comm, "vmsh")
        self.assertTrue(2 <= self.threads <= 8, f"{self.threads} threads")

    def test_100_rows_waiting_on_slow_metadata_under_200_mb_resident(self):
        self.assertLess(self.rss, 200000, "kB")

    def test_at_most_6_calls_in_flight_at_once_with_200_queued(self):
        self.assertLess(self.peak, 7)

    def test_the_row_list_stops_at_100(self):
        self.assertIsNone(re.search(r"^ *101  ", self.out, re.M))


def read(path):
    with open(path) as f:
        return f.read()


class StubCommandLineTests(unittest.TestCase):
    """The stub's own command line and HTTP."""

    def test_both_binaries_print_the_same_version(self):
        versions = [subprocess.run([binary, "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   env=HOME.env(), timeout=60).stdout for binary in (vmshtest.VMSH, vmshtest.STUB)]
        keep("vmsh-version", vmshtest.decode(versions[0]))
        keep("stub-version", vmshtest.decode(versions[1]))
        self.assertNotEqual(versions[0], b"")
        self.assertEqual(versions[0], versions[1])

    def test_flickr_stub_help_exits_0_and_lists_the_faults(self):
        usage = subprocess.run([vmshtest.STUB, "--help"], capture_output=True, env=HOME.env(), timeout=60)
        self.assertEqual(usage.returncode, 0)
        self.assertIn(b"--hostile-strings", usage.stdout)

    def test_flickr_stub_takes_port_equals_n_and_stops_by_itself(self):
        result = subprocess.run([vmshtest.STUB, "--port=0", "--catalog", ":memory:", "--idle-exit", "1"],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=HOME.env(), timeout=60)
        self.assertIn("listening on http://127.0.0.1:", keep("port-equals", vmshtest.decode(result.stdout)))

    def test_flickr_stub_refuses_an_unknown_flag(self):
        result = subprocess.run([vmshtest.STUB, "--nope"], capture_output=True, env=HOME.env(), timeout=60)
        self.assertNotEqual(result.returncode, 0)

    def test_head_no_body_keep_alive_serves_three_requests_on_one_connection_and_404(self):
        STUB.admin("reset=1")
        url = urllib.parse.urlparse(STUB.base)
        conn = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
        self.addCleanup(conn.close)
        path = f"/services/rest/?method=flickr.photos.search&text=sunset&format=json&nojsoncallback=1&api_key={KEY}"
        conn.request("HEAD", path)
        head = conn.getresponse()
        body = head.read()
        conn.request("GET", path)
        get = conn.getresponse()
        data = get.read()
        conn.request("GET", "/nowhere")
        missing = conn.getresponse()
        missing.read()
        self.assertEqual((head.status, body, get.status, data.startswith(b'{"photos"'), missing.status),
                         (200, b"", 200, True, 404), data[:100])


class RecordAndReplayTests(unittest.TestCase):
    """A live session against the stub written to a cassette, then replayed offline under the virtual
    clock: the same bytes twice, the live run's rows in the live run's order, and no key in the file."""

    @classmethod
    def setUpClass(cls):
        STUB.admin("reset=1")
        script = os.path.join(WORK, "session.vmsh")
        cls.cassette = os.path.join(WORK, "session.jsonl")
        with open(script, "w") as f:
            f.write("search sunset\nwait 2500ms\nopen 1\nwait 1s\n")
        cls.recorded = run("recorded", "--record", cls.cassette, script).out
        replay = ["--history-file", "", "--service", "flickr", "--replay", cls.cassette, "--virtual-clock"]
        cls.replays = [HOME.vmsh(*replay, script, merged=True) for _ in range(2)]
        for i, result in enumerate(cls.replays, 1):
            keep(f"replay{i}", result.out)
        cls.missing = keep("missing", HOME.vmsh(*replay, stdin=b"search moon\nwait 1s\n", merged=True).out)
        implied = [flag for flag in replay if flag not in ("--service", "flickr")]
        cls.implied = HOME.vmsh(*implied, script, merged=True)

    @staticmethod
    def untimed_rows(text):
        return rows(re.sub(r"^\[[0-9:.]*\] ", "", text, flags=re.M))

    def test_record_the_session_ran(self):
        self.assertIn('"sunset": 100 of 791 photos', self.recorded)

    def test_replay_exit_0(self):
        self.assertEqual(self.replays[0].status, 0, self.replays[0].out)

    def test_replay_alone_implies_the_flickr_service_it_replays(self):
        self.assertEqual((self.implied.status, self.implied.out), (0, self.replays[0].out))

    def test_replay_under_the_virtual_clock_byte_identical_twice(self):
        self.assertEqual(self.replays[0].out, self.replays[1].out)

    def test_replay_the_live_runs_rows_in_order(self):
        self.assertNotEqual(self.untimed_rows(self.recorded), [])
        self.assertEqual(self.untimed_rows(self.recorded), self.untimed_rows(self.replays[0].out))

    def test_replay_the_pagers_details_came_from_the_cassette(self):
        self.assertIn('": details', self.replays[0].out)

    def test_the_cassette_holds_no_key_in_any_case(self):
        with open(self.cassette, "rb") as f:
            self.assertNotIn(KEY.lower().encode(), f.read().lower())

    def test_replay_a_call_missing_from_the_cassette_is_an_error_naming_it(self):
        self.assertIn("the cassette has no reply for method=flickr.photos.search&text=moon&", self.missing)


class KeyNeverShowsTests(unittest.TestCase):
    def test_the_api_key_appears_in_no_vmsh_output(self):
        self.assertTrue(OUTPUTS, "runs after the suite's other tests, which make the outputs it reads")
        self.assertEqual([name for name, text in OUTPUTS.items() if KEY.lower() in text.lower()], [])


def load_tests(loader, tests, pattern):
    """The classes in the order written, so the key is looked for in every output made before."""
    classes = [value for value in globals().values()
               if isinstance(value, type) and issubclass(value, unittest.TestCase)]
    return unittest.TestSuite(loader.loadTestsFromTestCase(cls) for cls in classes)


if __name__ == "__main__":
    vmshtest.main("flickr client against the local stub")
