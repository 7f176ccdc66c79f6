import MarbleNotation
import Reactive
import ShellTestSupport
import StandardShell
import Testing

@testable import Playground
@testable import Shell

/// Every reader of a duration reads the one grammar: fed the same words, each accepts exactly
/// the durations the grammar reads that fall in its own range, with the same value, and refuses
/// the rest saying what a duration looks like.
@MainActor
struct DurationAgreementTests {
    static let words = [
        "0ms", "1ms", "400ms", "0.5ms", "1.5s", "2s", "007s", "10s", "11s", "1.5m", "2m", "2h", "24h", "1440m",
        "86400000ms", "24.001h", "25h", "99999999999999999999h", "1e3s", "-1s", "+1s", ".5s", "5.s", "5", "nan",
        "nans", "1h30m", "2S", "soon",
    ]
    static let day = Duration.seconds(86_400)

    /// One reader: its range, and what it made of a word (nil: refused, with its message).
    struct Reader {
        let name: String
        let range: ClosedRange<Duration>
        /// The refusals it explains in a message: a marble string reads a word that is no
        /// duration as values; the flags' entry point returns nil and each flag says its own.
        var explains: Set<DurationGrammar.Refusal> = [.notADuration, .overLimit]
        let read: @MainActor (String) -> (Duration?, String)
    }

    static func command(_ name: String, _ argument: String) -> Result<Arguments, CommandFailure>? {
        CommandTable.standard.command(named: name)?.parse(argument)
    }

    static let readers: [Reader] = [
        Reader(name: "Shell.parseDuration (the flags)", range: .zero...day, explains: []) {
            (Shell.parseDuration($0), "")
        },
        Reader(name: "wait", range: .zero...day) { word in
            switch command("wait", word) {
            case .success(let arguments)?: (arguments.duration(0), "")
            case .failure(let failure)?: (nil, failure.message)
            case nil: (nil, "no wait command")
            }
        },
        Reader(name: "marbles --from", range: .zero...day) { word in
            switch command("marbles", "search --from \(word)") {
            case .success(let arguments)?: (arguments.optionDuration("--from"), "")
            case .failure(let failure)?: (nil, failure.message)
            case nil: (nil, "no marbles command")
            }
        },
        Reader(name: "fetch --after", range: .zero...day) { word in
            switch command("fetch", "1 2 --after \(word)") {
            case .success(let arguments)?: (arguments.optionDuration("--after"), "")
            case .failure(let failure)?: (nil, failure.message)
            case nil: (nil, "no fetch command")
            }
        },
        Reader(name: "playground interval", range: .milliseconds(1)...day) { word in
            do throws(PlaygroundError) {
                let definition = try DefinitionParser.parse("a = interval \(word)")
                guard case .interval(let period) = definition.source else { return (nil, "not an interval") }
                return (period, "")
            } catch {
                return (nil, error.message)
            }
        },
        Reader(name: "playground delay", range: .milliseconds(1)...day) { word in
            do throws(PlaygroundError) {
                let definition = try DefinitionParser.parse("a = subject | delay \(word)")
                guard let delay = definition.steps.first?.step as? DelayStep else { return (nil, "not a delay") }
                return (delay.interval, "")
            } catch {
                return (nil, error.message)
            }
        },
        Reader(name: "marble time literal", range: .zero...day, explains: [.overLimit]) { word in
            do throws(MarbleNotation.Failure) {
                let events = try MarbleNotation.parse("\(word) a")
                guard events.count == 1, let event = events.first, event.kind == .value("a") else {
                    return (nil, "read as values")
                }
                return (event.time, "")
            } catch {
                return (nil, error.description)
            }
        },
    ]

    @Test func eachReaderAcceptsWhatTheGrammarReadsInItsRange() {
        for reader in Self.readers {
            for word in Self.words {
                let grammar = DurationGrammar.duration(word)
                let expected = grammar.flatMap { reader.range.contains($0) ? $0 : nil }
                let (value, message) = reader.read(word)
                #expect(value == expected, "\(reader.name) read \(word) as \(String(describing: value))")
                // A word the grammar refuses is refused in the one wording.
                if case .failure(let refusal) = DurationGrammar.read(word), reader.explains.contains(refusal) {
                    #expect(message.contains(DurationGrammar.expectation), "\(reader.name) on \(word): \(message)")
                }
            }
        }
    }

    @Test func typeEveryReadsTheGrammarWithinItsRange() {
        for word in Self.words {
            let fake = FakeShell()
            let runner = ScriptRunner(shell: fake.shell, echo: true, bail: false)
            _ = runner.run(.commands(["type ab --every \(word)", "wait 11s"]))
            _ = runner.finish()
            let grammar = DurationGrammar.duration(word)
            let accepted = grammar.map { (Duration.milliseconds(1)...Duration.seconds(10)).contains($0) } ?? false
            #expect(fake.output.text.contains("ERR") == !accepted, "type --every \(word): \(fake.output.text)")
            if grammar == nil {
                #expect(fake.output.text.contains(DurationGrammar.expectation), "type --every \(word)")
            }
        }
    }

    @Test func waitTwoHoursPassesTwoHoursOfVirtualTime() {
        let fake = FakeShell()
        let runner = ScriptRunner(shell: fake.shell, echo: true, bail: false)
        _ = runner.run(.commands(["wait 2h"]))
        #expect(fake.scheduler.now == .seconds(7200))
        _ = runner.run(.commands(["wait 24h", "wait 25h"]))
        _ = runner.finish()
        #expect(fake.scheduler.now == .seconds(7200 + 86_400))
        #expect(
            fake.output.text.hasSuffix(
                ": wait needs a duration such as 500ms, 2s, 1.5m or 1h, at most 24h, or 'idle'\n"),
            "\(fake.output.text)")
    }
}
