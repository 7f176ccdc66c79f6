/// Why a playground line was refused, as one line: what was expected, and where.
public struct PlaygroundError: Error, Equatable, CustomStringConvertible {
    public let message: String

    /// Long enough for the list of every operator, which an unknown one is answered with.
    public init(_ message: String) { self.message = PlayValue.safe(message, limit: 800) }

    /// "column 12: expected a duration such as 300ms, found 'x'".
    init(at column: Int, expected: String, found: String?) {
        let what = found.map { "'\(PlayValue.safe($0, limit: 40))'" } ?? "the end of the line"
        self.init("column \(column): expected \(expected), found \(what)")
    }

    public var description: String { message }
}
