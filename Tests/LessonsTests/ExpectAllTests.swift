import Shell
import ShellTestSupport
import TestSupport
import Testing

/// `expect-all on` makes every line a command prints answer to an expectation after it;
/// `expect --hidden` checks without showing what it checks.
@MainActor
struct ExpectAllTests: FakeShellSuite {
    let fake = FakeShell()

    init() { fake.service.photoCount = 3 }

    @Test func everyLineNoExpectationMatchedIsNotExpectedAtTheLineOfItsCommand() {
        let (transcript, status) = script(
            """
            expect-all on
            search sunset
            expect /searchText|isSearchValid|executing/
            wait 1s
            expect push SearchResultsViewModel
            expect / +\\d+  ".*" by /
            stack
            wait 1s
            expect /row [13] /
            text beach
            """)
        #expect(
            transcript == """
                > expect-all on
                [00:00.000] expect-all on: each line printed from here on must be expected
                > search sunset
                [00:00.000] searchText = "sunset"
                [00:00.000] isSearchValid = true
                [00:00.000] executing = true
                > expect /searchText|isSearchValid|executing/
                > wait 1s
                [00:00.400] push SearchResultsViewModel "sunset"
                [00:00.400] "sunset": 3 of 30 photos
                [00:00.400]   1  "Photo 1" by Owner
                [00:00.400]   2  "Angry \u{FFFD}[31msky" by Owner
                [00:00.400]   3  "Photo 3" by Owner
                [00:00.400] rows 1-3 of 3 visible
                [00:00.400] executing = false
                > expect push SearchResultsViewModel
                > expect / +\\d+  ".*" by /
                ERR vmsh: -c:4: not expected: "sunset": 3 of 30 photos
                ERR vmsh: -c:4: not expected: rows 1-3 of 3 visible
                ERR vmsh: -c:4: not expected: executing = false
                > stack
                [00:01.000]   1  SearchViewModel "Flickr Search" (inactive)
                [00:01.000]   2  SearchResultsViewModel "sunset" (active)
                > wait 1s
                [00:01.700] row 1 "Photo 1": 40 favorites, 7 comments
                [00:01.700] row 2 "Angry \u{FFFD}[31msky": 40 favorites, 7 comments
                [00:01.700] row 3 "Photo 3": 40 favorites, 7 comments
                > expect /row [13] /
                ERR vmsh: -c:8: not expected: row 2 "Angry \u{FFFD}[31msky": 40 favorites, 7 comments
                > text beach
                [00:02.000] pop SearchResultsViewModel "sunset"
                [00:02.000] searchText = "beach"
                ERR vmsh: -c:10: not expected: pop SearchResultsViewModel "sunset"
                ERR vmsh: -c:10: not expected: searchText = "beach"

                """)
        #expect(status == 1)
    }

    @Test func offItChecksTheLastCommandThenNothing() {
        let (transcript, status) = script("expect-all on\ntext abcd\nexpect-all off\ntext sunset")
        #expect(
            transcript.contains("> text abcd\n[00:00.000] searchText = \"abcd\"\n[00:00.000] isSearchValid = true\n"))
        #expect(transcript.contains("ERR vmsh: -c:2: not expected: isSearchValid = true\n> expect-all off\n"))
        #expect(transcript.contains("ERR vmsh: -c:2: not expected: searchText = \"abcd\"\n"))
        #expect(!transcript.contains("-c:4"))
        #expect(status == 1)
    }

    @Test func updatesAfterTheEndOfInputWereExpectedByNothing() {
        let (transcript, status) = script("expect-all on\nsearch sunset\nexpect /./")
        #expect(transcript.contains("ERR vmsh: after the end of input: not expected: push SearchResultsViewModel"))
        #expect(!transcript.contains("not expected: -- end of input"))
        #expect(status == 1)
    }

    @Test func anExhaustiveScriptThatExpectsEverythingPasses() {
        let (transcript, status) = script(
            "expect-all on\ntext abcd\nexpect isSearchValid = true\nexpect searchText = \"abcd\"\nstack\nhelp wait")
        #expect(!transcript.contains("not expected"), "\(transcript)")
        #expect(status == 0)
    }

    @Test func aHiddenExpectationChecksWithoutShowingWhatItChecks() {
        let (transcript, status) = script(
            "text sunset\nexpect --hidden \"sunset\"\nexpect --hidden secret-word\nexpect-not --hidden sunset\n"
                + "expect --hidden /[/\nhistory")
        #expect(
            transcript == """
                > text sunset
                [00:00.000] searchText = "sunset"
                [00:00.000] isSearchValid = true
                > expect --hidden …
                > expect --hidden …
                ERR vmsh: -c:3: a hidden expectation failed
                > expect-not --hidden …
                ERR vmsh: -c:4: a hidden expect-not failed
                > expect --hidden …
                ERR vmsh: -c:5: a hidden expectation is not a regular expression
                > history
                [00:00.000]   1  text sunset

                """)
        #expect(status == 1)
    }

    @Test func aHiddenExpectationAccountsForNothing() {
        // The lines left unexpected would otherwise tell which line it matched.
        let (transcript, status) = script(
            "expect-all on\ntext abcd\nexpect --hidden isSearchValid\nexpect --hidden /searchText/")
        #expect(
            transcript.hasSuffix(
                """
                > expect --hidden …
                > expect --hidden …
                ERR vmsh: -c:2: not expected: searchText = "abcd"
                ERR vmsh: -c:2: not expected: isSearchValid = true

                """))
        #expect(status == 1)
    }

    @Test func aHiddenCheckWithNoTextIsRefused() {
        let (transcript, status) = script("text sunset\nexpect --hidden\nexpect-not --hidden\nexpect-error --hidden")
        #expect(
            transcript.hasSuffix(
                """
                > expect --hidden …
                ERR vmsh: -c:2: expect needs a text
                > expect-not --hidden …
                ERR vmsh: -c:3: expect-not needs a text
                > expect-error --hidden …
                ERR vmsh: -c:4: expect-error needs a text

                """))
        #expect(status == 1)
    }

    @Test func expectAllIsNumberedAndARebuildStartsWithoutIt() {
        let rewinding = FakeShell(rewinds: true)
        let runner = ScriptRunner(shell: rewinding.shell, echo: true, bail: false)
        _ = runner.run(
            .commands(["expect-all on", "text abcd", "expect /./", "expect-all off", "goto 2", "text sunset"]))
        #expect(rewinding.shell.log.entries.map(\.number) == [1, 2, nil, 3])
        // The end of the input settled text sunset's lines: goto 2 replayed expect-all on.
        #expect(rewinding.output.text.hasSuffix("ERR vmsh: -c:6: not expected: searchText = \"sunset\"\n"))
        #expect(runner.failures == 1, "only searchText changed")
        _ = runner.run(.commands(["goto 0", "text beach"]))
        #expect(runner.failures == 1, "goto 0 went back before expect-all on")
        #expect(!rewinding.output.text.contains("not expected: searchText = \"beach\""))
    }
}
