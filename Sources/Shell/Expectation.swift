/// What an `expect` looks for: a text, in which any run of spaces matches any run of
/// whitespace (columns need not be counted), or a regular expression written `/.../`; either
/// after `--hidden`, when what is looked for must not be shown (an exercise's checks).
package struct Expectation {
    private enum Pattern {
        case words([Substring])
        case regex(Regex<AnyRegexOutput>)
    }

    static let hiddenFlag = "--hidden"

    private let pattern: Pattern
    /// True for `--hidden TEXT`: no message, echo, history or saved lesson shows TEXT.
    package let isHidden: Bool
    /// What is looked for, as a message quotes it.
    package let shown: String

    /// `command` names the check in the error for a hidden one with no text.
    package init(_ argument: String, of command: String) throws(CommandFailure) {
        isHidden = Self.isHidden(argument)
        let text = isHidden ? String(argument.dropFirst(Self.hiddenFlag.count)).trimmingSpaces : argument
        // No words would match every line: a check that can never fail.
        guard !text.isEmpty else { throw CommandFailure("\(command) needs a text") }
        shown = String(text.sanitizedForTerminal.prefix(80))
        if text.count >= 2, text.hasPrefix("/"), text.hasSuffix("/") {
            do {
                pattern = .regex(try Regex(String(text.dropFirst().dropLast())))
            } catch {
                throw CommandFailure(
                    isHidden ? "a hidden expectation is not a regular expression" : "not a regular expression: \(shown)"
                )
            }
        } else {
            pattern = .words(text.split(whereSeparator: { $0 == " " || $0 == "\t" }))
        }
    }

    /// True when `argument` starts with `--hidden`.
    package static func isHidden(_ argument: String) -> Bool {
        argument == hiddenFlag || argument.hasPrefix(hiddenFlag + " ")
    }

    package func isFound(in output: String) -> Bool {
        switch pattern {
        case .regex(let regex):
            return output.contains(regex)
        case .words:
            return !matchingLines(output.split(separator: "\n").map(String.init)).isEmpty
        }
    }

    /// The indexes of the lines it matches: each line holding the words, or each line a match of
    /// the regular expression touches (one may span lines).
    func matchingLines(_ lines: [String]) -> Set<Int> {
        switch pattern {
        case .words(let words):
            // Whitespace runs in the output become one space, as in the wanted text.
            let wanted = words.joined(separator: " ")
            return Set(
                lines.indices.filter {
                    lines[$0].split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ").contains(wanted)
                })
        case .regex(let regex):
            let text = lines.joined(separator: "\n")
            var found = Set<Int>()
            for match in text.matches(of: regex) {
                let first = text[..<match.range.lowerBound].count { $0 == "\n" }
                let last = first + text[match.range].count { $0 == "\n" }
                found.formUnion(first...last)
            }
            return found
        }
    }
}
