"""First prompt from a fresh clone: the checkout's last commit cloned into a temporary folder (no
build folders; packages resolve from SwiftPM's cache), then `scripts/vmsh --no-rc -c quit` timed
there, its quick build and the default catalog's generation included. The reference is the full
build that scripts/vmsh then starts in the background, timed to its end: the static release build
a first prompt waited for when scripts/vmsh built only that. Opt-in (`scripts/bench --first-prompt`):
the two builds take minutes."""
import os
import signal
import subprocess
import tempfile
import time

from table import Row, verdict

TARGET_SECONDS = 120
TITLE = "first prompt from a fresh clone"


def minutes(seconds):
    return "%d min %02d s" % divmod(round(seconds), 60)


def load():
    return open("/proc/loadavg").read().split()[0]


def running(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def measure(ctx, root):
    row = Row(TITLE + ", `scripts/vmsh -c quit`", target="under 2 min")
    with tempfile.TemporaryDirectory(prefix="vmsh-first-prompt-") as folder:
        clone = os.path.join(folder, "vmsh")
        subprocess.run(["git", "clone", "--quiet", root, clone], check=True)
        # SwiftPM's cache stays the user's (HOME); vmsh's files go to the bench's home.
        env = dict(os.environ, NO_COLOR="1", **{k: ctx.env[k] for k in ("XDG_DATA_HOME", "XDG_STATE_HOME")})
        env.pop("FLICKR_API_KEY", None)
        load_before = load()
        started = time.monotonic()
        result = subprocess.run([os.path.join(clone, "scripts/vmsh"), "--no-rc", "-c", "quit"], cwd=clone, env=env,
                                capture_output=True, text=True, timeout=1800)
        first = time.monotonic() - started
        if result.returncode != 0:
            raise RuntimeError("scripts/vmsh exited %d: %s" % (result.returncode, result.stderr[-300:]))
        load_after = load()
        pid = int(open(os.path.join(clone, ".build-static/background.pid")).read())
        try:
            deadline = time.monotonic() + 1800
            while running(pid) and time.monotonic() < deadline:
                time.sleep(1)
            full = time.monotonic() - started
        finally:
            if running(pid):  # its own session: the whole build goes
                os.killpg(pid, signal.SIGTERM)
        with open(os.path.join(clone, ".build-static/background.log")) as f:
            log = f.read()
        if "background build done" not in log or not os.access(os.path.join(clone, ".build-static/release/vmsh"),
                                                             os.X_OK):
            raise RuntimeError("the background build did not finish: %s" % log[-300:])
    row.measured = minutes(first)
    row.reference = "the full static release build it then starts in the background: ready %s after the start" % (
        minutes(full))
    row.ratio = "%.2fx" % (first / full)
    row.result = verdict(first < TARGET_SECONDS)
    row.notes.append(
        "first prompt: `git clone` of the checkout into a temporary folder (no build folders; packages from "
        "SwiftPM's cache), then `scripts/vmsh --no-rc -c quit` there: a debug build of vmsh without the Flickr "
        "trait (no NIO, BoringSSL or AsyncHTTPClient), the 20,000-photo catalog generated, the prompt, quit. "
        "scripts/vmsh then builds the full vmsh in the background (nice 10); the reference times it to its end, "
        "from the same start. One run each; load average %s before, %s after the first prompt." % (
            load_before, load_after))
    return row
