import MarbleNotation
import Testing

@testable import MarbleDiagrams

struct MarblePageTests {
    typealias Line = MarblePage.Line

    func diagram(_ marbles: String = "-a-b|") throws -> MarbleDiagram {
        MarbleDiagram(lanes: [try MarbleNotation.lane("first", marbles)])
    }

    /// A page of: a comment, narration, `marbles play` (its drawing at lines 3..<5), a long
    /// listing, and `marbles play --svg` drawing the same diagram again (lines 22..<24).
    func page() throws -> String {
        let drawing = [Line(.output, "first -a-b|"), Line(.output, "key: a = a")]
        let listing = (1...15).map { Line(.output, "row \($0)") }
        let lines =
            [
                Line(.comment, "# hot <and> cold"), Line(.narration, "Watch the <first> lane"),
                Line(.command, "> marbles play"),
            ]
            + drawing + [Line(.command, "> list")] + listing + [Line(.command, "> marbles play --svg x.svg")] + drawing
            + [Line(.error, "vmsh: no such row"), Line(.command, "> wait 1s")]
        return MarblePage.html(
            title: "hot <and> cold", lines: lines,
            figures: [
                MarblePage.Figure(
                    caption: "marbles play", title: "the playground's subscribers", diagram: try diagram(),
                    lines: 3..<5),
                MarblePage.Figure(
                    caption: "marbles play", title: "the playground's subscribers", diagram: try diagram(),
                    lines: 22..<24),
            ])
    }

    func position(_ text: String, in page: String) throws -> String.Index {
        try #require(page.range(of: text)?.lowerBound, "\(text) missing")
    }

    @Test func narrationIsSetApartFromOutput() throws {
        let page = try page()
        #expect(page.contains("<p class=\"narration\">Watch the &lt;first&gt; lane</p>"))
        #expect(page.contains("p.narration {"))
    }

    @Test func eachFigureIsWhereItWasDrawnTitledAboveAndDrawnOnce() throws {
        let page = try page()
        #expect(page.components(separatedBy: "<svg ").count == 2, "the repeated diagram is not drawn again")
        let order = try [
            "&gt; marbles play</pre>", "<figure id=\"figure-1\">", "<figcaption>", "<svg ", "</figure>", "&gt; list",
            "&gt; marbles play --svg x.svg", "The same diagram as figure 1 (marbles play).", "no such row",
        ].map { try position($0, in: page) }
        #expect(order == order.sorted(), "in transcript order, the caption above its figure")
        #expect(page.contains("the playground&#39;s subscribers"))
        #expect(!page.contains("first -a-b|"), "the text drawing gives way to the figure")
    }

    @Test func longListingsFoldAndErrorsAreMarked() throws {
        let page = try page()
        #expect(page.contains("row 6</pre>\n<details><summary>9 more lines</summary><pre class=\"output\">row 7\n"))
        #expect(page.contains("<span class=\"error\">vmsh: no such row</span>"))
    }

    @Test func theTypeIsReadableTheWidthFitsAndThereIsAPrintStyle() throws {
        let page = try page()
        #expect(!page.contains("13px"))
        #expect(page.contains("html { font-size: 18px; }"))
        #expect(page.contains("white-space: pre-wrap; overflow-wrap: anywhere"))
        #expect(page.contains("figure svg { display: block; max-width: 100%; height: auto; }"))
        #expect(page.contains("@media print {"))
    }

    @Test func thePageIsEscapedAndFetchesNothing() throws {
        let page = MarblePage.html(
            title: "lesson <4>", lines: [Line(.command, "> search \u{1B}[31m<i>sun</i>"), Line(.output, "done")],
            figures: [MarblePage.Figure(caption: "marbles <2>", diagram: try diagram())])
        #expect(page.contains("<pre class=\"command\">&gt; search \u{FFFD}[31m&lt;i&gt;sun&lt;/i&gt;</pre>"))
        #expect(page.contains("<code>marbles &lt;2&gt;</code>"))
        #expect(page.contains("<title>lesson &lt;4&gt;</title>"))
        #expect(!page.contains("\u{1B}"))
        for fetch in ["src=", "href=", "url(", "@import", "<script", "<link"] { #expect(!page.contains(fetch)) }
    }

    @Test func thePageIsTheSameEveryTime() throws {
        #expect(try page() == (try page()))
    }
}
