import PhotoModel
import Reactive
import Shell
import ShellTestSupport
import StandardShell
import TestSupport
import Testing

/// Recent searches that last: what an earlier session stored shows at once, and a failing
/// store costs one warning, never the session.
@MainActor
struct RecentSearchShellTests {
    let scheduler = VirtualScheduler()
    let output = MemoryOutput()
    let service: FakeSearchService
    let store = FakeRecentSearchStore([
        RecentSearch(searchText: "river", totalResults: 12, firstPhoto: FakeSearchService.photo(1)),
        RecentSearch(searchText: "zzzz", totalResults: 0, firstPhoto: nil),
    ])

    init() { service = FakeSearchService(scheduler: scheduler) }

    /// The shell is made here, not in `init`, so a test can make the store fail first.
    func script(_ lines: String) -> (String, Int32) {
        let scripting = Session(
            shell: Shell(service: service, clock: .virtual(scheduler), output: output, recentSearchStore: store),
            output: output)
        return scripting.script(lines)
    }

    struct Session: ShellScripting {
        let shell: Shell
        let output: MemoryOutput
    }

    @Test func anEarlierSessionsSearchesAreListedAndOpenN() {
        let (transcript, status) = script("recent\nopen 1\nwait 500ms\nback\nrecent")
        #expect(
            transcript.hasPrefix(
                """
                > recent
                [00:00.000]   1  "river" · 12 photos · first "Photo 1"
                [00:00.000]   2  "zzzz" · no photos
                > open 1
                [00:00.000] searchText = "river"
                [00:00.000] isSearchValid = true
                """))
        #expect(
            transcript.contains(
                """
                > recent
                [00:00.500]   1  "river" · 30 photos · first "Photo 1"
                [00:00.500]   2  "zzzz" · no photos

                """))
        #expect(store.records == 1)
        #expect(status == 0)
    }

    @Test func aStoreThatFailsToRecordWarnsOnceAndTheSessionGoesOn() {
        store.failRecord = true
        let (transcript, status) = script("search sunset\nwait 500ms\nsearch mountain\nwait 500ms\nrecent")
        let warning = "warning: recent searches are kept in memory only: state.sqlite: disk I/O error"
        #expect(transcript.split(separator: "\n").filter { $0.contains("warning:") }.count == 1, "exactly one warning")
        #expect(transcript.contains("[00:00.400] \(warning)\n[00:00.400] push SearchResultsViewModel \"sunset\""))
        #expect(
            transcript.contains(
                """
                > recent
                [00:01.000]   1  "mountain" · 30 photos · first "Photo 1"
                [00:01.000]   2  "sunset" · 30 photos · first "Photo 1"
                [00:01.000]   3  "river" · 12 photos · first "Photo 1"
                [00:01.000]   4  "zzzz" · no photos

                """))
        #expect(status == 0)
    }

    /// The store is read when the list is first needed, so its warning comes there.
    @Test func aStoreThatFailsToLoadWarnsWhenFirstReadAndKeepsRecentsInMemory() {
        store.failLoad = true
        let (transcript, status) = script("recent\nsearch sunset\nwait 500ms\nrecent")
        #expect(
            transcript.hasPrefix(
                """
                > recent
                [00:00.000] warning: recent searches are kept in memory only: state.sqlite: disk
                [00:00.000]   I/O error
                [00:00.000] no recent searches
                """))
        #expect(
            transcript.contains(
                """
                > recent
                [00:00.500]   1  "sunset" · 30 photos · first "Photo 1"

                """))
        #expect(store.records == 0)
        #expect(status == 0)
    }
}
