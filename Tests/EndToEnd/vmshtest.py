"""What every end-to-end suite shares: the built binaries, a private home to run them in, waiting
with a timeout, tmux panes for pseudo-terminal tests and the Flickr stub on loopback.

Suites in this folder import it directly; one elsewhere first puts this folder on the path:
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../EndToEnd"))
    import vmshtest

Paths
  ROOT, LESSONS       the checkout and scripts/lessons
  BIN                 $BIN, else ROOT/.build/debug (the build scripts/test makes)
  VMSH, STUB          $VMSH, else BIN/vmsh; BIN/flickr-stub
  binary(name, var)   $var if set, else BIN/name

Running the binary
  Home(prefix="vmsh-test-", parent=None)
                      a fresh folder (inside parent, if given), removed when the suite ends
                      (KEEP=1 keeps it and says where); used as a path (os.path.join(home, "x"),
                      f"{home}").
  home.env(overrides) the whole environment a run gets: PATH, HOME and XDG_DATA/STATE/CONFIG_HOME
                      inside the folder, LANG=C.UTF-8, and nothing else (no proxy variables, no
                      FLICKR_API_KEY); overrides add variables, and one set to None is removed.
  home.vmsh(*args, stdin=b"", env=None, cwd=None, timeout=120, rc_file=False, merged=False)
                      runs VMSH in that home, with "--no-rc" first unless rc_file, and returns
                      Result(out, err, status), a tuple of decoded stdout, stderr and exit status;
                      merged puts stderr into out, in order, as `2>&1` does (err is then "").
                      Text is decode(bytes): UTF-8, with any other byte kept (surrogateescape).
  home.folder(name)   a new folder inside the home (name=None: a fresh unique one).
  sh(value)           value quoted for a POSIX shell.

Waiting
  wait_for(predicate, what, timeout=10, detail=None)
                      polls every 50 ms until predicate() is true and returns its value; else
                      raises AssertionError naming `what` (and detail(), if given).

Pseudo-terminal (tmux on a socket private to this process; its server is killed at exit)
  tmux(*args, check=True)   one tmux command; the CompletedProcess (text).
  Pane(command, width=100, height=30)
                      a tmux session running a shell command: type(text), keys(*keys),
                      screen() (lines), text(), history() (scrolled off too), last_line(),
                      wait_for(predicate, what, timeout=10), wait_text(text, timeout=10), close().
  Terminal(args="", width=100, height=30, home=None, env=None, catalog=None)
                      a Pane running VMSH (args: a shell-quoted string) in home.env(env) with
                      TERM=xterm-256color, optionally on a shared catalog file; exit_status(timeout)
                      and stty_restored() compare the terminal's settings before and after.

Serving (vmsh --serve, or serve on)
  Served(home, *args, catalog=None, folder=None, env=None, preexec_fn=None)
                      VMSH run with args (which name --serve) in home.env(env), in folder (a fresh
                      one if None), on catalog if given, stdin a pipe, stdout and stderr in
                      out.txt and err.txt there; waits for the page's address and sets url, host,
                      port, token and feed (the WebSocket's address). said(start) (a `vmsh: START…`
                      line of stderr), send(text), output(), wait_output(text, timeout=30),
                      end() (closes stdin, waits, returns the status).

Flickr stub
  FlickrStub(key, folder, seed=1, idle_exit=120, env=None)
                      flickr-stub on port 0 of loopback, writing stub.out and stub.err in folder
                      (env: its environment, e.g. home.env(); None: this process's).
                      start() waits for its "listening on" and "misbehaving on" lines and sets
                      endpoint, base, port, misbehaving and misbehaving_port. stop() kills it
                      (call it from tearDown or a cleanup); --idle-exit stops it by itself if the
                      suite dies first. get(url) (no proxy), admin(query), stats(),
                      stat(method, field) (0 when never called), stat_top(field).

Reporting
  main(label, suite=None, argv=None)
                      runs the __main__ module's tests (argv as unittest takes it: -k WORD ...)
                      or suite, prints unittest's summary and "LABEL: N passed, N failed" (a
                      skipped test counts as failed), removes the homes and exits 1 on any
                      failure or when no test ran.
"""
import atexit
import collections
import itertools
import json
import os
import socket
import shutil
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.parse
import urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
LESSONS = os.path.join(ROOT, "scripts", "lessons")
BIN = os.path.abspath(os.environ.get("BIN") or os.path.join(ROOT, ".build", "debug"))


