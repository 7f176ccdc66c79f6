/// `expect-all on`: the lines a command printed, each waiting for an expectation after it to
/// account for it, as TCA's TestStore waits for every action an effect sends. When the next
/// command begins, a line no expectation matched is a failure (`not expected: …`).
///
/// A command that changes the state answers for everything it printed; one that only looks
/// (`stats`, `marbles`) answers only for the updates that arrived while it ran.
@MainActor
package final class OutputAccount {
    /// Where the command ran (`FILE:LINE`), for the failures; nil at the prompt.
    let location: String?
    private let countsOwnLines: Bool
    /// Indexes into the lines printed since the command began that an expectation matched.
    private var accounted: Set<Int> = []

    init(location: String?, countsOwnLines: Bool) {
        self.location = location
        self.countsOwnLines = countsOwnLines
    }

    /// Marks the lines `expectation` matched as accounted for.
    package func account(for expectation: Expectation, in lines: [PrintedLine]) {
        accounted.formUnion(expectation.matchingLines(lines.map(\.text)))
    }

    /// The lines no expectation matched, as printed but without their time stamps.
    func unaccounted(in lines: [PrintedLine]) -> [String] {
        lines.indices.filter { index in
            let line = lines[index]
            return (countsOwnLines || line.isUpdate) && !accounted.contains(index)
                && !line.text.allSatisfy(\.isWhitespace)
        }
        .map { lines[$0].text.unstamped }
    }
}
