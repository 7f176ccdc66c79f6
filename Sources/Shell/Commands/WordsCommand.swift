import PhotoModel
import TerminalText

/// `words`: what the embedded catalog holds, so a newcomer knows what a search can find.
extension CommandTable {
    /// How many lines of words `words` prints unless told `--all`: with its heading, its last
    /// line and the prompt, well within a 24-row screen.
    static let wordsShownLines = 10

    package static let words: ShellCommand = ShellCommand(
        name: "words",
        parameters: [
            .init(name: "--all", kind: .choice(["--all"]), isOptional: true),
            .init(name: "PREFIX", kind: .word(suggestions: .none), isOptional: true),
        ],
        synopsis: "words [--all] [PREFIX]",
        summary: "the catalog's words and how many photos each finds, most first (--all: not only a screenful)",
        example: "words sun", misuse: "words takes --all and a prefix: words [--all] [PREFIX]",
        effect: .readsOnly, isListing: true,
        run: { arguments, context throws(CommandFailure) in
            guard let catalog = context.service as? any WordListing else {
                throw CommandFailure("words needs the embedded catalog: Flickr cannot list its words")
            }
            let prefix = arguments.text(1) ?? ""
            let words: [WordCount]
            do {
                words = try catalog.words(prefix: prefix)
            } catch {
                throw CommandFailure("could not read the catalog's words: \("\(error)".sanitizedForTerminal)")
            }
            let which = prefix.isEmpty ? "" : " starting with \(prefix.terminalField(limit: 40))"
            guard !words.isEmpty else {
                context.say("no words\(which)")
                return .succeeded
            }
            context.say("\(words.count.counted("word"))\(which), most photos first:")
            let entries = words.map { "\($0.word.terminalField(limit: 30)) \($0.photos.grouped)" }
            let limit = arguments.text(0) == "--all" ? nil : wordsShownLines
            let (lines, shown) = columns(entries, width: context.lineWidth, lines: limit)
            for line in lines { context.say(line) }
            if shown < entries.count {
                context.say("... \((entries.count - shown).grouped) more: words --all, or words PREFIX")
            }
            return .succeeded
        })

    /// The first `entries` (all of them, or as many as `lines` lines hold) in rows read left to
    /// right, most photos first (as `ls -x` lays names out), in as many columns as fit `width`,
    /// each as wide as its widest entry; and how many entries that is. Tab's listing reads down
    /// its columns instead (`CompletionListing`), as libedit's did.
    static func columns(_ entries: [String], width: Int, lines: Int?) -> (lines: [String], shown: Int) {
        let widths = entries.map(\.displayWidth)
        for columns in stride(from: max(1, min(entries.count, width / 4)), through: 1, by: -1) {
            let shown = min(entries.count, lines.map { $0 * columns } ?? entries.count)
            let columnWidths = (0..<columns).map { column in
                stride(from: column, to: shown, by: columns).map { widths[$0] }.max() ?? 0
            }
            guard columns == 1 || 2 + columnWidths.reduce(0, +) + 2 * (columns - 1) <= width else { continue }
            let rows = stride(from: 0, to: shown, by: columns).map { start in
                let row = (start..<min(start + columns, shown)).map { index in
                    let last = index == shown - 1 || index - start == columns - 1
                    return entries[index]
                        + String(repeating: " ", count: last ? 0 : columnWidths[index - start] - widths[index] + 2)
                }
                return "  " + row.joined()
            }
            return (rows, shown)
        }
        return ([], 0)
    }
}
