"""Drives a running vmsh through a pipe: send commands, wait for the line that says they are done.

vmsh writes each line straight to its descriptor (no buffering), so the time from sending a
command to reading its last line is what a user would wait for.
"""
import os
import subprocess
import threading
import time


class Driver:
    def __init__(self, cmd, env=None):
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, env=env, bufsize=0)
        self.lines = []
        self.changed = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        # Whatever the pipe holds at once, then one wake-up for all of its lines: a wake-up per
        # line would hand the interpreter between threads dozens of times a search and time
        # the harness, not vmsh.
        fd, pending = self.proc.stdout.fileno(), b""
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            *complete, pending = (pending + chunk).split(b"\n")
            with self.changed:
                self.lines.extend(raw.decode("utf-8", "replace") for raw in complete)
                self.changed.notify_all()
        with self.changed:
            if pending:
                self.lines.append(pending.decode("utf-8", "replace"))
            self.lines.append(None)  # end of output
            self.changed.notify_all()

    def send(self, text):
        self.proc.stdin.write(text.encode())

    def wait_for(self, predicate, start, timeout=120):
        """Waits for a line from index `start` on that satisfies `predicate`; returns its index."""
        deadline = time.monotonic() + timeout
        with self.changed:
            index = start
            while True:
                while index < len(self.lines):
                    line = self.lines[index]
                    if line is None:
                        raise RuntimeError("vmsh ended early; last lines:\n" + "\n".join(
                            l for l in self.lines[-8:] if l is not None))
                    if predicate(line):
                        return index
                    index += 1
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise TimeoutError("no expected line within %ss" % timeout)
                self.changed.wait(remaining)

    def mark(self):
        """The index the next line will have."""
        with self.changed:
            return len(self.lines)

    def status(self, field):
        """A field of /proc/PID/status in its own unit (VmRSS in KiB, Threads as a count)."""
        with open("/proc/%d/status" % self.proc.pid) as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
        return None

    def cpu_seconds(self):
        """User plus system CPU time so far, from /proc/PID/stat."""
        import os
        with open("/proc/%d/stat" % self.proc.pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self, timeout=60):
        try:
            self.send("quit\n")
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.reader.join(5)
