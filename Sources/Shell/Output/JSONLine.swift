/// One line of `--format jsonl`, as `WireJSON` writes it (keys in order of their names).
package struct JSONLine: Encodable {
    /// The clock time in whole milliseconds, and as the transcript stamps it.
    let ms: Int64
    let time: String
    /// `LineKind.jsonLinesName`.
    let kind: String
    /// The number `history` gives the command running; absent between commands.
    let command: Int?
    let text: String
}
