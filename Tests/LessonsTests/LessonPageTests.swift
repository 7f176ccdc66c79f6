import Foundation
import Shell
import ShellTestSupport
import TestSupport
import Testing

/// `export html` as a lesson page, and the titles `marbles --svg` writes, through the shell.
@MainActor
struct LessonPageTests: FakeShellSuite {
    let fake = FakeShell()
    let folder: String

    init() throws {
        fake.service.photoCount = 12
        folder = NSTemporaryDirectory() + "vmsh-lesson-page-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func lesson(page: String, svg: String) -> String {
        """
        search sunset
        wait 2s
        say Row 1 waits a second before it asks for its counts
        marbles 1
        marbles 1 --svg \(svg)
        say Now the search itself
        marbles search
        export html \(page)
        """
    }

    /// Run without --echo (or typed at the prompt), the page still holds every command and the
    /// lesson's title, and the recording is as wide as its widest line.
    @Test func withoutEchoThePageHasEveryCommandAndTheLessonsTitle() throws {
        let page = folder + "/quiet.html"
        let cast = folder + "/quiet.cast"
        let long = String(repeating: "x", count: 120)
        let lines = ["# Lesson: a quiet tour", "search sunset", "wait 2s", "say \(long)", "expect --hidden Photo 1"]
        let runner = ScriptRunner(shell: shell, echo: false, bail: false)
        _ = runner.run(.commands(lines + ["export html \(page)", "export cast \(cast)"]))
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("<title>Lesson: a quiet tour</title>"))
        for command in ["&gt; search sunset", "&gt; wait 2s", "&gt; expect --hidden"] {
            #expect(html.contains(command), "\(command)")
        }
        #expect(!html.contains("--hidden Photo"), "a hidden check is kept without its text")
        let header = try String(contentsOfFile: cast, encoding: .utf8).prefix { $0 != "\n" }
        #expect(header.contains("\"title\":\"Lesson: a quiet tour\""), "\(header)")
        #expect(header.contains("\"width\":\(long.count + 14)"), "» and the stamp before the words: \(header)")
    }

    @Test func thePageNarratesAndPlacesEachTitledDiagramOnceWhereItWasDrawn() throws {
        let page = folder + "/lesson.html"
        let svg = folder + "/row1.svg"
        let (_, status) = script(lesson(page: page, svg: svg))
        #expect(status == 0)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("<p class=\"narration\">Row 1 waits a second before it asks for its counts</p>"))
        #expect(!html.contains("» Row 1"), "narration in its own words, not the terminal's")
        #expect(html.components(separatedBy: "<svg ").count == 3, "row 1 once, the search once")
        let order = [
            "Row 1 waits", "&gt; marbles 1</pre>", "<figure id=\"figure-1\">", "&gt; marbles 1 --svg",
            "The same diagram as figure 1", "Now the search", "&gt; marbles search", "<figure id=\"figure-2\">",
        ]
        let positions = order.map { html.range(of: $0)?.lowerBound }
        #expect(!positions.contains(nil))
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        let rowTitle = "row 1 &quot;"
        #expect(html.contains("<span class=\"number\">Figure 1.</span> \(rowTitle)"))
        #expect(html.contains(", pipeline fixed <code>marbles 1</code>"))
        #expect(html.contains("<span class=\"number\">Figure 2.</span> the search&#39;s streams"))
    }

    @Test func theSVGSaysWhichRowWhichSearchAndWhichPipeline() throws {
        let page = folder + "/lesson.html"
        let svg = folder + "/row1.svg"
        _ = script(lesson(page: page, svg: svg))
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        let title = try #require(picture.firstMatch(of: /<title>(row 1 &quot;[^<]*)<\/title>/)?.1)
        #expect(title.hasSuffix("&quot; of &quot;sunset&quot;, pipeline fixed"))
        #expect(picture.contains("font-size=\"16\">\(title)</text>"))
        #expect(picture.contains(">key: "))
    }
}
