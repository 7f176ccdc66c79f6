import Foundation
import ShellTestSupport
import TestSupport
import Testing

@MainActor
struct MarbleCommandTests: FakeShellSuite {
    let fake = FakeShell()
    let folder: String

    init() throws {
        fake.service.photoCount = 12
        folder = NSTemporaryDirectory() + "vmsh-marbles-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// A row fetched twice draws its own lanes and the latest fetch's; --all draws every run, grouped.
    @Test func aRowFetchedTwiceDrawsTheLatestFetchUnlessAll() {
        let (transcript, _) = script(
            "search sunset\nwait 2s\nfetch 3 2 cold\nwait 1s\nfetch 3 2 shared\nwait 1s\nmarbles 3\nmarbles 3 --all")
        let latest = section(transcript, from: "marbles 3", to: "marbles 3 --all")
        let lanes = { (lines: [String]) in lines.map { String($0.dropFirst(12)) }.map { $0.prefix { $0 != " " } } }
        #expect(
            lanes(latest.filter { $0.contains("  ") && !$0.contains("time ") }).filter { !$0.isEmpty }.count == 10)
        #expect(!latest.contains { $0.contains("metadata#2 ") }, "the cold fetch is not drawn")
        #expect(latest.contains { $0.contains("subscriber 1#2 ") })
        #expect(
            latest.last == "[00:04.000] the latest of 2 fetches, #5 fetch 3 2 shared: marbles 3 --all draws every one")
        let all = section(transcript, from: "marbles 3 --all", to: nil)
        let order = ["metadata ", "metadata#2 ", "subscriber 2 ", "favorites#4 ", "subscriber 2#2 "].map { name in
            all.firstIndex { $0.dropFirst(12).hasPrefix(name) }
        }
        #expect(!order.contains(nil) && order == order.sorted { ($0 ?? 0) < ($1 ?? 0) }, "\(all)")
        #expect(all.contains("[00:04.000] run #3 fetch 3 2 cold: favorites#2, favorites#3, comments#2,"))
        #expect(all.contains { $0.hasPrefix("[00:04.000] run #5 fetch 3 2 shared: favorites#4") })
    }

    /// The lines of `transcript` after `> from` up to `> to` (or the end), without those two.
    private func section(_ transcript: String, from: String, to: String?) -> [String] {
        let lines = transcript.split(separator: "\n").map(String.init)
        let rest = lines.drop { $0 != "> " + from }.dropFirst()
        return Array(rest.prefix { to == nil ? !$0.hasPrefix("> ") : $0 != "> " + to! })
    }

    /// 80 columns count the clock's stamp: a diagram, its key and `help` fit with it in front.
    @Test func aDrawingFitsTheTerminalWithItsStamp() {
        let searches = ["sunset", "forest", "tree", "river", "mountain", "cloud"]
        let (transcript, _) = script(
            searches.map { "search \($0)\nwait 1s" }.joined(separator: "\n") + "\nmarbles search\nhelp marbles")
        let lines = transcript.split(separator: "\n").drop { $0 != "> marbles search" }.dropFirst()
        #expect(lines.contains { $0.contains("key: ") && $0.hasPrefix("[00:06.000]") })
        #expect(lines.filter { $0.count > 80 }.isEmpty, "\(lines.filter { $0.count > 80 })")
    }

    @Test func expectMarblesPassesOnWhatHappenedAndShowsBothLanesOtherwise() {
        let (transcript, status) = script(
            """
            search sunset
            wait 2s
            expect-marbles 1 delay(1s) "----------(F|)"
            expect-marbles 1 metadata "---(β|)"
            expect-marbles 1 metadata "--(β|)"
            expect-marbles 1 nothing "-"
            """)
        let errors = transcript.split(separator: "\n").filter { $0.hasPrefix("ERR") }
        #expect(
            errors == [
                "ERR vmsh: -c:5: metadata of row 1 did not do that:",
                "ERR vmsh:   | expected  --(β|)",
                "ERR vmsh:   | actual    ------(β|)",  // frame by frame: frame 2 is as wide as "(β|)"
                "ERR vmsh:   |             ^",
                "ERR vmsh: -c:6: no lane 'nothing' in row 1: its lanes are isVisible, delay(1s), favorites, comments, metadata",
            ])
        #expect(status == 1)
    }

    @Test func marblesPasteWritesEachLaneAsExpectMarblesTakesItAndItPasses() {
        _ = run("search sunset\nwait 500ms\nscroll down\nwait 2s\nmarbles 1 --paste\nmarbles 11 --paste")
        let transcript = output.text
        let pastes = transcript.split(separator: "\n").map { String($0.dropFirst(12)) }
            .filter { $0.hasPrefix("expect-marbles ") }
        #expect(pastes.contains("expect-marbles 1 delay(1s) \"-!\""), "\(transcript)")
        #expect(pastes.filter { $0.hasPrefix("expect-marbles 11 ") }.count == 5, "\(pastes)")
        let (checked, status) = script(pastes.joined(separator: "\n"))
        #expect(status == 0 && !checked.contains("did not do that"), "\(checked)")
    }

    @Test func aLaneSubscribedBetweenColumnsIsDrawnAndCheckedOnTheSameGrid() {
        _ = run(
            "let s = subject\nsubscribe s as early\nwait 250ms\nsubscribe s as late\nwait 50ms\nsend s a\nwait 200ms\nsend s b\nmarbles play"
        )
        let lines = output.text.split(separator: "\n").map { String($0.dropFirst(12)) }
        let late = lines.first { $0.hasPrefix("late ") } ?? ""
        // Subscribed at 250 ms (column 2), it heard a at 300 ms: column 3, as for the early lane.
        #expect(late == "late     -a-b")
        #expect(lines.contains("early  ---a-b"))
        let (checked, status) = script("expect-marbles play late \"\(late.dropFirst(4))\"")
        #expect(status == 0 && !checked.contains("did not do that"), "\(checked)")
    }

    @Test func fetchDrawsALanePerSubscriberAndALateOneSeesTheReplay() {
        let (transcript, _) = script(
            "search sunset\nwait 500ms\nfetch 2 2 shared --after 300ms\nfetch 3 3 cold\nwait 1s\nmarbles 2\nmarbles 3")
        let lanes = transcript.split(separator: "\n").map { $0.dropFirst(12) }
        let first = lanes.first { $0.hasPrefix("subscriber 1  ") } ?? ""
        let second = lanes.first { $0.hasPrefix("subscriber 2  ") } ?? ""
        #expect(
            first.hasSuffix("|)") && first.dropFirst(12).drop { $0 == " " }.hasPrefix("-"),
            "waits for the answer: \(first)")
        // The late subscriber gets the shared answer at once, on subscribing 300 ms later.
        #expect(second.suffix(4) == first.suffix(4), "\(second)")
        #expect(second.dropFirst(12).drop { $0 == " " }.hasPrefix("("), "no wait before it: \(second)")
        #expect(lanes.contains { $0.hasPrefix("subscriber 3  ") })
        // One shared upstream call, one per cold subscriber, and each row's own fetch.
        #expect(service.started.filter { $0 == "favorites p2" }.count == 1 + 1)
        #expect(service.started.filter { $0 == "favorites p3" }.count == 3 + 1)
    }

    @Test func marblesWritesAPictureAndExportWritesAPageButNeverAnotherProgramsFile() throws {
        let svg = folder + "/row1.svg"
        let page = folder + "/session.html"
        let foreign = folder + "/notes.svg"
        try "my drawing\n".write(toFile: foreign, atomically: true, encoding: .utf8)
        let (transcript, status) = script(
            """
            search sunset
            wait 2s
            marbles 1 --from 1s --to 2s --svg \(svg)
            marbles search --svg \(foreign)
            export html \(page)
            """)
        #expect(transcript.contains("one column = 100 ms from 1s to 2s"))
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(picture.hasPrefix("<!-- vmsh marbles -->\n<svg "))
        #expect(transcript.contains("ERR vmsh: -c:4: \(foreign) exists and was not written by marbles --svg"))
        #expect(try String(contentsOfFile: foreign, encoding: .utf8) == "my drawing\n")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<!-- vmsh export -->\n"))
        #expect(html.components(separatedBy: "<svg ").count == 3, "both diagrams drawn, the refused one too")
        #expect(html.contains("&gt; marbles 1 --from 1s --to 2s"))
        #expect(!html.contains("http://") || html.contains("xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(status == 1)
        // Its own files it may write again.
        _ = script("marbles 1 --svg \(svg)\nexport html \(page)")
        #expect(!output.text.contains("-c:1: \(svg) exists"))
    }
}
