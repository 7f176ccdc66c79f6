import Playground
import Testing

/// `help rac`'s answers for what the playground now has of its own: each names the form a
/// learner types, and that form is accepted.
@MainActor
struct RACSelectorFormsTests {
    static let forms: [(selector: String, typed: String)] = [
        ("deliverOn:", "| deliverOn main"), ("subscribeOn:", "| subscribeOn main"),
        ("createSignal:", "let s = create \"-a-b|\""), ("initWithSignalBlock:", "let c = command runs SIGNAL"),
        ("initWithEnabled:signalBlock:", "let c = command enabled-by E runs SIGNAL"), ("execute:", "execute c [VALUE]"),
        ("allowsConcurrentExecution", "let c = command runs SIGNAL concurrent"),
        ("executionSignals", "let runs = c.executionSignals | switchToLatest"),
    ]

    @Test func eachAnswerNamesThePlaygroundsForm() {
        for (selector, typed) in Self.forms {
            let answer = RACSelectorGuide.entries.first { $0.selector == selector }?.answer ?? ""
            #expect(answer.contains(typed), "\(selector): \(answer)")
        }
    }

    @Test func theFormsAreAccepted() {
        let play = PlaygroundHarness()
        let said = play.take([
            "let b = marbles \"-a|\"", "let e = behavior-subject true", "let ui = b | deliverOn main",
            "let sub = b | subscribeOn main", "let s = create \"-a-b|\"",
            "let c = command enabled-by e runs b concurrent",
            "let runs = c.executionSignals | switchToLatest", "execute c 1",
        ])
        #expect(
            said == [
                "0: b: signal", "0: e: behavior subject (hot), latest true, 0 subscribed", "0: ui: signal",
                "0: sub: signal", "0: s: signal", "0: c: command (concurrent), enabled", "0: runs: signal",
                "0: c: executed with 1",
            ])
    }
}
