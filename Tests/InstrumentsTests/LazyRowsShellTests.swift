import Shell
import ShellTestSupport
import TerminalViews
import TestSupport
import Testing
import ViewModels

/// A search makes the ViewModels of the rows it shows, not one per photo; the commands that
/// need another row make it, and `stats` counts every row by making the rest.
@MainActor
struct LazyRowsShellTests: FakeShellSuite {
    let fake = FakeShell()

    var madeRows: [Int] {
        ((shell.navigator.top?.viewModel as? SearchResultsViewModel)?.madeItems ?? []).map(\.row)
    }

    @Test func aSearchMakesTheRowsItShowsAndEachCommandTheRowItNames() {
        service.photoCount = 25
        run("search sunset\nwait 500ms")
        #expect(output.text.contains("rows 1-10 of 25 visible"))
        #expect(madeRows == Array(1...10))
        run("scroll down")
        #expect(madeRows == Array(1...20))
        run("inspect row 23")
        #expect(madeRows == Array(1...20) + [23])
        run("wait 2s")
        // Only the rows that were visible long enough asked for their counts: two calls each.
        #expect(service.started.filter { $0.hasPrefix("favorites") }.count == 10)
        #expect(service.started.filter { $0.hasPrefix("comments") }.count == 10)
        run("stats")
        #expect(output.text.contains("PhotoItemViewModel      25"))
        #expect(madeRows == Array(1...25))
    }
}
