import Foundation
import ShellTestSupport
import Testing

/// `help rac SELECTOR` answers for every RAC 2 selector, macro and class the seeds' code uses.
@MainActor
struct RACHelpTests: FakeShellSuite {
    let fake = FakeShell()

    /// What the five source texts' Objective-C calls (read from them once, by hand, and checked
    /// against them below when they are beside the repository).
    static let seedSelectors = [
        "RACSignal", "createSignal:", "map:", "filter:", "subscribeNext:", "subscribeError:", "subscribeCompleted:",
        "catchTo:", "catch:", "doNext:", "doCompleted:", "ignore:", "reduceEach:", "foldLeftWithStart:", "reduce:",
        "combineLatest:", "combineLatest:reduce:", "takeUntil:", "skip:", "delay:", "distinctUntilChanged",
        "deliverOn:", "subscribeOn:", "publish", "multicast:", "autoconnect", "connect", "replay", "sendNext:",
        "sendCompleted", "sendError:", "RACSubject", "RACReplaySubject", "RACCommand", "initWithSignalBlock:",
        "execute:", "executionSignals", "executing", "errors", "enabled", "RACObserve", "RAC", "RACTuple",
        "RACSequence", "rac_sequence", "rac_textSignal", "rac_signalForSelector:", "rac_sendAsynchronousRequest:",
        "rac_command", "rac_prepareForReuseSignal", "RACScheduler", "mainThreadScheduler", "schedulerWithPriority:",
        "RACDisposable", "disposableWithBlock:", "RACSubscriber", "RACMulticastConnection", "logAll", "logError",
        "RACEXTScope", "setKeyPath:onObject:", "empty", "error:",
    ]

    /// The seeds, when the shared folder is beside the repository (as on a developer's machine and CI).
    nonisolated static var seeds: String? {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = repository.deletingLastPathComponent().appendingPathComponent("shared/seeds")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        return names.filter { $0.hasSuffix(".txt") }.sorted()
            .compactMap { try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
    }

    /// The list is checked against the texts where they are beside the repository; a clone alone
    /// has only the list, which `helpRacAnswersEverySelectorTheSeedsUse` asks `help rac` about.
    @Test(.enabled(if: seeds != nil, "the seeds are not beside this clone"))
    func everySelectorTheSeedsUseIsInTheSeeds() throws {
        let text = try #require(Self.seeds)
        for selector in Self.seedSelectors {
            #expect(text.contains(selector), "\(selector) is not in the seeds")
        }
    }

    @Test func helpRacAnswersEverySelectorTheSeedsUse() {
        for selector in Self.seedSelectors {
            output.clear()
            run("help rac \(selector)")
            let lines = output.text.split(separator: "\n").dropFirst()
            #expect(lines.count >= 1 && !output.text.contains("ERR"), "\(selector): \(output.text)")
            let named = String(selector.prefix { $0 != ":" })
            #expect(lines.first?.contains("] \(named)") == true && output.text.contains(" in vmsh: "), "\(selector)")
        }
    }

    @Test func helpRacGivesThePlaygroundForm() {
        run("help rac catchTo:\nhelp rac -foldLeftWithStart:reduce:\nhelp rac nonsense:")
        #expect(
            output.text == """
                > help rac catchTo:
                [00:00.000] catchTo: in vmsh: | catchTo NAME: catchTo:[RACSignal empty] is let e
                [00:00.000] = empty, then | catchTo e
                > help rac -foldLeftWithStart:reduce:
                [00:00.000] foldLeftWithStart:reduce: in vmsh: | foldLeftWithStart START HOW
                [00:00.000] (sum, product, count, max, min, concat)
                > help rac nonsense:
                ERR vmsh: -c:3: no RAC 2 selector 'nonsense:' in vmsh's table: help rac lists those it knows

                """)
    }
}