def binary(name, variable=None):
    """The path of a built program: $variable when set, else BIN/name."""
    return os.path.abspath((variable and os.environ.get(variable)) or os.path.join(BIN, name))


VMSH = binary("vmsh", "VMSH")
STUB = binary("flickr-stub")


def sh(value):
    return "'" + str(value).replace("'", "'\\''") + "'"


def free_port():
    """A loopback port free now, for a server a test starts."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(predicate, what, timeout=10, detail=None):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"timed out waiting for {what}" + (f"; {detail()}" if detail else ""))
        time.sleep(0.05)


def distinct_duration(duration, taken, durations):
    """For the code checks' draws: `duration`, or else the next of `durations` that is not `taken`
    (the lengths of the pipeline's timed steps so far), which it joins. One value through two
    timers of one length ends both at one instant (a throttle's window and the debounce after
    it), and which of the two fires first is each library's own."""
    at = durations.index(duration)
    chosen = next((durations[(at + step) % len(durations)] for step in range(len(durations))
                   if durations[(at + step) % len(durations)] not in taken), duration)
    taken.add(chosen)
    return chosen


def decode(data):
    """UTF-8 text that keeps any other byte: text.encode(errors="surrogateescape") gives the bytes back."""
    return data.decode(errors="surrogateescape")


Result = collections.namedtuple("Result", "out err status")
_homes = []


class Home:
    """A fresh folder to run vmsh in, its own HOME and XDG folders inside it."""

    def __init__(self, prefix="vmsh-test-", parent=None):
        self.root = tempfile.mkdtemp(prefix=prefix, dir=parent and os.fspath(parent))
        if parent is None:
            _homes.append(self.root)

    def __fspath__(self):
        return self.root

    def __str__(self):
        return self.root

    def folder(self, name=None):
        if name is None:
            return tempfile.mkdtemp(dir=self.root)
        path = os.path.join(self.root, name)
        os.makedirs(path, exist_ok=True)
        return path

    def env(self, overrides=None):
        variables = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": self.root, "LANG": "C.UTF-8",
            "XDG_DATA_HOME": os.path.join(self.root, "data"), "XDG_STATE_HOME": os.path.join(self.root, "state"),
            "XDG_CONFIG_HOME": os.path.join(self.root, "config"),
        }
        variables.update(overrides or {})
        return {k: v for k, v in variables.items() if v is not None}

    def vmsh(self, *args, stdin=b"", env=None, cwd=None, timeout=120, rc_file=False, merged=False):
        command = [VMSH, *([] if rc_file else ["--no-rc"]), *args]
        result = subprocess.run(command, input=stdin, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT if merged else subprocess.PIPE,
                                timeout=timeout, env=self.env(env), cwd=cwd)
        return Result(decode(result.stdout), decode(result.stderr or b""), result.returncode)


@atexit.register
def _remove_homes():
    if os.environ.get("KEEP"):
        for root in _homes:
            print(f"kept {root}", file=sys.stderr)
        return
    for root in _homes:
        shutil.rmtree(root, ignore_errors=True)


# --- tmux ----------------------------------------------------------------------------------------
SOCKET = f"vmsh-test-{os.getpid()}"
_pane_names = itertools.count()


def tmux(*args, check=True):
    return subprocess.run(["tmux", "-L", SOCKET, *args], check=check, capture_output=True, text=True)


@atexit.register
def _kill_tmux():
    if shutil.which("tmux"):
        subprocess.run(["tmux", "-L", SOCKET, "kill-server"], capture_output=True)
        # A killed server leaves its socket file behind.
        folder = os.path.join(os.environ.get("TMUX_TMPDIR") or "/tmp", f"tmux-{os.getuid()}")
        try:
            os.remove(os.path.join(folder, SOCKET))
        except FileNotFoundError:
            pass


