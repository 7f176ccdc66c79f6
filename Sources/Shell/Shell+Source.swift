import Glibc

extension Shell {
    /// `source` nests at most this deep: a file that sources itself stops here.
    static let maximumSourceDepth = 8

    /// Runs the script at `path` ("-" for standard input, when it is not the terminal) inside
    /// this session, its errors named `FILE:LINE`; returns how many of its commands failed.
    package func source(_ path: String) throws(CommandFailure) -> Int {
        let session = context.session
        guard session.scripts.sourceDepth < Self.maximumSourceDepth else {
            throw CommandFailure("source is nested \(Self.maximumSourceDepth) deep: does a file source itself?")
        }
        let fd: Int32
        let name: String
        let confinement = session.scripts.confinedBy
        if let confinement, path == "-" { throw CommandFailure("source reads no standard input under \(confinement)") }
        if path == "-" {
            guard isatty(0) == 0 else { throw CommandFailure("source - reads standard input, which is this terminal") }
            (fd, name) = (0, "stdin")
        } else {
            // Not blocking: a FIFO with no writer would hold a plain open() past every signal.
            // Reads wait in a poll beside the wake-up pipe instead, which Ctrl-C ends.
            fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            name = path
            var status = stat()
            let opened = fd >= 0 && fstat(fd, &status) == 0
            let kind = status.st_mode & S_IFMT
            // Confined, only a regular file: a device or a FIFO is someone else's stream.
            guard opened, kind != S_IFDIR, confinement == nil || kind == S_IFREG else {
                let reason =
                    !opened
                    ? String(cString: strerror(errno))
                    : kind == S_IFDIR ? "it is a directory" : "only a regular file is read under \(confinement ?? "")"
                if fd >= 0 { close(fd) }
                throw CommandFailure("cannot read \(path.sanitizedForTerminal): \(reason)")
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        }
        defer { if fd != 0 { close(fd) } }
        // A file that sources itself, even through others, would run its lines again and again,
        // each time as many times as it names itself: refused at once.
        var status = stat()
        let file = fd != 0 && fstat(fd, &status) == 0 ? SourcedFile(device: status.st_dev, inode: status.st_ino) : nil
        if let file, session.scripts.sourcing.contains(file) {
            throw CommandFailure("\(path.sanitizedForTerminal) is already being sourced: a file cannot source itself")
        }
        session.scripts.sourceDepth += 1
        if let file { session.scripts.sourcing.append(file) }
        defer {
            session.scripts.sourceDepth -= 1
            if file != nil { session.scripts.sourcing.removeLast() }
        }
        let runner = ScriptRunner(shell: self, echo: session.scripts.echoesSourcedCommands, bail: false)
        if runner.run(.fileDescriptor(name: name, fd: fd)) == .interrupted {
            // Said once, by the outermost `source`: a nested one's interruption is this one's too.
            throw CommandFailure(
                "source \(name.sanitizedForTerminal) interrupted after \(runner.linesRead.counted("line"))")
        }
        return runner.failures
    }
}

/// Which file a `source` reads, by its identity on disk, not its name.
package struct SourcedFile: Equatable {
    let device: UInt
    let inode: UInt
}
