#!/usr/bin/env python3
"""`vmsh --serve` and `serve on|off`, end to end on loopback: who may look (the token, or 403;
GET and the WebSocket upgrade only, else 405; a feed asked from another site's page refused), the
page's policy, the token random and said once and kept nowhere, a page that sends closed, serving
switched at a real prompt (and `serve off` never waiting for a browser), a student that stops
reading dropped while another gets every line, and the limits: a full class (503), an idle
connection closed, the open-file limit raised. Every server here listens on loopback only.

Needs the built vmsh, tmux and the `websockets` package (scripts/test installs it).
  python3 Tests/EndToEnd/test_serve.py
"""
import http.client
import json
import re
import os
import resource
import select
import socket
import subprocess
import threading
import time
import unittest

import vmshtest

try:
    from websockets.exceptions import ConnectionClosed, InvalidStatus
    from websockets.sync.client import connect
except ImportError:  # said by each test that needs it
    connect = None

HOME = vmshtest.Home("vmsh-serve-")
CATALOG = os.path.join(HOME, "catalog.sqlite")


class Served(vmshtest.Served):
    """vmsh serving on the suite's catalog, and plain HTTP requests to it."""

    def __init__(self, *args, folder=None, env=None, preexec_fn=None):
        super().__init__(HOME, *args, catalog=CATALOG, folder=folder, env=env, preexec_fn=preexec_fn)

    def request(self, method, target, headers=None):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=10)
        connection.request(method, target, headers=headers or {})
        response = connection.getresponse()
        body = response.read().decode()
        connection.close()
        return response.status, dict(response.getheaders()), body


def read_messages(socket_, count, timeout=30):
    """The next `count` messages (JSON text, several to a frame) from a feed, but for the page's
    own id, which the server says first to it alone (test_class.py reads it)."""
    messages, deadline = [], time.monotonic() + timeout
    while len(messages) < count:
        frame = socket_.recv(timeout=max(deadline - time.monotonic(), 0.01))
        messages += [line for line in frame.split("\n") if line and '"kind":"voter"' not in line]
    return messages


class ServeTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        HOME.vmsh("--catalog", CATALOG, "-c", "quit")

    def serve(self, *args, env=None, preexec_fn=None):
        served = Served("--virtual-clock", "--serve", *(args or ("0",)), env=env, preexec_fn=preexec_fn)
        self.addCleanup(served.end)
        return served

    def needs_websockets(self):
        self.assertIsNotNone(connect, "install websockets (python3 -m pip install websockets)")

    def test_requests_without_the_token_or_with_a_wrong_one_get_403_whatever_they_ask(self):
        served = self.serve()
        wrong = "0" * len(served.token)
        for method in ("GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS"):
            for target in ("/", "/follow", "/elsewhere", f"/?token={wrong}", f"/?token={served.token[:-1]}",
                           f"/follow?token={wrong}", f"/?t={served.token}"):
                status, headers, body = served.request(method, target)
                self.assertEqual(status, 403, f"{method} {target}")
                if method != "HEAD":
                    self.assertEqual(body, "This page needs the address vmsh printed, with its token.\n")
        # A WebSocket upgrade without the token is refused before any upgrade: NIO's upgrader
        # answers 400 and closes, and the page's script sees the connection fail.
        self.needs_websockets()
        for target in (f"/follow?token={wrong}", "/follow"):
            with self.assertRaises(InvalidStatus) as refused:
                connect(f"ws://{served.host}:{served.port}{target}", open_timeout=10)
            self.assertEqual(refused.exception.response.status_code, 400)

    def test_only_get_and_the_websocket_upgrade_are_answered(self):
        served = self.serve()
        page = f"/?token={served.token}"
        for method in ("POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "TRACE"):
            status, headers, _ = served.request(method, page)
            self.assertEqual((status, headers.get("Allow")), (405, "GET"), method)
        status, headers, body = served.request("GET", page)
        self.assertEqual(status, 200)
        self.assertEqual(headers["Content-Type"], "text/html; charset=utf-8")
        self.assertTrue(body.startswith("<!DOCTYPE html>"))
        self.assertEqual(re.findall(r"\w+://[^\s\"]*", body), ["wss://", "ws://"],
                         "the feed's scheme before the page's own host: nothing from elsewhere")
        self.assertNotIn(" src=", body)
        self.assertNotIn(served.token, body, "the page does not repeat its own address")
        status, _, body = served.request("GET", f"/follow?token={served.token}")
        self.assertEqual((status, body), (400, "This is the page's live feed: a WebSocket.\n"))
        status, _, _ = served.request("GET", f"/elsewhere?token={served.token}")
        self.assertEqual(status, 404)
        self.needs_websockets()
        with connect(served.feed, open_timeout=10) as feed:
            served.send("say hello\n")
            self.assertEqual(read_messages(feed, 2), ['{"kind":"command","text":"> say hello"}',
                                                      '{"kind":"narration","n":0,"text":"hello"}'])

    def test_the_page_runs_only_its_own_script_by_a_nonce_fresh_on_every_response(self):
        served = self.serve()
        nonces = []
        for _ in range(2):
            status, headers, body = served.request("GET", f"/?token={served.token}")
            self.assertEqual(status, 200)
            nonce = re.search(r'<script nonce="([0-9a-f]{32})">', body).group(1)
            self.assertEqual(re.findall(r'nonce="([^"]*)"', body), [nonce, nonce], "the style and the script")
            self.assertEqual(headers["Content-Security-Policy"],
                             f"default-src 'none'; script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'; "
                             "connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; "
                             "frame-ancestors 'none'")
            self.assertEqual(headers["X-Content-Type-Options"], "nosniff")
            self.assertEqual(headers["Cache-Control"], "no-store")
            self.assertEqual(headers["Referrer-Policy"], "no-referrer")
            nonces.append(nonce)
        self.assertNotEqual(nonces[0], nonces[1])

    def test_each_run_has_a_token_of_its_own_32_hex_digits(self):
        tokens = [self.serve().token for _ in range(2)]
        for token in tokens:
            self.assertRegex(token, r"^[0-9a-f]{32}$")
        self.assertNotEqual(tokens[0], tokens[1])

    def test_a_feed_asked_for_by_another_sites_page_is_refused(self):
        self.needs_websockets()
        served = self.serve()
        for origin in ("http://elsewhere.example", f"http://localhost:{served.port}", f"https://127.0.0.1:{served.port}"):
            with self.assertRaises(InvalidStatus, msg=origin) as refused:
                connect(served.feed, origin=origin, open_timeout=10)
            self.assertEqual(refused.exception.response.status_code, 400)
        # The page's own origin, as a browser names it, and a program that names none.
        for count, origin in enumerate((f"http://127.0.0.1:{served.port}", None), 1):
            with connect(served.feed, origin=origin, open_timeout=10) as feed:
                served.send(f"say from {origin}\n")
                self.assertIn(f'"text":"from {origin}"', "\n".join(read_messages(feed, 2 * count)))

    def test_a_page_that_sends_is_closed_and_nothing_reaches_the_session(self):
        self.needs_websockets()
        served = self.serve()
        with connect(served.feed, open_timeout=10) as feed:
            feed.send("quit")
            with self.assertRaises(ConnectionClosed) as closed:
                while True:  # the page's id may come first
                    self.assertIn('"kind":"voter"', feed.recv(timeout=10))
            self.assertEqual(closed.exception.rcvd.code, 1008)
        served.send("say still here\n")
        served.wait_output("» still here")
        self.assertIsNone(served.process.poll(), "the session goes on")
        self.assertNotIn("quit", served.output())

    def test_loopback_unless_an_address_is_named(self):
        # An address other than loopback (and the line saying so) is ServeTests' in the unit
        # tests: no server here listens beyond this machine.
        served = self.serve()
        self.assertEqual(served.host, "127.0.0.1")
        self.assertIsNone(served.said("127.0.0.1 is open"))
        listening = subprocess.run(["ss", "-Hltn", f"sport = :{served.port}"], capture_output=True, text=True).stdout
        self.assertIn(f"127.0.0.1:{served.port}", listening)
        for bad in ("nope", "70000", "example.com:80"):
            out, err, status = HOME.vmsh("--serve", bad, "-c", "quit")
            self.assertEqual((out, status), ("", 2), bad)
            self.assertIn("--serve takes [ADDRESS:]PORT, such as 8080", err)

    def test_a_graded_lesson_is_never_served(self):
        lesson = os.path.join(vmshtest.LESSONS, "04-visibility-throttling.vmsh")
        answers = os.path.join(vmshtest.LESSONS, "answers", "04-visibility-throttling.vmsh")
        out, err, status = HOME.vmsh("--grade", lesson, answers, "--serve", "0")
        self.assertEqual((out, status), ("", 2))
        self.assertEqual(err.splitlines()[0], "Error: --grade shows nothing as it grades: drop --serve")

    def test_a_port_in_use_is_one_line_and_exit_2(self):
        served = self.serve()
        out, err, status = HOME.vmsh("--serve", str(served.port), "-c", "say never")
        self.assertEqual((out, status), ("", 2))
        self.assertEqual(err, f"vmsh: cannot serve on 127.0.0.1:{served.port}: Address already in use\n")

    def test_the_token_is_said_once_on_standard_error_and_kept_nowhere(self):
        folder = HOME.folder()
        served = Served("--virtual-clock", "--echo", "--format", "jsonl", "--serve", "0", folder=folder)
        served.send("search sunset\nwait 1s\nexport html page.html\nhistory\nserve\n")
        self.assertEqual(served.end(), 0)
        with open(served.err) as f:
            errors = f.read()
        self.assertEqual(errors.count(served.token), 1)
        output = served.output()
        # `serve` changes nothing a lesson holds, so it has no command number, as `history` numbers them.
        self.assertIn({"kind": "output", "text": f"serving on 127.0.0.1:{served.port}: 0 students following"},
                      [{key: line[key] for key in line if key in ("kind", "command", "text")}
                       for line in map(json.loads, output.splitlines())])
        for name in ("out.txt", "page.html"):
            with open(os.path.join(folder, name)) as f:
                self.assertNotIn(served.token, f.read(), name)
        # At a prompt: the line history, a saved lesson and the state database.
        state = os.path.join(folder, "state.sqlite")
        terminal = vmshtest.Terminal(f"--catalog {vmshtest.sh(CATALOG)} --state {vmshtest.sh(state)}", width=160,
                                     home=HOME)
        self.addCleanup(terminal.close)
        terminal.wait_text("vmsh›", 60)
        terminal.type("serve on\r")
        terminal.wait_text("serving this session read-only at http://127.0.0.1:")
        token = terminal.text().split("token=", 1)[1].split()[0]
        terminal.type("search sunset\r")
        terminal.wait_text("executing = false")
        terminal.type(f"save {os.path.join(folder, 'lesson.vmsh')}\r")
        terminal.wait_text("saved 1 command")
        terminal.type("quit\r")
        self.assertEqual(terminal.exit_status(20), 0)
        for path in (os.path.join(folder, "lesson.vmsh"), os.path.join(HOME, "state", "vmsh", "history"), state):
            with open(path, "rb") as f:
                self.assertNotIn(token.encode(), f.read(), path)
        with open(os.path.join(folder, "lesson.vmsh")) as f:
            self.assertFalse([line for line in f if line.startswith("serve")], "serving is no part of a lesson")

    def test_serve_on_and_off_at_the_prompt(self):
        self.needs_websockets()
        port = free_port()
        terminal = vmshtest.Terminal(f"--catalog {vmshtest.sh(CATALOG)} --virtual-clock", width=160, home=HOME)
        self.addCleanup(terminal.close)
        terminal.wait_text("vmsh [paused 00:00.000]›", 60)
        terminal.type("say before serving\r")
        terminal.type(f"serve on {port}\r")
        terminal.wait_text(f"serving this session read-only at http://127.0.0.1:{port}/?token=")
        token = terminal.text().split("token=", 1)[1].split()[0]
        feed = connect(f"ws://127.0.0.1:{port}/follow?token={token}", open_timeout=10)
        self.addCleanup(feed.close)
        # The session so far, as export html keeps it: a typed command as its echo would show it.
        self.assertEqual(read_messages(feed, 2), ['{"kind":"narration","n":0,"text":"before serving"}',
                                                  f'{{"kind":"command","n":1,"text":"> serve on {port}"}}'])
        terminal.type("say typed at the prompt\r")
        self.assertEqual(read_messages(feed, 2), ['{"kind":"command","text":"> say typed at the prompt"}',
                                                  '{"kind":"narration","n":2,"text":"typed at the prompt"}'])
        terminal.type("serve\r")
        terminal.wait_text(f"serving on 127.0.0.1:{port}: 1 student following")
        terminal.type("serve off\r")
        terminal.wait_text("stopped serving; students following then: 1")
        with self.assertRaises(ConnectionClosed) as closed:
            while True:
                feed.recv(timeout=10)
        self.assertEqual((closed.exception.rcvd.code, closed.exception.rcvd.reason),
                         (1001, "the teacher stopped serving"))
        with self.assertRaises(OSError):
            socket.create_connection(("127.0.0.1", port), timeout=5).close()
        # Served again at the same address: the same token, so each page follows again.
        terminal.type(f"serve on {port}\r")
        terminal.wait_for(lambda: terminal.text().count("serving this session read-only") == 2, "served again")
        with connect(f"ws://127.0.0.1:{port}/follow?token={token}", open_timeout=10) as again:
            self.assertIn('"text":"typed at the prompt"', "\n".join(read_messages(again, 4)))
        terminal.type("quit\r")
        self.assertEqual(terminal.exit_status(20), 0)
        self.assertTrue(terminal.stty_restored())

    def test_a_student_that_stops_reading_is_dropped_and_another_gets_every_line(self):
        self.needs_websockets()
        served = self.serve()
        stalled = stalled_student(served)
        reader = connect(served.feed, open_timeout=10, max_size=None)
        self.addCleanup(reader.close)
        count = 4000
        lines = "".join(f"say line {n:05} " + "of a long lesson, " * 5 + "\n" for n in range(count))
        script = os.path.join(served.folder, "long.vmsh")
        with open(script, "w") as f:
            f.write(lines)
        served.send(f"source {script}\n")
        said = [m for m in read_messages(reader, 2 * count + 1, timeout=120) if '"narration"' in m]
        self.assertEqual([m.split('"text":"line ')[1][:5] for m in said], [f"{n:05}" for n in range(count)])
        served.send("serve\n")
        served.wait_output("1 student following, 1 dropped for falling behind")
        # What the stalled one's socket still holds, then the end: it was cut off (a reset), not
        # closed cleanly with a close frame.
        stalled.settimeout(10)
        received = b""
        try:
            while chunk := stalled.recv(1 << 16):
                received += chunk
        except ConnectionResetError:
            pass
        self.assertLess(len(received), 1 << 20, "it got far less than the lesson")
        self.assertNotIn(b"\x88", received[-64:], "no close frame at its end")
        stalled.close()

    def test_serve_off_returns_before_a_student_that_stopped_reading_is_cut_off(self):
        self.needs_websockets()
        port = free_port()
        # The lag set high, so the stalled student is not dropped first: it is still connected,
        # its socket full, when the teacher stops.
        terminal = vmshtest.Terminal(f"--catalog {vmshtest.sh(CATALOG)} --virtual-clock", width=160, home=HOME,
                                     env={"VMSH_SERVE_LIMITS": "lag=100000000"})
        self.addCleanup(terminal.close)
        terminal.wait_text("vmsh [paused 00:00.000]›", 60)
        terminal.type(f"serve on {port}\r")
        terminal.wait_text(f"serving this session read-only at http://127.0.0.1:{port}/?token=")
        token = terminal.text().split("token=", 1)[1].split()[0]
        stalled = stalled_student(Address("127.0.0.1", port, token))
        watch = CloseWatch(stalled)
        script = os.path.join(HOME.folder(), "long.vmsh")
        with open(script, "w") as f:
            f.write("".join(f"say line {n:05} " + "of a long lesson, " * 5 + "\n" for n in range(6000)))
        terminal.type(f"source {script}\r")
        terminal.wait_text("» line 05999", 60)
        terminal.type("serve\r")
        terminal.wait_text("1 student following", 20)
        self.assertIsNone(watch.closed, "still connected, its socket full")
        terminal.type("serve off\r")
        terminal.wait_text("stopped serving; students following then: 1", 20)
        prompt_back = time.monotonic()
        self.assertIsNone(watch.closed, "the prompt is back before the stalled student is closed")
        # Then it is cut off, by the server's threads.
        vmshtest.wait_for(lambda: watch.closed, "the stalled student to be cut off", 10)
        self.assertGreater(watch.closed, prompt_back)
        terminal.type("quit\r")
        self.assertEqual(terminal.exit_status(20), 0)

    def test_a_full_class_gets_503_and_a_page_that_follows_is_told_to_try_again_later(self):
        self.needs_websockets()
        served = self.serve(env={"VMSH_SERVE_LIMITS": "students=1"})
        first = connect(served.feed, open_timeout=10)
        served.send("say the first\n")
        self.assertIn('"text":"the first"', "\n".join(read_messages(first, 2)))
        status, _, body = served.request("GET", f"/?token={served.token}")
        self.assertEqual((status, body), (503, "This class is full: 1 students follow already. Try again later.\n"))
        with connect(served.feed, open_timeout=10) as second:
            with self.assertRaises(ConnectionClosed) as closed:
                second.recv(timeout=10)
            self.assertEqual((closed.exception.rcvd.code, closed.exception.rcvd.reason),
                             (1013, "the class is full; this page tries again"))
        first.close()
        vmshtest.wait_for(lambda: served.request("GET", f"/?token={served.token}")[0] == 200, "a seat", 10)

    def test_a_connection_that_follows_nothing_is_closed_once_idle(self):
        served = self.serve(env={"VMSH_SERVE_LIMITS": "idle=1s"})
        connection = socket.create_connection((served.host, served.port), timeout=10)
        self.addCleanup(connection.close)
        connection.sendall(f"GET /?token={served.token} HTTP/1.1\r\nHost: {served.host}:{served.port}\r\n\r\n".encode())
        started = time.monotonic()
        received = b""
        while chunk := connection.recv(1 << 16):
            received += chunk
        self.assertTrue(received.startswith(b"HTTP/1.1 200"), received[:100])
        self.assertIn(b"</html>", received, "the whole page, then the end")
        self.assertLess(time.monotonic() - started, 8, "closed after about a second idle")

    def test_a_host_name_the_server_does_not_serve_is_refused_with_the_token(self):
        # DNS rebinding: another site's name made to point here reaches neither the page nor the feed.
        served = self.serve()
        page = f"/?token={served.token}"
        for host in ("evil.example", f"evil.example:{served.port}", f"127.0.0.1.evil.example:{served.port}"):
            status, _, _ = served.request("GET", page, headers={"Host": host})
            self.assertEqual(status, 421, host)
            # Refused before any upgrade, as a feed asked from another site's page is (Hummingbird says 400).
            self.assertEqual(raw_upgrade(served, host)[:12], b"HTTP/1.1 400", host)
        for host in (f"127.0.0.1:{served.port}", f"localhost:{served.port}", "localhost", f"[::1]:{served.port}"):
            self.assertEqual(served.request("GET", page, headers={"Host": host})[0], 200, host)
        self.assertEqual(raw_upgrade(served, f"127.0.0.1:{served.port}")[:12], b"HTTP/1.1 101")

    def test_connections_that_never_finish_a_request_are_closed_once_idle(self):
        served = self.serve(env={"VMSH_SERVE_LIMITS": "idle=1s"})
        silent = socket.create_connection((served.host, served.port), timeout=10)
        half = socket.create_connection((served.host, served.port), timeout=10)
        for sock in (silent, half):
            self.addCleanup(sock.close)
        half.sendall(f"GET /?token={served.token} HTTP/1.1\r\nHost: {served.host}".encode())
        started = time.monotonic()
        watches = [CloseWatch(silent), CloseWatch(half)]
        vmshtest.wait_for(lambda: all(w.closed for w in watches), "both closed", 10)
        for watch in watches:
            self.assertLess(watch.closed - started, 4, "closed after about a second")
            self.assertGreater(watch.closed - started, 0.5, "not before the limit")

    def test_a_flood_of_silent_connections_leaves_the_session_its_files(self):
        # A lowered limit: the server keeps its connections within a budget below it, closes the
        # rest at once and never spins, and save and search still have descriptors.
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        # The test opens 600 connections of its own.
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 2048)), hard))
        self.addCleanup(resource.setrlimit, resource.RLIMIT_NOFILE, (soft, hard))
        served = self.serve(preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (192, 256)))
        flood = []
        self.addCleanup(lambda: [sock.close() for sock in flood])
        for _ in range(600):
            try:
                flood.append(socket.create_connection((served.host, served.port), timeout=5))
            except OSError:
                break  # the backlog is full: the server is not taking more, which is its right
        self.assertGreater(len(flood), 256, "more connections than the process may open files")
        time.sleep(1)
        closed = [sock for sock in flood if select.select([sock], [], [], 0)[0] and sock.recv(1) == b""]
        self.assertGreater(len(closed), 0, "those beyond the budget were closed at once")
        busy = cpu_seconds(served.process.pid)
        time.sleep(1)
        self.assertLess(cpu_seconds(served.process.pid) - busy, 0.5, "the listener does not spin")
        served.send("search sunset\nwait 1s\nsave flooded.vmsh\n")
        served.wait_output("saved 2 commands to flooded.vmsh", timeout=20)
        self.assertIn('push SearchResultsViewModel "sunset"', served.output())
        self.assertIsNone(served.process.poll(), "vmsh goes on")
        served.send("quit\n")
        self.assertEqual(served.end(), 0)

    def test_serving_raises_the_open_file_limit_to_the_hard_one(self):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        low = min(256, hard)
        served = self.serve(preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (low, hard)))
        with open(f"/proc/{served.process.pid}/limits") as f:
            limit = next(line for line in f if line.startswith("Max open files")).split()
        self.assertEqual((limit[3], limit[4]), (str(hard), str(hard)), "soft raised from 256")


