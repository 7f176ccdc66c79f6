import Foundation
import Instruments
import Shell
import ShellTestSupport
import TestSupport
import Testing

/// `graph` on the app and on the playground: each subscription under what reads it, with its
/// live subscribers, in the terminal, as DOT and SVG files and as a figure of the page.
@MainActor
struct GraphCommandTests: FakeShellSuite {
    let fake = FakeShell()

    init() { fake.service.photoCount = 12 }

    /// Each stretch of an arrow that runs behind a box: a curve (`C`) must stay in the gap between
    /// two columns, where no box is; a straight run (`L`, through a slot) must meet no box.
    static func arrowsBehindBoxes(_ svg: String) -> [String] {
        func point(_ token: Substring) -> (x: Int, y: Int)? {
            let parts = token.drop { $0 == "C" || $0 == "L" }.split(separator: ",").compactMap { Int($0) }
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }
        // Each box: x, y, width, height.
        let boxes = svg.split(separator: "<g class=\"node\"").dropFirst().map { node in
            node.split(separator: "\"").compactMap { Int($0) }.prefix(4)
        }
        var behind: [String] = []
        for path in svg.split(separator: "<path d=\"M").dropFirst().map({ $0.prefix { $0 != "\"" } })
        where !path.contains("z") {
            let tokens = path.split(separator: " ")
            guard var current = tokens.first.flatMap(point) else { continue }
            var index = 1
            while index < tokens.count {
                let token = tokens[index]
                let isCurve = token.first == "C"
                let endIndex = isCurve ? index + 2 : index
                guard endIndex < tokens.count, let end = point(tokens[endIndex]) else { break }
                let (low, high) = (min(current.x, end.x), max(current.x, end.x))
                for box in boxes where box.count == 4 {
                    let (x, y, width, height) = (
                        box[box.startIndex], box[box.startIndex + 1],
                        box[box.startIndex + 2], box[box.startIndex + 3]
                    )
                    let overlaps = low < x + width && high > x
                    if overlaps && (isCurve || (end.y >= y && end.y <= y + height)) { behind.append(String(token)) }
                }
                current = end
                index = endIndex + 1
            }
        }
        return behind
    }