_server_started = False


def _start_server():
    """One server for the whole run. By default tmux exits with its last session, and a session
    opened just then can meet the exiting server and fail (seen in CI), so it stays up until
    `_kill_tmux`."""
    global _server_started
    if not _server_started:
        tmux("start-server", ";", "set-option", "-g", "exit-empty", "off")
        _server_started = True


class Pane:
    """One tmux session running a shell command, read as a person at the keyboard sees it."""

    def __init__(self, command, width=100, height=30):
        self.name = f"p{os.getpid()}-{next(_pane_names)}"
        _start_server()
        tmux("new-session", "-d", "-s", self.name, "-x", str(width), "-y", str(height), command)

    def type(self, text):
        tmux("send-keys", "-t", self.name, "-l", text)

    def keys(self, *keys):
        tmux("send-keys", "-t", self.name, *keys)

    def screen(self):
        return tmux("capture-pane", "-p", "-t", self.name).stdout.rstrip("\n").split("\n")

    def text(self):
        return "\n".join(self.screen())

    def history(self):
        """Everything printed so far, scrolled off the screen or not."""
        return tmux("capture-pane", "-p", "-S", "-", "-t", self.name).stdout

    def last_line(self):
        lines = [line for line in self.screen() if line.strip()]
        return lines[-1] if lines else ""

    def wait_for(self, predicate, what="the screen to change", timeout=10):
        return wait_for(predicate, what, timeout, detail=lambda: "screen:\n" + self.text())

    def wait_text(self, text, timeout=10):
        self.wait_for(lambda: text in self.text(), repr(text), timeout)

    def close(self):
        tmux("kill-session", "-t", self.name, check=False)


class Terminal(Pane):
    """vmsh in a tmux pane, with its home, exit status and the terminal's settings before and after."""

    def __init__(self, args="", width=100, height=30, home=None, env=None, catalog=None):
        self.home = home or Home("vmsh-home-")
        if catalog:
            args = f"--catalog {sh(catalog)} {args}"
        variables = self.home.env({"TERM": "xterm-256color", **(env or {})})
        exports = " ".join(f"{k}={sh(v)}" for k, v in variables.items())
        # A home may serve several terminals in turn: an earlier one's exit status is not this one's.
        for name in ("exit", "stty.before", "stty.after"):
            if os.path.exists(self.path(name)):
                os.remove(self.path(name))
        script = (
            f"stty -g > {sh(self.path('stty.before'))}; "
            f"env -i {exports} {sh(VMSH)} {args}; echo $? > {sh(self.path('exit'))}; "
            f"stty -g > {sh(self.path('stty.after'))}; sleep 600"
        )
        super().__init__(f"bash -c {sh(script)}", width, height)

    def path(self, name):
        return os.path.join(self.home, name)

    def exit_status(self, timeout=10):
        self.wait_for(lambda: os.path.exists(self.path("stty.after")), "vmsh to exit", timeout)
        with open(self.path("exit")) as f:
            return int(f.read())

    def stty_restored(self):
        with open(self.path("stty.before")) as a, open(self.path("stty.after")) as b:
            return a.read() == b.read()


# --- the Flickr stub -----------------------------------------------------------------------------
class Served:
    """VMSH serving the session, its standard input a pipe the test writes commands to."""

    def __init__(self, home, *args, catalog=None, folder=None, env=None, preexec_fn=None):
        self.folder = folder or home.folder()
        self.out, self.err = os.path.join(self.folder, "out.txt"), os.path.join(self.folder, "err.txt")
        on = ["--catalog", catalog] if catalog else []
        with open(self.out, "wb") as out, open(self.err, "wb") as err:
            self.process = subprocess.Popen(
                [VMSH, "--no-rc", *on, *args], stdin=subprocess.PIPE, stdout=out, stderr=err, cwd=self.folder,
                env=home.env(env), preexec_fn=preexec_fn)
        line = wait_for(lambda: self.said("serving this session read-only at "), "the page's address", 60,
                        detail=lambda: open(self.err).read())
        self.url = line.split(" at ", 1)[1]
        parts = urllib.parse.urlsplit(self.url)
        self.host, self.port, self.token = parts.hostname, parts.port, parts.query.removeprefix("token=")
        self.feed = f"ws://{parts.netloc}/follow?token={self.token}"

    def said(self, start):
        with open(self.err) as f:
            return next((line.strip() for line in f if line.startswith("vmsh: " + start)), None)

    def send(self, text):
        self.process.stdin.write(text.encode())
        self.process.stdin.flush()

    def output(self):
        with open(self.out) as f:
            return f.read()

    def wait_output(self, text, timeout=30):
        return wait_for(lambda: text in self.output(), repr(text), timeout, detail=self.output)

    def end(self):
        if self.process.stdin and not self.process.stdin.closed:
            self.process.stdin.close()
        return self.process.wait(timeout=60)


