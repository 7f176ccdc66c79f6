import Reactive
import ShellTestSupport
import StandardShell
import TestSupport
import Testing

@testable import Shell

@MainActor
struct ShellTranscriptTests: FakeShellSuite {
    let fake = FakeShell()

    @Test func searchWaitStackBackRecent() {
        let (transcript, status) = script("search sunset\nwait 3s\nstack\nback\nrecent")
        #expect(
            transcript == """
                \(FakeTranscript.sunsetSearch(wait: "3s"))
                [00:01.700] row 1 "Photo 1": 40 favorites, 7 comments
                [00:01.700] row 2 "Angry \u{FFFD}[31msky": 40 favorites, 7 comments
                [00:01.700] row 3 "Photo 3": 40 favorites, 7 comments
                > stack
                [00:03.000]   1  SearchViewModel "Flickr Search" (inactive)
                [00:03.000]   2  SearchResultsViewModel "sunset" (active)
                > back
                [00:03.000] pop SearchResultsViewModel "sunset"
                [00:03.000] Flickr Search
                [00:03.000]   searchText "sunset" (valid)
                [00:03.000]   recent searches:
                [00:03.000]   1  "sunset" · 30 photos · first "Photo 1"
                > recent
                [00:03.000]   1  "sunset" · 30 photos · first "Photo 1"

                """)
        #expect(status == 0)
    }

    /// Two slips people make: letters swapped, and a row opened before the results are there.
    @Test func aSwappedLetterGetsDidYouMeanAndARowOpenedTooSoonSaysWhy() {
        let (transcript, status) = script("opne 2\nsearch sunset\nopen 2")
        #expect(
            transcript.hasPrefix(
                """
                > opne 2
                ERR vmsh: -c:1: unknown command 'opne' (did you mean 'open'?)
                > search sunset
                [00:00.000] searchText = "sunset"
                [00:00.000] isSearchValid = true
                [00:00.000] executing = true
                > open 2
                ERR vmsh: -c:3: the search for "sunset" is still running: wait for its results, then open 2
                [00:00.000] -- end of input: waiting for 1 timer --
                [00:00.400] push SearchResultsViewModel "sunset"
                """))
        #expect(status == 1)
    }

    @Test func badInputGetsOneLineEachAndTheSessionGoesOn() {
        let (transcript, status) = script(
            """
            serch sunset
            frobnicate
            back
            visible 1-3
            search sun
            wait soon
            search sunset
            wait 1s
            visible 2-9
            visible 3-2
            next
            scroll sideways
            help nope
            """)
        #expect(
            transcript == """
                > serch sunset
                ERR vmsh: -c:1: unknown command 'serch' (did you mean 'search'?)
                > frobnicate
                ERR vmsh: -c:2: unknown command 'frobnicate' (type 'help' for the list)
                > back
                ERR vmsh: -c:3: already at the root (Flickr Search): nothing to go back to
                > visible 1-3
                ERR vmsh: -c:4: visible works on a results list; there is none on top (search TEXT first)
                > search sun
                [00:00.000] searchText = "sun"
                ERR vmsh: -c:5: search is disabled: "sun" has 3 characters; a search needs more than 3
                > wait soon
                ERR vmsh: -c:6: wait needs a duration such as 500ms, 2s, 1.5m or 1h, at most 24h, or 'idle'
                \(FakeTranscript.sunsetSearch(wait: "1s"))
                > visible 2-9
                ERR vmsh: -c:9: no row 9: the results have rows 1-3
                > visible 3-2
                ERR vmsh: -c:10: visible needs rows A-B (for example: visible 1-10), with A no greater than B
                > next
                ERR vmsh: -c:11: next works in the photo pager; open N on a results list or the gallery first
                > scroll sideways
                ERR vmsh: -c:12: scroll needs a direction: scroll down or scroll up
                > help nope
                ERR vmsh: -c:13: no command, operator or source 'nope' to explain
                [00:01.000] -- end of input: waiting for 3 timers --
                [00:01.700] row 1 "Photo 1": 40 favorites, 7 comments
                [00:01.700] row 2 "Angry \u{FFFD}[31msky": 40 favorites, 7 comments
                [00:01.700] row 3 "Photo 3": 40 favorites, 7 comments

                """)
        #expect(status == 1)
    }

    @Test func bailStopsAtTheFirstFailure() {
        let (transcript, status) = script("stack\nback\nstack", bail: true)
        #expect(
            transcript == """
                > stack
                [00:00.000]   1  SearchViewModel "Flickr Search" (active)
                > back
                ERR vmsh: -c:2: already at the root (Flickr Search): nothing to go back to
                ERR vmsh: stopped at -c:2 (--bail)

                """)
        #expect(status == 1)
    }

    @Test func bailWaitsForAnExpectErrorOnTheNextLine() {
        let (transcript, status) = script(
            "back\n# the failure is the lesson\nexpect-error already at the root\nback\nstack", bail: true)
        #expect(
            transcript == """
                > back
                ERR vmsh: -c:1: already at the root (Flickr Search): nothing to go back to
                # the failure is the lesson
                > expect-error already at the root
                > back
                ERR vmsh: -c:4: already at the root (Flickr Search): nothing to go back to
                ERR vmsh: stopped at -c:4 (--bail)

                """)
        #expect(status == 1)
    }

    @Test func aRefusedSearchChangesNothing() {
        let (transcript, status) = script("search sunset\nsearch beach\ngo\nwait 1s\nstack")
        #expect(
            transcript.contains(
                """
                > search beach
                ERR vmsh: -c:2: search is disabled: a search is already running
                > go
                ERR vmsh: -c:3: search is disabled: a search is already running
                """))
        #expect(!transcript.contains("beach\""))
        #expect(transcript.contains("[00:01.000]   2  SearchResultsViewModel \"sunset\" (active)"))
        #expect(status == 1)
    }

    @Test func controlCharactersInCommandLinesAreRefused() {
        let (transcript, _) = script("text a\u{1B}]0;title\u{07}b\ntrace on \u{1B}[2J")
        #expect(
            transcript.contains("ERR vmsh: -c:1: the line contains control characters (binary input?); it was skipped"))
        #expect(
            transcript.contains("ERR vmsh: -c:2: the line contains control characters (binary input?); it was skipped"))
        #expect(!transcript.contains("\u{1B}"))
    }

    @Test func hidingRowsWithinASecondSavesTheirCalls() {
        service.photoCount = 25
        let (transcript, _) = script("search sunset\nwait 500ms\nscroll down\nwait 2s\nstack")
        #expect(transcript.contains("rows 11-20 of 25 visible"))
        #expect(!transcript.contains("row 1 \"Photo 1\": 40"))
        #expect(transcript.contains("[00:01.800] row 11 \"Photo 11\": 40 favorites, 7 comments"))
        #expect(service.started.filter { $0.hasPrefix("favorites") }.count == 10)
    }

    @Test func connectionErrorsArePrintedAndTheNextSearchWorks() {
        service.failSearches = true
        let (first, _) = script("search sunset\nwait 1s")
        #expect(
            first.hasSuffix(
                """
                [00:00.400] executing = false
                [00:00.400] Connection Error: There was a problem reaching Flickr. (the network is offline)

                """))
    }

    @Test func openRunsARecentSearchAgain() {
        let (transcript, status) = script(
            "search sunset\nwait 500ms\nsearch mountain\nwait 500ms\nback\nopen 2\nwait 500ms\nstack\nback\nopen 3")
        #expect(
            transcript.contains(
                """
                > open 2
                [00:01.000] searchText = "sunset"
                [00:01.000] executing = true
                """))
        #expect(transcript.contains("[00:01.400] push SearchResultsViewModel \"sunset\""))
        #expect(transcript.contains("no recent search 3: the list has rows 1-2"))
        #expect(status == 1)
    }

    @Test func helpGroupsTheCommandsByTopicAndFitsAThirtyRowScreen() {
        let (transcript, status) = script("help")
        let lines = transcript.split(separator: "\n").filter { $0.hasPrefix("[") }.map { $0.dropFirst(12) }
        #expect(lines.count <= 28, "help and a prompt fit 30 rows")
        #expect(lines.allSatisfy { $0.count <= 80 }, "no line of help passes 80 columns")
        for topic in ["app:", "instruments:", "dataflow:", "lessons:", "playground:", "session:"] {
            #expect(lines.contains { $0.hasPrefix(topic) }, "help names the topic \(topic)")
        }
        let named = lines.filter { $0.hasPrefix("    ") }.flatMap { $0.split(separator: " ").map(String.init) }
        #expect(Set(named) == Set(CommandTable.standard.commands.map(\.name)), "every command once, under its topic")
        #expect(named.count == CommandTable.standard.commands.count)
        #expect(status == 0)
    }

    @Test func helpTopicListsItsCommandsAndHelpCommandExplainsOne() {
        let (transcript, status) = script("help app\nhelp wait")
        for name in [
            "search TEXT", "text TEXT", "go", "open N", "back", "visible A-B", "scroll down|up", "recent", "stack",
            "show",
        ] {
            #expect(transcript.contains("\n[00:00.000]   \(name)"), "help app lists \(name)")
        }
        #expect(!transcript.contains("  wait DURATION"), "wait is the session's, not the app's")
        #expect(
            transcript.hasSuffix(
                """
                > help wait
                [00:00.000] usage: wait DURATION | wait idle
                [00:00.000]   let time pass (500ms, 2s, 1.5m, 1h), or until no work is pending
                [00:00.000]   at a terminal, a live wait of over a second shows the time it has
                [00:00.000]   left
                [00:00.000]   example: wait 2s

                """))
        #expect(status == 0)
    }

    @Test func helpFitsEightyColumnsAndTakesAnyLetterCaseAndAQuestionMark() {
        let (transcript, status) = script("help lessons\nhelp playground\n? WAIT\nHelp App\nhelp ?")
        let lines = transcript.split(separator: "\n").filter { $0.hasPrefix("[") }
        #expect(lines.count > 20)
        #expect(lines.allSatisfy { $0.count <= 80 }, "no line of help passes 80 columns, its stamp counted")
        #expect(transcript.contains("> ? WAIT\n[00:00.000] usage: wait DURATION | wait idle\n"))
        #expect(transcript.contains("[00:00.000] usage: help [COMMAND] [SELECTOR]\n"))
        #expect(transcript.contains("[00:00.000]   also: ?\n"))
        #expect(transcript.contains("> Help App\n[00:00.000]   search TEXT "))
        #expect(status == 0)
    }

    @Test func listingsFoldToTheWidthUnderTheirText() {
        let long = "a search text of many words that goes on well past the edge of an eighty column screen"
        let (transcript, status) = script("search \(long)\nwait 1s\nrecent\nhistory\nwait 1ms")
        #expect(
            transcript.contains(
                """
                > recent
                [00:01.000]   1  "a search text of many words that goes on well past the edge of
                [00:01.000]      an eighty column screen" · 30 photos · first "Photo 1"
                > history
                [00:01.000]   1  search a search text of many words that goes on well past the
                [00:01.000]      edge of an eighty column screen
                [00:01.000]   2  wait 1s
                [00:01.000]      recent
                > wait 1ms
                """))
        // What is not a listing keeps its line whole, however long.
        #expect(transcript.contains("[00:00.000] searchText = \"\(long)\"\n"))
        #expect(status == 0)
    }

    @Test func aLineFoldsAtItsFirstGapOrTwoPastItsIndent() {
        let words = "one two three four five six seven eight nine"
        #expect(TextWrap.fold("  12  short", width: 40) == ["  12  short"])
        #expect(
            TextWrap.fold("  12  " + words, width: 40) == [
                "  12  one two three four five six seven", "      eight nine",
            ])
        #expect(
            TextWrap.fold("» " + words + " ten", width: 40) == [
                "» one two three four five six seven", "  eight nine ten",
            ])
        // A gap past half the width is no column: two past the indent instead.
        let far = "  " + String(repeating: "x", count: 25) + "  " + words
        #expect(TextWrap.fold(far, width: 40) == [String(far.prefix(36)), "    three four five six seven eight nine"])
        let word = String(repeating: "y", count: 50)
        #expect(TextWrap.fold("  1  " + word + " z", width: 40) == ["  1  " + word, "     z"])
        #expect(TextWrap.fold(String(repeating: " ", count: 50), width: 40) == [String(repeating: " ", count: 50)])
    }

    @Test func textThenGoAreTheTwoHalvesOfSearch() {
        let (transcript, _) = script("text sun\ntext suns\ngo\nwait idle\nstack")
        #expect(
            transcript.hasPrefix(
                """
                > text sun
                [00:00.000] searchText = "sun"
                > text suns
                [00:00.000] searchText = "suns"
                [00:00.000] isSearchValid = true
                > go
                [00:00.000] executing = true
                > wait idle
                [00:00.400] push SearchResultsViewModel "suns"
                """))
        #expect(scheduler.now == .milliseconds(1700))
    }

    @Test func quitStopsReading() {
        let runner = ScriptRunner(shell: shell, echo: false, bail: false)
        #expect(runner.run(.commands(["quit", "stack"])) == .quit)
        #expect(output.text == "")
    }
}
