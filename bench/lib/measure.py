"""Running commands and reducing their timings: medians, CPU time, peak memory, instruction counts."""
import os
import re
import shutil
import statistics
import subprocess
import threading
import time
from dataclasses import dataclass


@dataclass
class Run:
    """One run of a command: wall seconds, CPU seconds (user + system), peak RSS in KiB, output."""
    wall: float
    cpu: float
    max_rss_kib: int
    stdout: bytes
    stderr: bytes
    status: int


def run(cmd, stdin=None, env=None, cwd=None, timeout=600):
    """Runs `cmd` to completion with `stdin` (bytes or None) and measures it with wait4's rusage."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=env, cwd=cwd)
    out, err = [], []
    readers = [threading.Thread(target=lambda s=s, b=b: b.append(s.read())) for s, b in
               ((proc.stdout, out), (proc.stderr, err))]
    for reader in readers:
        reader.start()
    try:
        if stdin:
            proc.stdin.write(stdin)
        proc.stdin.close()
    except BrokenPipeError:
        pass
    deadline = time.monotonic() + timeout
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            proc.kill()
        time.sleep(0.002)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    for reader in readers:
        reader.join()
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, out[0], err[0], proc.returncode)


def interleaved(count, jobs, env=None, warmup=1):
    """`count` measured runs of each job, taken in turn (a, b, a, b, ...) after `warmup` rounds,
    as {name: [Run]}. A figure that compares two commands then sees both under the same load:
    a batch of one and then a batch of the other would time whatever else the machine was doing
    (the callgrind runs overlap these) in one and not the other. `jobs` is {name: (cmd, stdin)}."""
    for _ in range(warmup):
        for cmd, stdin in jobs.values():
            run(cmd, stdin, env)
    results = {name: [] for name in jobs}
    for _ in range(count):
        for name, (cmd, stdin) in jobs.items():
            results[name].append(run(cmd, stdin, env))
    return results


def median(values):
    return statistics.median(values)


def percentile(values, fraction):
    """The nearest-rank percentile: the smallest value with at least `fraction` of values at or below it."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * fraction // 1))
    return ordered[int(rank) - 1]


class Callgrind:
    """Instruction counts from valgrind's callgrind, run one at a time on a background thread so
    they overlap the other work (instruction counts do not depend on what else the machine does).
    Figures that time short runs against each other call `wait()` first: on two cores a valgrind
    beside them moved a CPU-time figure by half."""

    def __init__(self, out_dir):
        self.out_dir = out_dir
        self.jobs = {}
        self.lock = threading.Semaphore(1)

    def start(self, name, cmd, stdin=None, env=None):
        path = os.path.join(self.out_dir, name + ".callgrind")
        result = {}

        def work():
            with self.lock:
                full = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + path,
                        self.readable(cmd[0])] + list(cmd[1:])
                outcome = run(full, stdin, env, timeout=1800)
                result["instructions"] = total_instructions(path)
                result["status"] = outcome.status
        thread = threading.Thread(target=work)
        thread.start()
        self.jobs[name] = (thread, result, path)

    def readable(self, binary):
        """A copy of `binary` without its debug information, which valgrind cannot read in some Swift
        builds ("possibly corrupted debuginfo file"); the symbol table stays, so profiles keep names."""
        binary = shutil.which(binary) or binary
        if not os.path.isfile(binary):
            return binary
        copy = os.path.join(self.out_dir, "nodebug", os.path.basename(binary))
        if not os.path.exists(copy) or os.path.getmtime(copy) < os.path.getmtime(binary):
            os.makedirs(os.path.dirname(copy), exist_ok=True)
            if subprocess.run(["objcopy", "--strip-debug", binary, copy]).returncode != 0:
                return binary
        return copy

    def wait(self):
        """Returns once every job started so far has finished."""
        for thread, _, _ in list(self.jobs.values()):
            thread.join()

    def instructions(self, name):
        """The total instruction count of job `name` (waits for it); None if it did not run."""
        if name not in self.jobs:
            return None
        thread, result, _ = self.jobs[name]
        thread.join()
        return result.get("instructions")

    def profile(self, name, top=12, inclusive=False):
        """The top functions of job `name` by instructions, as callgrind_annotate lists them."""
        if name not in self.jobs:
            return []
        thread, _, path = self.jobs[name]
        thread.join()
        return top_functions(path, top, inclusive)


def total_instructions(path):
    try:
        with open(path, errors="replace") as f:
            for line in f:
                if line.startswith("summary:") or line.startswith("totals:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def top_functions(path, top, inclusive=False):
    """(instructions, percent, function) of the most expensive functions, Swift names demangled."""
    try:
        text = subprocess.run(["callgrind_annotate", "--inclusive=" + ("yes" if inclusive else "no"),
                               "--threshold=100", path],
                              capture_output=True, text=True, errors="replace", timeout=300).stdout
        text = subprocess.run(["swift", "demangle", "--simplified"], input=text, capture_output=True, text=True,
                              errors="replace", timeout=300).stdout or text
    except (OSError, subprocess.TimeoutExpired):
        return []
    rows = []
    for line in text.splitlines():
        match = re.match(r"\s*([\d,]+)\s+\(\s*([\d.]+)%\)\s+(.*)", line)
        if match and "PROGRAM TOTALS" not in line:
            rows.append((int(match.group(1).replace(",", "")), float(match.group(2)), match.group(3).strip()))
    return rows[:top]