class FlickrStub:
    """flickr-stub on loopback, found by the line it prints; it stops by itself when idle."""

    def __init__(self, key, folder, seed=1, idle_exit=120, env=None):
        self.key, self.folder, self.env = key, os.fspath(folder), env
        self.command = [STUB, "--port", "0", "--seed", str(seed), "--key", key, "--idle-exit", str(idle_exit)]
        self.process = None

    def start(self):
        out, err = os.path.join(self.folder, "stub.out"), os.path.join(self.folder, "stub.err")
        with open(out, "wb") as stdout, open(err, "wb") as stderr:
            self.process = subprocess.Popen(self.command, stdout=stdout, stderr=stderr, stdin=subprocess.DEVNULL,
                                            env=self.env)

        def listening():
            with open(out) as f:
                lines = f.read().splitlines()
            found = {line.split(" on ", 1)[0]: line.split(" on ", 1)[1] for line in lines if " on " in line}
            ready = "listening" in found and "misbehaving" in found
            if not ready and self.process.poll() is not None:
                raise AssertionError(f"flickr-stub exited {self.process.returncode}: {open(err).read()}")
            return found if ready else None

        found = wait_for(listening, "flickr-stub to listen on both ports", 60, detail=lambda: open(err).read())
        self.endpoint = found["listening"]
        self.base = self.endpoint.removesuffix("/services/rest/")
        self.port = self.base.rsplit(":", 1)[1]
        self.misbehaving = found["misbehaving"]
        self.misbehaving_port = self.misbehaving.rstrip("/").rsplit(":", 1)[-1]
        return self

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.kill()
        if self.process:
            self.process.wait()

    @staticmethod
    def get(url):
        """The body, without any proxy."""
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        return opener.open(url, timeout=10).read().decode()

    def admin(self, query):
        self.get(f"{self.base}/admin?{query}")

    def stats(self):
        return json.loads(self.get(f"{self.base}/admin/stats"))

    def stat(self, method, field):
        """One count of one API method (0 when it was never called)."""
        return self.stats()["methods"].get(method, {}).get(field, 0)

    def stat_top(self, field):
        return self.stats()[field]


# --- reporting -----------------------------------------------------------------------------------
# The names the Swift checks' hostile draw defines, which `code` writes in backticks.
SWIFT_KEYWORDS = {"class", "for", "return"}


def hostile(draw):
    """`draw` (a Swift check's empty Draw) made the pipeline a learner may write to steer `code`:
    names that are Swift keywords and a value that would close a comment. `code` escapes the names
    and keeps the value in its literal, so the code compiles and is inert."""
    draw.sources = [("class", "-a-b-|", "text")]
    draw.types = {"class": "text", "for": "text", "out": "text"}
    draw.definitions = [("for", "class | startWith */fatalError()/* | merge class"), ("out", "for | map upper")]
    draw.operators = {"startWith", "merge", "map"}
    return draw


def main(label, suite=None, argv=None):
    if suite is None:
        result = unittest.main(module="__main__", argv=argv, exit=False, verbosity=2).result
    else:
        result = unittest.TextTestRunner(verbosity=2).run(suite)
    # A skipped test checked nothing, so it does not count as passed.
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses) + len(result.skipped)
    print(f"{label}: {result.testsRun - failed} passed, {failed} failed")
    sys.exit(1 if failed or not result.testsRun else 0)