    @Test func theOriginalPipelineGraphShowsNothingListensOnceTheHideEndedIt() {
        let (transcript, _) = script("set pipeline original\n\(quickScroll)\ngraph 1\nwhy 1 takeUntil(hidden)")
        // The first hide completed takeUntil: nothing listens to isVisible, so the show at 0.7 s is lost.
        #expect(
            section(transcript, from: "graph 1") == """
                > graph 1
                [00:02.700] row 1 "Photo 1" of "sunset", pipeline original: 6 subscriptions, 1
                [00:02.700]   live
                [00:02.700] flattenMap(metadata)  completed at 00:00.500
                [00:02.700] └─ takeUntil(hidden)  completed at 00:00.500
                [00:02.700]    ├─ hidden  cancelled at 00:00.500
                [00:02.700]    │  └─ isVisible  live, 0 subscribers
                [00:02.700]    └─ delay(1s)  cancelled at 00:00.500
                [00:02.700]       └─ filter(true)  cancelled at 00:00.500
                [00:02.700]          └─ isVisible  (above)
                > why 1 takeUntil(hidden)
                [00:02.700] 00:00.500 row 1 · takeUntil(hidden): completed (event 112)
                [00:02.700]   ← 00:00.500 row 1 · hidden: next false (event 108)
                [00:02.700]   ← 00:00.500 row 1 · isVisible: next false (event 107)
                [00:02.700]   ← 00:00.500 #4 scroll down

                """)
    }

    @Test func aColdFetchIsTwoOfEachCallASharedOneIsOneWithTwoSubscribers() {
        let (transcript, _) = script(
            "search sunset\nwait 500ms\nfetch 3 2 cold\ngraph 3\nwait 1s\nfetch 3 2 shared\ngraph 3\nquit")
        // Cold: a metadata signal and its two calls per subscriber. Shared: one for both (metadata#4).
        #expect(
            section(transcript, from: "fetch 3 2 cold", to: "quit") == """
                > fetch 3 2 cold
                [00:00.500] 2 subscribers to row 3's cold metadata signal
                > graph 3
                [00:00.500] row 3 "Photo 3" of "sunset", pipeline fixed: 11 subscriptions, 11
                [00:00.500]   live
                [00:00.500] hidden  live
                [00:00.500] └─ isVisible  live, 1 subscriber
                [00:00.500] delay(1s)  live
                [00:00.500] └─ isVisible  (above)
                [00:00.500] subscriber 1  live
                [00:00.500] └─ metadata  live, 1 subscriber
                [00:00.500]    ├─ favorites  live, 1 subscriber
                [00:00.500]    └─ comments  live, 1 subscriber
                [00:00.500] subscriber 2  live
                [00:00.500] └─ metadata#2  live, 1 subscriber
                [00:00.500]    ├─ favorites#2  live, 1 subscriber
                [00:00.500]    └─ comments#2  live, 1 subscriber
                > wait 1s
                [00:00.800]   subscriber 1: 40 favorites, 7 comments
                [00:00.800]   subscriber 2: 40 favorites, 7 comments
                > fetch 3 2 shared
                [00:01.500] 2 subscribers to row 3's shared metadata signal
                > graph 3
                [00:01.500] row 3 "Photo 3" of "sunset", pipeline fixed: 19 subscriptions, 10
                [00:01.500]   live
                [00:01.500] hidden  live
                [00:01.500] └─ isVisible  live, 1 subscriber
                [00:01.500] subscriber 1  completed at 00:00.800
                [00:01.500] └─ metadata  completed at 00:00.800
                [00:01.500]    ├─ favorites  completed at 00:00.700
                [00:01.500]    └─ comments  completed at 00:00.800
                [00:01.500] subscriber 2  completed at 00:00.800
                [00:01.500] └─ metadata#2  completed at 00:00.800
                [00:01.500]    ├─ favorites#2  completed at 00:00.700
                [00:01.500]    └─ comments#2  completed at 00:00.800
                [00:01.500] metadata#3  live
                [00:01.500] ├─ delay(1s)  completed at 00:01.400
                [00:01.500] │  └─ isVisible  (above)
                [00:01.500] ├─ favorites#3  live, 1 subscriber
                [00:01.500] └─ comments#3  live, 1 subscriber
                [00:01.500] subscriber 1#2  live
                [00:01.500] └─ metadata#4  live, 2 subscribers
                [00:01.500]    ├─ favorites#4  live, 1 subscriber
                [00:01.500]    └─ comments#4  live, 1 subscriber
                [00:01.500] subscriber 2#2  live
                [00:01.500] └─ metadata#4  (above)

                """)
    }

    @Test func theGraphAsDOTAndSVGFilesAndAsAFigureOfThePage() throws {
        let folder = NSTemporaryDirectory() + "vmsh-graph-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let foreign = folder + "/notes.dot"
        try "my notes\n".write(toFile: foreign, atomically: true, encoding: .utf8)
        let (transcript, _) = script(
            """
            search sunset
            wait 2s
            graph 1 --dot \(folder)/row.dot --svg \(folder)/row.svg
            graph 1 --dot \(folder)/row.dot
            graph 1 --dot \(foreign)
            export html \(folder)/page.html
            """)
        let dot = try String(contentsOfFile: folder + "/row.dot", encoding: .utf8)
        #expect(dot.hasPrefix("// vmsh graph\ndigraph dataflow {\n"))
        #expect(dot.contains("[label=\"metadata\\ncompleted at 00:01.700\", style=\"rounded,dashed\", color=gray40];"))
        #expect(dot.contains("n0 -> n1;"), "isVisible is read by hidden")
        let svg = try String(contentsOfFile: folder + "/row.svg", encoding: .utf8)
        #expect(svg.hasPrefix("<!-- vmsh graph -->\n<svg "))
        #expect(svg.components(separatedBy: "<g class=\"node\"").count - 1 == 6, "six subscriptions, six boxes")
        #expect(svg.contains("<title>row 1 &quot;Photo 1&quot; of &quot;sunset&quot;, pipeline fixed</title>"))
        #expect(Self.arrowsBehindBoxes(svg).isEmpty, "\(Self.arrowsBehindBoxes(svg))")
        #expect(svg.contains(" L"), "isVisible, read by hidden and by delay(1s), passes a column in a slot of its own")
        #expect(try String(contentsOfFile: foreign, encoding: .utf8) == "my notes\n", "another program's file is kept")
        #expect(
            transcript.contains(
                "ERR vmsh: -c:5: \(foreign) exists and was not written by graph --dot: choose another name"))
        let page = try String(contentsOfFile: folder + "/page.html", encoding: .utf8)
        #expect(page.contains("<code>graph 1</code></figcaption>"))
        #expect(page.components(separatedBy: "<g class=\"node\"").count - 1 == 6, "drawn once, then referred to")
        #expect(page.contains("The same diagram as figure 1 (graph 1)."))
        #expect(transcript.contains("wrote the session and 3 diagrams to"))
    }

    /// With Graphviz at hand, each graph asks it once for the layout of its picture (the figure
    /// and `--svg` alike); what graph prints is the same as without it.
    @Test func graphAsksGraphvizOnceForEachPictureAndPrintsTheSame() {
        var asked: [String] = []
        fake.shell.graphviz = { input in
            asked.append(input)
            return nil
        }
        let lines = "search sunset\nwait 2s\ngraph 1\ngraph search\nquit"
        let (transcript, _) = script(lines)
        #expect(asked.count == 2)
        #expect(asked.allSatisfy { $0.hasPrefix("digraph layout {\n") && $0.contains(" -> ") })
        let without = FakeShell()
        without.service.photoCount = 12
        let runner = ScriptRunner(shell: without.shell, echo: true, bail: false)
        _ = runner.run(.commands(lines.split(separator: "\n").map(String.init)))
        _ = runner.finish()
        #expect(without.output.text == transcript)
    }

    @Test func aSubjectIsDrawnUnderWhatReadsItBeforeItSentAnything() {
        let (transcript, _) = script("let s = subject\nlet m = s | map upper\nsubscribe m as first\ngraph m")
        #expect(
            section(transcript, from: "graph m") == """
                > graph m
                [00:00.000] the playground signal m, its inputs and subscribers: 3
                [00:00.000]   subscriptions, 3 live
                [00:00.000] subscriber first  live
                [00:00.000] └─ map upper  live, 1 subscriber
                [00:00.000]    └─ s sends  live, 1 subscriber

                """)
    }

    @Test func theSearchGraphDrawsTheOutputsUnderWhatTheyAreWorkedOutFrom() {
        let (transcript, _) = script("search sunset\nwait 500ms\ngraph search\nquit")
        // isSearchValid is bound from searchText and enabled worked out from both (the declared
        // outputs); executing and the run heard the search call's end (the recording). The counts are
        // the app's observers (searchText: isSearchValid's binding and the View), not trace's recorders.
        #expect(
            section(transcript, from: "graph search", to: "quit") == """
                > graph search
                [00:00.500] the search's dataflow: 10 subscriptions, 8 live
                [00:00.500] command · executeSearch.enabled  live, 0 subscribers
                [00:00.500] ├─ isSearchValid  live, 2 subscribers
                [00:00.500] │  └─ searchText  live, 2 subscribers
                [00:00.500] ├─ executing  live, 1 subscriber
                [00:00.500] │  └─ flickrSearchSignal  completed at 00:00.400
                [00:00.500] └─ flickrSearchSignal  (above)
                [00:00.500] command · executing  live, 1 subscriber
                [00:00.500] └─ flickrSearchSignal  (above)
                [00:00.500] command · errors  live
                [00:00.500] command · connectionErrors  live
                [00:00.500] command · executionSignals  live
                [00:00.500] command · execution 1  completed at 00:00.400
                [00:00.500] └─ flickrSearchSignal  (above)

                """)
    }

    /// Named nothing, graph draws the screen on top: the search at the root, the rows the results
    /// show, the photo the pager shows.
    @Test func graphAloneDrawsTheScreenOnTop() {
        let (transcript, _) = script(
            "graph\nsearch sunset\nwait 500ms\nvisible 1-2\ngraph\nopen 2\nwait 1s\ngraph\nquit")
        #expect(
            section(transcript, from: "graph", to: "search sunset").hasPrefix(
                """
                > graph
                [00:00.000] the search's dataflow: 8 subscriptions, 8 live
                """))
        #expect(
            section(transcript, from: "visible 1-2", to: "open 2").hasSuffix(
                """
                > graph
                [00:00.500] rows 1-2 of "sunset", pipeline fixed: 6 subscriptions, 6 live
                [00:00.500] row 1 · hidden  live
                [00:00.500] └─ row 1 · isVisible  live, 1 subscriber
                [00:00.500] row 1 · delay(1s)  live
                [00:00.500] └─ row 1 · isVisible  (above)
                [00:00.500] row 2 · hidden  live
                [00:00.500] └─ row 2 · isVisible  live, 1 subscriber
                [00:00.500] row 2 · delay(1s)  live
                [00:00.500] └─ row 2 · isVisible  (above)

                """))
        #expect(section(transcript, from: "open 2", to: "quit").contains("] photo 2 \"Angry"))
    }
}
