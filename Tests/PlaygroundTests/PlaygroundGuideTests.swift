import Playground
import Testing

/// `help NAME`'s guide: every entry's example is a definition the playground accepts, and the
/// parser's list of operators is the guide's.
@MainActor
struct PlaygroundGuideTests {
    @Test func everyExampleIsADefinitionThePlaygroundAccepts() {
        for entry in PlaygroundGuide.all {
            let play = PlaygroundHarness()
            _ = play.take(["let s = subject", "let b = marbles \"-a-b|\"", "let t = marbles \"--x|\""])
            let said = play.take(["let " + entry.example])
            #expect(said.count == 1 && !said[0].contains("error"), "\(entry.name): \(said)")
        }
    }

    @Test func theParserNamesTheGuidesOperatorsWhenOneIsMissing() {
        let play = PlaygroundHarness()
        let said = play.take(["let b = marbles \"-a|\"", "let x = b | nonsense"]).last ?? ""
        let names = PlaygroundGuide.operators.map(\.name)
        #expect(said.contains(names.joined(separator: ", ")), "\(said)")
        #expect(names.count == Set(names).count)
    }

    @Test func everyEntrySaysWhoseMeaningItFollows() {
        for entry in PlaygroundGuide.all {
            #expect(
                ["ReactiveCocoa", "RxJS"].contains { entry.follows.contains($0) }, "\(entry.name): \(entry.follows)")
            #expect(entry.usage.hasPrefix(entry.name), "\(entry.name)")
        }
    }
}

/// A word that is no source, followed by arguments, is named as an unknown source.
@MainActor
struct UnknownSourceTests {
    @Test func anUnknownSourceWithArgumentsIsNamedAsSuch() {
        let play = PlaygroundHarness()
        #expect(
            play.take(["let x = timer 1s"]) == [
                "0: error: column 9: no source named 'timer': the sources are marbles, interval, subject, "
                    + "replay-subject, empty, never, error, sequence, behavior-subject, create, command, a defined name, or an app "
                    + "stream (search NAME, row N NAME)"
            ])
    }
}
