import ShellTestSupport
import TestSupport
import Testing

/// The app's streams as RAC 2 has them: executionSignals is a signal of signals, executeSearch
/// offers its errors, and a RACObserve-style lane completes when its object goes.
@MainActor
struct RACAppStreamTests: FakeShellSuite {
    let fake = FakeShell()

    func said(_ name: String) -> [String] {
        output.text.split(separator: "\n").map(String.init).filter { $0.contains("] \(name): ") }
    }

    @Test func executionSignalsIsASignalOfSignals() {
        run(
            "let runs = search executeSearch.executionSignals | switchToLatest\nsubscribe runs\n"
                + "search sunset\nwait 1s\nback\nsearch forest\nwait 1s")
        #expect(said("runs") == ["[00:00.000] runs: signal", "[00:00.400] runs: 3", "[00:01.400] runs: 3"])
    }

    @Test func executeSearchOffersItsErrors() {
        service.failSearches = true
        run("let errs = search executeSearch.errors\nsubscribe errs\nsearch sunset\nwait 1s")
        #expect(said("errs") == ["[00:00.000] errs: signal", "[00:00.400] errs: the network is offline"])
    }

    @Test func anObservedRowCompletesWhenItsViewModelGoes() {
        run("search sunset\nwait 1s\nlet vis = row 3 isVisible\nsubscribe vis as every\nback")
        #expect(said("vis") == ["[00:01.000] vis: signal"], "\(output.text)")
        #expect(
            said("every") == [
                "[00:01.000] every: true", "[00:01.000] every: completed",
            ])
    }
}
