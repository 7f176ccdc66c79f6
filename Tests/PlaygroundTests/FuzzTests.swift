import Playground
import Reactive
import TestSupport
import Testing

/// A seeded generator of definitions, valid and broken, and commands that drive them: the
/// playground never crashes, refuses with one line, and stays bounded.
@MainActor
struct FuzzTests {
    /// At least 100,000 definitions: enough to reach the parser's rarer paths many times over.
    static let count = 100_000
    static let names = ["a", "b", "s", "r", "xs", "t"]
    static let sources = [
        "marbles \"--a--b---c|\"", "marbles \"a(bc)-#\"", "interval 10ms", "interval 300ms", "subject",
        "replay-subject 3", "sequence 1 2 3", "a", "b", "s", "marbles \"", "interval", "replay-subject x",
        "marbles \"--(a\"", "sequence", "\"q\"", "|", "row 3 isVisible",
    ]
    static let steps = [
        "map length", "map upper", "map *10", "map +1", "map and", "filter >3", "filter even", "filter =a",
        "fold sum", "scan count", "take 2", "skip 1", "distinctUntilChanged", "delay 100ms", "throttle 50ms",
        "debounce 20ms", "takeUntil s", "merge a", "combineLatest b", "flattenMap a", "switchToLatest",
        "catchTo 0", "publish", "replay 2", "autoconnect", "signal", "map", "filter", "take -1", "bogus",
        "merge", "delay 0ms", "|", "=", "\"--a\"",
    ]
    static let junk = ["", " ", "|", "=", "\"", "(", ")", "-", "#", "é", "\u{1b}[2J", "9999999999999", "a b"]

    func line(_ generator: inout SeededRandom) -> String {
        var text = ""
        if !generator.chance(percent: 5) { text += generator.pick(Self.names) }
        if !generator.chance(percent: 5) { text += " =" }
        text += " " + generator.pick(Self.sources)
        for _ in 0..<generator.next(below: 5) {
            if !generator.chance(percent: 7) { text += " |" }
            text += " " + generator.pick(Self.steps)
        }
        if generator.chance(percent: 10) {
            var characters = Array(text)
            let junk = generator.pick(Self.junk)
            let at = characters.isEmpty ? 0 : generator.next(below: characters.count)
            characters.insert(contentsOf: junk, at: at)
            text = String(characters)
        }
        return text
    }

    @Test func aHundredThousandDefinitionsNeverCrashAndStayBounded() {
        let play = PlaygroundHarness()
        var generator = SeededRandom(seed: 20_261_123)
        var accepted = 0
        var refused = 0
        for index in 0..<Self.count {
            let definition = line(&generator)
            let said = play.take(["let " + definition])
            #expect(said.count == 1, "\(definition) said \(said)")
            guard let answer = said.first else { continue }
            #expect(!answer.contains("\n") && !answer.contains("\u{1b}") && answer.count < 900)
            if answer.contains(": error: ") { refused += 1 } else { accepted += 1 }
            // Now and then drive what is defined, let time pass, and end everything.
            if index % 500 == 0 {
                let name = generator.pick(Self.names)
                _ = play.take([
                    "subscribe \(name)", "send s \(generator.pick(["1", "x", "true"]))", "connect \(name)",
                    "wait \(generator.next(below: 100))",
                ])
                #expect(play.playground.liveEventCount <= 64 * 1000)
            }
            if index % 1000 == 999 {
                _ = play.take(["dispose all"])
                #expect(play.playground.liveEventCount == 0)
            }
        }
        #expect(accepted > 10_000)
        #expect(refused > 10_000)
    }

    @Test func anIntervalLaneStopsAtItsLimitAndDisposingAllLeavesNothingLive() {
        let play = PlaygroundHarness()
        _ = play.take(["let t = interval 10ms", "let s = subject", "subscribe t", "subscribe s"])
        _ = play.take(["wait 3600000"])
        #expect(play.lane("t").count == 1001)
        #expect(play.lane("t").last == "9990 disposed")
        #expect(play.scheduler.pendingCount == 0)
        for _ in 0..<2000 { play.run("send s 1") }
        #expect(play.lane("s").count == 1001)
        _ = play.take(["subscribe t as again", "wait 50"])
        #expect(play.playground.liveEventCount == 6)
        #expect(play.take(["dispose all", "signals"]).last == "3600050: live events: 0 in 0 lanes")
        #expect(play.scheduler.pendingCount == 0)
    }
}
