import Foundation
import Reactive
import Shell
import ShellTestSupport
import TerminalViews
import Testing

@testable import ViewModels

/// A ViewModel written for this test, with no View of its own: a count that ticks each second
/// for three seconds, and whether it is even. `isEven` is the output this test adds: declared in
/// `outputs` and nowhere else, it must reach `trace`, `inspect`, `changes` and the playground.
@MainActor
final class CounterViewModel: ViewModel {
    let title = "Counter"
    let streamName = "counter"
    let count: Property<Int>
    let isEven: Property<Bool>
    private let mutableCount = MutableProperty(0)
    private let mutableIsEven = MutableProperty(true)
    private let bag = CompositeDisposable()

    init(services: any ViewModelServices) {
        count = Property(mutableCount)
        isEven = Property(mutableIsEven)
        let counter = mutableCount
        for second in 1...3 {
            bag.add(services.scheduler.schedule(after: .seconds(second)) { counter.value = second })
        }
        bag.add(count.changes.map { $0 % 2 == 0 }.bind(to: mutableIsEven))
        bag.add(services.instrumentation?.attach(self))
    }

    var outputs: [ViewModelOutput] {
        [
            .constant("title", .text(title)),
            .property("count", self.count, reads: { .number($0) }),
            .property("isEven", self.isEven, reads: { .bool($0) }),
        ]
    }

    func dispose() { bag.dispose() }
}

@MainActor
struct DeclaredOutputsTests: FakeShellSuite {
    let fake = FakeShell()

    private func pushCounter() {
        shell.navigator.push(CounterViewModel(services: shell.navigator))
    }

    @Test func anAddedOutputIsTraced() {
        pushCounter()
        run("trace on counter · isEven\nwait 2s")
        #expect(
            output.text.split(separator: "\n").filter { $0.contains("trace counter") } == [
                "[00:01.000] trace counter · isEven: next false",
                "[00:02.000] trace counter · isEven: next true",
            ])
    }

    /// isEven is bound to count before the instruments subscribe: depth first, it is heard first.
    @Test func theOutputsItHadAreTracedAsBefore() {
        pushCounter()
        run("trace on counter\nwait 1s")
        #expect(
            output.text.split(separator: "\n").filter { $0.contains("trace counter") } == [
                "[00:01.000] trace counter · isEven: next false",
                "[00:01.000] trace counter · count: next 1",
            ])
    }

    @Test func itsViewShowsEveryOutput() {
        pushCounter()
        run("wait 1s")
        #expect(
            output.text == """
                [00:00.000] push CounterViewModel "Counter"
                [00:00.000] "Counter"
                [00:00.000]   count   0
                [00:00.000]   isEven  true
                > wait 1s
                [00:01.000] isEven = false
                [00:01.000] count = 1

                """)
    }

    @Test func anAddedOutputIsInspected() {
        pushCounter()
        run("wait 1s\ninspect")
        let lines = output.text.split(separator: "\n").map(String.init)
        let header = lines.firstIndex { $0.hasSuffix("] CounterViewModel") }
        #expect(
            header.map { Array(lines[($0 + 1)...]) } == [
                "[00:01.000]   title   \"Counter\"", "[00:01.000]   count   1", "[00:01.000]   isEven  false",
            ])
    }

    @Test func anAddedOutputShowsInChanges() {
        pushCounter()
        run("changes on\nwait 1s")
        let after = output.text.components(separatedBy: "> wait 1s\n").last ?? ""
        #expect(
            after.split(separator: "\n").filter { $0.contains(" - ") || $0.contains(" + ") } == [
                "[00:01.000] - count 0", "[00:01.000] - isEven true", "[00:01.000] + count 1",
                "[00:01.000] + isEven false",
            ])
    }

    @Test func anAddedOutputIsAPlaygroundStream() {
        pushCounter()
        run("let even = counter isEven\nsubscribe even\nwait 2s")
        #expect(
            output.text.split(separator: "\n").filter { $0.contains("] even: ") } == [
                "[00:00.000] even: signal", "[00:00.000] even: true", "[00:01.000] even: false",
                "[00:02.000] even: true",
            ])
    }
}
