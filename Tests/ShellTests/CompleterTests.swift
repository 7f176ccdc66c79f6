import Reactive
import Shell
import ShellTestSupport
import StandardShell
import TerminalViews
import TestSupport
import Testing
import ViewModels

@MainActor
struct CompleterTests {
    let scheduler = VirtualScheduler()
    let shell: Shell
    let service: FakeSearchService

    init() {
        service = FakeSearchService(scheduler: scheduler)
        service.photoCount = 12
        shell = Shell(service: service, clock: .virtual(scheduler), output: MemoryOutput())
    }

    func complete(_ prefix: String) -> [String] { Completer(shell: shell).complete(prefix).candidates }

    @Test func commandNamesThenArgumentsByContext() {
        #expect(
            complete("s") == [
                "search", "scroll", "stack", "show", "set", "stats", "step", "say", "source", "save", "send",
                "subscribe", "signals", "serve",
            ])
        #expect(complete("wait ") == ["idle", "500ms", "1s", "2s", "5s"])
        #expect(complete("set pipeline o") == ["original"])
        #expect(complete("set pipeline ") == ["fixed", "original", "naive"], "only what pipeline takes")
        #expect(complete("set format ") == ["text", "jsonl"])
        #expect(complete("trace o") == ["on", "off"])
        #expect(complete("trace n") == ["numbered"])
        #expect(complete("visible ").isEmpty, "no list on screen yet")
        #expect(complete("open ").isEmpty, "no recent searches yet")
    }

    @Test func rowNumbersAndRecentTextsOnceThereAreSome() {
        _ = shell.run(line: "search golden gate")
        scheduler.advance(by: .seconds(1))
        #expect(complete("visible 1") == ["1", "10", "11", "12"])
        #expect(complete("open ").count == 12)
        _ = shell.run(line: "back")
        #expect(complete("search go") == ["golden gate"])
        #expect(complete("open ") == ["1"])
    }

    @Test func theClassroomsCommandsCompleteTheirArguments() {
        #expect(complete("clock ") == ["play", "pause", "speed"])
        #expect(complete("clock speed ") == ["0.5", "1", "2"])
        #expect(complete("clock play ").isEmpty)
        #expect(complete("expect-all o") == ["on", "off"])
        #expect(complete("export c") == ["cast"])
        _ = shell.run(line: "search golden gate")
        scheduler.advance(by: .seconds(1))
        #expect(complete("predict 1") == ["1", "10", "11", "12"])
        #expect(complete("predict s") == ["search"])
    }

    @Test func theCommonPrefixOfCandidates() {
        #expect(Completer.commonPrefix(["stack", "stats"]) == "sta")
        #expect(Completer.commonPrefix(["search"]) == "search")
        #expect(Completer.commonPrefix([]) == "")
    }

    @Test func playgroundNamesAfterTheCommandsThatTakeOne() {
        _ = shell.run(line: "let s = subject")
        _ = shell.run(line: "let sums = s | scan sum")
        for command in ["send", "subscribe", "complete", "dispose", "connect"] {
            #expect(complete("\(command) s") == ["s", "sums"], "\(command)")
        }
        #expect(complete("marbles su") == ["sums"])
        #expect(complete("let s").isEmpty, "let makes a new name")
    }

    @Test func theLanesOfARowOrANameAfterIt() {
        _ = shell.run(line: "search golden gate")
        scheduler.advance(by: .seconds(2))
        #expect(complete("why 1 ") == ["isVisible", "hidden", "delay(1s)", "metadata", "favorites", "comments"])
        #expect(complete("why 1 de") == ["delay(1s)"])
        #expect(complete("graph ").prefix(2) == ["1", "2"])
        #expect(complete("break ") == ["when", "clear"])
        #expect(complete("break when 2 fav") == ["favorites"])
        #expect(complete("break when 2 favorites ") == ["subscribed", "next", "error", "completed", "disposed"])
        _ = shell.run(line: "let s = subject")
        _ = shell.run(line: "subscribe s as early")
        #expect(complete("why s ") == ["s sends", "subscriber early"])
        #expect(complete("why 99 ").isEmpty, "no such row: nothing to offer")
    }

    /// Offering a row's lanes looks them up without making the row: pressing Tab records no
    /// event and makes no ViewModel.
    @Test func tabChangesNothingInTheSession() throws {
        _ = shell.run(line: "search golden gate")
        scheduler.advance(by: .seconds(2))
        let list = try #require(shell.navigator.top as? SearchResultsView)
        let made = list.results.madeItems.count
        let last = shell.context.instrumentation.eventLog.lastNumber
        #expect(made == 10, "the rows shown, of 12")
        #expect(complete("why 11 ") == ["isVisible"], "recorded by the list for every row")
        #expect(complete("break when 12 ").contains("metadata"), "the lanes a row records once it runs")
        #expect(complete("graph 12 --dot x").isEmpty)
        #expect(list.results.madeItems.count == made, "no row was made")
        #expect(shell.context.instrumentation.eventLog.lastNumber == last, "no event was recorded")
    }
}