class Address:
    """Where a served page is: host, port and token, as Served has them."""

    def __init__(self, host, port, token):
        self.host, self.port, self.token = host, port, token


class CloseWatch:
    """Notes the moment the server closes a socket the test never reads from (poll's POLLRDHUP,
    HUP or ERR, which come whatever is left unread)."""

    def __init__(self, sock):
        self.closed = None
        poller = select.poll()
        poller.register(sock, select.POLLRDHUP | select.POLLHUP | select.POLLERR)

        def watch():
            deadline = time.monotonic() + 120
            while self.closed is None and time.monotonic() < deadline:
                if poller.poll(20):
                    self.closed = time.monotonic()

        threading.Thread(target=watch, daemon=True).start()


free_port = vmshtest.free_port


def stalled_student(served):
    """A student whose browser stops reading: the WebSocket handshake, then nothing read, with a
    small receive buffer so the kernel does not take the lesson in its place."""
    stalled = socket.socket()
    stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stalled.connect((served.host, served.port))
    stalled.sendall((f"GET /follow?token={served.token} HTTP/1.1\r\nHost: {served.host}:{served.port}\r\n"
                     "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += stalled.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return stalled


def cpu_seconds(pid):
    """The user and system time process `pid` has used, in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def raw_upgrade(served, host):
    """The status line and headers the server answers a WebSocket upgrade that names `host`."""
    with socket.create_connection((served.host, served.port), timeout=10) as sock:
        sock.sendall((f"GET /follow?token={served.token} HTTP/1.1\r\nHost: {host}\r\n"
                      "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                      "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head and (chunk := sock.recv(1)):
            head += chunk
        return head


if __name__ == "__main__":
    vmshtest.main("serving the session, end to end")
