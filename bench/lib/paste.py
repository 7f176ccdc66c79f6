"""A long paste at the prompt: the time until the prompt is back, against the paste's length.

Runnable alone for a before/after comparison of two binaries:
    python3 bench/lib/paste.py VMSH [KB ...]
"""
import fcntl
import os
import pty
import select
import struct
import sys
import termios
import time

from table import Row, ms, verdict

SIZES_KB = (4, 10, 20, 40)


class Prompt:
    """vmsh at the prompt of a pseudo-terminal, 80 columns by 24, its output read as it comes."""

    def __init__(self, vmsh, env, args=()):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execve(vmsh, [vmsh, "--no-rc", "--history-file", "", *args],
                      dict(env, TERM="xterm", LANG="C.UTF-8", NO_COLOR="1"))
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.seen = b""
        self.read_until(b"\xe2\x80\xba ", 30)  # the prompt's "›"

    def read_until(self, wanted, timeout, pending=b""):
        """Writes `pending` while reading what vmsh prints (so neither side blocks on a full
        buffer) until `wanted` shows; the seconds that took."""
        started = time.monotonic()
        self.seen = b""
        while wanted not in self.seen:
            left = started + timeout - time.monotonic()
            if left <= 0:
                raise TimeoutError("no %r within %d s" % (wanted, timeout))
            readable, writable, _ = select.select([self.fd], [self.fd] if pending else [], [], left)
            if writable:
                pending = pending[os.write(self.fd, pending[:4096]):]
            if readable:
                self.seen = (self.seen + os.read(self.fd, 65536))[-65536:]
        return time.monotonic() - started

    def cpu(self):
        """CPU seconds (user + system) vmsh has used so far."""
        fields = open("/proc/%d/stat" % self.pid).read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def paste(self, size, number, timeout):
        """One line of `size` bytes and a marker command: (seconds, CPU seconds) to the marker."""
        line = ("say " + "pasted words " * size)[:size].encode() + b"\r"
        marker = b"after-paste-%d" % number
        before = self.cpu()
        seconds = self.read_until("» ".encode() + marker, timeout, line + b"say " + marker + b"\r")
        return seconds, self.cpu() - before

    def peak_memory(self):
        """vmsh's peak resident memory so far, in MiB (the kernel's high-water mark)."""
        for line in open("/proc/%d/status" % self.pid):
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def close(self):
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def pastes(vmsh, env, sizes_kb, timeout=300):
    """({KB: (seconds, CPU seconds)}, peak MiB): each size pasted once into one session, smallest
    first, and the session's peak resident memory after them all."""
    prompt = Prompt(vmsh, env)
    try:
        prompt.paste(100, 0, timeout)  # warm-up
        timed = {kb: prompt.paste(kb * 1000, n, timeout) for n, kb in enumerate(sizes_kb, 1)}
        return timed, prompt.peak_memory()
    finally:
        prompt.close()


def measure(ctx):
    row = Row("a one-line paste at the prompt, 4 to 40 KB, until the prompt is back",
              target="40 KB at most 4x the time of 10 KB (linear)")
    timed, peak = pastes(ctx.vmsh, ctx.env, SIZES_KB)
    row.measured = "; ".join("%d KB %s (CPU %s)" % (kb, ms(s), ms(c)) for kb, (s, c) in timed.items())
    row.measured += "; peak memory %.1f MiB" % peak
    ratio = timed[40][0] / timed[10][0]
    row.reference = "10 KB: %s" % ms(timed[10][0])
    row.ratio = "40 KB / 10 KB: %.2fx (quadratic: 16x)" % ratio
    row.result = verdict(ratio <= 4)
    row.notes.append(
        "paste: one line of N bytes (`say` and words) written to vmsh's pseudo-terminal (80 columns) with a "
        "carriage return, then `say MARKER`; timed until the marker prints. A line passes the limit of 4096 "
        "bytes (the limit of script mode) as it arrives: vmsh says so in one line and skips the rest of it. "
        "Before the editor stopped re-encoding the whole line on every key: 4 KB 0.4 s, 10 KB 3.4 s, 20 KB "
        "12.6 s, 40 KB 52.5 s of CPU (the issue's figures).")
    return row


if __name__ == "__main__":
    sizes = [int(kb) for kb in sys.argv[2:]] or list(SIZES_KB)
    timed, peak = pastes(sys.argv[1], dict(os.environ), sizes)
    for kb, (seconds, cpu) in timed.items():
        print("%3d KB: %s to the prompt, CPU %s" % (kb, ms(seconds), ms(cpu)))
    print("peak memory: %.1f MiB" % peak)
