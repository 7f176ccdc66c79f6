import ShellTestSupport
import TestSupport
import Testing

@MainActor
struct TeachingCommandTests: FakeShellSuite {
    let fake = FakeShell()

    @Test func traceShowsTheEventsBehindACommandFilteredByWholeWords() {
        service.photoCount = 12
        let (transcript, status) = script("trace on row 1\nsearch sunset\nwait 2s\ntrace off\nwait 1s")
        let traced = transcript.split(separator: "\n").filter { $0.hasPrefix("[") && $0.contains(" trace ") }
        #expect(
            traced == [
                "[00:00.000] trace on (streams named with \"row 1\")",
                "[00:00.400] trace row 1 · isVisible: subscribed",
                "[00:00.400] trace row 1 · isVisible: next true",
                "[00:00.400] trace row 1 · delay(1s): subscribed",
                "[00:01.400] trace row 1 · delay(1s): next fired",
                "[00:01.400] trace row 1 · delay(1s): completed",
                "[00:01.400] trace row 1 · metadata: subscribed",
                "[00:01.400] trace row 1 · favorites: subscribed",
                "[00:01.400] trace row 1 · comments: subscribed",
                "[00:01.600] trace row 1 · favorites: next 40",
                "[00:01.600] trace row 1 · favorites: completed",
                "[00:01.700] trace row 1 · comments: next 7",
                "[00:01.700] trace row 1 · metadata: next 40/7",
                "[00:01.700] trace row 1 · comments: completed",
                "[00:01.700] trace row 1 · metadata: completed",
                "[00:02.000] trace off",
            ])
        #expect(status == 0)
    }

    @Test func marblesStatsAndInspectAfterAQuickScroll() {
        service.photoCount = 25
        let (transcript, _) = script(
            "search sunset\nwait 500ms\nscroll down\nwait 2s\nmarbles 1\nmarbles 11\nstats\ninspect")
        #expect(
            transcript.contains(
                """
                > marbles 1
                [00:02.500] row 1 "Photo 1" of "sunset"
                [00:02.500] one column = 100 ms from 0.4s to 2.5s
                [00:02.500] isVisible  tf--------------------
                [00:02.500] delay(1s)  -!
                [00:02.500] time       +'....+....'....+....'
                [00:02.500]            0.4s  1s        2s
                [00:02.500] key: t = true, f = false, ! cancelled
                > marbles 11
                [00:02.500] row 11 "Photo 11" of "sunset"
                [00:02.500] one column = 100 ms from 0.4s to 2.5s
                [00:02.500] isVisible  -t----------   --   -   -------
                [00:02.500] delay(1s)   ----------(F|)
                [00:02.500] favorites             -   -(α|)
                [00:02.500] comments              -   --   (7|)
                [00:02.500] metadata              -   --   (β|)
                [00:02.500] time       +'....+....'   ..   .   .+....'
                [00:02.500]            0.4s  1s                 2s
                [00:02.500] key: t = true, F = fired, α = 40, β = 40/7, | completed,
                [00:02.500]      (…) same step, in order
                > stats
                [00:02.500] metadata calls saved by the visibility delay: 20
                [00:02.500] live ViewModels
                [00:02.500]   SearchViewModel         1
                [00:02.500]   PhotoItemViewModel      25
                [00:02.500]   SearchResultsViewModel  1
                > inspect
                [00:02.500] SearchResultsViewModel
                [00:02.500]   title                             "sunset"
                [00:02.500]   totalResults                      250
                [00:02.500]   items                             25 PhotoItemViewModel
                [00:02.500]   visible rows (isVisible = true)   11-20
                [00:02.500]   rows with favorites and comments  10

                """))
    }

    @Test func theOriginalPipelineLosesARowHiddenOnceTheFixedOneDoesNot() {
        service.photoCount = 25
        func fetchesOfRowOne() -> Int {
            let before = service.started.filter { $0 == "favorites p1" }.count
            run("search sunset\nwait 500ms\nscroll down\nwait 200ms\nscroll up\nwait 3s")
            return service.started.filter { $0 == "favorites p1" }.count - before
        }
        run("set pipeline original")
        #expect(fetchesOfRowOne() == 0)
        run("set pipeline fixed")
        #expect(fetchesOfRowOne() == 1)
        #expect(output.text.contains("pipeline original: applies to the rows of the next search"))
    }

    @Test func coldSubscribersCallTwiceSharedOnce() {
        service.photoCount = 3
        run("search sunset\nwait 2s")
        let before = service.started.count
        run("fetch 2 2 cold\nwait 1s")
        let transcript = output.text
        #expect(service.started.count - before == 4)
        #expect(
            transcript.hasSuffix(
                """
                [00:02.000] 2 subscribers to row 2's cold metadata signal
                > wait 1s
                [00:02.300]   subscriber 1: 40 favorites, 7 comments
                [00:02.300]   subscriber 2: 40 favorites, 7 comments

                """))
        run("fetch 2 3 shared\nwait 1s")
        #expect(service.started.count - before == 6)
    }

    @Test func expectationsCheckThePreviousCommandOnly() {
        let (transcript, status) = script(
            """
            stack
            expect Flickr Search
            expect-not SearchResultsViewModel
            expect nothing like this
            back
            expect-error already at the root
            expect-error nothing to go back to
            expect-error something else
            stack
            expect-error anything
            """)
        // A failed expectation shows what it looked at, under its error.
        #expect(
            transcript.split(separator: "\n").filter { $0.hasPrefix("ERR") } == [
                "ERR vmsh: -c:4: expected the previous command's output to contain \"nothing like this\"; it printed:",
                "ERR vmsh:   | [00:00.000]   1  SearchViewModel \"Flickr Search\" (active)",
                "ERR vmsh: -c:5: already at the root (Flickr Search): nothing to go back to",
                "ERR vmsh: -c:8: expected the previous command's error to contain \"something else\"; it was:",
                "ERR vmsh:   | already at the root (Flickr Search): nothing to go back to",
                "ERR vmsh: -c:10: expected the previous command to fail, but it succeeded",
            ])
        #expect(status == 1)

        let forgiven = TeachingCommandTests()
        #expect(forgiven.script("back\nexpect-error already at the root\nexpect-error nothing to go back to").1 == 0)
    }

    @Test func expectationsMatchAnyWhitespaceRunAndRegularExpressions() {
        let (transcript, status) = script(
            """
            stack
            expect 1 SearchViewModel "Flickr Search"
            expect /[0-9]+ +SearchViewModel/
            expect-not /SearchResults?ViewModel/
            expect /SearchViewModel \\("Other/
            expect /[/
            """)
        #expect(
            transcript.split(separator: "\n").filter { $0.hasPrefix("ERR vmsh: -c") } == [
                "ERR vmsh: -c:5: expected the previous command's output to contain \"/SearchViewModel \\(\"Other/\"; it printed:",
                "ERR vmsh: -c:6: not a regular expression: /[/",
            ])
        #expect(status == 1)
    }

    @Test func aFailedExpectationShowsAtMostTheLastTwentyLines() {
        service.photoCount = 30
        let (transcript, _) = script("search sunset\nwait 1s\nvisible 1-25\nexpect nothing")
        let shown = transcript.split(separator: "\n").filter { $0.hasPrefix("ERR vmsh:   | ") }
        #expect(shown.count == 21)
        #expect(shown.first == "ERR vmsh:   | (the last 20 of 26 lines)")
        #expect(shown.last == "ERR vmsh:   | [00:01.000] rows 1-25 of 30 visible")
    }

    @Test func marblesOfARowNeedThatRowOnScreen() {
        let (transcript, _) = script("marbles 1\nsearch sunset\nwait 500ms\nmarbles 9\nopen 1 2\npopular\nscroll down")
        #expect(
            transcript.contains(
                "ERR vmsh: -c:1: marbles ROW works on a results list on top; 'marbles search' works anywhere"))
        #expect(transcript.contains("ERR vmsh: -c:4: no row 9: the results have rows 1-3"))
        #expect(transcript.contains("ERR vmsh: -c:5: open takes one row number: open N (for example: open 1)"))
        #expect(
            transcript.contains(
                "ERR vmsh: -c:7: scroll works on a results list; the gallery shows its first rows: open N opens any photo, then next and prev page"
            ))
    }

    @Test func settingsAndTheirErrors() {
        let (transcript, status) = script(
            "set\nset pipeline sideways\nset colour on\nnet offline\nset format jsonl\nstack\nset format text\nstack")
        #expect(
            transcript.contains("[00:00.000] pipeline fixed\n[00:00.000] validation length\n[00:00.000] format text\n"))
        // As JSON lines, then the transcript again. `set` alone and `stack` change nothing, so
        // they have no number; nor do the failed settings, which changed nothing either.
        #expect(
            transcript.contains(
                """
                > set format jsonl
                {"command":1,"kind":"output","ms":0,"text":"format jsonl","time":"00:00.000"}
                {"kind":"echo","ms":0,"text":"> stack","time":"00:00.000"}
                {"kind":"output","ms":0,"text":"  1  SearchViewModel \\"Flickr Search\\" (active)","time":"00:00.000"}
                {"command":2,"kind":"echo","ms":0,"text":"> set format text","time":"00:00.000"}
                """))
        #expect(transcript.hasSuffix("> stack\n[00:00.000]   1  SearchViewModel \"Flickr Search\" (active)\n"))
        #expect(transcript.contains("ERR vmsh: -c:2: set pipeline takes original, fixed or naive"))
        #expect(
            transcript.contains("ERR vmsh: -c:3: no setting 'colour': the settings are: pipeline, validation, format"))
        #expect(
            transcript.contains(
                "ERR vmsh: -c:4: net works on the embedded catalog's simulated network, not on a real service"))
        #expect(status == 1)
    }
}
