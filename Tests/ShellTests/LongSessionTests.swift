import Reactive
import ShellTestSupport
import StandardShell
import TerminalViews
import TestSupport
import Testing
import ViewModels

@testable import Shell

/// A session longer than the command log keeps: numbers stay the commands' numbers, `goto` and
/// `undo` rebuild from the session's start, and a command no longer kept is refused with the range.
@MainActor
struct LongSessionTests: ShellScripting {
    let scheduler = VirtualScheduler()
    let output = MemoryOutput()
    let shell: Shell

    init() {
        shell = Shell(
            service: FakeSearchService(scheduler: scheduler), clock: .virtual(scheduler), output: output,
            makeService: { FakeSearchService(scheduler: $0 as? VirtualScheduler ?? VirtualScheduler()) })
        // Twelve commands in a log of ten: the first two are dropped.
        shell.log.capacity = 10
    }

    private func typeTwelveWords() {
        run((1...12).map { "text word\($0)" }.joined(separator: "\n"))
    }

    @Test func undoGoesBackToTheCommandBeforeTheLast() {
        typeTwelveWords()
        #expect(shell.log.rangeText == "commands 3-12")
        let (transcript, _) = script("undo")
        #expect(transcript.contains("back at command 11 (text word11)"), "\(transcript.suffix(400))")
        // Eleven commands replayed from the first; the history keeps what it kept, up to 11.
        #expect(shell.log.rangeText == "commands 3-11")
        #expect(shell.log.steps(through: 11).map(\.line) == (1...11).map { "text word\($0)" })
    }

    @Test func gotoAKeptNumberReplaysFromTheStart() {
        typeTwelveWords()
        run("goto 4")
        let transcript = output.text
        #expect(transcript.contains("back at command 4 (text word4)"), "\(transcript.suffix(400))")
        // The first two, dropped for room, were replayed too, though the history no longer lists them.
        #expect(shell.log.rangeText == "commands 3-4")
        #expect(shell.log.entries.map(\.line) == (3...4).map { "text word\($0)" })
        #expect(shell.navigator.search?.searchText.value == "word4")
    }

    @Test func gotoADroppedNumberIsRefusedWithTheKeptRange() {
        typeTwelveWords()
        let (transcript, _) = script("goto 2")
        #expect(
            transcript.contains("no command 2: the history has commands 3-12"), "\(transcript.suffix(400))")
        #expect(shell.log.rangeText == "commands 3-12")
    }

    @Test func numbersKeepCountingPastTheLimit() {
        typeTwelveWords()
        run("text word13")
        #expect(shell.log.entries.map(\.number) == Array(4...13))
        #expect(shell.log.entry(13)?.line == "text word13")
        #expect(shell.log.entry(3) == nil)
    }
}
