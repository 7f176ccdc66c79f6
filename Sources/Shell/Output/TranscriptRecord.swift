import MarbleDiagrams
import OutputKinds

/// The session's output so far as lines, each with what printed it (a command's echo, a
/// comment, narration, output, an error), for `export html` to lay out as a lesson page. Lines
/// are numbered from the session's first, so a figure can say which lines its drawing took even
/// after the oldest lines were dropped to keep the record under `characterLimit`.
package struct TranscriptRecord {
    static let characterLimit = 1 << 20

    package private(set) var lines: [MarblePage.Line] = []
    /// The number of the first line kept.
    package private(set) var firstLine = 0
    /// The line being written: text that has not reached its newline yet.
    private var partial: MarblePage.Line?
    private var characters = 0

    /// The number the next complete line will have.
    package var lineCount: Int { firstLine + lines.count }

    /// Adds text as written (any number of lines, the last perhaps unfinished); a line is of the
    /// kind of the text that began it.
    mutating func add(_ text: String, as kind: LineKind) {
        var pieces = text.split(separator: "\n", omittingEmptySubsequences: false)
        let rest = pieces.removeLast()
        for piece in pieces {
            var line = partial ?? MarblePage.Line(kind, "")
            line.text += piece
            partial = nil
            append(line)
        }
        if !rest.isEmpty {
            var line = partial ?? MarblePage.Line(kind, "")
            line.text += rest
            partial = line
        }
    }

    /// Adds narration in its own words, in place of the echo of the `say` that printed it.
    mutating func narrate(_ words: String) {
        if partial == nil, let last = lines.last, last.kind == .command, last.text.hasPrefix("> say ") {
            characters -= last.text.utf8.count + 1
            lines.removeLast()
        }
        append(MarblePage.Line(.narration, words))
    }

    /// Adds one whole line.
    mutating func append(_ line: MarblePage.Line) {
        lines.append(line)
        characters += line.text.utf8.count + 1
        guard characters > Self.characterLimit else { return }
        let dropped = lines.count / 4
        characters -= lines.prefix(dropped).reduce(0) { $0 + $1.text.utf8.count + 1 }
        lines.removeFirst(dropped)
        firstLine += dropped
    }
}
