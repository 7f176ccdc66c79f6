import Glibc

/// Splits what is read from a file descriptor into lines. It never waits by itself: the
/// caller sleeps until the descriptor is readable (so timers keep firing while a pipe is slow),
/// then calls `read()`. Lines longer than `maxLineBytes` are skipped whole and reported.
public final class LineReader {
    package enum Next: Equatable {
        case line([UInt8])
        /// A line of this many bytes was skipped: over the limit.
        case tooLong(Int)
        /// More than `maxRunawayBytes` came with no line end (`/dev/zero`): the reader stopped.
        case runaway
        case end
    }

    public static let maxLineBytes = 4096
    /// How much of one line is read and dropped before the input is taken for endless.
    static let maxRunawayBytes = 1 << 20
    let fd: Int32
    private var buffer: [UInt8] = []
    private var atEnd = false
    private var discarding = 0

    package init(fd: Int32) { self.fd = fd }

    /// The next line (without its newline) or the end, if what was read so far holds one;
    /// nil when more input is needed.
    package func next() -> Next? {
        if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let line = Array(buffer[..<newline])
            buffer.removeSubrange(...newline)
            if discarding > 0 {
                let skipped = discarding + line.count
                discarding = 0
                return .tooLong(skipped)
            }
            return line.count > Self.maxLineBytes ? .tooLong(line.count) : .line(line)
        }
        if buffer.count > Self.maxLineBytes {
            discarding += buffer.count
            buffer.removeAll(keepingCapacity: true)
            if discarding > Self.maxRunawayBytes {
                // Endless input with no newline: say so once and read no more of it.
                atEnd = true
                discarding = 0
                return .runaway
            }
        }
        guard atEnd else { return nil }
        if discarding > 0 {
            defer { discarding = 0 }
            return .tooLong(discarding + buffer.count)
        }
        guard !buffer.isEmpty else { return .end }
        defer { buffer = [] }
        return buffer.count > Self.maxLineBytes ? .tooLong(buffer.count) : .line(buffer)
    }

    /// Reads what is available (blocking if nothing is); end of input or an error ends the reader.
    package func read() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                atEnd = true
            } else {
                buffer.append(contentsOf: chunk[..<count])
            }
            return
        }
    }
}

/// Turns the bytes of one line into text, or says in one line why they are not a command.
public enum LineDecoder {
    /// Every line source's checks in one place: piped lines, `-c` lines and typed lines alike.
    public static func decode(_ bytes: [UInt8]) -> Result<String, CommandFailure> {
        guard bytes.count <= LineReader.maxLineBytes else { return .failure(tooLong(bytes.count)) }
        var bytes = bytes[...]
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(CommandFailure("the line is not valid UTF-8; it was skipped"))
        }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) {
            return .failure(CommandFailure("the line contains control characters (binary input?); it was skipped"))
        }
        return .success(text)
    }

    /// A typed or pasted line refused as it passes the limit, before its end has arrived.
    public static let refusedAsTyped = CommandFailure(
        "the line is over \(LineReader.maxLineBytes) bytes, the limit; the rest of it, up to Enter, is skipped")

    package static func tooLong(_ count: Int) -> CommandFailure {
        CommandFailure("the line is \(count) bytes long; the limit is \(LineReader.maxLineBytes); it was skipped")
    }
}
