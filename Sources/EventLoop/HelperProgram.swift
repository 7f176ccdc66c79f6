#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Another program vmsh may use when it is installed (Graphviz's `dot` for `graph`'s pictures),
/// run to its end without a shell and never waited for past a time limit: in a process group of
/// its own, killed whole, so what it started cannot outlive it or hold vmsh waiting.
public enum HelperProgram {
    /// What `name`, found on `PATH`, writes to its standard output when given `input`; nil when it
    /// is not there, exits other than 0, writes more than `outputLimit` bytes or text that is not
    /// UTF-8, or is not done within `limit` (it is killed then). Its standard error goes nowhere.
    /// Its exit ends the wait, though a process it started holds its output open.
    public static func output(
        of name: String, arguments: [String] = [], input: String, limit: Duration, outputLimit: Int = 1 << 22
    ) -> String? {
        let deadline = ContinuousClock.now + limit
        guard let child = Child(name, arguments) else { return nil }
        var output: [UInt8] = []
        var pending = Array(input.utf8)[...]
        if pending.isEmpty { child.closeInput() }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let status = child.exitStatus() {
                // What it left running is killed; what it wrote before it exited is in the pipe.
                child.killGroup()
                output += child.readAvailable(upTo: outputLimit + 1)
                _ = child.killed()
                guard status == 0, output.count <= outputLimit else { return nil }
                return String(validating: output, as: UTF8.self)
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero, output.count <= outputLimit else { return child.killed() }
            var descriptors = [
                pollfd(fd: pending.isEmpty ? -1 : child.input, events: Int16(POLLOUT), revents: 0),
                pollfd(fd: child.output, events: Int16(POLLIN), revents: 0),
            ]
            // The one wait besides `Wait.sleep`'s: for this child alone, never for input or timers;
            // woken every 10 ms to see whether it exited.
            if poll(&descriptors, 2, min(left.pollMilliseconds, 10)) < 0 {
                if errno == EINTR { continue }
                return child.killed()
            }
            if descriptors[0].revents != 0 {
                let written = pending.withUnsafeBytes { write(child.input, $0.baseAddress, $0.count) }
                if written > 0 { pending = pending.dropFirst(written) }
                // Written whole, or the child stopped reading (it closed its end): it has all it gets.
                if pending.isEmpty || written < 0 && errno != EAGAIN && errno != EINTR {
                    pending = []
                    child.closeInput()
                }
            }
            guard descriptors[1].revents != 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(child.output, $0.baseAddress, $0.count) }
            if count > 0 {
                output += chunk[..<count]
            } else if count == 0 || errno != EAGAIN && errno != EINTR {
                break
            }
        }
        guard child.exitedWell(before: deadline) else { return nil }
        return String(validating: output, as: UTF8.self)
    }
}

/// A running child, its standard input and output piped to vmsh.
private final class Child {
    let pid: pid_t
    let input: Int32
    let output: Int32
    private var inputOpen = true

    init?(_ name: String, _ arguments: [String]) {
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        guard pipe(&toChild) == 0 else { return nil }
        guard pipe(&fromChild) == 0 else {
            for fd in toChild { close(fd) }
            return nil
        }
        // Closed in the child as it starts: it keeps only the two ends dup2 makes its 0 and 1.
        for fd in toChild + fromChild { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // vmsh ignores SIGPIPE; the child gets the default, as from a shell.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        // A group of its own (its id the child's pid): killed whole, and no Ctrl-C at vmsh's terminal reaches it.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        let argv = ([name] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        // posix_spawnp looks the name up on PATH, as a shell would, without one.
        let status = posix_spawnp(&pid, name, &actions, &attributes, argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard status == 0 else {
            close(toChild[1])
            close(fromChild[0])
            return nil
        }
        for fd in [toChild[1], fromChild[0]] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        (self.pid, input, output) = (pid, toChild[1], fromChild[0])
    }

    deinit {
        closeInput()
        close(output)
    }

    func closeInput() {
        if inputOpen { close(input) }
        inputOpen = false
    }

    /// Kills the child and all it started, and reaps it; nil, for what was not had.
    func killed() -> String? {
        killGroup()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return nil
    }

    /// Kills the child's process group: whatever it left running (the child itself too, if alive).
    func killGroup() { kill(-pid, SIGKILL) }

    /// The child's exit status once it has exited (-1 for a signal), nil while it runs. Left
    /// unreaped (a zombie), so its pid, the group's id, is not reused before `killGroup`.
    func exitStatus() -> Int32? {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) < 0 {
            guard errno == EINTR else { return -1 }
        }
        guard info._sifields._sigchld.si_pid == pid else { return nil }
        return info.si_code == CLD_EXITED ? info._sifields._sigchld.si_status : -1
    }

    /// What the output pipe holds now, without waiting, up to `limit` bytes or a little more.
    func readAvailable(upTo limit: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < limit {
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            guard count > 0 else { return bytes }
            bytes += chunk[..<count]
        }
        return bytes
    }

    /// True when the child exits with 0 before `deadline`; killed otherwise, and what it left
    /// running killed either way.
    func exitedWell(before deadline: ContinuousClock.Instant) -> Bool {
        while true {
            if let status = exitStatus() {
                _ = killed()
                return status == 0
            }
            // Its output ended: it exits at once, or it is killed at the deadline.
            guard ContinuousClock.now < deadline else { return killed() != nil }
            _ = Wait.sleep(for: .milliseconds(1))
        }
    }
}
