import Foundation
import Reactive
import ShellTestSupport
import TerminalViews
import Testing
import ViewModels

@testable import Shell

/// `goto` and `undo` count only the commands that change the state; `changes` after a push says
/// what was pushed and what the new top shows.
@MainActor
struct RewindTests: FakeShellSuite {
    let fake = FakeShell(rewindingWith: 3)

    /// What the lines after the last `> marker` echo printed.
    private func after(_ marker: String) -> String {
        output.text.components(separatedBy: "> \(marker)\n").last ?? ""
    }

    @Test func undoStepsBackOverTheLastCommandThatChangedTheState() {
        // The case: after `goto 3`, a `show` changed nothing, so `undo` undoes `go`.
        run("text abcd\ntext sunset\ngo\ngoto 3\nshow\ninspect\nhistory\nundo\nhistory")
        #expect(
            output.text.contains(
                """
                > history
                [00:00.000]   1  text abcd
                [00:00.000]   2  text sunset
                [00:00.000]   3  go
                [00:00.000]      show
                [00:00.000]      inspect
                > undo
                [00:00.000] back at command 2 (text sunset); the stack:
                [00:00.000]   1  SearchViewModel "Flickr Search" (active)
                > history
                """))
        #expect(after("history") == "[00:00.000]   1  text abcd\n[00:00.000]   2  text sunset\n")
        #expect(shell.navigator.search?.executeSearch.isExecuting.value == false, "go was undone")
    }

    @Test func gotoCountsOnlyTheCommandsThatChangeTheState() {
        run("text abcd\nstack\nexpect abcd\nmarbles search\ntext sunset\nrecent\nstats\ntext beach\ngoto 2")
        #expect(after("goto 2").hasPrefix("[00:00.000] back at command 2 (text sunset); the stack:\n"))
        #expect(shell.navigator.search?.searchText.value == "sunset")
        // What looked at the state command 2 left stays in the history; `text beach` is gone.
        #expect(shell.log.entries.map(\.number) == [1, nil, nil, nil, 2, nil, nil])
    }

    @Test func readOnlyCommandsAreNotReplayed() {
        // A replayed `marbles --svg` would write its file again; an unnumbered command is not run.
        run("text abcd\nsay only narration\ntext sunset")
        #expect(shell.log.steps(through: 2).map(\.line) == ["text abcd", "text sunset"])
        #expect(shell.log.entries.map(\.number) == [1, nil, 2])
    }

    @Test func settingsCountOnlyWhenTheyChangeSomething() {
        run("stats\nstats reset\nset\nset pipeline original\nnet\nnet offline")
        // The fake service has no simulated network: `net offline` fails, changing nothing.
        #expect(output.text.contains("ERR vmsh: -c:6: net works on the embedded catalog's simulated network"))
        #expect(shell.log.entries.map(\.number) == [nil, 1, nil, 2, nil, nil])
    }

    @Test func aFailedCommandThatChangedNothingIsNotCounted() {
        // Misused, refused by its handler, with nothing stopped: none changed anything.
        run("text abcd\ntext sunset\nscroll sideways\nopen 99\ncontinue")
        #expect(shell.log.entries.map(\.number) == [1, 2, nil, nil, nil])
        #expect(shell.log.entries.map(\.succeeded) == [true, true, false, false, false])
        run("undo")
        #expect(after("undo").hasPrefix("[00:00.000] back at command 1 (text abcd); the stack:\n"))
    }

    @Test func aFailedCommandThatChangedSomethingIsCounted() {
        // A search too short binds its text, then fails: goto must replay it.
        run("text sunset\nsearch ab")
        #expect(output.text.contains("ERR vmsh: -c:2: search is disabled"))
        #expect(shell.log.entries.map(\.number) == [1, 2])
        run("undo")
        #expect(after("undo").hasPrefix("[00:00.000] back at command 1 (text sunset); the stack:\n"))
        #expect(shell.navigator.search?.searchText.value == "sunset")
    }

    @Test func asJSONLinesTheErrorOfACommandThatChangedNothingHasNoNumber() {
        shell.writesJSONLines = true
        run("text abcd\nopen 99\nscroll sideways")
        let errors = output.text.split(separator: "\n").filter { $0.contains("\"kind\":\"error\"") }
        #expect(errors.count == 2 && errors.allSatisfy { !$0.contains("\"command\"") }, "\(errors)")
        #expect(output.text.contains("{\"kind\":\"echo\",\"ms\":0,\"text\":\"> scroll sideways\""), "\(output.text)")
    }

    @Test func quitIsNeitherNumberedNorKept() {
        run("text abcd\nquit\ntext sunset")
        #expect(shell.log.entries.map(\.line) == ["text abcd"], "the script stopped at quit, which is not kept")
    }

    @Test func undoWithNothingChangedSaysSo() {
        run("stack\nundo")
        #expect(output.text.hasSuffix("ERR vmsh: -c:2: nothing to undo: no command has changed the state yet\n"))
    }

    @Test func changesAfterAPushSayWhatWasPushedAndWhatTheNewTopShows() {
        run("search sunset\nchanges on\nwait 1s")
        #expect(
            after("wait 1s").hasSuffix(
                """
                [00:00.400] executing = false
                [00:01.000] + push SearchResultsViewModel "sunset"
                [00:01.000]   title                             "sunset"
                [00:01.000]   totalResults                      30
                [00:01.000]   items                             3 PhotoItemViewModel
                [00:01.000]   visible rows (isVisible = true)   1-3
                [00:01.000]   rows with favorites and comments  0

                """))
        run("wait 1s")
        #expect(
            after("wait 1s").hasSuffix(
                """
                [00:02.000] - rows with favorites and comments 0
                [00:02.000] + rows with favorites and comments 3

                """))
    }

    @Test func changesAfterAPopNameTheNewTop() {
        run("search sunset\nwait 1s\nopen 2\nchanges on\nback")
        let lines = after("back").split(separator: "\n").map { String($0.dropFirst(12)) }
        #expect(
            Array(lines.drop { !$0.hasPrefix("- pop") }) == [
                "- pop PhotoPagerViewModel \"Angry \u{FFFD}[31msky\"",
                "  now on top: SearchResultsViewModel \"sunset\"",
                "  title                             \"sunset\"",
                "  totalResults                      30",
                "  items                             3 PhotoItemViewModel",
                "  visible rows (isVisible = true)   1-3",
                "  rows with favorites and comments  0",
            ])
    }
}
