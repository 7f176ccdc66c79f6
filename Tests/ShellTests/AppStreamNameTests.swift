import ShellTestSupport
import Testing

/// The app's streams in the playground are the outputs the ViewModels declare.
@MainActor
struct AppStreamNameTests: FakeShellSuite {
    let fake = FakeShell()

    @Test func theSearchScreensStreamsAreItsDeclaredOutputs() {
        run("let e = search executeSearch.executing\nsubscribe e\nsearch sunset\nwait 1s")
        #expect(
            output.text.split(separator: "\n").filter { $0.contains("] e: ") } == [
                "[00:00.000] e: signal", "[00:00.000] e: false", "[00:00.000] e: true", "[00:00.400] e: false",
            ])
    }

    @Test func anUnknownStreamListsTheOwnersOutputs() {
        run("let x = search nonsense")
        #expect(
            output.text.contains(
                "no search stream nonsense: its streams are title, searchText, isSearchValid, "
                    + "executeSearch.enabled, executeSearch.executing, recentSearches, connectionErrors, "
                    + "executeSearch.errors, executeSearch.executionSignals"))
    }
}
